// Fixed twin of ../rwlock_misuse.c: a miss under the read lock is retried
// under the write lock, which looks the name up again before inserting it.
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
  pthread_rwlock_unlock(&table_lock);
  if (s)
    return s;
  pthread_rwlock_wrlock(&table_lock);
  s = find(name); // another thread may have inserted it meanwhile
  if (!s)
    s = insert(name);
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
  assert(size == NAMES);
  printf("size=%d\n", size);
  for (int i = 0; i < size; ++i)
    free(table[i]);
  return 0;
}
