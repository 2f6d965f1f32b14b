//===- schedsan_trace.cpp - Schedule recording and replay -----------------===//
//
// FILE:
//    runtime/schedsan_trace.cpp
//
// DESCRIPTION:
//    Records every decision in memory (grown with realloc; 16 bytes each,
//    at most kMaxDecisions, then the trace says where it stops) and writes
//    it on request. ReplayStrategy runs the seeded strategy in lockstep and
//    follows the recorded file where it says something else: a trace of
//    this program under the same options is followed exactly, and where a
//    cut trace ends the seeded strategy goes on as it did when the trace was
//    made. At the first decision that does not fit (another step, a thread
//    that is not enabled, another number of alternatives) it reports the
//    divergence once and hands over to the seeded strategy. At the end of
//    the run, decisions left unused and a header whose program, thread
//    count or step count differ from the run are divergences too.
//===----------------------------------------------------------------------===//
#include "schedsan_trace.h"
#include "schedsan_flags.h"
#include "schedsan_report.h"
#include "schedsan_rtl.h"
#include "schedsan_time.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

// A livelock's trace stays small: past this many decisions the rest of the
// run is the seeded strategy's, which a replay runs in lockstep anyway.
constexpr size_t kMaxDecisions = 100000;

struct Decision {
  uint64_t Step;
  uint32_t Value; // tid for a pick, value for a choice
  uint32_t Of;    // 0 for a pick, the number of alternatives for a choice
};

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

bool ReplayDiverged = false;

class ReplayStrategy final : public Strategy {
public:
  ReplayStrategy(DecisionLog Log, const TraceHeader &H, Strategy *Inner,
                 const char *Path)
      : Log(Log), Header(H), Inner(Inner), Path(Path) {}
  const char *name() const override { return Inner->name(); }
  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Inner->beginRun(O, Seed);
  }
  RunSummary endRun() override { return Inner->endRun(); }
  void onThreadStart(Tid T, Tid P) override { Inner->onThreadStart(T, P); }
  void onThreadEnd(Tid T) override { Inner->onThreadEnd(T); }
  void onExecuted(const Event &E, const Event *P, size_t N) override {
    Inner->onExecuted(E, P, N);
  }
  size_t describe(char *Buf, size_t Size) const override {
    return Inner->describe(Buf, Size);
  }

  Tid pick(const Event *Pending, size_t N) override {
    // The seeded strategy decides at every point, as it did when the trace
    // was made (no leases: Strategy.h's lease contract makes that the same).
    const Tid Seeded = Inner->pick(Pending, N);
    if (Diverged)
      return Seeded;
    if (Pos == Log.Size || Log.Items[Pos].Step > rt.steps ||
        Log.Items[Pos].Of) {
      // No pick recorded here (a choice at this step comes after it): the
      // running thread went on -- or, past the end of a cut trace, the
      // seeded strategy decided.
      if (Pos == Log.Size && Header.Cut && rt.steps >= Header.Cut)
        return Seeded;
      ThreadState *Cur = rt.current;
      if (Cur && !Cur->finished && rt.pending[Cur->slot].enabled)
        return Cur->tid;
      diverge("the recording keeps T%u running, which is not enabled",
              Cur ? Cur->tid : kNoTid);
      return Seeded;
    }
    if (const Decision *D = next(0)) {
      for (size_t I = 0; I != N; ++I)
        if (Pending[I].tid == D->Value && Pending[I].enabled) {
          ++Pos;
          return D->Value;
        }
      diverge("recorded thread T%u is not enabled", D->Value);
    }
    return Seeded;
  }

  uint32_t choose(uint32_t N) override {
    const uint32_t Seeded = Inner->choose(N);
    if (const Decision *D = next(N)) {
      ++Pos;
      return D->Value;
    }
    return Seeded;
  }

  void checkEnd() {
    if (Diverged)
      return;
    char Exe[512];
    ssize_t Len = readlink("/proc/self/exe", Exe, sizeof(Exe) - 1);
    Exe[Len > 0 ? Len : 0] = 0;
    if (Pos != Log.Size)
      diverge("the run ended with %u recorded decision(s) unused",
              (uint32_t)(Log.Size - Pos));
    else if (Header.HasSteps && Header.Steps != rt.steps)
      diverge("the run ended at another step than the recording (%u)",
              (uint32_t)Header.Steps);
    else if (Header.HasThreads && Header.Threads != rt.num_threads)
      diverge("the run had another number of threads than the recording "
              "(%u)", (uint32_t)Header.Threads);
    else if (*Header.Program && *Exe && strcmp(Header.Program, Exe))
      diverge("the recording was made with another program", 0);
  }

private:
  // The next recorded decision if it fits this step and kind, else null
  // (reporting the divergence the first time).
  const Decision *next(uint32_t Of) {
    if (Diverged)
      return nullptr;
    if (Pos == Log.Size) {
      if (!Header.Cut || rt.steps < Header.Cut)
        diverge("the recorded schedule ends here", 0);
      return nullptr;
    }
    const Decision &D = Log.Items[Pos];
    if (D.Step != rt.steps || D.Of != Of || (Of && D.Value >= Of)) {
      diverge(D.Of ? "the recording has a choice among %u here"
                   : "the recording has a thread pick here",
              D.Of);
      return nullptr;
    }
    return &D;
  }

  void diverge(const char *Why, uint32_t Arg) {
    if (Diverged)
      return;
    Diverged = true;
    ReplayDiverged = true;
    char Msg[160];
    snprintf(Msg, sizeof(Msg), Why, Arg);
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING SCHEDSAN_REPORT_REPLAY_OF
              "%s" SCHEDSAN_REPORT_DIVERGED "step %llu (decision %zu of %zu): "
              "%s; continuing with strategy=%s seed=%llu\n",
              (int)getpid(), Path, (unsigned long long)rt.steps, Pos + 1,
              Log.Size, Msg, Inner->name(), (unsigned long long)flags.seed);
  }

  DecisionLog Log;
  TraceHeader Header;
  Strategy *Inner;
  const char *Path;
  size_t Pos = 0;
  bool Diverged = false;
};

ReplayStrategy *Replaying = nullptr;

[[noreturn]] void badTrace(const char *Path, unsigned LineNo,
                           const char *Why, const char *Line) {
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
  if (!Pick && (*P++ != ' ' || !parseNumber(&P, UINT32_MAX, &Of) || !Of ||
                Value >= Of))
    return false;
  if (*P == '\r')
    ++P;
  if (*P)
    return false;
  *D = {Step, (uint32_t)Value, (uint32_t)Of};
  return true;
}

// The value of Key ("steps=") in a header line, if present.
bool headerField(const char *Line, const char *Key,
                 unsigned long long *Out) {
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

bool replayFollowedExactly() { return *flags.replay && !ReplayDiverged; }

void replayCheckEnd() {
  if (Replaying)
    Replaying->checkEnd();
}

namespace {

// Buffered write(2) on a stack buffer: a trace is written from a report,
// perhaps from a signal handler in a process whose heap is corrupt, so no
// stdio and no malloc.
struct RawWriter {
  int Fd;
  bool Ok = true;
  size_t Len = 0;
  char Buf[4096];

  explicit RawWriter(int Fd) : Fd(Fd) {}
  void flush() {
    for (size_t Done = 0; Done < Len && Ok;) {
      ssize_t W = write(Fd, Buf + Done, Len - Done);
      if (W < 0 && errno == EINTR)
        continue;
      if (W <= 0)
        Ok = false;
      else
        Done += W;
    }
    Len = 0;
  }
  __attribute__((format(printf, 2, 3))) void put(const char *Fmt, ...) {
    if (Len + 1100 > sizeof(Buf))
      flush();
    va_list Args;
    va_start(Args, Fmt);
    int N = vsnprintf(Buf + Len, sizeof(Buf) - Len, Fmt, Args);
    va_end(Args);
    if (N > 0)
      Len += (size_t)N < sizeof(Buf) - Len ? (size_t)N : sizeof(Buf) - Len - 1;
  }
};

} // namespace

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
  char Opts[1024];
  formatChangedFlags(Opts, sizeof(Opts));
  RawWriter W(Fd);
  W.put("# schedsan schedule trace v1\n");
  W.put("# " SCHEDSAN_KEY_STRATEGY "=%s " SCHEDSAN_KEY_SEED "=%llu "
        SCHEDSAN_KEY_THREADS "=%u " SCHEDSAN_KEY_STEPS "=%llu "
        SCHEDSAN_KEY_REPLAYABLE "=%d time=%s",
        flags.strategy, (unsigned long long)flags.seed, rt.num_threads,
        (unsigned long long)rt.steps, rt.replayable ? 1 : 0,
        timeModelName());
  if (CutAtStep)
    W.put(" cut_at_step=%llu", (unsigned long long)CutAtStep);
  W.put("\n# options=%s\n# program=%s\n", Opts, Exe);
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
  return W.Ok && Closed;
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
  Replaying = new ReplayStrategy(Log, Header, Inner, Path);
  return Replaying;
}

} // namespace schedsan
