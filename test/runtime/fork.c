// fork: the child continues uncontrolled (its own threads run freely) and
// the parent's schedule is undisturbed.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 20 %t | FileCheck %s
// CHECK: 20 seeds passed
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *work(void *arg) {
  for (int i = 0; i < 10; ++i) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main() {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  pid_t pid = fork();
  if (pid == 0) {
    pthread_t a, b;
    counter = 0;
    pthread_create(&a, 0, work, 0);
    pthread_create(&b, 0, work, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    _exit(counter == 20 ? 0 : 1);
  }
  int status;
  waitpid(pid, &status, 0);
  pthread_join(t, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 && counter == 10 ? 0 : 1;
}
