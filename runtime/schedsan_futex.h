//===- schedsan_futex.h - futex wait/wake -----------------------*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_futex.h
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FUTEX_H
#define SCHEDSAN_FUTEX_H

#include <atomic>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace schedsan {

// Sleeps while *Word == Expected (returns on a wake, a signal, or a change).
inline void futexWait(std::atomic<uint32_t> *Word, uint32_t Expected) {
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(Word), FUTEX_WAIT_PRIVATE,
          Expected, nullptr, nullptr, 0);
}

inline void futexWake(std::atomic<uint32_t> *Word, int Count = 1) {
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(Word), FUTEX_WAKE_PRIVATE,
          Count, nullptr, nullptr, 0);
}

} // namespace schedsan

#endif // SCHEDSAN_FUTEX_H
