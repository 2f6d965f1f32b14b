//===- schedsan_flags.h - Runtime options ----------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_flags.h
//
// DESCRIPTION:
//    The options struct generated from schedsan_flags.inc, and the parser.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FLAGS_H
#define SCHEDSAN_FLAGS_H

#include "StrategyTable.h" // strategy= and search= are the table's names

#include <stddef.h>
#include <stdint.h>

namespace schedsan {

struct Flags {
#define SCHEDSAN_FLAG(Type, Name, Default, Min, Max, Runner, Desc)             \
  Type##_flag Name;
  using bool_flag = bool;
  using int_flag = int;
  using u64_flag = uint64_t;
  using str_flag = const char *;
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
};

extern Flags flags;

// Parses defaults, DefaultStrategy, __schedsan_default_options() and
// SCHEDSAN_OPTIONS into `flags` (again in each fork server child). A bad key
// or value prints an error naming it and exits with status 2; help=1 (once
// the values are checked) prints every option and exits 0.
void initFlags(const char *DefaultStrategy);

// A run's own options after the process's: SCHEDSAN_OPTIONS becomes
// SCHEDSAN_OPTIONS + ':' + Options in the environment (so the program, and
// anything it starts, sees what an exec'd run would see) and `flags` is
// parsed again (a fork server's run, a check's run).
void addRunOptions(const char *Options);

// The strategies strategy= accepts, as "random, pct, ...".
const char *strategyList();

// Value with ':' and '\\' escaped by a backslash, as SCHEDSAN_OPTIONS reads
// it back, in Out[0, Size) (NUL-terminated); false if it was cut short.
bool escapeOptionValue(const char *In, char *Out, size_t Size);

// The room a report's replay line and a trace's header give the changed
// options (formatChangedFlags): rf_constraints= may be about 2,000
// characters (utils/schedsan-run/explore/RffMutate.h).
constexpr size_t kOptionsTextMax = 4096;

// The options that differ from the defaults, as "k=v:k=v" (for the replay
// command line): strategy and seed first, then the others, leaving out
// those a runner sets on each run (schedsan_flags.inc's Runner column:
// where files go, replay, help).
void formatChangedFlags(char *Buf, unsigned Size);

} // namespace schedsan

#endif // SCHEDSAN_FLAGS_H
