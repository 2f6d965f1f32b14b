// Bug: order violation of depth 3: a connection is opened, then closed by
//        its owner when it looks idle; a request thread checks that the
//        connection is open, marks it busy and uses its buffer. Nothing
//        orders the owner's idle test against the request's busy mark.
// Depth: 3 (the owner's `state = OPEN` before the request's state test;
//        that test before the owner's idle test and close; the close before
//        the request's `busy = 1` and buffer use: the schedule must switch
//        owner -> request -> owner -> request. With the owner above the
//        request PCT needs two change points, one after the owner opens and
//        one after the request tests the state.)
// Threads: 3 (main, owner, request).
// Manifests: the assertion in `serve` fails ("buffer released while a
//        request was using it").
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { INIT, OPEN, CLOSED };

struct conn {
  int state;
  int busy;
  char *buf;
};

static struct conn conn;

static void *owner(void *arg) {
  conn.buf = malloc(64);
  conn.state = OPEN;
  // ... the handshake, nothing else to do: close the connection if idle.
  if (!conn.busy) {
    conn.state = CLOSED;
    char *b = conn.buf;
    conn.buf = NULL;
    free(b);
  }
  return 0;
}

static void *serve(void *arg) {
  if (conn.state == OPEN) {
    conn.busy = 1;
    char *b = conn.buf;
    assert(b && "buffer released while a request was using it");
    b[0] = 'x';
    conn.busy = 0;
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
