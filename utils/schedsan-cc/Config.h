//===- Config.h - schedsan-config -------------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Config.h
//
// DESCRIPTION:
//    schedsan-config prints what a plain clang build needs to use schedsan
//    without the wrappers:
//        clang $(schedsan-config --cflags) -c x.c
//        clang x.o $(schedsan-config --ldflags --strategy=pct) -o x
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_CONFIG_H
#define SCHEDSAN_CC_CONFIG_H

#include "Paths.h"

#include <string>
#include <vector>

namespace schedsan::cc {

// Args is argv without argv[0]. Returns the exit status.
int runConfig(const std::vector<std::string> &Args, const Layout &L);

} // namespace schedsan::cc

#endif
