//===- Merge.cpp - schedsan merge -----------------------------------------===//
//
// FILE:
//    utils/schedsan-run/results/Merge.cpp
//
// DESCRIPTION:
//    See Merge.h.
//===----------------------------------------------------------------------===//
#include "results/Merge.h"
#include "cli/Diag.h"
#include "cli/Options.h"
#include "results/JUnit.h"
#include "results/ResultsJson.h"
#include "results/Summary.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace schedsan::run {

namespace {

struct Input {
  CampaignInfo Info;
  std::vector<RunRecord> Runs;
  bool HasCoverage = false;
  RffFigures Rff; // --strategy rff: each shard's own corpus
};

// Also adds its event pairs to FirstSeeds (the lowest first seed of each).
Input readCampaign(const std::string &Path,
                   std::map<std::string, uint64_t> &FirstSeeds) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    fatal("cannot read '" + Path + "'");
  std::stringstream SS;
  SS << In.rdbuf();
  Json J;
  std::string Error;
  Input C;
  if (!parseJson(SS.str(), J, Error) ||
      !campaignFromJson(J, C.Info, C.Runs, Error))
    fatal("'" + Path + "': " + Error);
  C.HasCoverage = Coverage::firstSeedsFromJson(J, FirstSeeds);
  RffFigures::fromJson(J, C.Rff);
  return C;
}

// The first field in which two campaigns differ, or "".
std::string difference(const CampaignInfo &A, const CampaignInfo &B) {
  if (A.Command != B.Command)
    return "program and arguments";
  if (A.Strategy != B.Strategy)
    return "--strategy";
  if (A.Depth != B.Depth)
    return "--depth";
  if (A.SiteIds != B.SiteIds)
    return "decision sites";
  // Shards learn the same site set, each into its own --out directory.
  auto Options = [](std::vector<std::string> V) {
    V.erase(std::remove_if(V.begin(), V.end(),
                           [](const std::string &KV) {
                             return KV.rfind("decision_sites=", 0) == 0;
                           }),
            V.end());
    return V;
  };
  if (Options(A.Options) != Options(B.Options))
    return "runtime options (-o)";
  if (A.K != B.K)
    return "PCT's k";
  if (A.SeedBase != B.SeedBase)
    return "--seed-base";
  if (A.Runs != B.Runs)
    return "-n";
  if (A.ShardCount != B.ShardCount)
    return "--shard's N";
  if (A.UntilBug != B.UntilBug)
    return "--until-bug / --count";
  if (A.UntilSaturated != B.UntilSaturated)
    return "--until-saturated";
  return "";
}

} // namespace

int mergeMain(const std::vector<std::string> &Args) {
  MergeOptions O = parseMergeArgs(Args);
  ResultsFile Json;
  OutputFile JUnit;
  if (!O.JsonPath.empty())
    Json.open(O.JsonPath);
  if (!O.JUnitPath.empty())
    JUnit.open(O.JUnitPath, "JUnit results");
  Campaign M;
  std::vector<RunRecord> Records;
  std::map<uint64_t, std::string> SeedFrom;
  std::map<unsigned, std::string> ShardFrom;
  // The event pairs: the lowest first seed of each (every input must
  // have them, or the union would be short).
  std::map<std::string, uint64_t> FirstSeeds;
  bool AllCoverage = true;
  for (size_t N = 0; N != O.Inputs.size(); ++N) {
    const std::string &Path = O.Inputs[N];
    Input C = readCampaign(Path, FirstSeeds);
    if (N == 0) {
      M.Info = C.Info;
      M.Info.Shards.clear();
      M.Info.Seconds = 0;
      M.Info.Jobs = 0;
    } else if (std::string D = difference(M.Info, C.Info); !D.empty()) {
      fatal("'" + O.Inputs[0] + "' and '" + Path +
            "' come from different campaigns (" + D + " differ)");
    }
    for (unsigned S : C.Info.Shards) {
      auto [It, New] = ShardFrom.emplace(S, Path);
      if (!New)
        fatal("shard " + std::to_string(S) + "/" +
              std::to_string(C.Info.ShardCount) + " is in both '" + It->second +
              "' and '" + Path + "'");
      M.Info.Shards.push_back(S);
    }
    for (RunRecord &R : C.Runs) {
      auto [It, New] = SeedFrom.emplace(R.Seed, Path);
      if (!New)
        fatal("seed " + std::to_string(R.Seed) + " is in both '" + It->second +
              "' and '" + Path + "'");
      Records.push_back(std::move(R));
    }
    AllCoverage &= C.HasCoverage;
    M.Rff.merge(C.Rff);
    M.Info.Seconds += C.Info.Seconds;
    M.Info.Jobs += C.Info.Jobs;
    M.Info.Interrupted |= C.Info.Interrupted;
    if (C.Info.Mode != M.Info.Mode)
      M.Info.Mode = "mixed";
    if (C.Info.OutDir != M.Info.OutDir)
      M.Info.OutDir.clear();
  }
  std::sort(
      Records.begin(), Records.end(),
      [](const RunRecord &A, const RunRecord &B) { return A.Seed < B.Seed; });
  std::sort(M.Info.Shards.begin(), M.Info.Shards.end());

  if (M.Info.UntilBug) {
    auto First = std::find_if(Records.begin(), Records.end(),
                              [](const RunRecord &R) { return R.failed(); });
    if (First != Records.end())
      Records.erase(First + 1, Records.end());
  }
  if (M.Info.Shards.size() == M.Info.ShardCount) {
    M.Info.ShardCount = 1; // complete: the same as the unsharded campaign
    M.Info.Shards = {0};
  } else {
    std::string Missing;
    for (unsigned S = 0; S != M.Info.ShardCount; ++S)
      if (!ShardFrom.count(S))
        Missing += (Missing.empty() ? "" : ", ") + std::to_string(S);
    note("merged " + std::to_string(M.Info.Shards.size()) + " of " +
         std::to_string(M.Info.ShardCount) + " shards (missing: " + Missing +
         ")");
  }
  M.Info.Schedsan = M.Info.Schedsan.empty() ? "schedsan" : M.Info.Schedsan;
  // Each shard stopped on its own (--until-saturated): not one campaign's.
  M.Info.Saturated = false;
  if (AllCoverage) {
    std::vector<uint64_t> Seeds;
    for (const RunRecord &R : Records)
      Seeds.push_back(R.Seed);
    M.Cov = Coverage::fromFirstSeeds(FirstSeeds, Seeds);
  } else if (!FirstSeeds.empty()) {
    note("some inputs have no event pairs (--no-coverage): the merge has "
         "none");
  }

  M.Tot.Depth = M.Info.Depth ? M.Info.Depth : 3;
  Json.begin(M.Info);
  for (const RunRecord &R : Records) {
    M.Tot.add(R);
    Json.add(R);
  }
  M.Tot.sortGroups();
  std::fputs(summaryText(M, M.Tot).c_str(), stdout);
  std::fflush(stdout);
  Json.finish(M);
  if (JUnit.isOpen()) {
    JUnit.write(campaignToJUnit(M, M.Tot));
    JUnit.close();
  }
  return exitStatus(M, M.Tot);
}

} // namespace schedsan::run
