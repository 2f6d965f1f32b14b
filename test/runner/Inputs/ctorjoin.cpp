// Threads started and joined by a C++ static constructor, before main
// (which starts the runtime's watchdog thread too), then one more in main.
#include <pthread.h>

static int v;
static void *add(void *) {
  __atomic_fetch_add(&v, 1, __ATOMIC_RELAXED);
  return nullptr;
}
static void startAndJoin() {
  pthread_t T[2];
  for (pthread_t &Th : T)
    pthread_create(&Th, nullptr, add, nullptr);
  for (pthread_t &Th : T)
    pthread_join(Th, nullptr);
}
struct Init {
  Init() { startAndJoin(); }
} I;

int main() {
  pthread_t T;
  pthread_create(&T, nullptr, add, nullptr);
  pthread_join(T, nullptr);
  return v == 3 ? 0 : 1;
}
