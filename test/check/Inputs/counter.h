// The counter the check tests share: increment(true) under a mutex,
// increment(false) a lost update waiting to happen (volatile keeps the
// read and the write two events).
#ifndef CHECK_TEST_COUNTER_H
#define CHECK_TEST_COUNTER_H

#include <mutex>

static volatile int Counter;
static std::mutex M;

static void increment(bool Locked) {
  if (Locked)
    M.lock();
  int V = Counter;
  Counter = V + 1;
  if (Locked)
    M.unlock();
}

#endif
