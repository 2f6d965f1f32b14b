// A constructor forks; parent and child both go on to main. The child (its
// runtime runs uncontrolled after the fork) must not serve runs as well:
// only the process the runner started is a fork server.
#include <unistd.h>

static pid_t first;

__attribute__((constructor)) static void split(void) {
  first = getpid();
  fork();
}

int main(void) {
  if (getpid() != first)
    _exit(0); // the constructor's child
  return 0;
}
