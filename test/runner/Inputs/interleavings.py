#!/usr/bin/env python3
"""The schedules of writers.c, counted from a model of its events, for
search.test: what `schedsan run --strategy dfs` must explore exactly.

usage: interleavings.py A B [BOUND]
Prints the summary line of a complete search: "  search    N schedules
explored; the search is complete: every schedule[ with at most BOUND
preemptions]".

The events are writers_model.py's. At each point any enabled thread may go next; choosing
another thread while the one that performed the last event is enabled is a
preemption (a thread that exited has no next event).
"""
import sys
from functools import lru_cache

sys.dont_write_bytecode = True  # nothing written into the source tree
import writers_model  # noqa: E402

A, B = int(sys.argv[1]), int(sys.argv[2])
BOUND = int(sys.argv[3]) if len(sys.argv) > 3 else -1
PROGRAM = writers_model.program(A, B)


def ended(pcs, t):
    return writers_model.ended(PROGRAM, pcs, t)


def enabled(pcs, t):
    return writers_model.enabled(PROGRAM, pcs, t)


@lru_cache(maxsize=None)
def schedules(pcs, current, preemptions):
    runnable = [t for t in range(len(PROGRAM)) if enabled(pcs, t)]
    if not runnable:
        return 1
    total = 0
    for t in runnable:
        p = preemptions + (current in runnable and t != current)
        if 0 <= BOUND < p:
            continue
        next_pcs = list(pcs)
        next_pcs[t] += 1
        next_pcs = tuple(next_pcs)
        total += schedules(next_pcs, None if ended(next_pcs, t) else t, p)
    return total


n = schedules((0, 0, 0), 0, 0)
bound = "" if BOUND < 0 else " with at most %d preemption%s" % (
    BOUND, "" if BOUND == 1 else "s")
print("  search    %d schedule%s explored; the search is complete: every "
      "schedule%s" % (n, "" if n == 1 else "s", bound))
