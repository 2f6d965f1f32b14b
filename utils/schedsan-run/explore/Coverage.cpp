//===- Coverage.cpp - A campaign's event pairs ----------------------------===//
//
// FILE:
//    utils/schedsan-run/explore/Coverage.cpp
//
// DESCRIPTION:
//    See Coverage.h.
//===----------------------------------------------------------------------===//
#include "explore/Coverage.h"
#include "campaign/Files.h"
#include "results/Json.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>

namespace schedsan::run {

std::vector<std::string> readCoverageFile(const std::string &Path) {
  std::vector<std::string> Pairs;
  std::string Text;
  if (!readRunFile(Path, Text))
    return Pairs;
  const std::string Header = SCHEDSAN_COVERAGE_HEADER "\n";
  if (Text.compare(0, Header.size(), Header) != 0)
    return Pairs;
  for (size_t Pos = Header.size(); Pos < Text.size();) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      break; // a line the run did not finish
    size_t Space = Text.find(' ', Pos);
    if (Text[Pos] != '#' && Space > Pos && Space < End &&
        Text.find(' ', Space + 1) >= End)
      Pairs.push_back(Text.substr(Pos, End - Pos));
    Pos = End + 1;
  }
  return Pairs;
}

size_t Coverage::add(uint64_t Seed, const std::vector<std::string> &New) {
  size_t Added = 0;
  for (const std::string &P : New)
    Added += Pairs.try_emplace(P, First{Seed, Runs}).second;
  ++Runs;
  SinceNew = Added ? 0 : SinceNew + 1;
  return Added;
}

Coverage
Coverage::fromFirstSeeds(const std::map<std::string, uint64_t> &FirstSeeds,
                         const std::vector<uint64_t> &SortedSeeds) {
  Coverage C;
  C.Enabled = true;
  C.Runs = SortedSeeds.size();
  for (const auto &[Pair, Seed] : FirstSeeds) {
    auto It = std::lower_bound(SortedSeeds.begin(), SortedSeeds.end(), Seed);
    if (It == SortedSeeds.end())
      continue; // after the last run kept (--until-bug)
    C.Pairs.emplace(Pair, First{Seed, uint64_t(It - SortedSeeds.begin())});
  }
  // The runs since the last new pair, as add() counts them.
  uint64_t LastRank = 0;
  bool Any = false;
  for (const auto &P : C.Pairs) {
    LastRank = std::max(LastRank, P.second.Rank);
    Any = true;
  }
  C.SinceNew = Any ? C.Runs - 1 - LastRank : C.Runs;
  return C;
}

uint64_t Coverage::newInWindow() const {
  const uint64_t From = Runs - window();
  uint64_t N = 0;
  for (const auto &P : Pairs)
    N += P.second.Rank >= From;
  return N;
}

std::string Coverage::summaryText() const {
  const uint64_t W = window(), New = newInWindow();
  return "event pairs: " + std::to_string(total()) + "; the last " +
         (W == 1 ? std::string("run") : std::to_string(W) + " runs") +
         " added " + std::to_string(New) + " new pair" + (New == 1 ? "" : "s");
}

Json Coverage::toJson() const {
  Json List = Json::array();
  for (const auto &[Pair, F] : Pairs) {
    size_t Space = Pair.find(' ');
    Json P = Json::object();
    P.set("before", Pair.substr(0, Space));
    P.set("after", Pair.substr(Space + 1));
    P.set("first_seed", F.Seed);
    List.push(std::move(P));
  }
  Json C = Json::object();
  C.set("pairs_total", total());
  C.set("window", window());
  C.set("new_in_window", newInWindow());
  C.set("pairs", std::move(List));
  return C;
}

bool Coverage::firstSeedsFromJson(const Json &Results,
                                  std::map<std::string, uint64_t> &FirstSeeds) {
  const Json *C = Results.get("coverage");
  if (!C || C->kind() != Json::Kind::Object)
    return false;
  for (const Json &P : (*C)["pairs"].items()) {
    std::string Pair = P["before"].asString() + " " + P["after"].asString();
    uint64_t Seed = P["first_seed"].asUInt();
    auto [It, New] = FirstSeeds.emplace(Pair, Seed);
    if (!New)
      It->second = std::min(It->second, Seed);
  }
  return true;
}

} // namespace schedsan::run
