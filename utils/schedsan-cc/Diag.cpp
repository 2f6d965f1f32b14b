//===- Diag.cpp - Errors and the verbose command line ---------------------===//
//
// FILE:
//    utils/schedsan-cc/Diag.cpp
//
// DESCRIPTION:
//    See Diag.h.
//===----------------------------------------------------------------------===//
#include "Diag.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace schedsan::cc {

static std::string &name() {
  static std::string Name = "schedsan-clang";
  return Name;
}

void setToolName(const std::string &Name) { name() = Name; }
const std::string &toolName() { return name(); }

void fatal(const std::string &Msg) {
  std::fprintf(stderr, "%s: error: %s\n", name().c_str(), Msg.c_str());
  std::exit(1);
}

bool verbose() {
  const char *V = std::getenv("SCHEDSAN_WRAPPER_VERBOSE");
  return V && *V && std::strcmp(V, "0") != 0;
}

static std::string quote(const std::string &Arg) {
  if (!Arg.empty() &&
      Arg.find_first_of(" \t\n'\"\\$`;&|<>()*?[]{}!#~") == std::string::npos)
    return Arg;
  std::string Q = "'";
  for (char C : Arg)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

void printCommand(const std::vector<std::string> &Argv) {
  std::string Line = name() + ":";
  for (const std::string &A : Argv)
    Line += " " + quote(A);
  std::fprintf(stderr, "%s\n", Line.c_str());
}

} // namespace schedsan::cc
