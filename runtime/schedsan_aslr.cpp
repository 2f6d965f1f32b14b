//===- schedsan_aslr.cpp - One address-space layout for every run ---------===//
//
// FILE:
//    runtime/schedsan_aslr.cpp
//
// DESCRIPTION:
//    See schedsan_aslr.h. The re-execution is skipped when randomization is
//    already off, when the options say aslr=1, and when an earlier attempt
//    did not take (the kernel clears the flag for set-user-ID programs):
//    SCHEDSAN_ASLR_REEXEC marks the attempt and is removed from the
//    environment again, so the program never sees it.
//===----------------------------------------------------------------------===//
#include "schedsan_aslr.h"
#include "schedsan_flags.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

extern char **environ;
extern "C" const char __schedsan_default_strategy[];

namespace schedsan {

namespace {

constexpr const char kMarker[] = "SCHEDSAN_ASLR_REEXEC";

// argv from /proc/self/cmdline: NUL-separated, in a static buffer.
bool readArgv(char **Argv, int Max) {
  static char Raw[65536];
  int Fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  ssize_t N = 0, R;
  while (N < (ssize_t)sizeof(Raw) - 1 &&
         (R = read(Fd, Raw + N, sizeof(Raw) - 1 - N)) > 0)
    N += R;
  close(Fd);
  if (N <= 0 || N >= (ssize_t)sizeof(Raw) - 1)
    return false; // empty, or too long to be sure it is whole
  Raw[N] = 0;
  int Argc = 0;
  for (char *A = Raw; A < Raw + N && Argc < Max - 1; A += strlen(A) + 1)
    Argv[Argc++] = A;
  Argv[Argc] = nullptr;
  return Argc > 0;
}

} // namespace

void reexecWithoutAslr() {
  // Called at .preinit_array time and again by ensureInit(): a process
  // re-executed once never tries again, whatever its layout.
  static bool Reexecuted = false;
  if (Reexecuted)
    return;
  if (getenv(kMarker)) {
    Reexecuted = true;
    unsetenv(kMarker);
    return;
  }
  if (flags.aslr)
    return;
  int Persona = personality(0xffffffff);
  if (Persona == -1 || (Persona & ADDR_NO_RANDOMIZE))
    return;
  static char *Argv[4096];
  if (!readArgv(Argv, 4096))
    return;
  if (personality(Persona | ADDR_NO_RANDOMIZE) == -1)
    return;
  setenv(kMarker, "1", 1);
  execve("/proc/self/exe", Argv, environ);
  // Could not: go on as we are.
  unsetenv(kMarker);
  personality(Persona);
}

namespace {

// As early as a process can act: the executable's .preinit_array runs
// before any shared library's constructor, so none of them runs twice
// (once before the re-execution, once after). ensureInit() checks again
// for a runtime started some other way.
void preinit(int, char **, char **Envp) {
  // The C library has not run its own initialization yet: environ (which
  // getenv reads and execve passes on) is set from what the loader gives.
  if (!environ)
    environ = Envp;
  initFlags(__schedsan_default_strategy);
  reexecWithoutAslr();
}

__attribute__((section(".preinit_array"), used)) void (*const Preinit)(
    int, char **, char **) = preinit;

} // namespace

} // namespace schedsan
