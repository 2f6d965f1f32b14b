// Shared code of the overhead benchmarks: a monotonic clock and the
// result line that benchmarks/overhead/run.py parses.
//
// Each benchmark times its parallel region only (thread creation to the last
// join), so process start-up and the runtime's initialization are not part
// of the figure, and prints
//     <name> us=<microseconds> check=<checksum>
// The checksum is the same for every build and schedule; run.py compares it
// across builds to make sure every build did the same work.
#ifndef SCHEDSAN_BENCH_H
#define SCHEDSAN_BENCH_H

#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// The real clock: an instrumented program's clock_gettime returns virtual
// time (runtime/core/schedsan_time.cpp), so the system call is made directly.
static inline double bench_now_us(void) {
  struct timespec t;
  syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static inline void bench_report(const char *name, double start_us,
                                unsigned long long check) {
  printf("%s us=%.0f check=%llu\n", name, bench_now_us() - start_us, check);
}

// Functions marked PRIVATE_KERNEL touch memory that one thread owns at the
// time. With -DPRIVATE_IGNORED they are not instrumented: the build that
// measures what a filter for such memory would save. They are never inlined
// (in every build, so the builds run the same code), because the pass only
// sees the function an access ends up in.
#ifdef PRIVATE_IGNORED
#define PRIVATE_KERNEL __attribute__((noinline, annotate("schedsan_ignore")))
#else
#define PRIVATE_KERNEL __attribute__((noinline))
#endif

#endif
