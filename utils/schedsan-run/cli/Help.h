//===- Help.h - The --help texts of the subcommands -------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/cli/Help.h
//
// DESCRIPTION:
//    One text per subcommand, printed by its parser (Options.cpp) for -h.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_HELP_H
#define SCHEDSAN_RUN_HELP_H

namespace schedsan::run {

extern const char *RunHelp;
extern const char *ReplayHelp;
extern const char *MinimizeHelp;
extern const char *MergeHelp;

} // namespace schedsan::run

#endif
