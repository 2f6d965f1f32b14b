//===- RffMutate.h - One mutation of an abstract schedule -------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/RffMutate.h
//
// DESCRIPTION:
//    RFF's mutation (Wolff et al., "Greybox Fuzzing for Concurrency
//    Testing", ASPLOS 2024, section 4): a corpus entry's constraint set
//    becomes the next run's by one of
//      - pin a pair of its own run, with its history: of the pairs (W, R)
//        the entry's run produced, one of the rarest in the campaign
//        becomes `R<W` (the read keeps reading from that write), and so do
//        the run's pairs whose reads W's thread made, and those of their
//        writers' threads, and so on (the reads W's value may have depended
//        on), while the set has room. A rare order, once seen, is kept with
//        what led to it while the next is sought;
//      - follow a pattern one step on: for one of the rarest pairs (w@U,
//        r@T) of its run (site r in thread T read what site w in thread U
//        wrote) whose thread T also wrote at w in the run, a free read at
//        r of another thread T' is to read T's write: `r@T'<w@T`. Threads
//        that run one function each acting on what the one before wrote (a
//        chain of setters, a hand-over) are lined up one more at a time,
//        without waiting for a run to show the next link by chance;
//      - advance a read to the newest value the run shows: for a pair
//        (w@U, R) of its run, the write w@T of a thread T that read w@U,
//        then w@T' of a thread T' that read w@T, and so on as far as the
//        run's pairs go: `R<w@Tn`, replacing R's constraint if it has one
//        (a read pinned to a stale value moves on to the newest one);
//      - negate a pair of its own run: a pair (W, R) the entry's run
//        produced becomes `R!W` (that read must now read from another
//        write: it pushes the schedule off the observed one);
//      - redirect a read: for a pair (W, R) of its run and another write
//        W' the campaign has seen R read from, `R<W'`;
//      - drop one of its constraints;
//      - negate one of its constraints (`<` <-> `!`).
//    Follow and advance take, on a fair coin, one read or every read they
//    apply to: every other thread's free read at r reads T's write, or
//    every idle read of the run (one whose thread did not write at its
//    write's site: it saw a value and did not act on it) reads the newest
//    value along its chain, and the reads of the links of those chains
//    (threads that read a value and wrote at its site) are pinned. On a
//    chain of setters, the whole one: the setter that comes next is among
//    the threads now reading the newest value, and acts; the others wait
//    for the next one.
//    Extend (RffMutation::Extend) is the every-read advance, or if no read
//    has a newer value the every-read follow, or if neither applies an
//    operation drawn as for Any: the corpus uses it to line a chain up one
//    link a run (RffCorpus.h).
//    The operation is drawn uniformly among those that apply: pin, follow,
//    negate and redirect only while the set has fewer than
//    kRffMaxConstraints and only for reads the set does not constrain yet
//    (one constraint per read key, S@T: two on one read would mostly
//    contradict each other; reads at no known site, key 0, are never
//    constrained), drop and negate-one only on a non-empty set. When none
//    applies (an empty set whose run produced no pair) the result is the empty
//    set. The result is canonical (RffFile.h).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RFFMUTATE_H
#define SCHEDSAN_RUN_RFFMUTATE_H

#include "Random.h"
#include "explore/RffFile.h"

#include <map>
#include <vector>

namespace schedsan::run {

// At most this many constraints in a run's set. RFF's abstract schedules
// are small, and every constraint is one more way for a run to postpone
// threads and miss the others; but a chain of orderings needs one pinned
// pair per link, and a set only grows while its runs show new pairs.
constexpr size_t kRffMaxConstraints = 128;
// And at most this many characters of rf_constraints= (the runtime prints
// the run's options, within about 1 KiB, in a report's replay line and a
// trace's header, within kOptionsTextMax, runtime/core/schedsan_flags.h): the
// most recently added constraints are left out.
constexpr size_t kRffMaxConstraintsText = 2000;

// The writes each read site was seen reading from in the campaign, in the
// order they were first seen.
using RffWritesOf = std::map<uint64_t, std::vector<uint64_t>>;

// The links of a run: its pairs (w@U, r@T) whose thread T also wrote at w
// (a write at w in thread T that some read of the run read): a thread
// acted on another's value.
size_t linksOf(const std::vector<RfPair> &Pairs);

// Any: an operation drawn among those that apply; Extend: see above.
enum class RffMutation { Any, Extend };

// Set mutated once; Own: the pairs the entry's run produced, OwnRuns[i]:
// the campaign's runs that produced Own[i].
std::vector<RfConstraint>
mutateConstraints(std::vector<RfConstraint> Set, const std::vector<RfPair> &Own,
                  const std::vector<uint64_t> &OwnRuns,
                  const RffWritesOf &WritesOf, Rng &G,
                  RffMutation Kind = RffMutation::Any);

} // namespace schedsan::run

#endif
