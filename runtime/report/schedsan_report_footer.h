//===- schedsan_report_footer.h - The end of a report -----------*- C++ -*-===//
//
// FILE:
//    runtime/report/schedsan_report_footer.h
//
// DESCRIPTION:
//    What every report ends with: the run's files (the searcher's, coverage,
//    rff's pairs, the site set, the schedule trace) and the lines that name
//    the trace and the command that replays it.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_REPORT_FOOTER_H
#define SCHEDSAN_REPORT_FOOTER_H

namespace schedsan {

// What the searcher, coverage, rff and the site set read of this run,
// written once however the run ends.
void endRunFiles();

// The run's files: what the searcher, coverage, rff and the site set read
// whatever the report shows, and the schedule trace (trace=, else
// schedsan.<pid>.trace in trace_dir=, the current directory or /tmp).
// Written once, before a report gathers its stacks (symbolizing may take
// seconds, and schedsan run's timeout may end the process meanwhile: the
// runner then finds the trace by its name); returns the trace's path, null
// if none could be written.
const char *finishRunFiles();

// ==PID==Schedule trace: <path> and ==PID==Replay: SCHEDSAN_OPTIONS=... <cmd>
// (finishing the run's files first if need be).
void printFooter();

} // namespace schedsan

#endif // SCHEDSAN_REPORT_FOOTER_H
