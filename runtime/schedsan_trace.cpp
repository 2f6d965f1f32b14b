//===- schedsan_trace.cpp - Schedule recording and replay -----------------===//
//
// FILE:
//    runtime/schedsan_trace.cpp
//
// DESCRIPTION:
//    Records every decision in memory (grown with realloc; 12 bytes each)
//    and writes it on request. ReplayStrategy follows a recorded file: at the
//    first decision that does not fit (another step, a thread that is not
//    enabled, another number of alternatives) it reports the divergence once
//    and hands over to the seeded strategy for the rest of the run.
//===----------------------------------------------------------------------===//
#include "schedsan_trace.h"
#include "schedsan_flags.h"
#include "schedsan_report.h"
#include "schedsan_rtl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

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
    }
    Items[Size++] = D;
  }
};

DecisionLog Recorded;
bool ReplayDiverged = false;

class ReplayStrategy final : public Strategy {
public:
  ReplayStrategy(DecisionLog Log, Strategy *Inner, const char *Path)
      : Log(Log), Inner(Inner), Path(Path) {}
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

  Tid pick(const Event *Pending, size_t N) override {
    if (!Diverged && (Pos == Log.Size || Log.Items[Pos].Step > rt.steps)) {
      // Nothing recorded here: the running thread went on.
      ThreadState *Cur = rt.current;
      if (Cur && !Cur->finished && rt.pending[Cur->slot].enabled)
        return Cur->tid;
      diverge("the recording keeps T%u running, which is not enabled",
              Cur ? Cur->tid : kNoTid);
    }
    if (const Decision *D = next(0)) {
      for (size_t I = 0; I != N; ++I)
        if (Pending[I].tid == D->Value && Pending[I].enabled) {
          ++Pos;
          return D->Value;
        }
      diverge("recorded thread T%u is not enabled", D->Value);
    }
    return Inner->pick(Pending, N);
  }

  uint32_t choose(uint32_t N) override {
    if (const Decision *D = next(N)) {
      ++Pos;
      return D->Value;
    }
    return Inner->choose(N);
  }

private:
  // The next recorded decision if it fits this step and kind, else null
  // (reporting the divergence the first time).
  const Decision *next(uint32_t Of) {
    if (Diverged)
      return nullptr;
    if (Pos == Log.Size) {
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
    rawPrintf("==%d==WARNING: ScheduleSanitizer: replay of %s diverged at "
              "step %llu (decision %zu of %zu): %s; continuing with "
              "strategy=%s seed=%llu\n",
              (int)getpid(), Path, (unsigned long long)rt.steps, Pos + 1,
              Log.Size, Msg, Inner->name(), (unsigned long long)flags.seed);
  }

  DecisionLog Log;
  Strategy *Inner;
  const char *Path;
  size_t Pos = 0;
  bool Diverged = false;
};

} // namespace

void traceRecordPick(uint64_t Step, Tid T) { Recorded.push({Step, T, 0}); }

bool replayFollowedExactly() { return *flags.replay && !ReplayDiverged; }

void traceRecordChoice(uint64_t Step, uint32_t Value, uint32_t N) {
  Recorded.push({Step, Value, N});
}

bool traceWrite(const char *Path) {
  FILE *F = fopen(Path, "w");
  if (!F)
    return false;
  fprintf(F, "# schedsan schedule trace v1\n");
  fprintf(F, "# strategy=%s seed=%llu threads=%u steps=%llu replayable=%d\n",
          flags.strategy, (unsigned long long)flags.seed, rt.num_threads,
          (unsigned long long)rt.steps, rt.replayable ? 1 : 0);
  for (size_t I = 0; I != Recorded.Size; ++I) {
    const Decision &D = Recorded.Items[I];
    if (D.Of)
      fprintf(F, "c %llu %u %u\n", (unsigned long long)D.Step, D.Value, D.Of);
    else
      fprintf(F, "p %llu %u\n", (unsigned long long)D.Step, D.Value);
  }
  return fclose(F) == 0;
}

Strategy *makeReplayStrategy(const char *Path, Strategy *Inner) {
  FILE *F = fopen(Path, "r");
  if (!F) {
    rawPrintf("==%d==ERROR: ScheduleSanitizer: cannot read replay=%s: %s\n",
              (int)getpid(), Path, strerror(errno));
    dieNow(2);
  }
  DecisionLog Log;
  char Line[256];
  unsigned LineNo = 0;
  while (fgets(Line, sizeof(Line), F)) {
    ++LineNo;
    if (Line[0] == '#' || Line[0] == '\n')
      continue;
    unsigned long long Step;
    unsigned Value, Of;
    if (sscanf(Line, "p %llu %u", &Step, &Value) == 2 && Line[0] == 'p')
      Log.push({Step, Value, 0});
    else if (sscanf(Line, "c %llu %u %u", &Step, &Value, &Of) == 3)
      Log.push({Step, Value, Of});
    else {
      rawPrintf("==%d==ERROR: ScheduleSanitizer: replay=%s: line %u is not "
                "a schedule decision: %s",
                (int)getpid(), Path, LineNo, Line);
      dieNow(2);
    }
  }
  fclose(F);
  return new ReplayStrategy(Log, Inner, Path);
}

} // namespace schedsan
