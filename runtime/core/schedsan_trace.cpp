//===- schedsan_trace.cpp - Schedule recording and replay -----------------===//
//
// FILE:
//    runtime/core/schedsan_trace.cpp
//
// DESCRIPTION:
//    Records every decision in memory (grown with realloc; 16 bytes each,
//    at most kMaxDecisions, then the trace says where it stops) and writes
//    it on request. replay= reads a trace strictly (a line that is not a
//    decision, or a step going back, is an error naming the line) into the
//    decisions strategy/ReplayStrategy.h follows: a trace of this program
//    under the same options is followed exactly. A divergence is printed
//    once; at the end of the run, decisions left unused and a header whose
//    program, thread count or step count differ from the run are
//    divergences too.
//===----------------------------------------------------------------------===//
#include "core/schedsan_trace.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_time.h"
#include "schedsan/schedsan_protocol.h"
#include "strategy/ReplayStrategy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

// A livelock's trace stays small: past this many decisions the rest of the
// run is the seeded strategy's, which a replay runs in lockstep anyway.
constexpr size_t kMaxDecisions = 100000;

struct DecisionLog {
  Decision *Items = nullptr;
  size_t Size = 0, Capacity = 0;
  void push(Decision D) {
    if (Size == Capacity) {
      Capacity = Capacity ? Capacity * 2 : 4096;
      Items = (Decision *)realloc(Items, Capacity * sizeof(Decision));
      if (!Items)
        abort();
    }
    Items[Size++] = D;
  }
};

DecisionLog Recorded;
uint64_t CutAtStep = 0; // nonzero: decisions from this step on not recorded

void record(Decision D) {
  if (CutAtStep)
    return;
  if (Recorded.Size == kMaxDecisions) {
    CutAtStep = D.Step ? D.Step : 1;
    return;
  }
  Recorded.push(D);
}

// What the header of a replayed file says (0 / empty: not given).
struct TraceHeader {
  unsigned long long Threads = 0, Steps = 0, Cut = 0;
  bool HasThreads = false, HasSteps = false;
  char Program[512] = "";
};

// The replay of replay=, if any; its decisions, and the file they came from.
ReplayStrategy *Replaying = nullptr;
DecisionLog ReplayLog;
TraceHeader ReplayHeader;
const char *ReplayPath = "";

void printDivergence(void *, uint64_t Step, size_t Decision, size_t Decisions,
                     const char *Why) {
  char Then[96] = "the later decisions (replay_then=run_on)";
  if (strcmp(flags.replay_then, "run_on"))
    snprintf(Then, sizeof(Then), "strategy=%s seed=%llu", Replaying->name(),
             (unsigned long long)flags.seed);
  // Past the recording's end, Decision is one more than it has.
  char Which[64];
  if (!Decisions)
    snprintf(Which, sizeof(Which), "a recording with no decisions");
  else if (Decision > Decisions)
    snprintf(Which, sizeof(Which),
             "after the last of the recording's %zu decision(s)", Decisions);
  else
    snprintf(Which, sizeof(Which), "decision %zu of %zu", Decision, Decisions);
  rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING SCHEDSAN_REPORT_REPLAY_OF
            "%s" SCHEDSAN_REPORT_DIVERGED "step %llu (%s): %s; continuing "
            "with %s\n",
            (int)getpid(), ReplayPath, (unsigned long long)Step, Which, Why,
            Then);
}

[[noreturn]] void badTrace(const char *Path, unsigned LineNo, const char *Why,
                           const char *Line) {
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "replay=%s: line %u %s: %.200s\n",
            (int)getpid(), Path, LineNo, Why, Line);
  dieNow(2);
}

// Parses an unsigned decimal number at *P (no sign, no leading zeros but
// "0", no overflow past Max); advances *P. False when there is none.
bool parseNumber(const char **P, unsigned long long Max,
                 unsigned long long *Out) {
  const char *S = *P;
  if (*S < '0' || *S > '9' || (*S == '0' && S[1] >= '0' && S[1] <= '9'))
    return false;
  unsigned long long V = 0;
  for (; *S >= '0' && *S <= '9'; ++S) {
    unsigned D = *S - '0';
    if (V > (Max - D) / 10)
      return false;
    V = V * 10 + D;
  }
  *P = S;
  *Out = V;
  return true;
}

// "p <step> <tid>" or "c <step> <value> <n>", single spaces, nothing else.
bool parseDecision(const char *Line, Decision *D) {
  const bool Pick = Line[0] == 'p';
  if ((!Pick && Line[0] != 'c') || Line[1] != ' ')
    return false;
  const char *P = Line + 2;
  unsigned long long Step, Value, Of = 0;
  if (!parseNumber(&P, UINT64_MAX, &Step) || *P++ != ' ' ||
      !parseNumber(&P, UINT32_MAX, &Value))
    return false;
  if (!Pick &&
      (*P++ != ' ' || !parseNumber(&P, UINT32_MAX, &Of) || !Of || Value >= Of))
    return false;
  if (*P == '\r')
    ++P;
  if (*P)
    return false;
  *D = {Step, (uint32_t)Value, (uint32_t)Of};
  return true;
}

// The value of Key ("steps=") in a header line, if present.
bool headerField(const char *Line, const char *Key, unsigned long long *Out) {
  size_t KeyLen = strlen(Key);
  for (const char *P = strstr(Line, Key); P; P = strstr(P + 1, Key)) {
    if (P != Line && P[-1] != ' ')
      continue;
    const char *V = P + KeyLen;
    return parseNumber(&V, UINT64_MAX, Out);
  }
  return false;
}

void readHeader(const char *Line, TraceHeader &H) {
  H.HasThreads |= headerField(Line, SCHEDSAN_KEY_THREADS "=", &H.Threads);
  H.HasSteps |= headerField(Line, SCHEDSAN_KEY_STEPS "=", &H.Steps);
  headerField(Line, "cut_at_step=", &H.Cut);
  if (!strncmp(Line, "# program=", 10)) {
    snprintf(H.Program, sizeof(H.Program), "%s", Line + 10);
    H.Program[strcspn(H.Program, "\n")] = 0;
  }
}

} // namespace

void traceRecordPick(uint64_t Step, Tid T) { record({Step, T, 0}); }

void traceRecordChoice(uint64_t Step, uint32_t Value, uint32_t N) {
  record({Step, Value, N});
}

bool replayFollowedExactly() {
  // replay_then=run_on may switch where the recording says nothing: its
  // run's schedule is its own.
  return *flags.replay && Replaying && !Replaying->diverged() &&
         strcmp(flags.replay_then, "run_on");
}

void replayCheckEnd() {
  if (!*flags.replay || !Replaying || Replaying->diverged())
    return;
  char Exe[512];
  ssize_t Len = readlink("/proc/self/exe", Exe, sizeof(Exe) - 1);
  Exe[Len > 0 ? Len : 0] = 0;
  const TraceHeader &H = ReplayHeader;
  if (Replaying->used() != Replaying->size())
    Replaying->diverge(rt.steps,
                       "the run ended with %u recorded decision(s) unused",
                       (uint32_t)(Replaying->size() - Replaying->used()));
  else if (H.HasSteps && H.Steps != rt.steps)
    Replaying->diverge(rt.steps,
                       "the run ended at another step than the recording "
                       "(%u)",
                       (uint32_t)H.Steps);
  else if (H.HasThreads && H.Threads != rt.num_threads)
    Replaying->diverge(rt.steps,
                       "the run had another number of threads than the "
                       "recording (%u)",
                       (uint32_t)H.Threads);
  else if (*H.Program && *Exe && strcmp(H.Program, Exe))
    Replaying->diverge(rt.steps, "the recording was made with another program",
                       0);
}

bool traceWrite(const char *Path, bool Exclusive) {
  // Never through another user's symlink; default names never over an
  // existing file.
  int Fd = open(Path,
                O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC |
                    (Exclusive ? O_EXCL : O_TRUNC),
                0644);
  if (Fd < 0)
    return false;
  char Exe[512];
  ssize_t Len = readlink("/proc/self/exe", Exe, sizeof(Exe) - 1);
  Exe[Len > 0 ? Len : 0] = 0;
  static char Opts[kOptionsTextMax]; // a trace is written once at a time
  formatChangedFlags(Opts, sizeof(Opts));
  // From a report too, perhaps in a process whose heap is corrupt.
  char Buf[4096];
  RawWriter W(Fd, Buf, sizeof(Buf), 1100);
  W.put("# schedsan schedule trace v1\n");
  W.put("# " SCHEDSAN_KEY_STRATEGY "=%s " SCHEDSAN_KEY_SEED
        "=%llu " SCHEDSAN_KEY_THREADS "=%u " SCHEDSAN_KEY_STEPS
        "=%llu " SCHEDSAN_KEY_REPLAYABLE "=%d time=%s",
        flags.strategy, (unsigned long long)flags.seed, rt.num_threads,
        (unsigned long long)rt.steps, rt.replayable ? 1 : 0, timeModelName());
  if (CutAtStep)
    W.put(" cut_at_step=%llu", (unsigned long long)CutAtStep);
  W.put("\n# options=");
  W.putText(Opts);
  W.put("\n# program=%s\n", Exe);
  for (size_t I = 0; I != Recorded.Size; ++I) {
    const Decision &D = Recorded.Items[I];
    if (D.Of)
      W.put("c %llu %u %u\n", (unsigned long long)D.Step, D.Value, D.Of);
    else
      W.put("p %llu %u\n", (unsigned long long)D.Step, D.Value);
  }
  W.flush();
  const int Saved = errno;
  const bool Closed = close(Fd) == 0;
  errno = Saved;
  return W.ok() && Closed;
}

Strategy *makeReplayStrategy(const char *Path, Strategy *Inner) {
  FILE *F = fopen(Path, "r");
  if (!F) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "cannot read replay=%s: %s\n",
              (int)getpid(), Path, strerror(errno));
    dieNow(2);
  }
  DecisionLog Log;
  TraceHeader Header;
  char *Line = nullptr;
  size_t Cap = 0;
  unsigned LineNo = 0;
  uint64_t LastStep = 0;
  for (ssize_t N; (N = getline(&Line, &Cap, F)) >= 0;) {
    ++LineNo;
    if (N && Line[N - 1] == '\n')
      Line[--N] = 0;
    if (Line[0] == '#') {
      readHeader(Line, Header);
      continue;
    }
    if (!Line[0])
      continue;
    Decision D;
    if (!parseDecision(Line, &D))
      badTrace(Path, LineNo, "is not a schedule decision", Line);
    if (D.Step < LastStep)
      badTrace(Path, LineNo, "goes back to an earlier step", Line);
    LastStep = D.Step;
    Log.push(D);
  }
  free(Line);
  bool ReadError = ferror(F);
  fclose(F);
  if (ReadError) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "cannot read replay=%s\n",
              (int)getpid(), Path);
    dieNow(2);
  }
  ReplayLog = Log;
  ReplayHeader = Header;
  ReplayPath = Path;
  Replaying = new ReplayStrategy(ReplayLog.Items, ReplayLog.Size, Header.Cut,
                                 Inner, printDivergence, nullptr,
                                 strcmp(flags.replay_then, "run_on")
                                     ? ReplayStrategy::Then::Seeded
                                     : ReplayStrategy::Then::RunOn);
  return Replaying;
}

} // namespace schedsan
