//===- RffCorpus.cpp - The learning strategy rff, runner side -------------===//
//
// FILE:
//    utils/schedsan-run/explore/RffCorpus.cpp
//
// DESCRIPTION:
//    See RffCorpus.h. Sections: 1. the live corpus (dispatch, learn); 2. its
//    figures (summary, JSON, merge).
//===----------------------------------------------------------------------===//
#include "explore/RffCorpus.h"
#include "PortfolioTable.h"
#include "ReadsFrom.h"
#include "StrategyTable.h"
#include "cli/Diag.h"
#include "cli/Options.h"
#include "results/Json.h"

#include <algorithm>

namespace schedsan::run {

namespace {

// The runner's draws for a run are not the strategy's (which the runtime
// seeds with the same seed): another stream.
constexpr uint64_t kRffSalt = 0x7266662d636f7270ull; // "rff-corp"

// FNV-1a over the pairs (sorted): a pair set's identity.
uint64_t hashPairs(const std::vector<RfPair> &Pairs) {
  uint64_t H = 0xcbf29ce484222325ull;
  auto Mix = [&](uint64_t V) {
    for (int B = 0; B != 8; ++B, V >>= 8)
      H = (H ^ (V & 0xff)) * 0x100000001b3ull;
  };
  for (const RfPair &P : Pairs) {
    Mix(P.Write);
    Mix(P.Read);
  }
  Mix(Pairs.size());
  return H;
}

} // namespace

std::vector<std::string> rffSeedOptions(uint64_t Seed,
                                        const std::string &Options) {
  const std::vector<std::string> Opts = splitOptions(Options);
  // The user's value, unless it is the default (-1: the runtime's rule).
  auto Has = [&](const char *Key) {
    const std::string V = optionValue(Opts, Key);
    return !V.empty() && V != "-1";
  };
  const RunVariant V = runVariant(Seed);
  std::vector<std::string> Out; // in the runtime's order of its options
  if (!Has("portfolio_member") &&
      rffBaseMayBePortfolio(optionValue(Opts, "rf_base").c_str()))
    Out.push_back("portfolio_member=" + std::to_string(V.member));
  if (!Has("creation_decisions")) {
    // The constraints as the runtime parses them (the probe checked them:
    // a bad list is refused before any run).
    std::vector<schedsan::RfConstraint> C(kMaxRfConstraints);
    char Bad[2];
    const int N =
        parseRfConstraints(optionValue(Opts, "rf_constraints").c_str(),
                           C.data(), kMaxRfConstraints, Bad, sizeof(Bad));
    if (N > 0)
      Out.push_back(
          "creation_decisions=" +
          std::to_string(rffCreationDecisions(
              V.creations_no_decision_if_constrained, C.data(), (unsigned)N)));
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// 1. The live corpus
//===----------------------------------------------------------------------===//

size_t RffCorpus::choose(Rng &G) {
  // A pair with weight 1 / runs(pair), then of the entries whose run
  // produced it the one drawn least often (the oldest of those).
  std::vector<double> Weight(PairOf.size(), 0);
  double Sum = 0;
  for (uint32_t Id = 0; Id != PairOf.size(); ++Id)
    if (!EntriesOf[Id].empty())
      Sum += Weight[Id] = 1.0 / double(std::max<uint64_t>(Runs[Id], 1));
  if (Sum == 0) // entries without pairs only
    return G.below(Entries.size());
  double X = G.unit() * Sum;
  uint32_t Pick = 0;
  for (uint32_t Id = 0; Id != PairOf.size(); ++Id) {
    if (!Weight[Id])
      continue;
    Pick = Id;
    if (X < Weight[Id])
      break;
    X -= Weight[Id];
  }
  size_t Best = EntriesOf[Pick][0];
  for (size_t I : EntriesOf[Pick])
    if (Entries[I].Chosen < Entries[Best].Chosen)
      Best = I;
  return Best;
}

std::string RffCorpus::runOptions(uint64_t J, uint64_t Seed,
                                  std::string *Constraints) {
  if (Warmup && J < kRffWarmup) {
    Constraints->clear();
    return "rf_base=" + std::string(strategyInfo(StrategyId::random).name);
  }
  *Constraints = dispatch(Seed);
  return Constraints->empty() ? "" : "rf_constraints=" + *Constraints;
}

std::string RffCorpus::dispatch(uint64_t Seed) {
  Rng G(Seed ^ kRffSalt);
  const double U = G.unit();
  std::lock_guard<std::mutex> L(M);
  if (U < kRffRandomWalk || Entries.empty())
    return "";
  const bool Extend = U >= kRffRandomWalk + kRffUnmutated &&
                      U < kRffRandomWalk + kRffUnmutated + kRffExtend &&
                      Lead != SIZE_MAX;
  const size_t Chosen = Extend ? Lead : choose(G);
  Entry &E = Entries[Chosen];
  ++E.Chosen;
  if (U < kRffRandomWalk + kRffUnmutated)
    return E.Text;
  if (Extend)
    ExtendedFrom[Seed] = Chosen;
  std::vector<RfPair> Own;
  std::vector<uint64_t> OwnRuns;
  for (uint32_t Id : E.Pairs) {
    Own.push_back(PairOf[Id]);
    OwnRuns.push_back(Runs[Id]);
  }
  return formatConstraints(
      mutateConstraints(E.Set, Own, OwnRuns, WritesOf, G,
                        Extend ? RffMutation::Extend : RffMutation::Any));
}

void RffCorpus::missLead() {
  if (++LeadMisses >= kRffLeadMisses)
    Lead = SIZE_MAX;
}

uint32_t RffCorpus::idOf(const RfPair &P, bool &New) {
  auto [It, Added] = Ids.emplace(P, (uint32_t)PairOf.size());
  New = Added;
  if (Added) {
    PairOf.push_back(P);
    Runs.push_back(0);
    EntriesOf.emplace_back();
    WritesOf[P.Read].push_back(P.Write);
  }
  return It->second;
}

void RffCorpus::learn(uint64_t Seed, const std::string &Constraints,
                      const RfRun &Run) {
  std::lock_guard<std::mutex> L(M);
  std::vector<RfConstraint> Set;
  std::string Error;
  parseConstraints(Constraints, Set, Error); // ours: canonical
  if (!Set.empty()) {
    ++Constrained;
    Held += Run.allHeld();
  }
  auto It = ExtendedFrom.find(Seed);
  const bool OfLead = It != ExtendedFrom.end() && It->second == Lead;
  if (It != ExtendedFrom.end())
    ExtendedFrom.erase(It);
  if (Run.Malformed) {
    if (OfLead)
      missLead();
    if (Malformed++ == 0)
      note("the reads-from file of the run of seed " + std::to_string(Seed) +
           " is malformed (" + Run.Why +
           "; was the run killed?): taken as no pairs; later malformed "
           "files are only counted (JSON rff.runs_malformed)");
    return;
  }
  // Productive: a new pair whose read no constraint names.
  bool AnyNew = false, Productive = false;
  std::vector<uint32_t> Got;
  for (const RfPair &P : Run.Pairs) {
    bool New;
    uint32_t Id = idOf(P, New);
    ++Runs[Id];
    AnyNew |= New;
    Productive |=
        New && std::none_of(Set.begin(), Set.end(), [&](const RfConstraint &C) {
          return rfKeyMatches((uint32_t)C.Read, (uint32_t)P.Read);
        });
    Got.push_back(Id);
  }
  // Progress (an extension of the lead): productive, or more links than
  // the lead's run (another run may have shown the next link first, from
  // the lead by an ordinary mutation).
  const size_t Links = linksOf(Run.Pairs);
  const bool Progress = OfLead && (Productive || Links > Entries[Lead].Links);
  bool NewSet = SetHashes.insert(hashPairs(Run.Pairs)).second;
  if (!AnyNew && !NewSet && !Progress) {
    if (OfLead)
      missLead();
    return;
  }
  std::sort(Got.begin(), Got.end());
  Entry E;
  E.Set = Set;
  E.Text = Constraints;
  E.Pairs = std::move(Got);
  E.Seed = Seed;
  E.Held = Set.empty() || Run.allHeld();
  E.Links = Links;
  for (uint32_t Id : E.Pairs)
    EntriesOf[Id].push_back(Entries.size());
  Entries.push_back(std::move(E));
  // A lead starts only where threads act on each other's values (a link):
  // elsewhere extending it took a fifth of the runs from the mutations. A
  // constrained run with more links than any before leads too (while there
  // is no lead): the chain grew past where a lead was given up.
  const bool Record = Links > MostLinks;
  MostLinks = std::max(MostLinks, Links);
  if (OfLead ? Progress
             : Lead == SIZE_MAX && (Productive || Record) && !Set.empty() &&
                   Links) {
    Lead = Entries.size() - 1;
    LeadMisses = 0;
  } else if (OfLead) {
    missLead();
  }
}

bool RffCorpus::lead(std::string &Constraints) const {
  std::lock_guard<std::mutex> L(M);
  if (Lead == SIZE_MAX)
    return false;
  Constraints = Entries[Lead].Text;
  return true;
}

RffFigures RffCorpus::figures() const {
  std::lock_guard<std::mutex> L(M);
  RffFigures F;
  F.Enabled = true;
  for (const Entry &E : Entries)
    F.Corpus.push_back({E.Text, E.Seed, E.Chosen, E.Pairs.size(), E.Held});
  for (size_t Id = 0; Id != PairOf.size(); ++Id)
    F.Pairs.emplace(PairOf[Id], Runs[Id]);
  F.RunsConstrained = Constrained;
  F.RunsHeld = Held;
  F.RunsMalformed = Malformed;
  return F;
}

//===----------------------------------------------------------------------===//
// 2. Figures
//===----------------------------------------------------------------------===//

std::string RffFigures::summaryText() const {
  auto Count = [](uint64_t N, const char *One, const char *Many) {
    return std::to_string(N) + " " + (N == 1 ? One : Many);
  };
  std::string Out =
      "corpus " + Count(Corpus.size(), "entry", "entries") + ", " +
      Count(Pairs.size(), "reads-from pair", "reads-from pairs") + " seen; " +
      std::to_string(RunsHeld) + " of " +
      Count(RunsConstrained, "run", "runs") + " with constraints held them all";
  if (RunsMalformed)
    Out += "; " +
           Count(RunsMalformed, "malformed reads-from file",
                 "malformed reads-from files") +
           " (no pairs)";
  return Out;
}

Json RffFigures::toJson() const {
  Json C = Json::array();
  for (const Entry &E : Corpus) {
    Json J = Json::object();
    J.set("constraints", E.Constraints);
    J.set("added_by_seed", E.Seed);
    J.set("chosen", E.Chosen);
    J.set("pairs", E.Pairs);
    J.set("held", E.Held);
    C.push(std::move(J));
  }
  Json P = Json::array();
  for (const auto &[Pair, Count] : Pairs) {
    Json J = Json::object();
    J.set("write", rfKeyText(Pair.Write));
    J.set("read", rfKeyText(Pair.Read));
    J.set("runs", Count);
    P.push(std::move(J));
  }
  Json R = Json::object();
  R.set("corpus_size", (uint64_t)Corpus.size());
  R.set("pairs_seen", (uint64_t)Pairs.size());
  R.set("runs_constrained", RunsConstrained);
  R.set("runs_held", RunsHeld);
  R.set("runs_malformed", RunsMalformed);
  R.set("corpus", std::move(C));
  R.set("pairs", std::move(P));
  return R;
}

bool RffFigures::fromJson(const Json &Results, RffFigures &F) {
  const Json *R = Results.get("rff");
  if (!R || R->kind() != Json::Kind::Object)
    return false;
  F = RffFigures();
  F.Enabled = true;
  for (const Json &J : (*R)["corpus"].items())
    F.Corpus.push_back({J["constraints"].asString(),
                        J["added_by_seed"].asUInt(), J["chosen"].asUInt(),
                        J["pairs"].asUInt(), J["held"].asBool(true)});
  // A key is text (S@T); a number is a site id in any thread (results
  // written before pairs named threads).
  auto Key = [](const Json &J, uint64_t &K) {
    if (J.kind() != Json::Kind::String) {
      K = J.asUInt();
      return true;
    }
    return parseRfKeyText(J.asString(), K);
  };
  for (const Json &J : (*R)["pairs"].items()) {
    RfPair P;
    if (Key(J["write"], P.Write) && Key(J["read"], P.Read))
      F.Pairs[P] += J["runs"].asUInt();
  }
  F.RunsConstrained = (*R)["runs_constrained"].asUInt();
  F.RunsHeld = (*R)["runs_held"].asUInt();
  F.RunsMalformed = (*R)["runs_malformed"].asUInt();
  return true;
}

void RffFigures::merge(const RffFigures &O) {
  Enabled |= O.Enabled;
  Corpus.insert(Corpus.end(), O.Corpus.begin(), O.Corpus.end());
  for (const auto &[Pair, Count] : O.Pairs)
    Pairs[Pair] += Count;
  RunsConstrained += O.RunsConstrained;
  RunsHeld += O.RunsHeld;
  RunsMalformed += O.RunsMalformed;
}

} // namespace schedsan::run
