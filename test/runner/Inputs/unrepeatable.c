// A program that does not repeat a schedule: every other run (counted in
// the file named by argv[1]) starts a third thread, so a search's prefix
// from one run does not fit the next.
#include <pthread.h>
#include <stdio.h>

volatile int X;

static void *work(void *P) {
  X = 1;
  return P;
}

int main(int argc, char **argv) {
  int Runs = 0;
  FILE *F = fopen(argv[1], "r");
  if (F) {
    if (fscanf(F, "%d", &Runs) != 1)
      Runs = 0;
    fclose(F);
  }
  if ((F = fopen(argv[1], "w"))) {
    fprintf(F, "%d\n", Runs + 1);
    fclose(F);
  }
  pthread_t T[3];
  int N = Runs % 2 ? 3 : 2;
  for (int I = 0; I != N; ++I)
    pthread_create(&T[I], 0, work, 0);
  for (int I = 0; I != N; ++I)
    pthread_join(T[I], 0);
  return 0;
}
