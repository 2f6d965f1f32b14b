//===- Diag.h - Errors and the verbose command line -------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Diag.h
//
// DESCRIPTION:
//    The wrapper's only output of its own. It is silent by default, because
//    autoconf and CMake compiler checks read the compiler's stderr; it speaks
//    only for errors (`<tool>: error: ...`, exit 1) and, when
//    SCHEDSAN_WRAPPER_VERBOSE is set, to print the rewritten command line.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_DIAG_H
#define SCHEDSAN_CC_DIAG_H

#include <string>
#include <vector>

namespace schedsan::cc {

// The name used in messages: the basename we were invoked as.
void setToolName(const std::string &Name);
const std::string &toolName();

// Prints "<tool>: error: <Msg>" to stderr and exits with status 1.
[[noreturn]] void fatal(const std::string &Msg);

// True when SCHEDSAN_WRAPPER_VERBOSE is set to anything but "" or "0".
bool verbose();

// Prints "<tool>: <Argv joined by spaces>" as one line to stderr; arguments
// with spaces or shell metacharacters are single-quoted.
void printCommand(const std::vector<std::string> &Argv);

} // namespace schedsan::cc

#endif
