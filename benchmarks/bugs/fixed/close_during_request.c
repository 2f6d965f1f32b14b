// Fixed twin of ../close_during_request.c: the state test and the busy mark,
// and the idle test and the close, each happen under the connection's lock.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { INIT, OPEN, CLOSED };

struct conn {
  pthread_mutex_t lock;
  int state;
  int busy;
  char *buf;
};

static struct conn conn = {PTHREAD_MUTEX_INITIALIZER, INIT, 0, NULL};

static void *owner(void *arg) {
  pthread_mutex_lock(&conn.lock);
  conn.buf = malloc(64);
  conn.state = OPEN;
  pthread_mutex_unlock(&conn.lock);
  pthread_mutex_lock(&conn.lock);
  char *b = NULL;
  if (!conn.busy) {
    conn.state = CLOSED;
    b = conn.buf;
    conn.buf = NULL;
  }
  pthread_mutex_unlock(&conn.lock);
  free(b);
  return 0;
}

static void *serve(void *arg) {
  pthread_mutex_lock(&conn.lock);
  int open = conn.state == OPEN;
  if (open)
    conn.busy = 1;
  pthread_mutex_unlock(&conn.lock);
  if (open) {
    char *b = conn.buf; // the owner does not close a busy connection
    assert(b && "buffer released while a request was using it");
    b[0] = 'x';
    pthread_mutex_lock(&conn.lock);
    conn.busy = 0;
    pthread_mutex_unlock(&conn.lock);
  }
  return 0;
}

int main(void) {
  pthread_t o, r;
  pthread_create(&o, 0, owner, 0);
  pthread_create(&r, 0, serve, 0);
  pthread_join(o, 0);
  pthread_join(r, 0);
  free(conn.buf);
  printf("state=%d\n", conn.state);
  return 0;
}
