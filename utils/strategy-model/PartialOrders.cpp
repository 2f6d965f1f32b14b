//===- PartialOrders.cpp - Exact partial-order analysis of model programs -===//
//
// FILE:
//    utils/strategy-model/PartialOrders.cpp
//
// DESCRIPTION:
//    Sleep-set enumeration of partial orders and per-order dynamic programs
//    over the prefixes ("ideals": one position per thread) of a program.
//    See PartialOrders.h.
//===----------------------------------------------------------------------===//
#include "PartialOrders.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>

namespace schedsan {
namespace sim {

namespace {

// A state of the program in the exploration: positions, semaphore values,
// key so far.
struct State {
  uint8_t Pos[kMaxThreads] = {};
  int32_t Sem[kMaxObjects] = {};
  KeyState KS;
  uint64_t Key = 0;
};

struct Explorer {
  const Program &P;
  const unsigned NT;
  unsigned Base[kMaxThreads] = {};
  bool Packed;
  std::vector<uint64_t> Keys;

  explicit Explorer(const Program &P)
      : P(P), NT(P.threads.size()), Packed(P.packedKey()) {
    unsigned G = 0;
    for (unsigned T = 0; T != NT; ++T) {
      Base[T] = G;
      G += P.threads[T].size();
    }
  }

  State initial() const {
    State S;
    for (unsigned I = 0; I != P.objects && I != P.init.size(); ++I)
      S.Sem[I] = P.init[I];
    return S;
  }

  bool done(const State &S, unsigned T) const {
    return S.Pos[T] == P.threads[T].size();
  }
  const Op &next(const State &S, unsigned T) const {
    return P.threads[T][S.Pos[T]];
  }
  bool enabled(const State &S, unsigned T) const {
    if (done(S, T))
      return false;
    const Op &O = next(S, T);
    return O.kind != OpKind::Wait || S.Sem[O.obj] > 0;
  }
  State step(const State &S, unsigned T) const {
    State N = S;
    const Op &O = next(S, T);
    N.Key = addToKey(S.Key, Packed, Base[T] + S.Pos[T],
                     S.KS.index(O, P.readsCommute));
    N.KS.apply(O);
    if (O.kind == OpKind::Wait)
      --N.Sem[O.obj];
    else if (O.kind == OpKind::Signal)
      ++N.Sem[O.obj];
    ++N.Pos[T];
    return N;
  }
  bool finished(const State &S) const {
    for (unsigned T = 0; T != NT; ++T)
      if (!done(S, T))
        return false;
    return true;
  }

  // Sleep sets: one complete path per Mazurkiewicz trace. Sleep holds
  // threads whose next event need not be explored here (a thread's next
  // event stays the same while it sleeps).
  void sleepDfs(const State &S, unsigned Sleep) {
    if (finished(S)) {
      Keys.push_back(S.Key);
      return;
    }
    unsigned Done = 0;
    for (unsigned T = 0; T != NT; ++T) {
      if (!enabled(S, T) || (Sleep >> T & 1))
        continue;
      const Op &O = next(S, T);
      unsigned ChildSleep = 0;
      for (unsigned U = 0; U != NT; ++U)
        if (((Sleep | Done) >> U & 1) &&
            !dependent(next(S, U), O, P.readsCommute))
          ChildSleep |= 1u << U;
      sleepDfs(step(S, T), ChildSleep);
      Done |= 1u << T;
    }
  }

  void allDfs(const State &S) {
    if (finished(S)) {
      Keys.push_back(S.Key);
      return;
    }
    for (unsigned T = 0; T != NT; ++T)
      if (enabled(S, T))
        allDfs(step(S, T));
  }
};

// Dynamic programs over the ideals of one partial order.
struct IdealDp {
  const Program &P;
  const unsigned NT;
  unsigned Len[kMaxThreads] = {};
  unsigned Stride[kMaxThreads] = {};
  unsigned Base[kMaxThreads] = {};
  unsigned NumIdeals = 1;
  // Per thread, per position, per object: accesses, writes, signals and
  // waits among the thread's first `position` ops.
  std::vector<uint8_t> Acc, Wr, Sig, Wt;
  std::vector<double> Prob;
  std::vector<uint8_t> Pre; // [ideal][last thread + 1], 255: unreachable
  std::vector<uint8_t> Reach;

  explicit IdealDp(const Program &P) : P(P), NT(P.threads.size()) {
    unsigned G = 0, MaxLen = 0;
    for (unsigned T = 0; T != NT; ++T) {
      Len[T] = P.threads[T].size();
      Stride[T] = NumIdeals;
      NumIdeals *= Len[T] + 1;
      Base[T] = G;
      G += Len[T];
      MaxLen = std::max(MaxLen, Len[T]);
    }
    size_t Sz = size_t(NT) * (MaxLen + 1) * kMaxObjects;
    Acc.assign(Sz, 0);
    Wr.assign(Sz, 0);
    Sig.assign(Sz, 0);
    Wt.assign(Sz, 0);
    for (unsigned T = 0; T != NT; ++T)
      for (unsigned I = 0; I != Len[T]; ++I)
        for (unsigned O = 0; O != kMaxObjects; ++O) {
          size_t From = at(T, I, O), To = at(T, I + 1, O);
          const Op &Op = P.threads[T][I];
          bool Here = Op.obj == O;
          Acc[To] = Acc[From] + Here;
          Wr[To] = Wr[From] + (Here && Op.isWrite());
          Sig[To] = Sig[From] + (Here && Op.kind == OpKind::Signal);
          Wt[To] = Wt[From] + (Here && Op.kind == OpKind::Wait);
        }
    Prob.resize(NumIdeals);
    Pre.resize(size_t(NumIdeals) * (NT + 1));
    Reach.resize(NumIdeals);
  }

  size_t at(unsigned T, unsigned Pos, unsigned Obj) const {
    unsigned MaxLen = Acc.size() / (NT * kMaxObjects) - 1;
    return (size_t(T) * (MaxLen + 1) + Pos) * kMaxObjects + Obj;
  }

  void positions(unsigned Ideal, unsigned *Pos) const {
    for (unsigned T = 0; T != NT; ++T)
      Pos[T] = Ideal / Stride[T] % (Len[T] + 1);
  }

  bool enabledAt(const unsigned *Pos, unsigned T) const {
    if (Pos[T] == Len[T])
      return false;
    const Op &O = P.threads[T][Pos[T]];
    if (O.kind != OpKind::Wait)
      return true;
    int Val = O.obj < P.init.size() ? P.init[O.obj] : 0;
    for (unsigned U = 0; U != NT; ++U)
      Val += Sig[at(U, Pos[U], O.obj)] - Wt[at(U, Pos[U], O.obj)];
    return Val > 0;
  }

  // Object index thread T's next event would get after the prefix Pos.
  unsigned indexAt(const unsigned *Pos, unsigned T) const {
    const Op &O = P.threads[T][Pos[T]];
    bool Reads = P.readsCommute && !O.isWrite();
    unsigned N = 0;
    for (unsigned U = 0; U != NT; ++U)
      N += Reads ? Wr[at(U, Pos[U], O.obj)] : Acc[at(U, Pos[U], O.obj)];
    return N;
  }

  OrderInfo run(uint64_t Key) {
    OrderInfo Info;
    Info.key = Key;
    std::fill(Prob.begin(), Prob.end(), 0.0);
    std::fill(Pre.begin(), Pre.end(), uint8_t(255));
    std::fill(Reach.begin(), Reach.end(), uint8_t(0));
    uint64_t Pairs[4] = {}; // 16 x 16 event pairs
    Prob[0] = 1;
    Pre[0 * (NT + 1) + 0] = 0;
    Reach[0] = 1;
    unsigned Pos[kMaxThreads];
    for (unsigned I = 0; I != NumIdeals; ++I) {
      if (!Reach[I])
        continue;
      positions(I, Pos);
      bool En[kMaxThreads];
      unsigned Enabled = 0;
      for (unsigned T = 0; T != NT; ++T)
        Enabled += En[T] = enabledAt(Pos, T);
      // Races: dependent enabled pending events of different threads.
      for (unsigned T = 0; T != NT; ++T)
        for (unsigned U = T + 1; U != NT; ++U)
          if (En[T] && En[U] &&
              dependent(P.threads[T][Pos[T]], P.threads[U][Pos[U]],
                        P.readsCommute)) {
            unsigned A = Base[T] + Pos[T], B = Base[U] + Pos[U];
            unsigned Bit = std::min(A, B) * 16 + std::max(A, B);
            Pairs[Bit / 64] |= uint64_t(1) << (Bit % 64);
          }
      for (unsigned T = 0; T != NT; ++T) {
        if (!En[T] ||
            indexAt(Pos, T) != ((Key >> (4 * (Base[T] + Pos[T]))) & 15))
          continue;
        unsigned J = I + Stride[T];
        Reach[J] = 1;
        Prob[J] += Prob[I] / Enabled;
        for (unsigned Last = 0; Last != NT + 1; ++Last) {
          uint8_t From = Pre[size_t(I) * (NT + 1) + Last];
          if (From == 255)
            continue;
          bool Preempt = Last != 0 && Last - 1 != T && En[Last - 1];
          uint8_t &To = Pre[size_t(J) * (NT + 1) + T + 1];
          To = std::min<uint8_t>(To, From + Preempt);
        }
      }
    }
    unsigned Full = NumIdeals - 1;
    assert(Reach[Full] && "a key from the enumeration is reachable");
    Info.rwProb = Prob[Full];
    unsigned Best = 255;
    for (unsigned Last = 0; Last != NT + 1; ++Last)
      Best = std::min<unsigned>(Best, Pre[size_t(Full) * (NT + 1) + Last]);
    Info.preemptions = Best;
    for (uint64_t W : Pairs)
      Info.races += __builtin_popcountll(W);
    return Info;
  }
};

} // namespace

static void buildTable(Analysis &A);

Analysis analyze(const Program &P) {
  P.validate();
  if (!P.packedKey()) {
    fprintf(stderr, "schedsan-sim: %s is too large for exact analysis\n",
            P.name.c_str());
    abort();
  }
  Explorer X(P);
  X.sleepDfs(X.initial(), 0);
  std::sort(X.Keys.begin(), X.Keys.end());
  if (std::adjacent_find(X.Keys.begin(), X.Keys.end()) != X.Keys.end()) {
    fprintf(stderr, "schedsan-sim: sleep sets gave a partial order twice\n");
    abort();
  }
  Analysis A;
  IdealDp Dp(P);
  A.rwMin = 1;
  for (uint64_t K : X.Keys) {
    OrderInfo I = Dp.run(K);
    A.maxPreemptions = std::max(A.maxPreemptions, I.preemptions);
    A.maxRaces = std::max(A.maxRaces, I.races);
    A.rwMin = std::min(A.rwMin, I.rwProb);
    A.rwSum += I.rwProb;
    A.orders.push_back(I);
  }
  buildTable(A);
  return A;
}

std::vector<uint64_t> bruteForceKeys(const Program &P) {
  P.validate();
  Explorer X(P);
  X.allDfs(X.initial());
  std::sort(X.Keys.begin(), X.Keys.end());
  X.Keys.erase(std::unique(X.Keys.begin(), X.Keys.end()), X.Keys.end());
  return X.Keys;
}

static uint64_t mixKey(uint64_t K) {
  K = (K ^ (K >> 31)) * 0x7fb5d329728ea185ull;
  K = (K ^ (K >> 27)) * 0x81dadef4bc2dd44dull;
  return K ^ (K >> 33);
}

static void buildTable(Analysis &A) {
  size_t Size = 16;
  while (Size < 2 * A.orders.size())
    Size *= 2;
  A.table.assign(Size, -1);
  for (size_t I = 0; I != A.orders.size(); ++I) {
    size_t H = mixKey(A.orders[I].key) & (Size - 1);
    while (A.table[H] >= 0)
      H = (H + 1) & (Size - 1);
    A.table[H] = int32_t(I);
  }
}

long findOrder(const Analysis &A, uint64_t Key) {
  if (!A.table.empty()) {
    size_t Mask = A.table.size() - 1;
    for (size_t H = mixKey(Key) & Mask;; H = (H + 1) & Mask) {
      int32_t I = A.table[H];
      if (I < 0)
        return -1;
      if (A.orders[I].key == Key)
        return I;
    }
  }
  auto It = std::lower_bound(
      A.orders.begin(), A.orders.end(), Key,
      [](const OrderInfo &I, uint64_t K) { return I.key < K; });
  if (It == A.orders.end() || It->key != Key)
    return -1;
  return It - A.orders.begin();
}

} // namespace sim
} // namespace schedsan
