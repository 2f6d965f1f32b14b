// Livelock with trylock and no yield.
// A real livelock: two polite threads each announce that they want both
// mutexes, meet at a start barrier (so both announcements are visible
// before either tries), then loop: trylock their own mutex, trylock the
// other's, and proceed only if the other thread does not want them; on any
// failure they unlock what they hold and retry at once (no yield). Both keep wanting, so
// neither ever proceeds, under every schedule: the program never ends.
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

#define BACKOFF (void)0

static pthread_mutex_t m[2] = {PTHREAD_MUTEX_INITIALIZER,
                               PTHREAD_MUTEX_INITIALIZER};
static atomic_int wants[2];
static pthread_barrier_t start;
static long work;

static void *polite(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  atomic_store(&wants[me], 1);
  pthread_barrier_wait(&start);
  for (;;) {
    if (pthread_mutex_trylock(&m[me]) == 0) {
      if (pthread_mutex_trylock(&m[other]) == 0) {
        if (!atomic_load(&wants[other])) {
          work++;
          atomic_store(&wants[me], 0);
          pthread_mutex_unlock(&m[other]);
          pthread_mutex_unlock(&m[me]);
          return 0;
        }
        pthread_mutex_unlock(&m[other]);
      }
      pthread_mutex_unlock(&m[me]);
    }
    BACKOFF;
  }
}

int main(void) {
  pthread_t a, b;
  pthread_barrier_init(&start, 0, 2);
  pthread_create(&a, 0, polite, (void *)0L);
  pthread_create(&b, 0, polite, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("work=%ld\n", work);
  return 0;
}
