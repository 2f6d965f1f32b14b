"""The events of writers.c, for interleavings.py and traces.py.

As SCHEDSAN_OPTIONS=events=FILE shows them for writers.c built with -O1:
main creates T1 and T2, loads T1's handle (a), joins T1, loads T2's handle
(b), joins T2, exits; T1 starts, writes X A times, exits; T2 starts, writes
Y B times, exits. A schedule orders all events keeping each thread's
order; a thread's start comes after its create, a join after the joined
thread's exit.
"""


def program(a, b):
    return [["create 1", "create 2", "read a", "join 1", "read b", "join 2",
             "exit"],
            ["start"] + ["write X"] * a + ["exit"],
            ["start"] + ["write Y"] * b + ["exit"]]


def ended(prog, pcs, t):
    return pcs[t] == len(prog[t])


def enabled(prog, pcs, t):
    if ended(prog, pcs, t) or (t and pcs[0] <= prog[0].index("create %d" % t)):
        return False
    event = prog[t][pcs[t]]
    return not event.startswith("join") or ended(prog, pcs,
                                                 int(event.split()[1]))
