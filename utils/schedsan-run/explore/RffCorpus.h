//===- RffCorpus.h - The learning strategy rff, runner side -----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/RffCorpus.h
//
// DESCRIPTION:
//    `schedsan run --strategy rff`: RFF (Wolff, Shi, Meng, Roychoudhury et
//    al., "Greybox Fuzzing for Concurrency Testing", ASPLOS 2024) learns
//    across runs. Every run writes its reads-from pairs (rf_file=, one
//    scratch file per worker; RffFile.h); the campaign keeps
//      - every pair seen, and in how many runs;
//      - the hashes of the pair sets seen (a run's whole set of pairs);
//      - the corpus: abstract schedules (constraint sets, RffFile.h), each
//        with the pairs of the run that added it, how often it was chosen,
//        and whether its constraints held in that run.
//    The corpus starts empty (runs get no constraints until it has an
//    entry). A run that produced a pair
//    never seen before, or a pair set never seen before, adds an entry:
//    its constraint set and its pairs (one run's reads-from relation,
//    whose pairs a pin keeps together: RffMutate.h). Two entries may have
//    one constraint set.
//
//    The first kRffWarmup runs of a campaign (by seed index) are random
//    walks with no constraint (Campaign.cpp); the corpus learns from them.
//    Each later run's constraints (dispatch): a generator seeded by the run's
//    seed draws u in [0, 1):
//      u < kRffRandomWalk (0.1), or no entry    the empty set: the
//                                               portfolio's member for the
//                                               seed (the runtime's
//                                               rf_base=auto, with
//                                               portfolio_member=), so the
//                                               campaign never misses for
//                                               long what the portfolio
//                                               finds;
//      u < 0.1 + kRffUnmutated (0.2)            an entry, unmutated;
//      u < 0.2 + kRffExtend (0.4), with a lead  the lead extended
//                                               (RffMutation::Extend);
//      otherwise                                an entry, mutated once
//                                               (RffMutate.h).
//    The entry is chosen by the power schedule: a pair is drawn with
//    probability proportional to 1 / runs(pair) (the runs of the campaign
//    that produced it) among the pairs some entry's run produced, then of
//    the entries whose run produced that pair the one drawn least often so
//    far (the oldest on a tie). Rare pairs get most runs, each shared
//    among the runs that showed it, and a pair's weight falls as runs keep
//    producing it. (The corpus grows by new pair sets too, thousands of
//    entries on a program with many threads; choosing a pair first keeps
//    the few rare ones from drowning among them.)
//
//    The lead: an entry whose constraints led somewhere new, followed
//    for as long as it keeps doing so. A run with constraints is
//    productive when it showed a pair never seen before whose read none
//    of its constraints names (the constraints were not just obeyed: what
//    they set up went on to something new). A link is a pair (w@U, r@T)
//    whose thread T also wrote at w: a thread acted on another's value.
//    The first productive run with a link while there is no lead becomes
//    the lead (a run without one leads to no chain), as does a run with
//    constraints and more links than any run before (the chain grew past
//    where a lead was given up: a chain of 50 once stopped at 37 links for
//    the rest of a campaign of 10,000 runs, its lead given up at 4). An
//    extension of the lead makes progress when it is productive, or when its
//    run has more links than the lead's (another run may have shown the next
//    link first, from the lead by an ordinary mutation); then it becomes the
//    lead in its place (an entry of the corpus even if nothing in it is new).
//    After kRffLeadMisses extensions of one lead without progress there is no
//    lead until the next run that would start one. A chain of threads, each
//    acting on what the one before wrote, grows a link an extension: with every
//    idle thread made to read the newest value, the next in the chain acts on
//    it, and a read of its write is the new pair (the power schedule alone
//    spreads the runs over every rare pair the chain's runs left behind,
//    thousands on a chain of 50 threads).
//
//    Identity: a run's constraints are a function of its seed and of the
//    corpus at dispatch; the run is (seed, rf_constraints, its seed's
//    options: rffSeedOptions), and the runner prints rf_constraints and
//    those options in the run's replay command and JSON record.
//    The runs' records come back in seed order (Coordinator.h) and are
//    learned in that order; a run dispatched while lower seeds are still
//    running sees the corpus without them. So with -j 1 a campaign is the
//    same every time; with -j N the corpus (and so which constraints each
//    seed gets) depends on the order runs finish, while every printed
//    replay is exact.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RFFCORPUS_H
#define SCHEDSAN_RUN_RFFCORPUS_H

#include "explore/RffFile.h"
#include "explore/RffMutate.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

namespace schedsan::run {

class Json;

// The options of an rff run that vary with its seed, which the runner
// sets (common/PortfolioTable.h's runVariant, the one place that derives
// them from the run's number) so that the runtime takes from the seed its
// strategy's draws alone:
//   portfolio_member=   for a run whose base may be the portfolio
//                       (rf_base=portfolio, or auto: the unconstrained
//                       runs), the member --strategy portfolio runs for the
//                       seed;
//   creation_decisions= for a run with constraints: 0 for an odd seed or a
//                       constraint that names a thread of many
//                       (rffCreationDecisions, ReadsFrom.h), else 1.
// Options: the run's runtime options as the runtime reads them, in order
// (the campaign's, then the run's own; the last of a key wins); a key
// already there (the user's) is not set again. The result is part of the
// run's identity: the runner prints it in the run's replay command and
// JSON record (RunRecord::SeedOptions).
std::vector<std::string> rffSeedOptions(uint64_t Seed,
                                        const std::string &Options);

// Shares of the runs that get the empty set, an entry unmutated, and the
// lead extended.
constexpr double kRffRandomWalk = 0.1, kRffUnmutated = 0.1, kRffExtend = 0.2;
// The warm-up: a campaign's first runs (by seed index) are random walks
// with no constraint (rf_base=random), as `--strategy random` runs the same
// seeds; the corpus learns from them (unless the user chose rf_base=).
constexpr uint64_t kRffWarmup = 10;
// Extensions of a lead without progress before it is given up.
constexpr unsigned kRffLeadMisses = 4;

// What an rff campaign (or merged shards) learned: the summary's `rff`
// line and the JSON's "rff" object.
struct RffFigures {
  struct Entry {
    std::string Constraints; // canonical rf_constraints
    uint64_t Seed = 0;       // the run that added it (0: the initial set)
    uint64_t Chosen = 0;     // runs it was drawn for
    uint64_t Pairs = 0;      // pairs its runs produced
    bool Held = true;        // its constraints held in the run that added it
  };
  bool Enabled = false;
  std::vector<Entry> Corpus;
  std::map<RfPair, uint64_t> Pairs; // each pair seen: the runs with it
  uint64_t RunsConstrained = 0;     // runs with at least one constraint
  uint64_t RunsHeld = 0;            // of them, those that obeyed every one
  uint64_t RunsMalformed = 0;       // runs whose rf_file was malformed

  // "corpus 7 entries, 23 reads-from pairs seen; 412 of 900 runs with
  // constraints held them all"
  std::string summaryText() const;
  Json toJson() const;
  // The "rff" member of a results file; false if it has none.
  static bool fromJson(const Json &Results, RffFigures &F);
  // Adds another shard's: the corpora side by side, the pairs united (their
  // run counts added), the counts added.
  void merge(const RffFigures &O);
};

// The live corpus of a campaign; shared by its workers.
class RffCorpus {
public:
  // Warmup: the first kRffWarmup runs are random walks (false when the
  // user chose rf_base=).
  explicit RffCorpus(bool Warmup = true) : Warmup(Warmup) {}
  // The run of seed index J, Seed: its runtime options ("rf_base=random"
  // in the warm-up, else "rf_constraints=..." or none) and in *Constraints
  // its constraints.
  std::string runOptions(uint64_t J, uint64_t Seed, std::string *Constraints);
  // The constraints (canonical rf_constraints, "" for none) of the run of
  // Seed.
  std::string dispatch(uint64_t Seed);
  // What the run of Seed with those constraints wrote; in seed order.
  void learn(uint64_t Seed, const std::string &Constraints, const RfRun &Run);

  RffFigures figures() const;
  // The constraints of the lead, if there is one.
  bool lead(std::string &Constraints) const;

private:
  const bool Warmup;
  struct Entry {
    std::vector<RfConstraint> Set;
    std::string Text;
    std::vector<uint32_t> Pairs; // ids, sorted: the pairs of its run
    uint64_t Chosen = 0, Seed = 0;
    size_t Links = 0; // of its run (linksOf)
    bool Held = true;
  };
  size_t choose(Rng &G);
  uint32_t idOf(const RfPair &P, bool &New);
  // An extension of the lead made no progress: counted, and the lead given
  // up at kRffLeadMisses.
  void missLead();

  mutable std::mutex M;
  std::vector<Entry> Entries;
  std::map<RfPair, uint32_t> Ids;
  std::vector<RfPair> PairOf; // by id
  std::vector<uint64_t> Runs; // by id: the runs that produced it
  std::vector<std::vector<size_t>> EntriesOf; // by id: entries with it
  RffWritesOf WritesOf;                       // read site -> writes seen
  std::unordered_set<uint64_t> SetHashes;
  size_t Lead = SIZE_MAX; // an entry, or none
  unsigned LeadMisses = 0;
  size_t MostLinks = 0;                    // of any entry's run
  std::map<uint64_t, size_t> ExtendedFrom; // seed -> the lead it extended
  uint64_t Constrained = 0, Held = 0, Malformed = 0;
};

} // namespace schedsan::run

#endif
