// Every run of a seed starts its virtual clocks at the same fraction of a
// second. Two threads wait on a condition variable with deadlines 1 ms
// after gettimeofday's time (whole microseconds, as much C code computes
// them); which deadline passes first decides the run. The clocks used to
// start at the real time, so the deadlines fell on the real sub-microsecond
// phase: 108 of 200 seeds gave a different run (exit status, steps) in one
// of three campaigns, each run saying it was replayable. Now the origins
// are whole seconds: two campaigns of 100 seeds give the same runs.
// RUN: %schedsan_cc -O1 %s -o %t
// RUN: %bindir/schedsan run --count -n 100 -j 1 --strategy random --json %t.a.json -- %t > /dev/null 2>&1 || true
// RUN: %bindir/schedsan run --count -n 100 -j 1 --strategy random --json %t.b.json -- %t > /dev/null 2>&1 || true
// RUN: python3 -c "import json, sys; runs = [{r['seed']: (r['exit'], r['steps']) for r in json.load(open(f))['runs']} for f in sys.argv[1:]]; differ = [s for s in runs[0] if runs[0][s] != runs[1][s]]; assert len(runs[0]) == 100 and not differ, differ" %t.a.json %t.b.json
#include <pthread.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t Mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t Cv = PTHREAD_COND_INITIALIZER;
static int Stop;
static unsigned Order = 1; // the order of the waiters' wake-ups, a bit each

static void *waiter(void *Arg) {
  const long Id = (long)Arg;
  pthread_mutex_lock(&Mu);
  while (!Stop) {
    struct timeval Now;
    gettimeofday(&Now, 0);
    struct timespec At = {Now.tv_sec, Now.tv_usec * 1000 + 1000000};
    if (At.tv_nsec >= 1000000000) {
      At.tv_nsec -= 1000000000;
      ++At.tv_sec;
    }
    pthread_cond_timedwait(&Cv, &Mu, &At);
    if (Order < (1u << 20))
      Order = Order * 2 + Id;
  }
  pthread_mutex_unlock(&Mu);
  return 0;
}

int main(void) {
  pthread_t A, B;
  pthread_create(&A, 0, waiter, (void *)0);
  pthread_create(&B, 0, waiter, (void *)1);
  usleep(5000);
  pthread_mutex_lock(&Mu);
  Stop = 1;
  pthread_cond_broadcast(&Cv);
  pthread_mutex_unlock(&Mu);
  pthread_join(A, 0);
  pthread_join(B, 0);
  return Order % 251; // the runs' exit statuses tell them apart
}
