//===- schedsan_futex.h - futex wait/wake -----------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_futex.h
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FUTEX_H
#define SCHEDSAN_FUTEX_H

#include "core/schedsan_interception.h"

#include <atomic>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace schedsan {

// The runtime's own futex calls bypass syscall(), which is intercepted
// (schedsan_interceptors_futex.cpp) for programs' raw futex waits.
inline long rawFutex(void *Word, int Op, uint32_t Val,
                     const struct timespec *Timeout = nullptr) {
#if defined(__x86_64__)
  long Ret;
  register long R10 __asm__("r10") = (long)Timeout;
  __asm__ volatile("syscall"
                   : "=a"(Ret)
                   : "0"((long)SYS_futex), "D"(Word), "S"((long)Op),
                     "d"((long)Val), "r"(R10)
                   : "rcx", "r11", "memory");
  return Ret;
#else
  return SCHEDSAN_REAL(syscall)(SYS_futex, (long)Word, Op, Val, Timeout, 0, 0);
#endif
}

// Sleeps while *Word == Expected (returns on a wake, a signal, or a change).
inline void futexWait(std::atomic<uint32_t> *Word, uint32_t Expected) {
  rawFutex(Word, FUTEX_WAIT_PRIVATE, Expected);
}

// The same, for at most Ns nanoseconds.
inline void futexWaitFor(std::atomic<uint32_t> *Word, uint32_t Expected,
                         uint64_t Ns) {
  struct timespec Ts = {(time_t)(Ns / 1000000000u), (long)(Ns % 1000000000u)};
  rawFutex(Word, FUTEX_WAIT_PRIVATE, Expected, &Ts);
}

inline void futexWake(std::atomic<uint32_t> *Word, int Count = 1) {
  rawFutex(Word, FUTEX_WAKE_PRIVATE, (uint32_t)Count);
}

} // namespace schedsan

#endif // SCHEDSAN_FUTEX_H
