#!/usr/bin/env python3
"""Counts the schedules of two threads taking A and B script steps when a
script calls ChooseThread before every step, by enumerating them: with no
bound C(A+B, A); with a context bound N only those that switch away from
the thread chosen last, while it still has steps, at most N times.

usage: count_script_schedules.py A B [N]
"""
import sys


def count(a, b, bound):
    total = 0

    def walk(left, last, switches):
        nonlocal total
        if left[0] == 0 and left[1] == 0:
            total += 1
            return
        for t in (0, 1):
            if left[t] == 0:
                continue
            cost = 1 if last is not None and last != t and left[last] else 0
            if bound is not None and switches + cost > bound:
                continue
            left[t] -= 1
            walk(left, t, switches + cost)
            left[t] += 1

    walk([a, b], None, 0)
    return total


if __name__ == "__main__":
    a, b = int(sys.argv[1]), int(sys.argv[2])
    bound = int(sys.argv[3]) if len(sys.argv) > 3 else None
    print(count(a, b, bound))
