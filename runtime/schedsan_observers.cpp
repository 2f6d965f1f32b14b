//===- schedsan_observers.cpp - The observers a run has -------------------===//
//
// FILE:
//    runtime/schedsan_observers.cpp
//
// DESCRIPTION:
//    Every feature that watches a run (core/schedsan_observer.h), one line
//    each, in the order they are told. A new feedback signal is a file in
//    observe/ that defines its Observer, and its line here. The order
//    matters where one observer reads what another prepared: the searcher's
//    choice log and the reads-from constraints come before the decision
//    sites, which add the sites the constraints name.
//===----------------------------------------------------------------------===//
#include "core/schedsan_observer.h"
#include "observe/schedsan_coverage.h"
#include "observe/schedsan_decision.h"
#include "observe/schedsan_events.h"
#include "observe/schedsan_readsfrom.h"
#include "observe/schedsan_search.h"
#include "observe/schedsan_shared.h"
#include "script/schedsan_script.h"

namespace schedsan {

const Observer *const kObservers[] = {
    &kSearchObserver,        // the searcher's choices (search_file=)
    &kReadsFromObserver,     // reads-from pairs and rff's constraints
    &kScriptObserver,        // a test script (script=)
    &kCoverageObserver,      // event pairs (coverage_file=)
    &kSharedSitesObserver,   // the sites threads share (shared_sites_file=)
    &kDecisionSitesObserver, // the points that are decisions (decision_sites=)
    &kEventsObserver,        // the timeline's events (events=)
};
const unsigned kNumObservers = sizeof(kObservers) / sizeof(kObservers[0]);

} // namespace schedsan
