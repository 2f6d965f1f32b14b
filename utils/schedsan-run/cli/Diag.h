//===- Diag.h - Errors, notes and the progress line -------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/cli/Diag.h
//
// DESCRIPTION:
//    Everything `schedsan` prints to stderr: errors (`schedsan: error: ...`,
//    exit 2: usage and set-up problems), notes and warnings, and the one-line
//    progress display. Worker threads print notes while the progress line is
//    up, so all of it goes through one lock, and a note first erases the
//    progress line.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_DIAG_H
#define SCHEDSAN_RUN_DIAG_H

#include <string>

namespace schedsan::run {

// Exit status of a usage or set-up error.
constexpr int kExitSetup = 2;

// "schedsan: error: <Msg>" and exit 2. usageError also suggests --help for
// the subcommand last passed to setCommand().
[[noreturn]] void fatal(const std::string &Msg);
[[noreturn]] void usageError(const std::string &Msg);
void setCommand(const std::string &Subcommand);
// Called by fatal() before it exits (e.g. to remove half-written results).
void setFatalCleanup(void (*Cleanup)());

void note(const std::string &Msg);    // "schedsan: note: <Msg>"
void warning(const std::string &Msg); // "schedsan: warning: <Msg>"

// The progress line (only ever shown when stderr is a terminal): replaces
// the current one; clearProgress() erases it.
bool stderrIsTerminal();
void showProgress(const std::string &Line);
void clearProgress();

// strerror(errno) as a std::string.
std::string lastError();

} // namespace schedsan::run

#endif
