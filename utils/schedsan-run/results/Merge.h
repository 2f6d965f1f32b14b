//===- Merge.h - schedsan merge ---------------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/results/Merge.h
//
// DESCRIPTION:
//    `schedsan merge A.json B.json ...` combines the JSON results of the
//    shards of one campaign (`--shard I/N`). The inputs must come from the
//    same campaign (program, strategy, depth, options, seed range, shard
//    count) and must not share a seed. The merged runs give the same totals,
//    groups, hit ratios and bounds as the campaign run without --shard; all
//    N shards merged look exactly like it. With --until-bug every shard
//    stopped at its own first failure; the merge keeps the runs up to the
//    earliest of them, which are exactly the runs the unsharded campaign
//    made (every shard ran all its seeds below its own first failure).
//    Under --strategy rff each shard learned a corpus of its own, so its
//    runs are not the unsharded campaign's (RffCorpus.h); the merged "rff"
//    object unions the shards' reads-from pairs (their run counts added),
//    lists their corpora side by side and adds their run counts.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_MERGE_H
#define SCHEDSAN_RUN_MERGE_H

#include <string>
#include <vector>

namespace schedsan::run {

int mergeMain(const std::vector<std::string> &Args);

} // namespace schedsan::run

#endif
