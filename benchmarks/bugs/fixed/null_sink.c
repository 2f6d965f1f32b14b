// Fixed twin of ../null_sink.c: the sink pointer is read once under the
// sink lock, and the closer detaches it under the same lock.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct sink {
  char buf[256];
  size_t len;
};

struct sink *current_sink;
static struct sink the_sink;
static pthread_mutex_t sink_lock = PTHREAD_MUTEX_INITIALIZER;

static void log_message(const char *msg, int n) {
  char line[64];
  snprintf(line, sizeof line, "%s %d\n", msg, n);
  size_t len = strlen(line);
  pthread_mutex_lock(&sink_lock);
  struct sink *s = current_sink;
  if (s && s->len + len < sizeof s->buf) {
    memcpy(s->buf + s->len, line, len);
    s->len += len;
  }
  pthread_mutex_unlock(&sink_lock);
}

static void *logger(void *arg) {
  for (int i = 0; i < 3; ++i)
    log_message("event", i);
  return 0;
}

static void *closer(void *arg) {
  pthread_mutex_lock(&sink_lock);
  current_sink = NULL;
  pthread_mutex_unlock(&sink_lock);
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
