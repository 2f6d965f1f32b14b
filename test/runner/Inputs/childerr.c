// A child process (here a plain fork) writes what looks like a sanitizer
// report on the shared stderr and ends; the program itself ends cleanly.
// The report is the child's: the run passes.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  pid_t pid = fork();
  if (pid == 0) {
    fprintf(stderr, "==%d==ERROR: AddressSanitizer: heap-use-after-free\n"
                    "SUMMARY: AddressSanitizer: heap-use-after-free\n",
            (int)getpid());
    _exit(0);
  }
  waitpid(pid, 0, 0);
  return 0;
}
