//===- schedsan_forkserver.cpp - Many runs from one exec ------------------===//
//
// FILE:
//    runtime/schedsan_forkserver.cpp
//
// DESCRIPTION:
//    When `schedsan run` starts a program with
//    SCHEDSAN_FORKSERVER=<ctl_fd>,<st_fd>, the runtime stops before main
//    (constructors done, one thread) and serves runs: a run costs a fork,
//    not an exec. Protocol, one line each:
//      program -> runner (st_fd):  hello schedsan-forkserver 1
//      runner -> program (ctl_fd): run <seed> <stdout> <stderr> <options>
//      program -> runner:          pid <pid>
//      program -> runner:          exit <code>  |  signal <signo>
//    Paths may be "-" (inherit); <options> ("k=v:k=v" or "-") come after
//    SCHEDSAN_OPTIONS. The child reopens stdout/stderr, re-reads its options
//    with the run's seed, starts its run (beginRun) and returns to main. End
//    of file on ctl_fd ends the server with status 0.
//===----------------------------------------------------------------------===//
#include "schedsan_flags.h"
#include "schedsan_report.h"
#include "schedsan_rtl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern "C" const char __schedsan_default_strategy[];

namespace schedsan {

namespace {

int CtlFd = -1, StFd = -1;
char Buffer[8192];
size_t Buffered = 0;

void say(const char *Fmt, long Value) {
  char Line[64];
  int N = snprintf(Line, sizeof(Line), Fmt, Value);
  if (write(StFd, Line, N) != N)
    dieNow(0); // the runner is gone
}

// The next request line (without '\n'), or null at end of file.
char *readLine() {
  static char Line[sizeof(Buffer)];
  for (;;) {
    if (char *NL = (char *)memchr(Buffer, '\n', Buffered)) {
      size_t Len = NL - Buffer;
      memcpy(Line, Buffer, Len);
      Line[Len] = 0;
      Buffered -= Len + 1;
      memmove(Buffer, NL + 1, Buffered);
      return Line;
    }
    if (Buffered == sizeof(Buffer))
      return nullptr;
    ssize_t N = read(CtlFd, Buffer + Buffered, sizeof(Buffer) - Buffered);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return nullptr;
    Buffered += N;
  }
}

void redirect(int Fd, const char *Path) {
  if (!strcmp(Path, "-"))
    return;
  int F = open(Path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (F < 0) {
    rawPrintf("==%d==ERROR: ScheduleSanitizer: fork server: cannot open %s: "
              "%s\n", (int)getpid(), Path, strerror(errno));
    dieNow(2);
  }
  dup2(F, Fd);
  close(F);
}

// In the child: this run's options are SCHEDSAN_OPTIONS + Options + seed.
// They go into the environment too, so the program (and anything it
// starts) sees what an exec-per-run program would see.
void startChildRun(const char *Seed, const char *Options) {
  const char *Base = getenv("SCHEDSAN_OPTIONS");
  static char All[8192];
  snprintf(All, sizeof(All), "%s:%s:seed=%s", Base ? Base : "",
           strcmp(Options, "-") ? Options : "", Seed);
  setenv("SCHEDSAN_OPTIONS", All, 1);
  initFlags(__schedsan_default_strategy);
  beginRun();
}

} // namespace

void runForkServerIfRequested() {
  const char *Spec = getenv("SCHEDSAN_FORKSERVER");
  if (!Spec || sscanf(Spec, "%d,%d", &CtlFd, &StFd) != 2)
    return;
  unsetenv("SCHEDSAN_FORKSERVER"); // not for the program's own children
  say("hello schedsan-forkserver %ld\n", 1);
  while (char *Line = readLine()) {
    char Seed[32], Out[1024], Err[1024], Options[4096];
    if (sscanf(Line, "run %31s %1023s %1023s %4095s", Seed, Out, Err,
               Options) != 4) {
      rawPrintf("==%d==ERROR: ScheduleSanitizer: fork server: bad request "
                "'%s'\n", (int)getpid(), Line);
      dieNow(2);
    }
    rt.fork_server_child = true;
    pid_t Pid = fork();
    rt.fork_server_child = false;
    if (Pid == 0) {
      close(CtlFd);
      close(StFd);
      redirect(1, Out);
      redirect(2, Err);
      startChildRun(Seed, Options);
      return; // on to main
    }
    if (Pid < 0) {
      rawPrintf("==%d==ERROR: ScheduleSanitizer: fork server: fork: %s\n",
                (int)getpid(), strerror(errno));
      dieNow(2);
    }
    say("pid %ld\n", Pid);
    int Status = 0;
    while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(Status))
      say("signal %ld\n", WTERMSIG(Status));
    else
      say("exit %ld\n", WEXITSTATUS(Status));
  }
  dieNow(0);
}

} // namespace schedsan
