// Fixed twin of ../pool_overcommit.c: the test for a free connection and
// the take happen under the pool lock.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define POOL 7
#define MAX_CLIENTS 64

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t conn_freed = PTHREAD_COND_INITIALIZER;
static int free_list[POOL] = {0, 1, 2, 3, 4, 5, 6};
static int free_count = POOL;
static int uses[POOL];

static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t start_cond = PTHREAD_COND_INITIALIZER;
static int checked_in, started;

static int acquire(void) {
  pthread_mutex_lock(&pool_lock);
  while (free_count == 0)
    pthread_cond_wait(&conn_freed, &pool_lock);
  assert(free_count > 0 && "connection pool overcommitted");
  int c = free_list[--free_count];
  pthread_mutex_unlock(&pool_lock);
  return c;
}

static void release(int c) {
  pthread_mutex_lock(&pool_lock);
  free_list[free_count++] = c;
  pthread_cond_signal(&conn_freed);
  pthread_mutex_unlock(&pool_lock);
}

static void *client(void *arg) {
  pthread_mutex_lock(&start_lock);
  ++checked_in;
  pthread_cond_broadcast(&start_cond);
  pthread_mutex_unlock(&start_lock);

  int c = acquire();

  pthread_mutex_lock(&start_lock);
  while (!started)
    pthread_cond_wait(&start_cond, &start_lock);
  pthread_mutex_unlock(&start_lock);

  pthread_mutex_lock(&pool_lock);
  ++uses[c];
  pthread_mutex_unlock(&pool_lock);
  release(c);
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  if (n < 1 || n > MAX_CLIENTS) {
    fprintf(stderr, "usage: %s [clients 1..%d]\n", argv[0], MAX_CLIENTS);
    return 2;
  }
  pthread_t t[MAX_CLIENTS];
  for (int i = 0; i < n; ++i)
    pthread_create(&t[i], 0, client, 0);
  pthread_mutex_lock(&start_lock); // start once every client checked in
  while (checked_in < n)
    pthread_cond_wait(&start_cond, &start_lock);
  started = 1;
  pthread_cond_broadcast(&start_cond);
  pthread_mutex_unlock(&start_lock);
  for (int i = 0; i < n; ++i)
    pthread_join(t[i], 0);
  int total = 0;
  for (int c = 0; c < POOL; ++c)
    total += uses[c];
  assert(total == n && free_count == POOL);
  printf("%d clients, %d connections\n", n, POOL);
  return 0;
}
