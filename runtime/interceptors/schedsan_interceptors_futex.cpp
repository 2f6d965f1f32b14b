//===- schedsan_interceptors_futex.cpp - Raw futex waits ------------------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_futex.cpp
//
// DESCRIPTION:
//    syscall(SYS_futex, ...) from programs (libstdc++'s std::atomic<T>::wait,
//    hand-written locks): a FUTEX_WAIT whose word still holds the expected
//    value becomes a yield and returns 0, a wake-up that futex semantics
//    allow to be spurious; the caller re-checks and waits again, so the wait
//    is a polling loop the strategies see. Once another thread changes the
//    word, that yield is progress: the fair phase's clock does not jump
//    over it. A wait with a timeout waits on the virtual clock instead:
//    woken when the word changes, ETIMEDOUT at the deadline (absl's timed
//    waits). A wake (FUTEX_WAKE and its kin) goes to the kernel, then is a
//    scheduling point, a FutexWake event, where in the fair phase the
//    waker steps aside (stepAsideAfterWake). Every other system call goes
//    to the kernel.
//===----------------------------------------------------------------------===//
#include "core/schedsan_fairness.h"
#include "core/schedsan_time.h"
#include "interceptors/schedsan_interceptors.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

using namespace schedsan;

namespace {

// A FUTEX_WAIT on Word (expecting Value) with a timeout (relative, or
// absolute on Clock): with virtual time, a Sleep event that ends when the
// word changes or the deadline passes. Returns 0 (woken) or ETIMEDOUT; -1
// with time=yield, where the caller yields as for an untimed wait.
int futexWaitFor(const InterceptedCall &Call, const int *Word, int Value,
                 const struct timespec *Timeout, bool Absolute,
                 clockid_t Clock) {
  if (!virtualTime())
    return -1;
  ThreadState *T = Call.thread();
  Call.publish(EventKind::Sleep, Word);
  T->deadline = futexDeadline(*Timeout, Absolute, Clock);
  T->futex_word = Word;
  T->futex_value = Value;
  Call.schedule();
  T->futex_word = nullptr;
  T->deadline = 0;
  return __atomic_load_n(Word, __ATOMIC_SEQ_CST) != Value ? 0 : ETIMEDOUT;
}

// FUTEX_WAIT or FUTEX_WAIT_BITSET (Op) by a controlled thread, with the
// system call's arguments A: the result the system call returns.
long futexWait(const InterceptedCall &Call, int Op, const long *A) {
  const int Cmd = Op & FUTEX_CMD_MASK;
  if (__atomic_load_n(reinterpret_cast<int *>(A[0]), __ATOMIC_SEQ_CST) !=
      (int)A[2]) {
    errno = EAGAIN;
    return -1;
  }
  if (const auto *Timeout = reinterpret_cast<const timespec *>(A[3])) {
    const bool Absolute = Cmd == FUTEX_WAIT_BITSET;
    const clockid_t Clock =
        Op & FUTEX_CLOCK_REALTIME ? CLOCK_REALTIME : CLOCK_MONOTONIC;
    int R = futexWaitFor(Call, reinterpret_cast<const int *>(A[0]), (int)A[2],
                         Timeout, Absolute, Clock);
    if (R == ETIMEDOUT) {
      errno = ETIMEDOUT;
      return -1;
    }
    if (R == 0)
      return 0;
  }
  // The word the yield waits on: once another thread changes it, the
  // yield is no longer spinning (onlyNoProgressEnabled).
  ThreadState *T = Call.thread();
  Event &E = Call.publish(EventKind::Yield, reinterpret_cast<void *>(A[0]));
  E.is_yield = true;
  T->futex_word = reinterpret_cast<const int *>(A[0]);
  T->futex_value = (int)A[2];
  Call.schedule();
  T->futex_word = nullptr;
  return 0;
}

} // namespace

extern "C" long syscall(long Number, ...) __THROW {
  va_list Args;
  va_start(Args, Number);
  long A[6];
  for (long &X : A)
    X = va_arg(Args, long);
  va_end(Args);
  int Cmd = -1;
  if (Number == SYS_futex) {
    Cmd = (int)A[1] & FUTEX_CMD_MASK;
    if (Cmd == FUTEX_WAIT || Cmd == FUTEX_WAIT_BITSET) {
      InterceptedCall Call(SCHEDSAN_PC());
      if (Call)
        return futexWait(Call, (int)A[1], A);
    }
  }
  resolveEarly(SCHEDSAN_REAL(syscall));
  const long R =
      SCHEDSAN_REAL(syscall)(Number, A[0], A[1], A[2], A[3], A[4], A[5]);
  if (Cmd == FUTEX_WAKE || Cmd == FUTEX_WAKE_BITSET || Cmd == FUTEX_WAKE_OP ||
      Cmd == FUTEX_REQUEUE || Cmd == FUTEX_CMP_REQUEUE) {
    // A scheduling point right after the wake: a waiter runs natively
    // beside the thread that woke it, and may take what that thread has
    // just released before it takes it again (a lock the library's code
    // releases and takes back with no point in between).
    InterceptedCall Call(SCHEDSAN_PC());
    if (Call) {
      const int Errno = errno;
      Call.publish(EventKind::FutexWake, reinterpret_cast<void *>(A[0]));
      stepAsideAfterWake(Call.thread());
      Call.schedule();
      errno = Errno;
    }
  }
  return R;
}
