// Never ends: main and a worker block in the read system call (raw: the
// runtime's read would wait for input as poll does) on an empty pipe whose
// write end the process holds itself. The runtime cannot see such a wait,
// and with
// watchdog_ms=0 nothing releases it: only the runner's timeout ends the run.
// With -DBLOCK_ABRT every thread blocks SIGABRT, so only SIGKILL ends it.
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int fds[2];

static void *worker(void *arg) {
  (void)arg;
  char c;
  return syscall(SYS_read, fds[0], &c, 1) > 0 ? (void *)1 : 0;
}

int main(void) {
#ifdef BLOCK_ABRT
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGABRT);
  pthread_sigmask(SIG_BLOCK, &s, 0); // inherited by the worker
#endif
  pipe(fds);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c;
  syscall(SYS_read, fds[0], &c, 1); // blocks forever: we hold the write end
  pthread_join(t, 0);
  return 0;
}
