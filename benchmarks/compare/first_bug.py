#!/usr/bin/env python3
"""Runs to the first bug, strategy against strategy, over repeated trials:
prints the table of benchmarks/RESULTS.md "Learning across runs: rff against
random walk".

    python3 benchmarks/compare/first_bug.py --build BUILD_DIR \
        [--programs a,b,...] [--strategies random,rff] [--trials 10] \
        [--cap 2000] [--jobs 2]

Each program of benchmarks/bugs/ named by --programs is built with
schedsan-clang -g -O1. Each strategy then runs --trials campaigns of
`schedsan run --until-bug -n CAP --seed-base B` with disjoint seed ranges
(trial t, 0-based, starts at B = 1 + t * CAP, the same ranges for every
strategy) and max_steps=200000 as compare.py. A trial's result is the
runs to its first failure (its first failing seed - B + 1), or "> CAP"
when no run of it failed. A cell: the median over the trials (a trial that
found nothing counts as CAP + 1 there, and the median is then printed as
"> CAP" if it is one), the trials that found the bug, and the mean of the
found trials' runs.

rff learns within a campaign: its campaigns start from an empty corpus, as
a user's would. With --jobs above 1 an rff campaign's corpus depends on the
order runs finish (README, "Learning across runs"), so its numbers vary a
little from one invocation to the next; random walk's do not.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUGS = os.path.join(ROOT, "benchmarks", "bugs")
COMMON = ["-o", "max_steps=200000", "-o", "symbolize=0", "--timeout", "30"]


def build(build_dir, name, out):
    for ext, cc in ((".c", "schedsan-clang"), (".cpp", "schedsan-clang++")):
        src = os.path.join(BUGS, name + ext)
        if os.path.exists(src):
            cmd = [os.path.join(build_dir, "bin", cc), "-g", "-O1", src,
                   "-o", out]
            subprocess.run(cmd, check=True)
            return
    sys.exit("no program benchmarks/bugs/%s.c(pp)" % name)


def trial(build_dir, exe, strategy, base, cap, jobs, tmp):
    out = os.path.join(tmp, "trial.json")
    cmd = [os.path.join(build_dir, "bin", "schedsan"), "run", "--strategy",
           strategy, "-n", str(cap), "--seed-base", str(base), "-j",
           str(jobs), "--keep", "1", "--out", os.path.join(tmp, "out"),
           "--json", out] + COMMON + ["--", exe]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode not in (0, 1):
        sys.exit("schedsan run failed (%d): %s\n%s" %
                 (p.returncode, " ".join(cmd), p.stdout))
    d = json.load(open(out))
    firsts = [f["first_seed"] for f in d["failures"]]
    return min(firsts) - base + 1 if firsts else None


def cell(results, cap):
    found = [r for r in results if r is not None]
    med = statistics.median([r if r is not None else cap + 1
                             for r in results])
    m = "> %d" % cap if med > cap else "%g" % med
    mean = "%.1f" % statistics.mean(found) if found else "-"
    return "%s (%d/%d; %s)" % (m, len(found), len(results), mean)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--programs", default="shutdown_wakeup,treiber_aba,"
                    "cond_if_not_while,close_during_request,deadlock_ring,"
                    "atomic_max")
    ap.add_argument("--strategies", default="random,rff")
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--cap", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    strategies = a.strategies.split(",")
    print("| program | " + " | ".join(strategies) + " |")
    print("|---|" + "---|" * len(strategies))
    names = a.programs.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            build(a.build, name, os.path.join(tmp, name))
        for name in names:
            exe = os.path.join(tmp, name)
            row = []
            for s in strategies:
                res = [trial(a.build, exe, s, 1 + t * a.cap, a.cap, a.jobs,
                             tmp) for t in range(a.trials)]
                print("# %s %s: %s" % (name, s, res), file=sys.stderr)
                row.append(cell(res, a.cap))
            print("| %s | %s |" % (name, " | ".join(row)), flush=True)


if __name__ == "__main__":
    main()
