//===- schedsan_report_footer.cpp - The end of a report -------------------===//
//
// FILE:
//    runtime/report/schedsan_report_footer.cpp
//
// DESCRIPTION:
//    See schedsan_report_footer.h. No allocation and no lock of the C
//    library: a report may be made on a signal's stack, in a broken process.
//===----------------------------------------------------------------------===//
#include "report/schedsan_report_footer.h"
#include "core/schedsan_check_mode.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_trace.h"
#include "observe/schedsan_coverage.h"
#include "observe/schedsan_readsfrom.h"
#include "observe/schedsan_search.h"
#include "observe/schedsan_shared.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

char TracePath[1024];

// Writes the trace as Dir/schedsan.<pid>.trace, or, if that name is taken,
// schedsan.<pid>.<n>.trace: never over an existing file, never through a
// symlink, so a shared directory is safe.
bool writeTraceIn(const char *Dir) {
  for (int N = 0; N != 100; ++N) {
    if (N)
      snprintf(TracePath, sizeof(TracePath), "%s/schedsan.%d.%d.trace", Dir,
               (int)getpid(), N);
    else
      snprintf(TracePath, sizeof(TracePath), "%s/schedsan.%d.trace", Dir,
               (int)getpid());
    if (traceWrite(TracePath, /*Exclusive=*/true))
      return true;
    if (errno != EEXIST)
      return false;
  }
  return false;
}

// The trace file of this run: trace=, else schedsan.<pid>.trace in
// trace_dir, the current directory, or /tmp.
const char *writeTrace() {
  replayCheckEnd();
  if (replayFollowedExactly())
    return flags.replay; // the replayed schedule is this run's
  if (*flags.trace) {
    snprintf(TracePath, sizeof(TracePath), "%s", flags.trace);
    if (traceWrite(TracePath, /*Exclusive=*/false))
      return TracePath;
  }
  char Cwd[512];
  if (*flags.trace_dir && writeTraceIn(flags.trace_dir))
    return TracePath;
  if (getcwd(Cwd, sizeof(Cwd)) && writeTraceIn(Cwd))
    return TracePath;
  return writeTraceIn("/tmp") ? TracePath : nullptr;
}

} // namespace

void endRunFiles() { observersEndRun(); }

const char *finishRunFiles() {
  static bool Done;
  static const char *Trace;
  if (!Done) {
    Done = true;
    endRunFiles();
    Trace = writeTrace();
  }
  return Trace;
}

void printFooter() {
  const char *Trace = finishRunFiles();
  rawPrintf("==%d==" SCHEDSAN_REPORT_TRACE "%s\n", (int)getpid(),
            Trace ? Trace : "(could not be written)");
  if (const char *Check = checkReplayCommand()) // a check's run: its seed
    return rawPrintf("==%d==Replay: %s\n", (int)getpid(), Check);
  // Static: a report is made once, perhaps on a signal's stack; the line
  // holds the options whole (rf_constraints= runs to kOptionsTextMax).
  static char Opts[kOptionsTextMax + 1024], Quoted[2 * sizeof(Opts)],
      Line[sizeof(Quoted) + 4096];
  formatChangedFlags(Opts, kOptionsTextMax);
  if (Trace) {
    // The path goes through SCHEDSAN_OPTIONS (':' escaped) and a shell
    // (quotes escaped): the line runs as printed whatever the path holds.
    size_t Len = strlen(Opts);
    snprintf(Opts + Len, sizeof(Opts) - Len, ":replay=");
    Len = strlen(Opts);
    escapeOptionValue(Trace, Opts + Len, sizeof(Opts) - Len);
  }
  shellQuoteInside(Opts, Quoted, sizeof(Quoted));
  int N =
      snprintf(Line, sizeof(Line), "==%d==Replay: SCHEDSAN_OPTIONS='%s' %s\n",
               (int)getpid(), Quoted, commandLine());
  rawWrite(Line, N < (int)sizeof(Line) ? N : sizeof(Line) - 1);
}

} // namespace schedsan
