// The first run asks its fork server (through a SIGUSR1 handler that the
// program's constructor installed, and that reaps any child) to reap it,
// so the server cannot read its status; later runs do not. Each run
// appends its parent's pid to $PPIDS.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void reapAny(int sig) {
  (void)sig;
  waitpid(-1, 0, 0);
}

__attribute__((constructor)) static void init(void) {
  signal(SIGUSR1, reapAny);
}

int main(void) {
  FILE *f = fopen(getenv("PPIDS"), "a");
  fprintf(f, "%d\n", (int)getppid());
  fclose(f);
  if (access(getenv("MARK"), F_OK) != 0) {
    fclose(fopen(getenv("MARK"), "w"));
    kill(getppid(), SIGUSR1);
  }
  return 0;
}
