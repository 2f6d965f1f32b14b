//===- RffFile.cpp - A run's reads-from pairs and constraints -------------===//
//
// FILE:
//    utils/schedsan-run/explore/RffFile.cpp
//
// DESCRIPTION:
//    See RffFile.h.
//===----------------------------------------------------------------------===//
#include "explore/RffFile.h"
#include "ReadsFrom.h"
#include "campaign/Files.h"
#include "cli/Options.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>

namespace schedsan::run {

bool parseRfKeyText(const std::string &Text, uint64_t &Key) {
  const char *P = Text.c_str();
  uint32_t K;
  if (!parseRfKey(P, K) || *P)
    return false;
  Key = K;
  return true;
}

std::string rfKeyText(uint64_t Key) {
  char Buf[24];
  formatRfKey(Buf, sizeof(Buf), (uint32_t)Key);
  return Buf;
}

void canonicalize(std::vector<RfConstraint> &Set) {
  std::sort(Set.begin(), Set.end());
  Set.erase(std::unique(Set.begin(), Set.end()), Set.end());
}

std::string formatConstraints(const std::vector<RfConstraint> &Set) {
  std::string Out;
  for (const RfConstraint &C : Set)
    Out += (Out.empty() ? "" : ",") + rfKeyText(C.Read) + (C.Not ? "!" : "<") +
           rfKeyText(C.Write);
  return Out;
}

bool parseConstraints(const std::string &Text, std::vector<RfConstraint> &Set,
                      std::string &Error) {
  Set.clear();
  if (Text.empty())
    return true;
  for (size_t Pos = 0; Pos <= Text.size();) {
    size_t Comma = std::min(Text.find(',', Pos), Text.size());
    std::string Item = Text.substr(Pos, Comma - Pos);
    Pos = Comma + 1;
    size_t Op = Item.find_first_of("<!");
    RfConstraint C;
    if (Op == std::string::npos ||
        !parseRfKeyText(Item.substr(0, Op), C.Read) || !C.Read ||
        !parseRfKeyText(Item.substr(Op + 1), C.Write)) {
      Error = "'" + Item + "' is not R<W or R!W (event keys S@T or sites S)";
      return false;
    }
    C.Not = Item[Op] == '!';
    Set.push_back(C);
  }
  return true;
}

bool RfRun::allHeld() const {
  return !Held.empty() &&
         std::all_of(Held.begin(), Held.end(), [](int H) { return H == 1; });
}

RfRun parseRfText(const std::string &Text, size_t Constraints) {
  RfRun R;
  R.Held.assign(Constraints, -1);
  auto Bad = [&](const std::string &Why) {
    RfRun M;
    M.Held.assign(Constraints, -1);
    M.Malformed = true;
    M.Why = Why;
    return M;
  };
  const std::string Header = SCHEDSAN_RF_HEADER "\n";
  if (Text.empty())
    return Bad("it is empty");
  if (Text.compare(0, Header.size(), Header) != 0)
    return Bad("its first line is not '" SCHEDSAN_RF_HEADER "'");
  unsigned Line = 1;
  for (size_t Pos = Header.size(); Pos < Text.size();) {
    ++Line;
    size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      return Bad("line " + std::to_string(Line) + " has no end");
    std::string L = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    size_t Space = L.find(' ');
    const std::string Held = SCHEDSAN_RF_HELD; // "# held <i> <0|1>"
    if (L.compare(0, Held.size(), Held) == 0) {
      std::string Rest = L.substr(Held.size());
      size_t Sp = Rest.find(' ');
      uint64_t I, V;
      if (Sp == std::string::npos || !parseDecimal(Rest.substr(0, Sp), I) ||
          !parseDecimal(Rest.substr(Sp + 1), V) || V > 1 || I >= Constraints)
        return Bad("line " + std::to_string(Line) + " '" + L +
                   "' is not '# held <i> <0|1>' for one of the run's " +
                   std::to_string(Constraints) + " constraints");
      R.Held[I] = (int)V;
      continue;
    }
    if (!L.empty() && L[0] == '#')
      continue;
    RfPair P;
    if (Space == std::string::npos ||
        !parseRfKeyText(L.substr(0, Space), P.Write) ||
        !parseRfKeyText(L.substr(Space + 1), P.Read))
      return Bad("line " + std::to_string(Line) + " '" + L +
                 "' is not '<write> <read>' (event keys S@T, or 0)");
    R.Pairs.push_back(P);
  }
  std::sort(R.Pairs.begin(), R.Pairs.end());
  R.Pairs.erase(std::unique(R.Pairs.begin(), R.Pairs.end()), R.Pairs.end());
  return R;
}

RfRun readRfFile(const std::string &Path, size_t Constraints) {
  std::string Text;
  if (!readRunFile(Path, Text)) {
    RfRun None;
    None.Held.assign(Constraints, -1);
    return None;
  }
  return parseRfText(Text, Constraints);
}

} // namespace schedsan::run
