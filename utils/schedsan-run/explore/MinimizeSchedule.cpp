//===- MinimizeSchedule.cpp - A schedule as the minimizer edits it -------===//
//
// FILE:
//    utils/schedsan-run/explore/MinimizeSchedule.cpp
//
// DESCRIPTION:
//    See MinimizeSchedule.h.
//===----------------------------------------------------------------------===//
#include "explore/MinimizeSchedule.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

namespace schedsan::run {

std::vector<std::pair<uint64_t, unsigned>> switchLog(const std::string &Output,
                                                     int Pid) {
  const std::string Tag =
      "==" + std::to_string(Pid) + "==" SCHEDSAN_SUMMARY_TAG "step ";
  std::vector<std::pair<uint64_t, unsigned>> Log;
  for (size_t P = Output.find(Tag); P != std::string::npos;
       P = Output.find(Tag, P + 1)) {
    char *End;
    uint64_t Step = std::strtoull(Output.c_str() + P + Tag.size(), &End, 10);
    const char *Arrow = std::strstr(End, "-> T");
    const char *Eol = std::strchr(End, '\n');
    if (!Arrow || (Eol && Eol < Arrow))
      continue;
    if (!Log.empty() && Log.back().first == Step)
      Log.pop_back(); // the last switch at a step is the one that ran it
    Log.push_back({Step, (unsigned)std::strtoul(Arrow + 4, nullptr, 10)});
  }
  return Log;
}

std::vector<Segment> segments(const Schedule &S) {
  std::vector<Segment> Segs = {{1, 0, 0}};
  for (const auto &[Step, Tid] : S.Switches)
    if (Step > Segs.back().Start && Tid != Segs.back().Tid)
      Segs.push_back({Step, 0, Tid});
  for (size_t I = 0; I != Segs.size(); ++I) {
    uint64_t End = I + 1 < Segs.size() ? Segs[I + 1].Start : S.Steps + 1;
    Segs[I].Length = End > Segs[I].Start ? End - Segs[I].Start : 0;
  }
  return Segs;
}

std::vector<std::string> pullForward(const Schedule &S, size_t J) {
  std::vector<Segment> Segs = segments(S);
  if (J + 1 >= Segs.size())
    return {};
  size_t M = J + 2;
  while (M < Segs.size() && Segs[M].Tid != Segs[J].Tid)
    ++M;
  if (M >= Segs.size())
    return {};
  std::vector<size_t> Order;
  for (size_t I = 0; I != Segs.size(); ++I)
    if (I != M)
      Order.push_back(I);
  Order.insert(Order.begin() + J + 1, M);
  // Where each old segment starts now.
  std::vector<uint64_t> NewStart(Segs.size());
  uint64_t At = 1;
  for (size_t I : Order) {
    NewStart[I] = At;
    At += Segs[I].Length;
  }
  // (step * 2, + 1 for a choice: a step's pick comes before its choices;
  // then the order they come in) and the line.
  std::vector<std::tuple<uint64_t, size_t, std::string>> Lines;
  unsigned Running = Segs[Order[0]].Tid;
  for (size_t I : Order) {
    if (Segs[I].Tid != Running)
      Lines.emplace_back(NewStart[I] * 2, Lines.size(),
                         "p " + std::to_string(NewStart[I]) + " " +
                             std::to_string(Segs[I].Tid));
    Running = Segs[I].Tid;
  }
  for (const std::string &D : S.Decisions) {
    std::istringstream In(D);
    std::string Kind, Rest;
    uint64_t Step = 0;
    In >> Kind >> Step;
    std::getline(In, Rest);
    if (Kind != "c")
      continue;
    size_t K = 0;
    while (K + 1 < Segs.size() && Segs[K + 1].Start <= Step)
      ++K;
    uint64_t Moved = NewStart[K] + (Step - Segs[K].Start);
    Lines.emplace_back(Moved * 2 + 1, Lines.size(),
                       "c " + std::to_string(Moved) + Rest);
  }
  std::sort(Lines.begin(), Lines.end());
  std::vector<std::string> Out;
  for (auto &L : Lines)
    Out.push_back(std::get<2>(L));
  return Out;
}

bool readSchedule(const std::string &Path, Schedule &S) {
  std::ifstream In(Path);
  if (!In)
    return false;
  S = Schedule();
  for (std::string Line; std::getline(In, Line);) {
    if (Line.empty())
      continue;
    if (Line[0] != '#') {
      S.Decisions.push_back(Line);
      continue;
    }
    S.Header.push_back(Line);
    if (!lineField(Line, SCHEDSAN_KEY_STRATEGY).empty()) {
      S.Strategy = lineField(Line, SCHEDSAN_KEY_STRATEGY);
      S.Seed = lineField(Line, SCHEDSAN_KEY_SEED);
    }
  }
  return !In.bad();
}

void writeSchedule(const std::string &Path, const Schedule &S,
                   const std::vector<std::string> &Decisions) {
  std::ofstream Out(Path, std::ios::trunc);
  for (const std::string &L : S.Header)
    Out << L << '\n';
  for (const std::string &L : Decisions)
    Out << L << '\n';
  Out.close();
  if (!Out)
    fatal("cannot write '" + Path + "': " + lastError());
}

} // namespace schedsan::run
