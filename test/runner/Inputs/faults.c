// Appends to $FAULTS_OUT the page faults this process has had when main
// ends (getrusage: for a fork server's run, counted from its fork). Calls
// go through a table of function pointers (data the dynamic loader
// relocates: RELRO) and through the PLT; a wrong result exits 1 (the
// counter is atomic: a plain `counter++` in both threads may lose one).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
static _Atomic int counter;
static int one(void) { return 1; }
static int two(void) { return 2; }
static int (*const table[])(void) = {one, two};
static void *worker(void *arg) { counter++; return arg; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  counter++;
  pthread_join(t, 0);
  if (table[0]() + table[1]() != 3 || counter != 2 || abs(-3) != 3)
    return 1;
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  FILE *f = fopen(getenv("FAULTS_OUT"), "a");
  fprintf(f, "%ld\n", u.ru_minflt);
  fclose(f);
  return 0;
}
