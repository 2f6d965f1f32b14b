// A spin lock in inline assembly (invisible to the pass, as Concurrency
// Kit's ck_spinlock is) around a counter, and a spin the pass sees: two
// threads take turns through a C11 atomic. Correct: prints ok.
//
// A thread that spins in the lock while the holder is preempted reaches
// no scheduling point: the watchdog releases it, and it runs beside the
// others until its next point. The other thread's visible spin then waits
// for it: it must let the released thread have the CPU (a run's threads
// share one) rather than count its polls toward a livelock.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 20
static unsigned lock_word;
static long counter;
static atomic_int turn;

#if defined(__x86_64__) || defined(__i386__)
static void asm_lock(unsigned *L) {
  unsigned V;
  do {
    V = 1;
    __asm__ __volatile__("xchgl %0, %1" : "+r"(V), "+m"(*L) : : "memory");
  } while (V);
}
static void asm_unlock(unsigned *L) {
  __asm__ __volatile__("movl $0, %0" : "=m"(*L) : : "memory");
}
#else // elsewhere the pass sees the lock: the test checks less
static void asm_lock(unsigned *L) {
  while (__atomic_exchange_n(L, 1, __ATOMIC_ACQUIRE))
    ;
}
static void asm_unlock(unsigned *L) { __atomic_store_n(L, 0, __ATOMIC_RELEASE); }
#endif

static void *w(void *a) {
  int me = (int)(long)a;
  for (int i = 0; i < N; i++) {
    while (atomic_load(&turn) != me)
      ;
    atomic_store(&turn, 1 - me);
    asm_lock(&lock_word);
    counter++;
    asm_unlock(&lock_word);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, w, (void *)0L);
  pthread_create(&b, 0, w, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2 * N);
  printf("ok\n");
  return 0;
}
