// Four workers that do many thread-private accesses and read-only reads,
// and one racy pair: worker 0 publishes `stage`, worker 3 reads it (with
// "fail" it asserts it still sees 0: an order violation some schedules
// show). Main sets up the table and the arguments before creating the
// workers and reads their slots after joining them (ordered: not shared);
// the workers write adjacent ints of `slot` (one granule, other bytes: not
// shared); only worker 1 touches `solo`. With SPIN, worker 2 waits for
// worker 0 in a loop on `go`, which is read as a poll.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum { kWorkers = 4, kWords = 32 };
struct arg {
  int id;
  int priv[kWords];
};
static struct arg args[kWorkers];
static int table[kWords];
static int slot[kWorkers];
static int solo;
static int stage;
static int fail;
#ifdef SPIN
static volatile int go;
#endif

static void *worker(void *p) {
  struct arg *a = p;
  int s = 0;
  for (int i = 0; i < kWords; i++) {
    a->priv[i] = table[i] + a->id;
    s += a->priv[i];
  }
  slot[a->id] = s;
  if (a->id == 1)
    solo += s;
  if (a->id == 0) {
    stage = 1; // the racy write
#ifdef SPIN
    go = 1;
#endif
  }
#ifdef SPIN
  if (a->id == 2)
    while (!go)
      ;
#endif
  if (a->id == 3) {
    int seen = stage; // the racy read
    assert(!fail || seen == 0);
  }
  return 0;
}

int main(int argc, char **argv) {
  fail = argc > 1 && !strcmp(argv[1], "fail");
  pthread_t t[kWorkers];
  for (int i = 0; i < kWords; i++)
    table[i] = i;
  for (int i = 0; i < kWorkers; i++) {
    args[i].id = i;
    pthread_create(&t[i], 0, worker, &args[i]);
  }
  int sum = 0;
  for (int i = 0; i < kWorkers; i++) {
    pthread_join(t[i], 0);
    sum += slot[i];
  }
  printf("sum=%d solo=%d\n", sum, solo);
  return 0;
}
