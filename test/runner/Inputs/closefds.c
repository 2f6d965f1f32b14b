// A program that cannot serve runs by fork: a constructor closes every
// inherited descriptor above stderr (as some daemons do), including the
// fork server's pipes, before the runtime greets the runner. The runner
// falls back to one exec per run, with a note.
#include <unistd.h>

__attribute__((constructor)) static void close_inherited(void) {
  for (int fd = 3; fd < 256; fd++)
    close(fd);
}

int main(void) { return 0; }
