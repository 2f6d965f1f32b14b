// A fork server's runs start with the signal state and descriptors an
// exec'd run has, although the server itself blocks SIGCHLD and SIGPIPE,
// reads SIGCHLD from a signalfd and, started with SIGCHLD ignored, sets the
// default for itself: the exit status says what main found, and must be the
// same for every seed in both modes (1 when started with SIGCHLD ignored).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: python3 %S/Inputs/forkserver.py 5 strategy=random %t chld-ignored | FileCheck %s
// CHECK: hello schedsan-forkserver 3
// CHECK-NEXT: server exit 0
// CHECK-NEXT: failures served 5 exec 5
// CHECK-NEXT: identical
// RUN: python3 %S/Inputs/forkserver.py 5 strategy=random %t | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: failures served 0 exec 0
// DEFAULT-NEXT: identical
#include <dirent.h>
#include <signal.h>

int main(void) {
  sigset_t mask;
  sigprocmask(SIG_BLOCK, 0, &mask);
  struct sigaction act;
  sigaction(SIGCHLD, 0, &act);
  int fds = 0;
  DIR *d = opendir("/proc/self/fd");
  for (struct dirent *e; (e = readdir(d));)
    fds += e->d_name[0] != '.';
  closedir(d);
  return (act.sa_handler == SIG_IGN) | sigismember(&mask, SIGCHLD) << 1 |
         sigismember(&mask, SIGPIPE) << 2 | (fds - 1 > 3) << 3;
}
