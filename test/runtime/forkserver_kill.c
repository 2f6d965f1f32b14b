// The fork server sends a run the signals the runner asks for (`kill
// <signo>` while the run goes on), ignores a `kill` that comes after its run
// has ended, and kills the run still going on when the runner hangs up; a
// runner that no longer reads does not kill the server with SIGPIPE; a run
// ends when its server dies.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: python3 %S/Inputs/forkserver_kill.py %t %t.pid | FileCheck %s
// CHECK: hello schedsan-forkserver 3
// CHECK-NEXT: run 1: signal 9 (its pid)
// CHECK-NEXT: run 2 started after a late kill
// CHECK-NEXT: server exit 0
// CHECK-NEXT: run 2 gone
// CHECK-NEXT: server exit 0 when no one reads its answer
// CHECK-NEXT: run 4 gone with its server
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// Writes its pid to $PID_OUT, then blocks for good in a read the runtime
// cannot see (it holds the pipe's write end itself).
int main(void) {
  int fds[2];
  if (pipe(fds))
    return 2;
  FILE *f = fopen(getenv("PID_OUT"), "w");
  fprintf(f, "%d\n", (int)getpid());
  fclose(f);
  char c;
  return (int)read(fds[0], &c, 1);
}
