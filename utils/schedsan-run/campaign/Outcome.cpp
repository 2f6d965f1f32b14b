//===- Outcome.cpp - What one run's end and stderr say --------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/Outcome.cpp
//
// DESCRIPTION:
//    See Outcome.h. Only the end of stderr is read (256 KiB): reports and
//    the per-run line come last, and a chatty program must not slow down
//    every run. Addresses in a location (pc 0x55d0...) change with ASLR, so
//    long hex numbers are masked in the signature.
//===----------------------------------------------------------------------===//
#include "campaign/Outcome.h"
#include "schedsan/schedsan_protocol.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace schedsan::run {

namespace {

const char *const SchedsanKinds[] = {
    SCHEDSAN_KIND_ASSERTION, SCHEDSAN_KIND_ABORT,    SCHEDSAN_KIND_SIGNAL,
    SCHEDSAN_KIND_DEADLOCK,  SCHEDSAN_KIND_LIVELOCK, SCHEDSAN_KIND_TIMEOUT};

bool starts(const std::string &S, const char *Prefix) {
  return S.compare(0, std::strlen(Prefix), Prefix) == 0;
}

uint64_t number(const std::string &S) {
  return std::strtoull(S.c_str(), 0, 10);
}

// Masks hex numbers of 6+ digits: "pc 0x55d0c1a2b3c4" -> "pc 0x...".
std::string maskAddresses(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size();) {
    if (S.compare(I, 2, "0x") == 0) {
      size_t J = I + 2;
      while (J < S.size() && std::isxdigit((unsigned char)S[J]))
        ++J;
      if (J - I - 2 >= 6) {
        Out += "0x...";
        I = J;
        continue;
      }
    }
    Out += S[I++];
  }
  return Out;
}

// "==1234==rest" -> "rest" (and the pid), else the line itself.
std::string afterPid(const std::string &Line, int &Pid) {
  Pid = 0;
  if (Line.compare(0, 2, "==") != 0)
    return Line;
  size_t End = Line.find("==", 2);
  if (End == std::string::npos)
    return Line;
  Pid = std::atoi(Line.c_str() + 2);
  return Line.substr(End + 2);
}

// Another tool's SUMMARY text: "<kind> <location>", where the location
// starts at the first word that looks like one: file:line, (module+0x..),
// 0x..., or "pc"; without such a word it is all kind ("1 byte(s) leaked in
// 1 allocation(s).").
void splitSummary(const std::string &S, std::string &Kind, std::string &Loc) {
  size_t Start = 0;
  while (Start < S.size()) {
    size_t End = S.find(' ', Start);
    std::string W = S.substr(Start, End - Start);
    size_t Colon = W.find(':');
    bool FileLine = Colon != std::string::npos && Colon + 1 < W.size() &&
                    std::isdigit((unsigned char)W[Colon + 1]);
    if (Start > 0 &&
        (FileLine || W[0] == '(' || starts(W, "0x") || W == "pc")) {
      Kind = S.substr(0, Start - 1);
      Loc = S.substr(Start);
      return;
    }
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  Kind = S;
  Loc.clear();
}

// UBSan's "x.c:5:7: runtime error: signed integer overflow: 2147483647 + 1
// cannot be represented in type 'int'": Loc "x.c:5:7", Kind the words of
// the message before its first ':' without those holding digits or quotes
// (values change from run to run): "signed integer overflow".
bool ubsanError(const std::string &Line, std::string &Kind, std::string &Loc) {
  size_t P = Line.find(": runtime error: ");
  if (P == std::string::npos || P == 0)
    return false;
  Loc = Line.substr(0, P);
  std::string Msg = Line.substr(P + 17);
  Msg = Msg.substr(0, Msg.find(':'));
  Kind.clear();
  unsigned Words = 0;
  size_t Start = 0;
  while (Start < Msg.size() && Words < 8) {
    size_t End = Msg.find(' ', Start);
    std::string W = Msg.substr(Start, End - Start);
    Start = End == std::string::npos ? Msg.size() : End + 1;
    if (W.empty() || W.find_first_of("0123456789'\"") != std::string::npos)
      continue;
    Kind += (Kind.empty() ? "" : " ") + W;
    ++Words;
  }
  if (Kind.empty())
    Kind = "runtime error";
  return true;
}

// A stack frame "    #1 0x4f3a in leak x.c:5:10" as "x.c:5:10 in leak",
// or "" for the allocator's own frames (and frames without a file).
std::string userFrame(const std::string &Line) {
  size_t In = Line.find(" in ");
  if (Line.find('#') == std::string::npos || In == std::string::npos)
    return "";
  std::string Rest = Line.substr(In + 4);
  size_t Sp = Rest.find(' ');
  if (Sp == std::string::npos)
    return "";
  std::string Fn = Rest.substr(0, Sp), File = Rest.substr(Sp + 1);
  for (const char *A : {"malloc", "calloc", "realloc", "operator new",
                        "__interceptor", "strdup", "aligned_alloc"})
    if (starts(Fn, A) || starts(Rest, A))
      return "";
  if (File.find("compiler-rt") != std::string::npos ||
      File.find(':') == std::string::npos || File[0] == '(')
    return "";
  return File + " in " + Fn;
}

void readStats(const std::string &Line, RunRecord &R) {
  R.HasStats = true;
  R.Strategy = lineField(Line, SCHEDSAN_KEY_STRATEGY);
  R.Steps = number(lineField(Line, SCHEDSAN_KEY_STEPS));
  R.Threads = (unsigned)number(lineField(Line, SCHEDSAN_KEY_THREADS));
  if (!lineField(Line, SCHEDSAN_KEY_K).empty())
    R.K = number(lineField(Line, SCHEDSAN_KEY_K));
  if (lineField(Line, SCHEDSAN_KEY_REPLAYABLE) == "no")
    R.Replayable = false;
}

} // namespace

std::string runtimeError(const std::string &Text) {
  size_t P = Text.find(SCHEDSAN_REPORT_ERROR);
  if (P == std::string::npos)
    return "";
  P += std::strlen(SCHEDSAN_REPORT_ERROR);
  return Text.substr(P, Text.find('\n', P) - P);
}

std::string lineField(const std::string &Line, const char *Key) {
  std::string K = std::string(" ") + Key + "=";
  std::string L = " " + Line;
  size_t P = L.find(K);
  if (P == std::string::npos)
    return "";
  P += K.size();
  return L.substr(P, L.find(' ', P) - P);
}

std::string summaryField(const std::string &Stderr, int Pid, const char *Key) {
  std::string Tag = "==" + std::to_string(Pid) + "==" SCHEDSAN_SUMMARY_TAG;
  size_t P = Stderr.rfind(Tag);
  if (P == std::string::npos)
    return "";
  P += Tag.size();
  return lineField(Stderr.substr(P, Stderr.find('\n', P) - P), Key);
}

std::string readTail(const std::string &Path, size_t Max) {
  int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return "";
  struct stat St;
  std::string Out;
  if (fstat(Fd, &St) == 0) {
    off_t From = St.st_size > (off_t)Max ? St.st_size - (off_t)Max : 0;
    Out.resize(St.st_size - From);
    ssize_t N = pread(Fd, &Out[0], Out.size(), From);
    Out.resize(N > 0 ? N : 0);
  }
  close(Fd);
  return Out;
}

void classifyRun(const ProcessEnd &E, const std::string &Stderr, double Timeout,
                 RunRecord &R, std::string &TracePath) {
  TracePath.clear();
  R.ExitCode = E.How == ProcessEnd::Exited ? E.Code : 0;
  R.Signal = E.How == ProcessEnd::Signaled ? E.Signal : 0;
  R.Seconds = E.Seconds;
  std::string ErrorKind, SummaryTool, Summary;
  std::string UbsanKind, UbsanLoc, LeakLoc;
  bool SchedsanReport = false, InLeak = false, ScriptTimeout = false;
  bool CutShort = false;
  size_t Pos = 0;
  while (Pos < Stderr.size()) {
    size_t NL = Stderr.find('\n', Pos);
    std::string Line = Stderr.substr(Pos, NL - Pos);
    Pos = NL == std::string::npos ? Stderr.size() : NL + 1;
    int Pid;
    std::string Rest = afterPid(Line, Pid);
    if (Pid && E.Pid && Pid != E.Pid)
      continue; // another process (a child of the program)
    if (Pid && starts(Rest, SCHEDSAN_SUMMARY_TAG)) {
      readStats(Rest.substr(std::strlen(SCHEDSAN_SUMMARY_TAG)), R);
    } else if (Pid && starts(Rest, SCHEDSAN_REPORT_SCRIPT_TIMEOUT)) {
      ScriptTimeout = true;
    } else if (Pid && starts(Rest, SCHEDSAN_REPORT_CUT_SHORT)) {
      CutShort = SchedsanReport;
    } else if (Pid && starts(Rest, SCHEDSAN_REPORT_TRACE)) {
      TracePath = Rest.substr(std::strlen(SCHEDSAN_REPORT_TRACE));
      if (TracePath[0] == '(') // "(could not be written)"
        TracePath.clear();
    } else if (Pid && starts(Rest, "ERROR: ") && ErrorKind.empty()) {
      ErrorKind = Rest.substr(7);
      SchedsanReport = starts(Rest, SCHEDSAN_REPORT_ERROR);
      InLeak = starts(ErrorKind, "LeakSanitizer: ");
    } else if (starts(Rest, "WARNING: ThreadSanitizer: ") &&
               ErrorKind.empty() && UbsanKind.empty()) {
      ErrorKind = Rest.substr(9); // also with exitcode=0
    } else if (InLeak && LeakLoc.empty() && starts(Line, "    #")) {
      LeakLoc = userFrame(Line);
    } else if (ErrorKind.empty() && UbsanKind.empty() &&
               ubsanError(Line, UbsanKind, UbsanLoc)) {
      // UBSan in recover mode: the run goes on and may exit with 0.
    } else if (starts(Line, "  " SCHEDSAN_KEY_STRATEGY "=") && SchedsanReport &&
               !R.HasStats) {
      readStats(Line.substr(2), R);
    } else if (starts(Line, "SUMMARY: ") && Summary.empty()) {
      std::string S = Line.substr(9);
      size_t Colon = S.find(": ");
      SummaryTool = Colon == std::string::npos ? "" : S.substr(0, Colon);
      Summary = Colon == std::string::npos ? S : S.substr(Colon + 2);
    } else if (Pid && starts(Rest, SCHEDSAN_REPORT_ERROR_ABOVE)) {
      R.Strategy = lineField(Rest, SCHEDSAN_KEY_STRATEGY);
      if (!R.HasStats) {
        R.HasStats = true;
        size_t After = Rest.find(" after ");
        R.Steps =
            After == std::string::npos ? 0 : number(Rest.substr(After + 7));
      }
    }
  }

  // A report the timeout cut short (its SUMMARY and trace came after the
  // signal) is the failure it reports: it had been found before the
  // timeout.
  if (E.How == ProcessEnd::TimedOut && !CutShort) {
    R.Status = RunStatus::Timeout;
    char Buf[64];
    std::snprintf(Buf, sizeof(Buf), "timeout (killed after %g s)", Timeout);
    R.Kind = Buf;
    return;
  }
  // A sanitizer report from the run itself is a failure even if it exited
  // with 0 (exitcode=0, halt_on_error=0).
  bool Report = !UbsanKind.empty() ||
                (!ErrorKind.empty() &&
                 ErrorKind.find("Sanitizer: ") != std::string::npos);
  if (E.How == ProcessEnd::Exited && E.Code == 0 && !Report) {
    R.Status = ScriptTimeout ? RunStatus::ScriptTimeout : RunStatus::Pass;
    return;
  }
  R.Status = RunStatus::Fail;
  if (!UbsanKind.empty()) {
    R.Kind = "UndefinedBehaviorSanitizer: " + UbsanKind;
    R.Location = maskAddresses(UbsanLoc);
    return;
  }
  if (starts(ErrorKind, "LeakSanitizer: ")) {
    // Its SUMMARY counts bytes and allocations, which vary: the signature
    // is the leak's first frame outside the allocator.
    R.Kind = "LeakSanitizer: detected memory leaks";
    R.Location = maskAddresses(LeakLoc);
    return;
  }
  if (!Summary.empty()) {
    // schedsan: "<kind> <location>"; others: "<kind> <location>" too, with
    // the tool's name in front of the kind.
    std::string Kind, Loc;
    if (SummaryTool == SCHEDSAN_TOOL_NAME) {
      for (const char *K : SchedsanKinds)
        if (starts(Summary, K)) {
          Kind = K;
          Loc = Summary.size() > Kind.size() ? Summary.substr(Kind.size() + 1)
                                             : "";
        }
    }
    if (Kind.empty()) {
      splitSummary(Summary, Kind, Loc);
      if (!SummaryTool.empty() && SummaryTool != SCHEDSAN_TOOL_NAME)
        Kind = SummaryTool + ": " + Kind;
    }
    R.Kind = Kind;
    R.Location = maskAddresses(Loc);
    return;
  }
  if (!ErrorKind.empty()) {
    // A report without SUMMARY: "ScheduleSanitizer: deadlock (pid=..)".
    std::string K = ErrorKind;
    if (starts(K, SCHEDSAN_REPORT_TOOL))
      K = K.substr(std::strlen(SCHEDSAN_REPORT_TOOL));
    R.Kind = maskAddresses(K.substr(0, K.find(" (pid=")));
    return;
  }
  R.Kind = E.How == ProcessEnd::Signaled ? "killed by " + signalName(E.Signal)
           : E.How == ProcessEnd::Exited
               ? "exit status " + std::to_string(E.Code)
               : describe(E);
}

} // namespace schedsan::run
