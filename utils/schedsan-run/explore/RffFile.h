//===- RffFile.h - A run's reads-from pairs and constraints -----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/RffFile.h
//
// DESCRIPTION:
//    What `--strategy rff` (RffCorpus.h) and the runtime exchange per run:
//      - rf_constraints=<list>: the run's constraints, comma-separated,
//        each `R<W` (the read R reads from the write W; W = 0: the initial
//        value) or `R!W` (it does not); R and W are event keys `S@T` (site
//        S in thread T) or sites `S` in any thread
//        (common/ReadsFrom.h). The runner writes them in one
//        canonical order (by read, then write, `<` before `!`), so a set has
//        one spelling;
//      - rf_file=<path>: written by the run at its end: the header line
//        SCHEDSAN_RF_HEADER, then `<W> <R>` a line (a reads-from pair
//        between two threads), then `# held <i> <0|1>` per constraint
//        (0-based, in rf_constraints order): whether the run's reads
//        obeyed it. Other lines that start with # are comments.
//    A missing file means no pairs (the run ended before its runtime wrote
//    one, e.g. SIGKILL). A file that exists but is not all of the above --
//    empty, another header, a line that is neither a pair nor a comment, a
//    last line without its newline (the run was killed while writing) --
//    is malformed: no pairs, and Why says what was wrong.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RFFFILE_H
#define SCHEDSAN_RUN_RFFFILE_H

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace schedsan::run {

// Event keys as the runtime packs them (common/ReadsFrom.h), and
// their text `S@T` / `S` / `0`; parseRfKeyText is false on anything else.
bool parseRfKeyText(const std::string &Text, uint64_t &Key);
std::string rfKeyText(uint64_t Key);

// A reads-from pair: the read Read read the value the write Write wrote (0:
// the initial value); event keys.
struct RfPair {
  uint64_t Write = 0, Read = 0;
  bool operator<(const RfPair &O) const {
    return std::tie(Read, Write) < std::tie(O.Read, O.Write);
  }
  bool operator==(const RfPair &O) const {
    return Read == O.Read && Write == O.Write;
  }
};

// `Read<Write`, or `Read!Write` when Not.
struct RfConstraint {
  uint64_t Read = 0, Write = 0;
  bool Not = false;
  bool operator<(const RfConstraint &O) const {
    return std::tie(Read, Write, Not) < std::tie(O.Read, O.Write, O.Not);
  }
  bool operator==(const RfConstraint &O) const {
    return Read == O.Read && Write == O.Write && Not == O.Not;
  }
};

// Sorts and removes duplicates: the one spelling of a set.
void canonicalize(std::vector<RfConstraint> &Set);
// "12<7,15!0" ("" for none).
std::string formatConstraints(const std::vector<RfConstraint> &Set);
// How many constraints a canonical list has.
inline size_t constraintCount(const std::string &Text) {
  size_t N = Text.empty() ? 0 : 1;
  for (char C : Text)
    N += C == ',';
  return N;
}
// The inverse of formatConstraints; false (with Error naming the bad entry) on
// anything else.
bool parseConstraints(const std::string &Text, std::vector<RfConstraint> &Set,
                      std::string &Error);

// One run's rf_file.
struct RfRun {
  std::vector<RfPair> Pairs; // sorted, distinct
  // Per constraint: 1 held, 0 not, -1 the file does not say.
  std::vector<int> Held;
  bool Malformed = false;
  std::string Why; // Malformed: what was wrong

  // Whether every one of the run's constraints held (false without any).
  bool allHeld() const;
};

// Reads Path, written by a run that had Constraints constraints.
RfRun readRfFile(const std::string &Path, size_t Constraints);
// The same from the file's text.
RfRun parseRfText(const std::string &Text, size_t Constraints);

} // namespace schedsan::run

#endif
