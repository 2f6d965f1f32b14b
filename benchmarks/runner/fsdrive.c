// FILE:
//    benchmarks/runner/fsdrive.c
//
// DESCRIPTION:
//    Drives a program's fork server (runtime/forkserver/schedsan_forkserver.cpp)
//    without `schedsan run`, to measure what a run costs the server and the
//    run alone: fsdrive N PROG [OPTIONS] starts PROG with
//    SCHEDSAN_FORKSERVER, asks for runs of seeds 1..N (output discarded)
//    and prints the mean wall time per run. Run it under `taskset -c 0` to
//    keep every process on one CPU. Build: cc -O2 fsdrive.c -o fsdrive
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// Reads one line of the server's status pipe; exits if the server is gone.
static void readLine(int Fd, char *Buf, size_t Size) {
  size_t N = 0;
  while (N + 1 < Size && read(Fd, Buf + N, 1) == 1 && Buf[N] != '\n')
    ++N;
  if (N == 0) {
    fprintf(stderr, "fsdrive: the fork server stopped answering\n");
    exit(1);
  }
  Buf[N] = 0;
}

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    fprintf(stderr, "usage: fsdrive N PROG [OPTIONS]\n");
    return 2;
  }
  int Runs = atoi(Argv[1]);
  int Ctl[2], St[2];
  if (pipe(Ctl) || pipe(St))
    return 1;
  pid_t Server = fork();
  if (Server == 0) {
    close(Ctl[1]);
    close(St[0]);
    dup2(Ctl[0], 198);
    dup2(St[1], 199);
    int Null = open("/dev/null", O_WRONLY);
    dup2(Null, 1);
    dup2(Null, 2);
    setenv("SCHEDSAN_FORKSERVER", "198,199", 1);
    setenv("SCHEDSAN_OPTIONS", Argc > 3 ? Argv[3] : "", 1);
    execl(Argv[2], Argv[2], (char *)NULL);
    _exit(127);
  }
  close(Ctl[0]);
  close(St[1]);
  char Line[256];
  readLine(St[0], Line, sizeof Line); // hello
  double Start = now();
  for (int I = 1; I <= Runs; ++I) {
    char Request[64];
    int Len = snprintf(Request, sizeof Request, "run %d - - -\n", I);
    if (write(Ctl[1], Request, Len) != Len)
      return 1;
    do // exit or signal (a protocol 1 server says "pid" first)
      readLine(St[0], Line, sizeof Line);
    while (!strncmp(Line, "pid ", 4));
  }
  printf("%.1f us per run\n", (now() - Start) / Runs * 1e6);
  close(Ctl[1]);
  waitpid(Server, NULL, 0);
  return 0;
}
