//===- Keeper.h - Which failing runs keep their files -----------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Keeper.h
//
// DESCRIPTION:
//    --keep N: the failing runs whose stdout, stderr and trace a campaign
//    keeps are the N lowest seeds of each signature. Shared by a
//    campaign's workers.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_KEEPER_H
#define SCHEDSAN_RUN_KEEPER_H

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace schedsan::run {

// Which failing runs' files are written (--keep N): the N lowest seeds of
// each signature. Seeds finish roughly in order, so after the first N of a
// signature a failing run writes nothing; a lower seed finishing late
// evicts the highest kept one. (pruneArtifacts makes the records agree.)
class Keeper {
public:
  explicit Keeper(unsigned Keep) : Keep(Keep) {}

  // Whether to write the files of failing Seed; Evicted: a seed whose
  // files are to be deleted instead (0: none).
  bool admit(const std::string &Signature, uint64_t Seed, uint64_t &Evicted) {
    Evicted = 0;
    if (Keep == 0)
      return true;
    std::lock_guard<std::mutex> G(M);
    std::set<uint64_t> &K = Kept[Signature];
    if (K.size() >= Keep && Seed > *K.rbegin())
      return false;
    K.insert(Seed);
    if (K.size() > Keep) {
      Evicted = *K.rbegin();
      K.erase(Evicted);
    }
    return true;
  }

private:
  std::mutex M;
  const unsigned Keep;
  std::map<std::string, std::set<uint64_t>> Kept;
};

} // namespace schedsan::run

#endif
