#!/usr/bin/env python3
"""usage: learning.py FILE

FILE has one number a line, run by run: the mappings a run started main
with. Prints which runs had their code mappings cut into pages (a learning
run: 20 or more mappings beyond the last run's) and which had exactly the
last run's, as ranges: "1-2 cut, 3-12 same"."""
import sys

counts = [int(line) for line in open(sys.argv[1])]
last = counts[-1]
states = ["cut" if c >= last + 20 else "same" if c == last else f"other({c})"
          for c in counts]
groups = []
for i, s in enumerate(states, 1):
    if groups and groups[-1][2] == s:
        groups[-1][1] = i
    else:
        groups.append([i, i, s])
print(", ".join(f"{a}-{b} {s}" if a != b else f"{a} {s}"
                for a, b, s in groups))
