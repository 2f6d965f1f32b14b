// A parallel file scanner -- after pfscan (Inspect, as used by Concurrit,
// Elmas et al., PLDI 2013, Table 1).
//
// Kind: atomicity violation (a lost update). Main puts the file names into
//   a work queue (pqueue_put), closes it and starts the workers; they take
//   names (pqueue_get) and scan each file for the pattern. A worker's
//   file_done adds its matches under the lock but counts the file in
//   files_done by reading it before and writing it after that critical
//   section: two workers that read the same count lose one file.
// Threads: main, two workers (worker); the workers matter.
// The bug: main's final assertion ("a scanned file was not counted")
//   fails when file_done's read and write of files_done interleave.
// Functions that matter: file_done.
// Control point (SearchInFuncLS: between the racy read and write): 2.
// Fixed twin: fixed/pfscan.c (files_done counted under the lock).
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>
#include <string.h>

#define NFILES 3

static const char *const names[NFILES] = {"a.txt", "b.txt", "c.txt"};
static const char *const contents[NFILES] = {"the cat", "a dog", "cat cat"};

static const char *queue[NFILES];
static int q_head, q_count, q_closed;
static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_more = PTHREAD_COND_INITIALIZER;

static pthread_mutex_t matches_lock = PTHREAD_MUTEX_INITIALIZER;
static int matches;
static int files_done; // the racy count

static void pqueue_put(const char *name) {
  pthread_mutex_lock(&q_lock);
  queue[q_head + q_count++] = name;
  pthread_cond_signal(&q_more);
  pthread_mutex_unlock(&q_lock);
}

static const char *pqueue_get(void) {
  pthread_mutex_lock(&q_lock);
  while (q_count == 0 && !q_closed)
    pthread_cond_wait(&q_more, &q_lock);
  const char *name = 0;
  if (q_count > 0) {
    name = queue[q_head++];
    --q_count;
  }
  pthread_mutex_unlock(&q_lock);
  return name;
}

static int scan(const char *name, const char *pattern) {
  int i = (int)(name[0] - 'a'), n = 0;
  for (const char *p = contents[i]; (p = strstr(p, pattern)); ++p)
    ++n;
  return n;
}

void file_done(int found) {
  int done = files_done; // read ...
  SCHEDSAN_CONTROL_POINT(2);
  pthread_mutex_lock(&matches_lock);
  matches += found;
  pthread_mutex_unlock(&matches_lock);
  files_done = done + 1; // ... write back: another worker's count is lost
}

static void *worker(void *arg) {
  const char *name;
  while ((name = pqueue_get()))
    file_done(scan(name, "cat"));
  return arg;
}

int main(void) {
  for (int i = 0; i < NFILES; ++i) // the names on the command line
    pqueue_put(names[i]);
  pthread_mutex_lock(&q_lock);
  q_closed = 1;
  pthread_mutex_unlock(&q_lock);
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  assert(files_done == NFILES && "a scanned file was not counted");
  printf("files=%d matches=%d\n", files_done, matches);
  return 0;
}
