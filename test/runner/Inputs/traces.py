#!/usr/bin/env python3
"""The Mazurkiewicz traces of writers.c, counted from a model of its
events, for sleep-sets.test: how many complete (not sleep-set blocked)
schedules `schedsan run --strategy dfs --reduction sleep` must play.

usage: traces.py A B
Prints the number of traces.

The events are writers_model.py's, with the same rules of what may go
next. Every schedule is enumerated; two are one trace when
they order every pair of dependent events of different threads alike.
Dependent, as the runtime's sleep sets take it: any pair with a thread
event (create, start, join, exit), and two memory accesses of one variable
when one writes (main's loads read its own handles: independent of the
writes, and T1's X of T2's Y).
"""
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
import writers_model  # noqa: E402

A, B = int(sys.argv[1]), int(sys.argv[2])
PROGRAM = writers_model.program(A, B)


def enabled(pcs, t):
    return writers_model.enabled(PROGRAM, pcs, t)


def dependent(e, f):
    kind_e, kind_f = e.split()[0], f.split()[0]
    if kind_e not in ("read", "write") or kind_f not in ("read", "write"):
        return True
    return e.split()[1] == f.split()[1] and "write" in (kind_e, kind_f)


traces = set()


def explore(pcs, done):
    runnable = [t for t in range(len(PROGRAM)) if enabled(pcs, t)]
    if not runnable:
        edges = frozenset((a, b) for i, a in enumerate(done)
                          for b in done[i + 1:]
                          if a[0] != b[0] and
                          dependent(PROGRAM[a[0]][a[1]], PROGRAM[b[0]][b[1]]))
        traces.add(edges)
        return
    for t in runnable:
        next_pcs = list(pcs)
        next_pcs[t] += 1
        explore(tuple(next_pcs), done + [(t, pcs[t])])


explore((0, 0, 0), [])
print(len(traces))
