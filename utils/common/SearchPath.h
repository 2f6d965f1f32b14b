//===- SearchPath.h - Finding a program like execvp does --------*- C++ -*-===//
//
// FILE:
//    utils/common/SearchPath.h
//
// DESCRIPTION:
//    Shared by the compiler wrappers (the compiler to run) and the runner
//    (the program to test).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_UTILS_SEARCHPATH_H
#define SCHEDSAN_UTILS_SEARCHPATH_H

#include <string>

namespace schedsan {

// Name itself if it contains a '/'; else the first executable Dir/Name for
// the directories of $PATH (an empty entry is the current directory; no
// PATH: /usr/local/bin:/usr/bin:/bin) that is not the file Skip (compared
// with symlinks resolved; "" skips nothing); else "".
std::string searchPath(const std::string &Name, const std::string &Skip = "");

} // namespace schedsan

#endif // SCHEDSAN_UTILS_SEARCHPATH_H
