// Appends "tasks N" to $TASKS_OUT, N being the threads this process has
// while its worker thread is alive (from /proc/self/task).
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  pthread_mutex_lock(&m); // waits for main to count
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, worker, 0);
  int n = 0;
  DIR *d = opendir("/proc/self/task");
  for (struct dirent *e; (e = readdir(d));)
    n += e->d_name[0] != '.';
  closedir(d);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  FILE *f = fopen(getenv("TASKS_OUT"), "a");
  fprintf(f, "tasks %d\n", n);
  fclose(f);
  return 0;
}
