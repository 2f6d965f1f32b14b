// Overhead benchmark, heavy sharing through atomics: a bounded lock-free
// multi-producer multi-consumer queue (D. Vyukov's array queue: a sequence
// number per cell, compare-and-swap on the head and tail indices).
// PRODUCERS threads enqueue ITEMS values each, CONSUMERS threads dequeue a
// fixed share each and add them up. A thread that finds the queue full or
// empty polls the one cell it waits for (a spin loop on a single address,
// which schedsan recognizes as polling) and yields the CPU every 64 polls
// (natively, 4 spinning threads on 2 cores would otherwise wait for a
// descheduled peer for a whole time slice).
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "bench.h"

#define PRODUCERS 2
#define CONSUMERS 2
#define ITEMS 20000
#define CAPACITY 64 // a power of two

struct cell {
  atomic_ulong seq;
  unsigned long value;
};

static struct cell cells[CAPACITY];
static atomic_ulong head, tail; // next dequeue / enqueue position
static atomic_ullong total;

static void wait_change(atomic_ulong *seq, unsigned long old) {
  for (int polls = 1;
       atomic_load_explicit(seq, memory_order_acquire) == old; ++polls)
    if (polls % 64 == 0)
      sched_yield();
}

static void enqueue(unsigned long v) {
  for (;;) {
    unsigned long pos = atomic_load_explicit(&tail, memory_order_relaxed);
    struct cell *c = &cells[pos & (CAPACITY - 1)];
    unsigned long seq = atomic_load_explicit(&c->seq, memory_order_acquire);
    if (seq == pos) {
      if (atomic_compare_exchange_weak_explicit(&tail, &pos, pos + 1,
                                                memory_order_relaxed,
                                                memory_order_relaxed)) {
        c->value = v;
        atomic_store_explicit(&c->seq, pos + 1, memory_order_release);
        return;
      }
    } else if (seq < pos) { // full: wait until this cell is consumed
      wait_change(&c->seq, seq);
    }
  }
}

static unsigned long dequeue(void) {
  for (;;) {
    unsigned long pos = atomic_load_explicit(&head, memory_order_relaxed);
    struct cell *c = &cells[pos & (CAPACITY - 1)];
    unsigned long seq = atomic_load_explicit(&c->seq, memory_order_acquire);
    if (seq == pos + 1) {
      if (atomic_compare_exchange_weak_explicit(&head, &pos, pos + 1,
                                                memory_order_relaxed,
                                                memory_order_relaxed)) {
        unsigned long v = c->value;
        atomic_store_explicit(&c->seq, pos + CAPACITY, memory_order_release);
        return v;
      }
    } else if (seq < pos + 1) { // empty: wait until this cell is filled
      wait_change(&c->seq, seq);
    }
  }
}

static void *producer(void *arg) {
  unsigned long base = (unsigned long)arg * ITEMS;
  for (unsigned long i = 0; i < ITEMS; ++i)
    enqueue(base + i + 1);
  return 0;
}

static void *consumer(void *arg) {
  unsigned long long sum = 0;
  for (int i = 0; i < PRODUCERS * ITEMS / CONSUMERS; ++i)
    sum += dequeue();
  atomic_fetch_add(&total, sum);
  return 0;
}

int main(void) {
  for (unsigned long i = 0; i < CAPACITY; ++i)
    atomic_init(&cells[i].seq, i);
  pthread_t p[PRODUCERS], c[CONSUMERS];
  double start = bench_now_us();
  for (long i = 0; i < PRODUCERS; ++i)
    pthread_create(&p[i], 0, producer, (void *)i);
  for (long i = 0; i < CONSUMERS; ++i)
    pthread_create(&c[i], 0, consumer, 0);
  for (int i = 0; i < PRODUCERS; ++i)
    pthread_join(p[i], 0);
  for (int i = 0; i < CONSUMERS; ++i)
    pthread_join(c[i], 0);
  bench_report("lfqueue", start, atomic_load(&total));
  return 0;
}
