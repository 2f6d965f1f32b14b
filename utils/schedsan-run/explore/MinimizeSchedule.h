//===- MinimizeSchedule.h - A schedule as the minimizer edits it -*- C++
//-*-===//
//
// FILE:
//    utils/schedsan-run/explore/MinimizeSchedule.h
//
// DESCRIPTION:
//    A trace as text lines, the switches of the run that made it, and the
//    edits `schedsan minimize` (Minimize.h) makes beyond removing lines:
//    the run cut into segments (stretches of steps of one thread, from
//    its verbosity=2 switch lines) and one segment moved up, which takes
//    one preemption out while the other decisions keep their meaning.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_MINIMIZESCHEDULE_H
#define SCHEDSAN_RUN_MINIMIZESCHEDULE_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace schedsan::run {

// A trace as text: its header lines (#) and its decisions (p, c lines);
// for a schedule a run made, also every switch it made (verbosity=2: the
// step and the thread that ran from there) and its step count.
struct Schedule {
  std::vector<std::string> Header, Decisions;
  std::string Strategy, Seed;
  std::vector<std::pair<uint64_t, unsigned>> Switches;
  uint64_t Steps = 0;
};

// The run as segments: Tid ran steps [Start, Start + Length).
struct Segment {
  uint64_t Start, Length;
  unsigned Tid;
};

// False if Path cannot be read; the switches are not in a trace.
bool readSchedule(const std::string &Path, Schedule &S);
// The header of S, then Decisions; exits 2 if it cannot write.
void writeSchedule(const std::string &Path, const Schedule &S,
                   const std::vector<std::string> &Decisions);

// "==PID==schedsan: step S: A -> B" lines (verbosity=2) of process Pid in
// Output: the step and the thread that ran from there.
std::vector<std::pair<uint64_t, unsigned>> switchLog(const std::string &Output,
                                                     int Pid);

// S.Switches as segments, the first one main's from step 1.
std::vector<Segment> segments(const Schedule &S);

// S's decisions with the next segment of the thread that segment J+1
// preempted moved up to run right after segment J: that switch and the
// one back are gone, the other segments keep their lengths and their
// choices (c lines) their place in them. Empty if that thread runs no
// more.
std::vector<std::string> pullForward(const Schedule &S, size_t J);

} // namespace schedsan::run

#endif
