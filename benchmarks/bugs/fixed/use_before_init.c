// Fixed twin of ../use_before_init.c: `use` waits until `init` has published
// the configuration (mutex and condition variable).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct config {
  int verbose;
};

static struct config *config; // published by init, read by use
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t config_ready = PTHREAD_COND_INITIALIZER;

static void *init(void *arg) {
  struct config *c = malloc(sizeof *c);
  c->verbose = 1;
  pthread_mutex_lock(&config_lock);
  config = c;
  pthread_cond_broadcast(&config_ready);
  pthread_mutex_unlock(&config_lock);
  return 0;
}

static void *use(void *arg) {
  pthread_mutex_lock(&config_lock);
  while (!config)
    pthread_cond_wait(&config_ready, &config_lock);
  struct config *c = config;
  pthread_mutex_unlock(&config_lock);
  assert(c && "config used before it was initialized");
  printf("verbose=%d\n", c->verbose);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, init, 0);
  pthread_create(&b, 0, use, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  free(config);
  return 0;
}
