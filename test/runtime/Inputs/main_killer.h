// What handler_ends_waits.c and handler_ends_sleeps.c share: a handler for
// SIGUSR1 that sets `handled`, and a thread that runs main's handler 1 ms
// (of virtual time) into the run.
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t handled;
static pthread_t main_thread;

static void onSignal(int s) {
  (void)s;
  handled = 1;
}

static void *killer(void *arg) {
  (void)arg;
  usleep(1000);
  pthread_kill(main_thread, SIGUSR1);
  return NULL;
}

// Installs onSignal for SIGUSR1: with SA_RESTART when Flag is "restart",
// SIG_IGN when it is "ignore"; and notes the main thread.
static void installHandler(const char *Flag) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = strcmp(Flag, "ignore") ? onSignal : SIG_IGN;
  sa.sa_flags = strcmp(Flag, "restart") ? 0 : SA_RESTART;
  sigaction(SIGUSR1, &sa, NULL);
  main_thread = pthread_self();
}

// The program's arguments, MODE FLAG: installs the handler by FLAG
// (installHandler), returns MODE.
static const char *modeWithHandler(int argc, char **argv) {
  assert(argc == 3);
  installHandler(argv[2]);
  return argv[1];
}

// Ends the program for a mode argument it does not know.
static void unknownMode(const char *Mode) {
  fprintf(stderr, "unknown mode %s\n", Mode);
  exit(2);
}
