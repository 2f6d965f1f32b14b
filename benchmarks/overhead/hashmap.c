// Overhead benchmark, heavy sharing: a chained hash map behind one mutex.
// THREADS workers each run OPS operations (3 lookups : 1 insert-or-update)
// on keys from their own xorshift stream; every bucket and node access
// happens under the map's lock. Built with -mllvm -schedsan-granularity=sync
// only the lock operations remain scheduling points. Built with -DGUARDED the
// map's data is GUARDED_BY(map_lock) (Clang's C capability attributes on a
// pthread_mutex_t typedef and its lock functions): the thread-safety analysis
// proves the accesses of lookup() and upsert() made under the lock, and they
// get no points; main's final walk, made without the lock, keeps its points.
#include <pthread.h>
#include <stdlib.h>

#include "bench.h"

#ifdef GUARDED
#define CAPABILITY(x) __attribute__((capability(x)))
#define GUARDED_BY(x) __attribute__((guarded_by(x)))
#define ACQUIRE(x) __attribute__((acquire_capability(x)))
#define RELEASE(x) __attribute__((release_capability(x)))
#define NO_THREAD_SAFETY_ANALYSIS __attribute__((no_thread_safety_analysis))
#else
#define CAPABILITY(x)
#define GUARDED_BY(x)
#define ACQUIRE(x)
#define RELEASE(x)
#define NO_THREAD_SAFETY_ANALYSIS
#endif

typedef pthread_mutex_t CAPABILITY("mutex") mutex_t;
static mutex_t map_lock = PTHREAD_MUTEX_INITIALIZER;
static void lock(mutex_t *m) ACQUIRE(*m) NO_THREAD_SAFETY_ANALYSIS {
  pthread_mutex_lock(m);
}
static void unlock(mutex_t *m) RELEASE(*m) NO_THREAD_SAFETY_ANALYSIS {
  pthread_mutex_unlock(m);
}

#define THREADS 4
#define OPS 20000
#define BUCKETS 1024
#define KEYS 8192

struct node {
  unsigned key GUARDED_BY(map_lock);
  unsigned long long value GUARDED_BY(map_lock);
  struct node *next GUARDED_BY(map_lock);
};

static struct node *buckets[BUCKETS] GUARDED_BY(map_lock);
static struct node pool[KEYS] GUARDED_BY(map_lock); // one node per key
static int pool_used GUARDED_BY(map_lock);

static unsigned hash(unsigned k) {
  k ^= k >> 16;
  k *= 0x45d9f3bu;
  k ^= k >> 16;
  return k % BUCKETS;
}

static unsigned long long lookup(unsigned key) {
  unsigned long long v = 0;
  lock(&map_lock);
  for (struct node *n = buckets[hash(key)]; n; n = n->next)
    if (n->key == key) {
      v = n->value;
      break;
    }
  unlock(&map_lock);
  return v;
}

static void upsert(unsigned key, unsigned long long value) {
  lock(&map_lock);
  unsigned b = hash(key);
  struct node *n = buckets[b];
  while (n && n->key != key)
    n = n->next;
  if (n) {
    n->value += value;
  } else {
    n = &pool[pool_used++];
    n->key = key;
    n->value = value;
    n->next = buckets[b];
    buckets[b] = n;
  }
  unlock(&map_lock);
}

static void *work(void *arg) {
  unsigned x = (unsigned)(unsigned long)arg;
  unsigned long long seen = 0;
  for (int i = 0; i < OPS; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    unsigned key = x % KEYS;
    if (i % 4 == 3)
      upsert(key, i);
    else
      seen += lookup(key);
  }
  return (void *)(unsigned long)(seen != 0);
}

int main(void) {
  pthread_t t[THREADS];
  double start = bench_now_us();
  for (int i = 0; i < THREADS; ++i)
    pthread_create(&t[i], 0, work, (void *)(unsigned long)(88172645u + 31 * i));
  for (int i = 0; i < THREADS; ++i)
    pthread_join(t[i], 0);
  unsigned long long check = 0;
  for (int b = 0; b < BUCKETS; ++b)
    for (struct node *n = buckets[b]; n; n = n->next)
      check += n->key * 7919ull + n->value;
  bench_report("hashmap", start, check);
  return 0;
}
