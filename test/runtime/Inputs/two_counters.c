// Two threads add to a counter under a mutex, ten times each. The program
// exits 0, or 3 when given "fail" (a failure it saw itself).
#include <pthread.h>
#include <string.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *bump(void *arg) {
  for (int i = 0; i < 10; ++i) {
    pthread_mutex_lock(&m);
    ++counter;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(int argc, char **argv) {
  pthread_t a, b;
  pthread_create(&a, 0, bump, 0);
  pthread_create(&b, 0, bump, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (counter != 20)
    return 4;
  return argc > 1 && !strcmp(argv[1], "fail") ? 3 : 0;
}
