//===- Examples.cpp - The papers' example programs as models -------------===//
//
// FILE:
//    utils/strategy-model/Examples.cpp
//
// DESCRIPTION:
//    Builders for the programs described in Examples.h.
//
//    The POS paper gives the running example's objects (x, y, z, w) and
//    which events block, not the read/write kind of every event (Fig. 2 is
//    a picture). The model takes every x/y/z access as a write except A4,
//    the assertion, which reads z. The paper's constraint lists for
//    BasicPOS and POS (§4.1, §4.2) order every pair of events on one
//    object, i.e. treat them all as conflicting, which this choice
//    reproduces; with it POS and POS* (pos, pos_strict) behave alike.
//===----------------------------------------------------------------------===//
#include "Examples.h"

#include "Random.h"

#include <assert.h>

#include <algorithm>

namespace schedsan {
namespace sim {

Program posRunningExample() {
  enum { X, Y, Z, W };
  Program P;
  P.name = "pos-running";
  P.objects = 4;
  P.init = {0, 0, 0, 0};
  // Thread A (tid 0): A1 x, A2 y, A3 signal(w), A4 assert reading z.
  P.threads.push_back({wr(X), wr(Y), signal(W), rd(Z)});
  // Thread B (tid 1): B1 x, B2 x, B3 y, B4 wait(w), B5 y, B6 z.
  P.threads.push_back({wr(X), wr(X), wr(Y), wait(W), wr(Y), wr(Z)});
  P.finalize();
  return P;
}

std::vector<uint8_t> posBugOrder() {
  // B1 A1 B2 B3 A2 A3 B4 B5 B6 A4
  return {1, 0, 1, 1, 0, 0, 1, 1, 1, 0};
}

Program pctFigure5(unsigned M, unsigned N) {
  enum { A, B, P1, P2 };
  Program P;
  P.name = "pct-fig5";
  P.objects = 4;
  P.init = {1, 1, 0, 0};
  std::vector<Op> T1{rd(B, Check::Ne, 0)};
  for (unsigned I = 0; I != M; ++I)
    T1.push_back(wr(P1, int32_t(I)));
  T1.push_back(wr(A, 0));
  std::vector<Op> T2{rd(A, Check::Ne, 0)};
  for (unsigned I = 0; I != N; ++I)
    T2.push_back(wr(P2, int32_t(I)));
  T2.push_back(wr(B, 0));
  P.threads = {T1, T2};
  P.finalize();
  return P;
}

Program microProgram(const std::vector<unsigned> &Counts, unsigned Threads,
                     unsigned Events, unsigned Reads, uint64_t Seed,
                     const std::string &Name) {
  Rng R(Seed);
  std::vector<uint8_t> Objs;
  for (unsigned O = 0; O != Counts.size(); ++O)
    Objs.insert(Objs.end(), Counts[O], uint8_t(O));
  assert(Objs.size() == Threads * Events && Reads <= Objs.size());
  // Fisher-Yates with the project's generator: the same programs on every
  // platform.
  for (size_t I = Objs.size(); I > 1; --I)
    std::swap(Objs[I - 1], Objs[R.below(I)]);
  std::vector<bool> IsRead(Objs.size(), false);
  std::fill(IsRead.begin(), IsRead.begin() + Reads, true);
  for (size_t I = IsRead.size(); I > 1; --I) {
    size_t J = R.below(I);
    bool Tmp = IsRead[I - 1];
    IsRead[I - 1] = IsRead[J];
    IsRead[J] = Tmp;
  }
  Program P;
  P.name = Name;
  P.objects = Counts.size();
  P.readsCommute = Reads != 0;
  for (unsigned T = 0; T != Threads; ++T) {
    std::vector<Op> Th;
    for (unsigned E = 0; E != Events; ++E) {
      size_t I = T * Events + E;
      Th.push_back(IsRead[I] ? rd(Objs[I]) : wr(Objs[I], int32_t(I)));
    }
    P.threads.push_back(Th);
  }
  P.finalize();
  return P;
}

} // namespace sim
} // namespace schedsan
