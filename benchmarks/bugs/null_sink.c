// Bug: atomicity violation (check-then-use of a pointer another thread
//        clears): a logger tests that its sink is still attached, formats
//        the message, then writes through the sink pointer, which it reads
//        again; the closer detaches the sink in between.
// Depth: 2 (the logger's test of `sink` before the closer's store of NULL,
//        and that store before the logger's second read: one preemption of
//        the logger between its test and its write).
// Threads: 3 (main, a logger writing three messages, a closer).
// Manifests: a crash: SEGV on the NULL sink pointer in `log_message`.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct sink {
  char buf[256];
  size_t len;
};

struct sink *current_sink; // global: the compiler must reload it after calls
static struct sink the_sink;

static void log_message(const char *msg, int n) {
  if (current_sink) {
    char line[64];
    snprintf(line, sizeof line, "%s %d\n", msg, n);
    size_t len = strlen(line);
    if (current_sink->len + len < sizeof current_sink->buf) { // reloaded
      memcpy(current_sink->buf + current_sink->len, line, len);
      current_sink->len += len;
    }
  }
}

static void *logger(void *arg) {
  for (int i = 0; i < 3; ++i)
    log_message("event", i);
  return 0;
}

static void *closer(void *arg) {
  current_sink = NULL; // detach: later messages are dropped
  return 0;
}

int main(void) {
  current_sink = &the_sink;
  pthread_t l, c;
  pthread_create(&l, 0, logger, 0);
  pthread_create(&c, 0, closer, 0);
  pthread_join(l, 0);
  pthread_join(c, 0);
  printf("%zu bytes logged\n", the_sink.len);
  return 0;
}
