//===- Program.h - Find the program, check it -------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/cli/Program.h
//
// DESCRIPTION:
//    Before a campaign starts: the program must exist and be executable, and
//    be built with schedsan. An instrumented executable contains the names
//    __schedsan_default_strategy (the runtime) and __schedsan_init_module
//    (the pass's module constructor); both survive `strip` (they are
//    exported for instrumented shared libraries). A program without them
//    would run unscheduled and every run would look clean, so it is refused
//    (exit 2). Then one probe run with help=1 checks the runtime options
//    (the runtime refuses unknown keys and bad values, naming them) and
//    which runtime features the program has (trace_dir, the fork server).
//    The strategy the program was built with is read from its ELF symbol
//    tables (the value of __schedsan_default_strategy).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_PROGRAM_H
#define SCHEDSAN_RUN_PROGRAM_H

#include "cli/Options.h"

#include <string>
#include <vector>

namespace schedsan::run {

struct Program {
  std::string Path;              // what to exec (PATH resolved)
  std::vector<std::string> Argv; // as given: argv[0] and the arguments
  bool HasForkServer = false;    // the runtime knows SCHEDSAN_FORKSERVER
  bool HasTraceDir = false;      // the runtime knows trace_dir=
  bool HasCoverage = false;      // the runtime knows coverage_file=
  bool HasRf = false;            // the runtime knows rf_file= (rff)
  bool HasSharedSites = false;   // ... shared_sites_file=, decision_sites=
  // The strategy it was built with (__schedsan_default_strategy: "" means
  // random); Known false if the ELF file could not tell.
  std::string DefaultStrategy;
  bool DefaultKnown = false;
};

// Resolves and checks Argv[0]; exits 2 with a clear message if it is
// missing, not executable, or not built with schedsan.
Program findProgram(const std::vector<std::string> &Argv);

// Runs the program once with SCHEDSAN_OPTIONS=<Options>:help=1. Exits 2
// with the runtime's own message if it refuses the options or the program
// cannot start; otherwise records the features the runtime lists.
void probeRuntime(Program &P, const std::vector<std::string> &Env,
                  const std::string &Options);

// The campaign's strategy (RunOptions::Effective), once the program P is
// known and Env holds the environment's options (environmentOptions()).
void resolveStrategy(RunOptions &O, const Program &P, const std::string &Env);

} // namespace schedsan::run

#endif
