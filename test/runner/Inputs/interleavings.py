#!/usr/bin/env python3
"""The schedules of writers.c, counted from a model of its events, for
search.test: what `schedsan run --strategy dfs` must explore exactly.

usage: interleavings.py A B [BOUND]
Prints the summary line of a complete search: "  search    N schedules
explored; the search is complete: every schedule[ with at most BOUND
preemptions]".

The events (as SCHEDSAN_OPTIONS=events=FILE shows them for writers.c built
with -O1): main creates T1 and T2, loads T1's handle, joins T1, loads T2's
handle, joins T2, exits; T1 starts, writes A times, exits; T2 starts,
writes B times, exits. A schedule orders all events keeping each thread's
order; a thread's start comes after its create, a join after the joined
thread's exit. At each point any enabled thread may go next; choosing
another thread while the one that performed the last event is enabled is a
preemption (a thread that exited has no next event).
"""
import sys
from functools import lru_cache

A, B = int(sys.argv[1]), int(sys.argv[2])
BOUND = int(sys.argv[3]) if len(sys.argv) > 3 else -1
PROGRAM = [["create 1", "create 2", "read", "join 1", "read", "join 2", "exit"],
           ["start"] + ["write"] * A + ["exit"],
           ["start"] + ["write"] * B + ["exit"]]
MAIN = PROGRAM[0]


def ended(pcs, t):
    return pcs[t] == len(PROGRAM[t])


def enabled(pcs, t):
    if ended(pcs, t) or (t and pcs[0] <= MAIN.index("create %d" % t)):
        return False
    event = PROGRAM[t][pcs[t]]
    return not event.startswith("join") or ended(pcs, int(event.split()[1]))


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
