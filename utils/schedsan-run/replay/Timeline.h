//===- Timeline.h - A failing schedule as a picture -------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/replay/Timeline.h
//
// DESCRIPTION:
//    `schedsan replay --timeline FILE.html --chrome-trace FILE.json` runs
//    the replay with the runtime's events= log
//    (runtime/observe/schedsan_events.h) and draws it: one lane per thread,
//    steps along the horizontal axis, each executed event a mark, context
//    switches and preemptions, the intervals a thread was blocked and on what,
//    the failing event, and the report's lines of each thread (its stacks when
//    the report has them). Timeline.cpp reads the log and the report into a
//    Timeline; TimelineHtml.cpp writes the self-contained HTML page (inline SVG
//    and script, no network); ChromeTrace.cpp writes the Trace Event Format
//    that Perfetto and chrome://tracing open.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_TIMELINE_H
#define SCHEDSAN_RUN_TIMELINE_H

#include "results/Json.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedsan::run {

struct Timeline {
  struct Thread {
    unsigned Tid = 0;
    int Parent = -1;    // -1: the main thread
    std::string Report; // the report's lines for this thread, if any
  };
  struct Step {
    uint64_t Step = 0;
    unsigned Tid = 0;
    unsigned Kind = 0; // index into Kinds
    // s switch, p preemption, y yield or poll, - none; x reached but not
    // performed: the run ended there (the failing thread of a deadlock)
    char How = '-';
    int Where = -1, After = -1; // indexes into Places, -1: none
  };
  struct Blocked {
    unsigned Tid = 0;
    uint64_t From = 0, To = 0; // steps [From, To): blocked from From on
    std::string What;
  };
  std::vector<Thread> Threads;
  std::vector<Step> Steps;
  std::vector<Blocked> Blocks;
  // Each kind name and source location once (a long run repeats them).
  std::vector<std::string> Kinds, Places;
  // Events left out at the front: a page keeps the last kMaxSteps.
  uint64_t Dropped = 0;
  static constexpr size_t kMaxSteps = 200000;
  // How the run ended: "exit" or "die" (a report), "" if the log has no end.
  std::string EndHow, EndKind, EndWhere;
  int EndCode = 0;
  int EndTid = -1;
  uint64_t EndStep = 0;
  int Failing = -1;    // index into Steps of the failing event, -1: none
  std::string Failure; // the report's signature ("assertion failure at ..")
  std::string Title;   // the program and trace
  std::string Report;  // the run's whole report

  const std::string &kind(const Step &S) const { return Kinds[S.Kind]; }
  std::string place(int I) const { return I < 0 ? "" : Places[I]; }
};

// Reads the events= log at Path and the run's stderr (for the report's
// thread lines). Failure is the replay's classification ("" if it passed).
// Exits with an error naming the file if the log cannot be read.
Timeline readTimeline(const std::string &Path, const std::string &Stderr,
                      const std::string &Failure, const std::string &Title);

// Names the places of intercepted calls (`pc 0x.. (MODULE+0xOFF)`) as
// FILE:LINE:COL in FUNCTION, when llvm-symbolizer can (TimelineSymbols.cpp).
void symbolizePlaces(std::vector<std::string> &Places);

// The timeline as JSON: what the page embeds and draws.
Json timelineJson(const Timeline &T);

// J without indentation: a line break after each element of the arrays
// and objects less than Lines deep (0: one line).
std::string compactJson(const Json &J, unsigned Lines);

// Write the page and the Chrome trace; false (with errno) on failure.
bool writeTimelineHtml(const Timeline &T, const std::string &Path);
bool writeChromeTrace(const Timeline &T, const std::string &Path);

} // namespace schedsan::run

#endif
