//===- schedsan_openmp.cpp - OpenMP's taskwait in the schedule -----------===//
//
// FILE:
//    runtime/interceptors/schedsan_openmp.cpp
//
// DESCRIPTION:
//    libomp waits at a `taskwait` by running ready tasks and spinning on the
//    count of the task's children not yet complete, in code the pass did
//    not instrument: the waiting thread kept the turn while the thread
//    running a child waited for it, until the watchdog released it a
//    second later (and the run was not exactly replayable).
//
//    The runtime is an OMPT tool (the OpenMP tools interface: libomp calls
//    ompt_start_tool at its start): it counts each task's children that
//    have not completed (the task_create and task_schedule callbacks), and
//    __kmpc_omp_taskwait, the call a `taskwait` construct compiles to, runs
//    ready tasks (__kmpc_omp_taskyield, whose tasks are instrumented code)
//    and yields (a scheduling point) until the count is zero, then calls
//    libomp's, which returns at once. The callbacks only count: they are
//    no scheduling points, and run in whatever thread libomp runs them.
//
//    Without the counts -- a libomp without OMPT, OMP_TOOL=disabled, a
//    tool named in OMP_TOOL_LIBRARIES (it goes first), a program that is an
//    OMPT tool itself (the runtime's ompt_start_tool is weak), a program
//    linked without the wrappers' dynamic list -- and once no other thread
//    may act, the wait is libomp's own.
//===----------------------------------------------------------------------===//
#include "interceptors/schedsan_interceptors.h"

#include <atomic>
#include <dlfcn.h>
#include <new>
#include <stdint.h>
#include <stdlib.h>

using namespace schedsan;

namespace {

// The OMPT types and constants this file uses (omp-tools.h, OpenMP 5.x):
// the runtime builds without libomp's headers.
union OmptData {
  uint64_t value;
  void *ptr;
};
using OmptFn = void (*)();
using OmptLookup = OmptFn (*)(const char *);
struct OmptStartResult {
  int (*initialize)(OmptLookup, int, OmptData *);
  void (*finalize)(OmptData *);
  OmptData tool_data;
};
using OmptSetCallback = int (*)(int Event, OmptFn Callback);
using OmptGetTaskInfo = int (*)(int Level, int *Flags, OmptData **Task,
                                void **Frame, OmptData **Parallel, int *Num);
constexpr int kCallbackTaskCreate = 5, kCallbackTaskSchedule = 6,
              kCallbackImplicitTask = 7;
constexpr int kTaskComplete = 1, kTaskCancel = 3, kTaskLateFulfill = 6;
constexpr int kScopeEnd = 2;

// Something of a task that more than one thread holds, freed with the
// last reference (release).
struct Shared {
  std::atomic<uint32_t> refs{1};
};

template <typename T> void release(T *C) {
  if (C && C->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    C->~T();
    free(C);
  }
}

template <typename T> T *make() {
  void *M = malloc(sizeof(T));
  return M ? new (M) T() : nullptr;
}

// A taskgroup: its tasks not yet complete, its own and their descendants
// (each counts in the innermost group open in its creator when it was
// created, as libomp counts them).
struct Group : Shared {
  std::atomic<int64_t> count{0};
  Group *outer = nullptr; // the group open around it in its task
  ~Group() { release(outer); }
};

// A task's children not yet complete, and its open taskgroup. Held by the
// task until it completes and by each child until it does (a child may
// complete after its parent).
struct TaskCount : Shared {
  std::atomic<int64_t> children{0};
  TaskCount *parent = nullptr;
  Group *group = nullptr;  // the innermost open group, held
  Group *member = nullptr; // the group it counts in, held
  ~TaskCount() {
    release(parent);
    release(group);
    release(member);
  }
};

// The count in Data, made on first use (an implicit task's, when it
// creates its first child).
TaskCount *countOf(OmptData *Data) {
  if (!Data->ptr)
    Data->ptr = make<TaskCount>();
  return static_cast<TaskCount *>(Data->ptr);
}

template <typename T> T *hold(T *C) {
  if (C)
    C->refs.fetch_add(1, std::memory_order_relaxed);
  return C;
}

OmptGetTaskInfo GetTaskInfo;
std::atomic<bool> Counting{false};

void onTaskCreate(OmptData *Parent, const void *, OmptData *Task, int, int,
                  const void *) {
  TaskCount *P = Parent ? countOf(Parent) : nullptr;
  TaskCount *C = countOf(Task);
  if (!P || !C)
    return;
  C->parent = hold(P);
  P->children.fetch_add(1, std::memory_order_release);
  // Its tasks count in the group it was made in, unless it opens one.
  C->group = hold(P->group);
  if ((C->member = hold(P->group)))
    C->member->count.fetch_add(1, std::memory_order_release);
}

void onTaskSchedule(OmptData *Prior, int Status, OmptData *) {
  if (!Prior || !Prior->ptr ||
      (Status != kTaskComplete && Status != kTaskCancel &&
       Status != kTaskLateFulfill))
    return;
  TaskCount *C = static_cast<TaskCount *>(Prior->ptr);
  Prior->ptr = nullptr; // complete: a later status of the task counts no more
  if (C->parent)
    C->parent->children.fetch_sub(1, std::memory_order_release);
  if (C->member)
    C->member->count.fetch_sub(1, std::memory_order_release);
  release(C);
}

void onImplicitTask(int Endpoint, OmptData *, OmptData *Task, unsigned,
                    unsigned, int) {
  if (Endpoint != kScopeEnd || !Task || !Task->ptr)
    return;
  release(static_cast<TaskCount *>(Task->ptr));
  Task->ptr = nullptr;
}

int initializeTool(OmptLookup Lookup, int, OmptData *) {
  auto Set = reinterpret_cast<OmptSetCallback>(Lookup("ompt_set_callback"));
  GetTaskInfo = reinterpret_cast<OmptGetTaskInfo>(Lookup("ompt_get_task_info"));
  // ompt_set_always (5): the callback is made whenever its event happens.
  constexpr int kSetAlways = 5;
  Counting.store(
      Set && GetTaskInfo &&
          Set(kCallbackTaskCreate, reinterpret_cast<OmptFn>(onTaskCreate)) ==
              kSetAlways &&
          Set(kCallbackTaskSchedule,
              reinterpret_cast<OmptFn>(onTaskSchedule)) == kSetAlways &&
          Set(kCallbackImplicitTask,
              reinterpret_cast<OmptFn>(onImplicitTask)) == kSetAlways,
      std::memory_order_release);
  return 1; // stay the tool
}

void finalizeTool(OmptData *) {
  Counting.store(false, std::memory_order_release);
}

// The current task's counts (null: none counted; Make: made if none yet).
TaskCount *currentCount(bool Make) {
  OmptData *Task = nullptr;
  if (!Counting.load(std::memory_order_acquire) ||
      !GetTaskInfo(0, nullptr, &Task, nullptr, nullptr, nullptr) || !Task)
    return nullptr;
  return Make ? countOf(Task) : static_cast<TaskCount *>(Task->ptr);
}

// Yields of one taskwait before libomp's own wait takes over (a count that
// never comes to zero must not keep a thread yielding for ever).
constexpr unsigned kMaxTaskwaitYields = 100000;

// libomp's function Name, looked up once (no guard: the runtime's code must
// not wait on a lock the program's threads may hold).
template <typename Fn> Fn realOpenmp(Fn &Cache, const char *Name) {
  Fn F = __atomic_load_n(&Cache, __ATOMIC_ACQUIRE);
  if (!F) {
    F = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, Name));
    __atomic_store_n(&Cache, F, __ATOMIC_RELEASE);
  }
  return F;
}

using TaskwaitFn = int32_t (*)(void *, int32_t);
using TaskyieldFn = int32_t (*)(void *, int32_t, int);
using TaskgroupFn = void (*)(void *, int32_t);
TaskwaitFn RealTaskwait;
TaskyieldFn RealTaskyield;
TaskgroupFn RealTaskgroup, RealEndTaskgroup;

// The wait of a taskwait or a taskgroup's end for the tasks Left counts:
// runs ready tasks (those it waits for among them) and yields until none
// is left, no other thread may act, or kMaxTaskwaitYields yields.
void runTasksUntilZero(const InterceptedCall &Call,
                       const std::atomic<int64_t> &Left, void *Loc,
                       int32_t Gtid) {
  const TaskyieldFn Yield = realOpenmp(RealTaskyield, "__kmpc_omp_taskyield");
  for (unsigned I = 0; Yield && I != kMaxTaskwaitYields &&
                       Left.load(std::memory_order_acquire) > 0;
       ++I) {
    Yield(Loc, Gtid, 0);
    if (Left.load(std::memory_order_acquire) <= 0 ||
        !othersMayActBy(Call.thread(), kForever))
      return;
    Call.publish(EventKind::Yield, nullptr).is_yield = true;
    Call.schedule();
  }
}

} // namespace

extern "C" {

__attribute__((weak, visibility("default"))) OmptStartResult *
ompt_start_tool(unsigned, const char *) {
  // A tool the user names (OMP_TOOL_LIBRARIES) goes first: libomp loads
  // it when the program's ompt_start_tool returns null.
  if (getenv("OMP_TOOL_LIBRARIES"))
    return nullptr;
  static OmptStartResult Result = {initializeTool, finalizeTool, {0}};
  return &Result;
}

__attribute__((weak, visibility("default"))) int32_t
__kmpc_omp_taskwait(void *Loc, int32_t Gtid) {
  const TaskwaitFn Real = realOpenmp(RealTaskwait, "__kmpc_omp_taskwait");
  InterceptedCall Call(SCHEDSAN_PC());
  if (TaskCount *C = Call ? currentCount(false) : nullptr)
    runTasksUntilZero(Call, C->children, Loc, Gtid);
  return Real(Loc, Gtid);
}

__attribute__((weak, visibility("default"))) void
__kmpc_taskgroup(void *Loc, int32_t Gtid) {
  realOpenmp(RealTaskgroup, "__kmpc_taskgroup")(Loc, Gtid);
  InterceptedCall Call(SCHEDSAN_PC());
  TaskCount *C = Call ? currentCount(true) : nullptr;
  if (Group *G = C ? make<Group>() : nullptr) {
    G->outer = C->group; // C's reference moves to G
    C->group = G;
  }
}

__attribute__((weak, visibility("default"))) void
__kmpc_end_taskgroup(void *Loc, int32_t Gtid) {
  InterceptedCall Call(SCHEDSAN_PC());
  TaskCount *C = Call ? currentCount(false) : nullptr;
  if (Group *G = C ? C->group : nullptr) {
    runTasksUntilZero(Call, G->count, Loc, Gtid);
    C->group = G->outer; // G's reference moves back to C
    G->outer = nullptr;
    release(G);
  }
  realOpenmp(RealEndTaskgroup, "__kmpc_end_taskgroup")(Loc, Gtid);
}

} // extern "C"
