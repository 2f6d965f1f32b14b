//===- Diag.cpp - Errors, notes and the progress line ---------------------===//
//
// FILE:
//    utils/schedsan-run/cli/Diag.cpp
//
// DESCRIPTION:
//    See Diag.h.
//===----------------------------------------------------------------------===//
#include "cli/Diag.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unistd.h>

namespace schedsan::run {

namespace {

std::mutex Lock;
bool ProgressShown = false;
std::string Command;
void (*FatalCleanup)() = nullptr;

void eraseLocked() {
  if (ProgressShown)
    std::fputs("\r\033[K", stderr);
  ProgressShown = false;
}

void printLocked(const char *Level, const std::string &Msg) {
  eraseLocked();
  std::fprintf(stderr, "schedsan: %s%s\n", Level, Msg.c_str());
  std::fflush(stderr);
}

} // namespace

void setCommand(const std::string &Subcommand) { Command = Subcommand; }

void setFatalCleanup(void (*Cleanup)()) { FatalCleanup = Cleanup; }

void fatal(const std::string &Msg) {
  {
    std::lock_guard<std::mutex> G(Lock);
    printLocked("error: ", Msg);
  }
  if (void (*C)() = FatalCleanup) {
    FatalCleanup = nullptr;
    C();
  }
  std::exit(kExitSetup);
}

void usageError(const std::string &Msg) {
  {
    std::lock_guard<std::mutex> G(Lock);
    printLocked("error: ", Msg);
    std::fprintf(stderr, "(see 'schedsan %s%s--help')\n", Command.c_str(),
                 Command.empty() ? "" : " ");
  }
  std::exit(kExitSetup);
}

void note(const std::string &Msg) {
  std::lock_guard<std::mutex> G(Lock);
  printLocked("note: ", Msg);
}

void warning(const std::string &Msg) {
  std::lock_guard<std::mutex> G(Lock);
  printLocked("warning: ", Msg);
}

bool stderrIsTerminal() {
  static const bool Tty = isatty(2);
  return Tty;
}

void showProgress(const std::string &Line) {
  if (!stderrIsTerminal())
    return;
  std::lock_guard<std::mutex> G(Lock);
  std::fprintf(stderr, "\r%s\033[K", Line.c_str());
  std::fflush(stderr);
  ProgressShown = true;
}

void clearProgress() {
  std::lock_guard<std::mutex> G(Lock);
  eraseLocked();
  std::fflush(stderr);
}

std::string lastError() { return std::strerror(errno); }

} // namespace schedsan::run
