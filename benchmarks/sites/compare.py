#!/usr/bin/env python3
"""benchmarks/sites/compare.py: decisions at every access, or only where
threads share memory (`schedsan run --decision-sites=all|shared`).

usage: benchmarks/sites/compare.py <build-dir> [runs] [threads,...]
       (runs: default 1000 per campaign; threads: default 10,50,100)

Builds window.c and pipeline.c (this directory) with
<build-dir>/bin/schedsan-clang -g -O1, and for each program, thread count,
strategy (pct depth 2, random) and mode runs
`schedsan run --count -n RUNS --decision-sites=MODE --json ...` (seeds
1..RUNS; shared: plus its 20 learning runs, seeds 1..20, not counted).
Prints a markdown table: the decisions per run (the runs' mean k), the sites
kept, the hit ratio (failing runs / runs), the expected runs to a first bug
(1 / ratio) and the first failing seed (the runs this campaign took to its
first bug). "-" where no run failed.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ["window", "pipeline"]
STRATEGIES = [("pct d=2", ["--strategy", "pct", "--depth", "2"]),
              ("random", ["--strategy", "random"])]
MODES = ["all", "shared"]


def campaign(schedsan, prog, threads, strategy, mode, runs, tmp):
    out = os.path.join(tmp, "r.json")
    cmd = [schedsan, "run", "--count", "-n", str(runs), "--keep", "1",
           "--no-coverage", "--decision-sites=" + mode, "--json", out,
           *strategy, "--", prog, str(threads)]
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode not in (0, 1):
        sys.exit("compare.py: %s failed (exit %d):\n%s" %
                 (" ".join(cmd), r.returncode, r.stderr))
    return json.load(open(out))


def main(argv):
    if len(argv) < 2 or len(argv) > 4:
        sys.exit(__doc__)
    bindir = os.path.join(os.path.abspath(argv[1]), "bin")
    runs = int(argv[2]) if len(argv) > 2 else 1000
    sizes = [int(n) for n in argv[3].split(",")] if len(argv) > 3 else [
        10, 50, 100]
    schedsan = os.path.join(bindir, "schedsan")
    with tempfile.TemporaryDirectory() as tmp:
        print("| program | threads | strategy | decisions | decisions/run "
              "| hit ratio | runs to a bug (1/ratio) | first failing seed |")
        print("|---|---|---|---|---|---|---|---|")
        for name in PROGRAMS:
            prog = os.path.join(tmp, name)
            subprocess.run([os.path.join(bindir, "schedsan-clang"), "-g",
                            "-O1", os.path.join(HERE, name + ".c"), "-o",
                            prog], check=True)
            for n in sizes:
                for label, strategy in STRATEGIES:
                    for mode in MODES:
                        d = campaign(schedsan, prog, n, strategy, mode, runs,
                                     tmp)
                        t = d["totals"]
                        sites = d.get("decision_sites")
                        kept = ("%d of %d sites" %
                                (len(sites["ids"]), sites["sites_total"])
                                if sites else "every access")
                        fails = d["failures"]
                        hits = sum(f["hits"] for f in fails)
                        first = min((f["first_seed"] for f in fails),
                                    default=None)
                        ratio = hits / t["runs"] if t["runs"] else 0
                        print("| %s | %d | %s | %s | %.1f | %d / %d = %.4f "
                              "| %s | %s |" %
                              (name, n + 1, label, kept, t.get("k_mean", 0),
                               hits, t["runs"], ratio,
                               "%.0f" % (1 / ratio) if hits else "-",
                               first if first is not None else "-"))
                        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv)
