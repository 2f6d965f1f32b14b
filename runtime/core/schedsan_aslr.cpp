//===- schedsan_aslr.cpp - One address-space layout for every run ---------===//
//
// FILE:
//    runtime/core/schedsan_aslr.cpp
//
// DESCRIPTION:
//    Programs whose choices depend on addresses (hash tables keyed by
//    pointers, libstdc++'s std::barrier, which places each thread by the
//    hash of its pthread_t) run differently under another address-space
//    layout, so the same seed would give another schedule and a replay
//    would diverge. With aslr=0 (the default) the program re-executes
//    itself once, before anything else runs, with address-space
//    randomization off (personality(ADDR_NO_RANDOMIZE), as `setarch -R`
//    does): every run, served or exec'd, then has the same layout.
//
//    The re-execution is skipped when randomization is already off, when
//    the options say aslr=1, and when an earlier attempt did not take
//    (the kernel clears the flag for set-user-ID programs):
//    SCHEDSAN_ASLR_REEXEC marks the attempt and is removed from the
//    environment again, so the program never sees it.
//===----------------------------------------------------------------------===//
#include "core/schedsan_flags.h"
#include "schedsan/schedsan_protocol.h"

#include <stdlib.h>
#include <sys/personality.h>
#include <unistd.h>

extern char **environ;
extern "C" const char __schedsan_default_strategy[];

namespace schedsan {

namespace {

constexpr const char kMarker[] = SCHEDSAN_ENV_ASLR_REEXEC;

// Does not return when it re-executes the program (Argv: its arguments).
void reexecWithoutAslr(char **Argv) {
  if (getenv(kMarker)) {
    unsetenv(kMarker); // tried once; go on whatever the layout is
    return;
  }
  if (flags.aslr)
    return;
  int Persona = personality(0xffffffff);
  if (Persona == -1 || (Persona & ADDR_NO_RANDOMIZE))
    return;
  if (personality(Persona | ADDR_NO_RANDOMIZE) == -1)
    return;
  setenv(kMarker, "1", 1);
  execve("/proc/self/exe", Argv, environ);
  // Could not: go on as we are.
  unsetenv(kMarker);
  personality(Persona);
}

// As early as a process can act: the executable's .preinit_array runs
// before any shared library's constructor, so none of them runs twice
// (once before the re-execution, once after). The runtime is linked only
// into executables, so this always runs, once a process.
void preinit(int, char **Argv, char **Envp) {
  // The C library has not run its own initialization yet: environ (which
  // getenv reads and execve passes on) is set from what the loader gives.
  if (!environ)
    environ = Envp;
  initFlags(__schedsan_default_strategy);
  reexecWithoutAslr(Argv);
}

__attribute__((section(".preinit_array"),
               used)) void (*const Preinit)(int, char **, char **) = preinit;

} // namespace

} // namespace schedsan
