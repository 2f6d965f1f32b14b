// Makes its fork server lose its status: a SIGUSR1 handler that the
// program's constructor installs (so the server has it too) reaps any
// child, and a run sends SIGUSR1 to its parent when that parent is the
// same program (a fork server, not the runner). Each run appends its
// parent's pid to $PPIDS. $LOST says when:
//   first    the first run only (it creates $MARK);
//   always   every run;
//   timeout  no run ends by itself: it blocks until SIGABRT (the runner's
//            timeout) makes it ask to be reaped and exit.
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void reapAny(int sig) {
  (void)sig;
  waitpid(-1, 0, 0);
}

__attribute__((constructor)) static void init(void) {
  signal(SIGUSR1, reapAny);
}

static int parentIsServer(void) {
  char self[PATH_MAX] = "", parent[PATH_MAX] = "", link[64];
  snprintf(link, sizeof link, "/proc/%d/exe", (int)getppid());
  if (readlink("/proc/self/exe", self, sizeof self - 1) < 0 ||
      readlink(link, parent, sizeof parent - 1) < 0)
    return 0;
  return !strcmp(self, parent);
}

static void askToBeReaped(int sig) {
  (void)sig;
  kill(getppid(), SIGUSR1);
  _exit(0);
}

int main(void) {
  FILE *f = fopen(getenv("PPIDS"), "a");
  fprintf(f, "%d\n", (int)getppid());
  fclose(f);
  const char *when = getenv("LOST");
  if (!strcmp(when, "timeout")) {
    if (parentIsServer())
      signal(SIGABRT, askToBeReaped);
    pause();
  }
  if (!strcmp(when, "first") && access(getenv("MARK"), F_OK) == 0)
    return 0;
  if (!strcmp(when, "first"))
    fclose(fopen(getenv("MARK"), "w"));
  if (parentIsServer())
    kill(getppid(), SIGUSR1);
  return 0;
}
