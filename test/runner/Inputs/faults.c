// Appends to $FAULTS_OUT the page faults this process has had when main
// ends (getrusage: for a fork server's run, counted from its fork).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
static int counter;
static void *worker(void *arg) { counter++; return arg; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  counter++;
  pthread_join(t, 0);
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  FILE *f = fopen(getenv("FAULTS_OUT"), "a");
  fprintf(f, "%ld\n", u.ru_minflt);
  fclose(f);
  return 0;
}
