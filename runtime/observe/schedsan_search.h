//===- schedsan_search.h - What a systematic search follows ----*- C++ -*-===//
//
// FILE:
//    runtime/observe/schedsan_search.h
//
// DESCRIPTION:
//    The process-wide ChoiceLog (strategy/ChoiceLog.h) that the dfs
//    strategy and the test-script oracle choose through, and its file:
//    with search_file=F a run follows the choices F holds (the prefix a
//    searcher, `schedsan run --strategy dfs` or `--script`, wrote there)
//    and, when it ends, writes the choices it made back to F, so the
//    searcher can compute the next prefix. search= says how a choice
//    beyond the prefix is made.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SEARCH_H
#define SCHEDSAN_SEARCH_H

#include "ChoiceLog.h"
#include "core/schedsan_observer.h"

namespace schedsan {

// The log of this process's run.
ChoiceLog &searchLog();

// At the start of a run (before the strategy's beginRun): forgets the last
// run's choices and, with search_file set, reads its prefix from that file
// (none if the file does not exist; a file that is not a list of
// value/count choices is an error naming it).
extern const Observer kSearchObserver;

void searchBeginRun();

// At the end of a run, on every path that ends one (process exit, a
// report, another sanitizer's death): with search_file set, writes the
// run's choices to it (text form, ` blocked` if the run was cut short by
// sleep sets, and a newline), once per run, and warns
// once, naming search_file, if the run did not make the choices its prefix
// holds. Writes with no malloc and no stdio.
void searchEndRun();

// search=dfs: a choice beyond the prefix is the first alternative (0);
// search=random: a seeded random one.
bool searchFreshIsDfs();

} // namespace schedsan

#endif // SCHEDSAN_SEARCH_H
