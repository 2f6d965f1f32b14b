// Bug: reader/writer lock misuse: `intern` looks a name up under the read
//        lock and, on a miss, creates the symbol and inserts it while still
//        holding only the read lock; two readers that miss the same name
//        both create a symbol for it, and callers end up holding different
//        symbols for one name.
// Depth: 2 (reader A's lookup before reader B's insert, and B's lookup
//        before A's insert: one preemption of A between its lookup and its
//        insert; the read lock lets both be inside at once).
// Threads: 3 (main, two threads interning the same two names).
// Manifests: main's assertion fails ("two symbols for one name") when the
//        two threads got different symbols for the same name; or a crash
//        (SEGV) in `find` when a reader sees the new `size` before the
//        insert stored the slot (-O1 stores `size` first: nothing orders the
//        two stores for other threads, because readers were not supposed to
//        write).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAPACITY 16
#define USERS 2
#define NAMES 2

struct symbol {
  const char *name;
  int id;
};

static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct symbol *table[CAPACITY];
static int size;

static const char *const names[NAMES] = {"alpha", "beta"};
static struct symbol *got[USERS][NAMES];

static struct symbol *find(const char *name) {
  for (int i = 0; i < size; ++i)
    if (strcmp(table[i]->name, name) == 0)
      return table[i];
  return NULL;
}

static struct symbol *insert(const char *name) {
  struct symbol *s = malloc(sizeof *s);
  s->name = name;
  s->id = size;
  table[size++] = s;
  return s;
}

static struct symbol *intern(const char *name) {
  pthread_rwlock_rdlock(&table_lock);
  struct symbol *s = find(name);
  if (!s)
    s = insert(name); // BUG: modifies the table under the read lock
  pthread_rwlock_unlock(&table_lock);
  return s;
}

static void *user(void *arg) {
  long u = (long)arg;
  for (int i = 0; i < NAMES; ++i)
    got[u][i] = intern(names[i]);
  return 0;
}

int main(void) {
  pthread_t t[USERS];
  for (long u = 0; u < USERS; ++u)
    pthread_create(&t[u], 0, user, (void *)u);
  for (int u = 0; u < USERS; ++u)
    pthread_join(t[u], 0);
  for (int i = 0; i < NAMES; ++i)
    assert(got[0][i] == got[1][i] && "two symbols for one name");
  printf("size=%d\n", size);
  return 0; // (the symbols are not freed: one may be in no table slot)
}
