//===- ChoiceLog.h - A run's choices, and the prefix it follows -*- C++ -*-===//
//
// FILE:
//    common/ChoiceLog.h
//
// DESCRIPTION:
//    The oracle state of a systematic search (Concurrit's DFS oracle,
//    Elmas et al. PLDI 2013, Figure 7; CHESS's schedule prefixes): every
//    choice a run makes among Count >= 2 alternatives, in order, as
//    (value, count). A run follows a prefix -- the choices of an earlier
//    run with its last one advanced -- and then makes fresh choices. After
//    the run, its record tells the searcher (the runner, across restarts)
//    where the next untried alternative is: drop trailing entries with
//    value == count-1, advance the last one left; none left, the search is
//    complete.
//
//    A prefix entry whose count differs from the Count asked for means the
//    program did not repeat the earlier run up to that point (it is not
//    deterministic under the schedule, or the prefix came from elsewhere):
//    the log is then diverged(), and the value is clamped below Count.
//
//    A run that a reduction found to repeat an explored trace (the dfs
//    strategy's sleep sets) is marked blocked: it makes no choices after
//    that point, and the searcher counts it apart.
//
//    Text form, one line: `value/count` separated by single spaces
//    ("1/2 0/3 2/3"), empty for no choices; a blocked run's record ends
//    with the word `blocked` ("1/2 blocked"). writeChoices and
//    formatChoices write it, parseChoices reads it.
//
//    Header-only, no OS calls and no C++ library (Vec.h says why): used by
//    the dfs strategy, the test-script oracle, the runtime and the
//    simulator.
//    Invariant: every entry has count >= 2 and value < count.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_CHOICELOG_H
#define SCHEDSAN_STRATEGY_CHOICELOG_H

#include "Vec.h"

#include <stddef.h>
#include <stdint.h>

namespace schedsan {

struct Choice {
  uint32_t value; // in [0, count)
  uint32_t count; // >= 2
};

class ChoiceLog {
public:
  // The choices to follow (copied); they take effect at the next beginRun.
  void setPrefix(const Choice *P, size_t N) {
    Prefix.clear();
    for (size_t I = 0; I != N; ++I)
      Prefix.push_back(P[I]);
    Pos = 0;
  }
  // Forgets the record (and the divergence), keeps the prefix.
  void beginRun() {
    Record.clear();
    Pos = 0;
    Diverged = false;
    Blocked = false;
  }
  // The next choice among Count >= 2 alternatives: the prefix's value while
  // the prefix lasts, afterwards Fresh (taken as it is if below Count, else
  // clamped). Every choice is appended to the record.
  uint32_t next(uint32_t Count, uint32_t Fresh) {
    uint32_t V = Fresh;
    if (Pos < Prefix.size()) {
      const Choice &P = Prefix[Pos++];
      if (P.count != Count)
        Diverged = true;
      V = P.value;
    }
    if (V >= Count)
      V = Count - 1;
    Record.push_back(Choice{V, Count});
    return V;
  }
  // The next call is answered from the prefix.
  bool inPrefix() const { return Pos < Prefix.size(); }
  bool diverged() const { return Diverged; }
  // The run repeats an explored trace from here on (see above).
  void markBlocked() { Blocked = true; }
  bool blocked() const { return Blocked; }
  size_t size() const { return Record.size(); }
  const Choice &at(size_t I) const { return Record[I]; }
  const Choice *data() const { return Record.begin(); }
  size_t prefixSize() const { return Prefix.size(); }

private:
  Vec<Choice> Prefix, Record;
  size_t Pos = 0; // the next prefix entry
  bool Diverged = false, Blocked = false;
};

// Writes N choices as text ("1/2 0/3"), and the word `blocked` last if
// Blocked, one character at a time through Put(char).
template <typename PutFn>
inline void writeChoices(const Choice *C, size_t N, bool Blocked, PutFn Put) {
  auto PutNumber = [&](uint32_t V) {
    char Digits[10];
    int D = 0;
    do {
      Digits[D++] = char('0' + V % 10);
      V /= 10;
    } while (V);
    while (D)
      Put(Digits[--D]);
  };
  for (size_t I = 0; I != N; ++I) {
    if (I)
      Put(' ');
    PutNumber(C[I].value);
    Put('/');
    PutNumber(C[I].count);
  }
  if (Blocked)
    for (const char *W = N ? " blocked" : "blocked"; *W; ++W)
      Put(*W);
}

// The same into Buf, snprintf-style: at most Size bytes including the NUL;
// returns the length it wanted.
inline size_t formatChoices(const Choice *C, size_t N, char *Buf, size_t Size,
                            bool Blocked = false) {
  size_t Len = 0;
  writeChoices(C, N, Blocked, [&](char Ch) {
    if (Len + 1 < Size)
      Buf[Len] = Ch;
    ++Len;
  });
  if (Size)
    Buf[Len < Size ? Len : Size - 1] = 0;
  return Len;
}

// Reads the text form (a trailing newline or spaces allowed) into Out, and
// whether it ends with `blocked` into *Blocked (if given); false, with Out
// holding the choices before the bad one, if a word is not value/count
// with count >= 2 and value < count (or `blocked`, last).
inline bool parseChoices(const char *Text, Vec<Choice> &Out,
                         bool *Blocked = nullptr) {
  Out.clear();
  if (Blocked)
    *Blocked = false;
  const char *P = Text;
  auto Number = [&](uint32_t &V) {
    if (*P < '0' || *P > '9')
      return false;
    uint64_t N = 0;
    for (; *P >= '0' && *P <= '9'; ++P)
      if ((N = N * 10 + uint64_t(*P - '0')) > UINT32_MAX)
        return false;
    V = uint32_t(N);
    return true;
  };
  for (;;) {
    while (*P == ' ' || *P == '\n' || *P == '\r')
      ++P;
    if (!*P)
      return true;
    if (P[0] == 'b' && P[1] == 'l' && P[2] == 'o' && P[3] == 'c' &&
        P[4] == 'k' && P[5] == 'e' && P[6] == 'd') {
      for (P += 7; *P == ' ' || *P == '\n' || *P == '\r';)
        ++P;
      if (Blocked)
        *Blocked = true;
      return !*P;
    }
    Choice C;
    if (!Number(C.value) || *P++ != '/' || !Number(C.count) || C.count < 2 ||
        C.value >= C.count)
      return false;
    if (*P && *P != ' ' && *P != '\n' && *P != '\r')
      return false;
    Out.push_back(C);
  }
}

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_CHOICELOG_H
