//===- TimelineSymbols.cpp - Naming the intercepted calls' callers --------===//
//
// FILE:
//    utils/schedsan-run/replay/TimelineSymbols.cpp
//
// DESCRIPTION:
//    An intercepted call (pthread_mutex_lock, ...) has no site of the pass:
//    the event log names its caller's return address as
//    `pc 0x... (MODULE+0xOFFSET)`. With llvm-symbolizer (of the LLVM
//    schedsan was built with, else one on PATH), each such place becomes
//    `FILE:LINE:COL in FUNCTION` of the call (the return address minus one,
//    as sanitizers symbolize a caller), like the pass's sites; a place it
//    cannot name stays as it was.
//===----------------------------------------------------------------------===//
#include "replay/Timeline.h"
#include "results/Results.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <unistd.h>

namespace schedsan::run {

namespace {

#ifndef SCHEDSAN_LLVM_SYMBOLIZER
#define SCHEDSAN_LLVM_SYMBOLIZER ""
#endif

// The LLVM's symbolizer, else one on PATH, or "".
std::string findSymbolizer() {
  if (access(SCHEDSAN_LLVM_SYMBOLIZER, X_OK) == 0)
    return shellQuote(SCHEDSAN_LLVM_SYMBOLIZER);
  if (std::system("command -v llvm-symbolizer >/dev/null 2>&1") == 0)
    return "llvm-symbolizer";
  return "";
}

// llvm-symbolizer's answers for Offsets in Module, in order: "" where it
// could not name the place.
std::vector<std::string> symbolize(const std::string &Tool,
                                   const std::string &Module,
                                   const std::vector<uint64_t> &Offsets) {
  std::string Cmd = Tool + " --obj=" + shellQuote(Module);
  for (uint64_t Off : Offsets)
    Cmd += " 0x" + [&] {
      char Buf[32];
      snprintf(Buf, sizeof(Buf), "%llx", (unsigned long long)(Off - 1));
      return std::string(Buf);
    }();
  std::vector<std::string> Names;
  FILE *P = popen((Cmd + " 2>/dev/null").c_str(), "r");
  if (!P)
    return Names;
  // Per address: function, file:line:col (one pair per inlined frame, the
  // innermost first), then an empty line.
  char Line[4096];
  std::string Function, Where;
  unsigned InFrame = 0;
  while (fgets(Line, sizeof(Line), P)) {
    std::string L(Line);
    if (!L.empty() && L.back() == '\n')
      L.pop_back();
    if (L.empty()) {
      const bool Known = Where.compare(0, 2, "??") != 0 && Function != "??";
      Names.push_back(Known ? Where + " in " + Function : "");
      InFrame = 0;
      continue;
    }
    if (InFrame == 0)
      Function = L;
    else if (InFrame == 1)
      Where = L;
    ++InFrame;
  }
  pclose(P);
  return Names;
}

} // namespace

void symbolizePlaces(std::vector<std::string> &Places) {
  static const std::regex Pc("pc 0x[0-9a-f]+ \\((.+)\\+0x([0-9a-f]+)\\)");
  std::map<std::string, std::vector<std::pair<size_t, uint64_t>>> ByModule;
  for (size_t I = 0; I != Places.size(); ++I) {
    std::smatch M;
    if (std::regex_match(Places[I], M, Pc))
      ByModule[M[1]].push_back({I, strtoull(M[2].str().c_str(), 0, 16)});
  }
  if (ByModule.empty())
    return;
  const std::string Tool = findSymbolizer();
  if (Tool.empty())
    return;
  for (const auto &[Module, Items] : ByModule) {
    std::vector<uint64_t> Offsets;
    for (const auto &Item : Items)
      Offsets.push_back(Item.second);
    std::vector<std::string> Names = symbolize(Tool, Module, Offsets);
    for (size_t I = 0; I != Items.size() && I != Names.size(); ++I)
      if (!Names[I].empty())
        Places[Items[I].first] = Names[I];
  }
}

} // namespace schedsan::run
