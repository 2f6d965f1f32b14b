//===- schedsan_script_oracle.cpp - The oracle of test scripts ------------===//
//
// FILE:
//    runtime/script/schedsan_script_oracle.cpp
//
// DESCRIPTION:
//    choose and ChooseThread (Concurrit §4). Every answer is a choice of
//    the search's log (schedsan_search.h): a run first follows the prefix
//    the runner gave it (the depth-first search's next trace), then answers
//    fresh: the first alternative with search=dfs, a seeded random one
//    with search=random. The log the run ends with goes back to the runner.
//
//    ChooseThread chooses among the threads that have not ended and can
//    go on now (their event is enabled: not a lock another thread holds, a
//    condition not signaled, ...): choosing a blocked one would only end
//    the run as a script timeout. Its context bound (preemption_bound):
//    switching away from the thread chosen last while it could go on costs
//    one; with none left it is the only alternative. It comes first among the
//    alternatives, so a depth-first search tries the schedules with fewer
//    switches first.
//===----------------------------------------------------------------------===//
#include "core/schedsan_flags.h"
#include "observe/schedsan_search.h"
#include "schedsan/schedsan_script_abi.h"
#include "script/schedsan_script_state.h"

namespace schedsan {

uint32_t scriptOracle(uint32_t N) {
  uint32_t Fresh = searchFreshIsDfs() ? 0 : (uint32_t)script->oracle.below(N);
  return searchLog().next(N, Fresh);
}

} // namespace schedsan

using namespace schedsan;

extern "C" {

uint32_t __schedsan_script_choose(uint32_t N) {
  return N <= 1 ? 0 : scriptOracle(N);
}

size_t __schedsan_script_choose_thread(const uint32_t *Tids, size_t N) {
  // The alternatives, as indexes into Tids: the threads that have not
  // ended, the last chosen first.
  constexpr size_t kMax = 256;
  size_t Alt[kMax];
  size_t NumAlt = 0;
  size_t Last = N;
  bool AnyLive = false;
  for (size_t I = 0; I != N && NumAlt != kMax - 1; ++I) {
    if (__schedsan_script_has_ended(Tids[I]))
      continue;
    AnyLive = true;
    if (!scriptCanGoOn(Tids[I]))
      continue;
    if (Tids[I] == script->last_chosen && Last == N)
      Last = I;
    else
      Alt[NumAlt++] = I;
  }
  if (Last != N) {
    for (size_t I = NumAlt; I-- > 0;)
      Alt[I + 1] = Alt[I];
    Alt[0] = Last;
    ++NumAlt;
  }
  if (!NumAlt)
    __schedsan_script_fail(
        AnyLive ? "ChooseThread: none of the threads it was given can go on "
                  "(each waits for a lock, a condition, a join, ...)"
                : "ChooseThread: every thread it was given has ended");
  size_t Pick = 0;
  const bool Bounded = Last != N && flags.preemption_bound >= 0 &&
                       script->switches >= flags.preemption_bound;
  if (NumAlt > 1 && !Bounded)
    Pick = scriptOracle((uint32_t)NumAlt);
  if (Last != N && Pick != 0)
    ++script->switches;
  script->last_chosen = Tids[Alt[Pick]];
  return Alt[Pick];
}

} // extern "C"
