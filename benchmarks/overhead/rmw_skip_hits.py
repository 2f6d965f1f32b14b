#!/usr/bin/env python3
"""What skip_unconflicted_rmw_writes=1 costs in bugs found: hit ratios.

    python3 benchmarks/overhead/rmw_skip_hits.py [-n N] [--build DIR]

The output also goes to benchmarks/results/rmw-skip-hits.txt
(benchmarks/record.sh).

Builds the lost-update programs below with schedsan-clang -g -O1 and runs
each `schedsan run --count -n N` (seeds 1..N, so both columns run the same
seeds) under random, pct d=2, pct d=3, pos and swarm, once with the option
off (the default) and once with it on, and prints how many runs failed.
run.py --rmw measures what the option saves in time; this is its price.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from recording import record  # noqa: E402

BUGS = os.path.join(ROOT, "benchmarks", "bugs")
TESTS = os.path.join(ROOT, "test", "runtime")
# name, source, arguments
PROGRAMS = [
    ("lost_update", os.path.join(BUGS, "lost_update.c"), []),
    ("refcount_race", os.path.join(BUGS, "refcount_race.c"), []),
    ("check_then_act", os.path.join(BUGS, "check_then_act.c"), []),
    ("lost_update_global", os.path.join(TESTS, "lost_update_global.c"), []),
    # The other thread reads its argument before the counter.
    ("rmw_write_skip lost", os.path.join(TESTS, "rmw_write_skip.c"),
     ["lost"]),
]
STRATEGIES = [("random", []), ("pct d=2", ["--depth", "2"]),
              ("pct d=3", ["--depth", "3"]), ("pos", []), ("swarm", [])]


def failures(schedsan, exe, args, strategy, extra, option, n):
    cmd = [schedsan, "run", "--count", "-n", str(n), "--no-coverage",
           "--strategy", strategy.split()[0]] + extra + [
           "-o", "skip_unconflicted_rmw_writes=%d" % option, "--", exe] + args
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    m = re.search(r"result\s+\d+ passed, (\d+) failed, (\d+) timed out",
                  p.stdout)
    if not m:
        sys.exit("no result line from %s:\n%s" % (" ".join(cmd), p.stdout))
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=1000,
                    help="seeds 1..N per program, strategy and setting "
                    "(default 1000)")
    ap.add_argument("--build", default=os.environ.get(
        "SCHEDSAN_BUILD_DIR", os.path.join(ROOT, "build")))
    a = ap.parse_args()
    if a.runs < 1:
        ap.error("--runs: %d is not a positive count" % a.runs)
    record("rmw-skip-hits", __file__)
    cc = os.path.join(a.build, "bin", "schedsan-clang")
    schedsan = os.path.join(a.build, "bin", "schedsan")
    for tool in (cc, schedsan):
        if not os.access(tool, os.X_OK):
            sys.exit("no %s: build schedsan first (ninja -C build)" % tool)
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="schedsan-rmw-skip.")
    print("# failing runs of %d (seeds 1..%d), skip_unconflicted_rmw_writes "
          "off / on" % (a.runs, a.runs))
    print()
    print("| program | " + " | ".join(s for s, _ in STRATEGIES) + " |")
    print("|---" * (len(STRATEGIES) + 1) + "|")
    for name, src, args in PROGRAMS:
        exe = os.path.join(tmp, os.path.basename(src) + ".bin")
        if not os.path.exists(exe):
            subprocess.run([cc, "-g", "-O1", "-I", os.path.join(BUGS, "include"),
                            src, "-o", exe], check=True)
        cells = []
        for strategy, extra in STRATEGIES:
            off, on = (failures(schedsan, exe, args, strategy, extra, o,
                                a.runs) for o in (0, 1))
            cells.append("%d / %d" % (off, on))
        print("| %s | %s |" % (name, " | ".join(cells)))
        sys.stdout.flush()
    print()
    print("# total %.0f s" % (time.time() - t0))


if __name__ == "__main__":
    main()
