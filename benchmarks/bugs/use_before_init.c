// Bug: order violation (use before initialization).
// Depth: 1 in PCT's sense (one ordering constraint: `use` must run its read
//        before `init` has written `config`).
// Threads: 3 (main, init, use).
// Manifests: the assertion in `use` fails when it reads `config` before
//        `init` published it; otherwise the program prints the setting.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct config {
  int verbose;
};

static struct config *config; // published by init, read by use

static void *init(void *arg) {
  struct config *c = malloc(sizeof *c);
  c->verbose = 1;
  config = c;
  return 0;
}

static void *use(void *arg) {
  struct config *c = config;
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
