//===- RuntimeFlags.cpp - The runtime's options, as the runner sees them --===//
//
// FILE:
//    utils/schedsan-run/RuntimeFlags.cpp
//
// DESCRIPTION:
//    See RuntimeFlags.h.
//===----------------------------------------------------------------------===//
#include "RuntimeFlags.h"

namespace schedsan::run {

namespace {

struct RuntimeFlag {
  const char *Name;
  const char *Runner;
};

const RuntimeFlag AllFlags[] = {
#define SCHEDSAN_FLAG(Type, Name, Default, Runner, Desc) {#Name, Runner},
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
};

} // namespace

const char *setByRunner(const std::string &Key) {
  for (const RuntimeFlag &F : AllFlags)
    if (Key == F.Name)
      return F.Runner;
  return nullptr;
}

} // namespace schedsan::run
