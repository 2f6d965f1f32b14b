#!/usr/bin/env python3
"""Strategy comparison on the bug suite: prints the tables of
benchmarks/RESULTS.md "Strategy comparison".

    python3 benchmarks/compare/compare.py [-n N] [--jobs J] [--only NAME,...]
                                          [--trials T] [--budget B]

The output also goes to benchmarks/results/compare.txt (benchmarks/record.sh).

Every program of benchmarks/bugs/ (and its twin in benchmarks/bugs/fixed/) is
built with schedsan-clang -g -O1 and run N times (seeds 1..N) under random,
pct with d = 1, 2, 3, pos, swarm, the portfolio and rff (the strategy that
learns across runs), each with `schedsan run --count` (fork server, J
parallel workers; PCT's k and rff's corpus flow from run to run as the
runner passes them on), and N times natively: the -fsanitize-schedule=none build of
the same source under the OS scheduler (J at a time; a run that does not end
within --native-timeout seconds counts as a hang, i.e. a hit: the suite's
deadlocks and livelocks hang natively). Every run gets max_steps=200000, so a
livelock ends as a report quickly.

Tables:
  1. hit ratio and runs to the first bug (the lowest failing seed, i.e. the
     number of runs a `schedsan run --until-bug` needs) per program and
     strategy; the geometric mean of the hit ratios per strategy, counting a
     miss as 1/N (as the POS paper does);
  2. PCT: the measured n (threads) and k (PCT's counted steps, the largest of
     any run) per program, and beside each measured ratio the bound
     1/(n k^(d-1)) of Burckhardt et al. for a bug of depth <= d; a ratio
     below the bound for d >= the program's depth is marked, with the
     binomial probability of so few hits if the bound held ("n.s." when
     that is 1 % or more);
  3. the twins: failures per strategy (must be 0);
  4. the portfolio (seed s -> member s mod 6 of six single configurations)
     against the best single strategy of each program (rff included):
     expected runs to the first bug, 1/(hit ratio) (a miss counts as N), the
     ratio of the two, and their geometric means; beside each, the measured
     first failing seed of this one campaign;
  5. independent trials: for each program and strategy, T campaigns
     (`schedsan run --until-bug`, at most B runs each) on disjoint seed
     ranges (trial t: seeds 1+tB .. (t+1)B); the median runs to the first
     bug and how many trials found it within B, and the geometric mean of
     the medians per strategy (a median beyond B counts as B).

Adaptive strategies (whose runs learn from earlier runs of the campaign)
run every campaign, trials included, with -j1: their outcome depends on the
order of the runs.

The strategies are one table, STRATEGIES: a new strategy is one line there.
--strategies picks some of its columns (portfolio: with the singles it is
compared with); --trials-only prints table 5 alone (no counting campaigns,
no twins), e.g. a learning strategy against others:

    python3 benchmarks/compare/compare.py --trials-only \
        --strategies 'random,rff,pct d=3' --only treiber_aba,... --trials 10
"""
import argparse
import concurrent.futures as cf
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUGS = os.path.join(ROOT, "benchmarks", "bugs")


sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from recording import record  # noqa: E402


# The strategies compared: column, `schedsan run` arguments, adaptive (the
# runs learn from earlier runs of the campaign, so its trials run with -j1).
STRATEGIES = [
    ("random", ["--strategy", "random"], False),
    ("pct d=1", ["--strategy", "pct", "--depth", "1"], False),
    ("pct d=2", ["--strategy", "pct", "--depth", "2"], False),
    ("pct d=3", ["--strategy", "pct", "--depth", "3"], False),
    ("pos", ["--strategy", "pos"], False),
    ("swarm", ["--strategy", "swarm"], False),
    ("portfolio", ["--strategy", "portfolio"], False),
    ("rff", ["--strategy", "rff"], True),
]
CONFIGS = [(c, args) for c, args, _ in STRATEGIES]
ADAPTIVE = {c for c, _, adaptive in STRATEGIES if adaptive}


def pick_configs(columns):
    """Keeps the columns of STRATEGIES named (exit 2 naming an unknown one)."""
    known = [c for c, _ in CONFIGS]
    bad = [c for c in columns if c not in known]
    if bad:
        print("compare.py: --strategies: no column %s (known: %s)" %
              (", ".join(repr(c) for c in bad), ", ".join(known)),
              file=sys.stderr)
        sys.exit(2)
    CONFIGS[:] = [(c, args) for c, args in CONFIGS if c in columns]
    SINGLES[:] = [c for c in SINGLES if c in columns]


def jobs_for(column, jobs):
    """An adaptive strategy's campaigns run their seeds in order, one at a
    time, so that their outcome does not depend on which run ends first."""
    return 1 if column in ADAPTIVE else jobs
SINGLES = [c for c, _ in CONFIGS if c != "portfolio"]
# Reports unsymbolized: the tables need a run's outcome, not its stacks.
COMMON = ["-o", "max_steps=200000", "-o", "symbolize=0", "--timeout", "30"]


def sources():
    out = []
    for f in sorted(os.listdir(BUGS)):
        if f.endswith((".c", ".cpp")):
            text = open(os.path.join(BUGS, f)).read()
            m = re.search(r"^// Depth: (\d+)", text, re.M)
            out.append((os.path.splitext(f)[0], f, int(m.group(1)) if m else 0))
    return out


def build(build_dir, src, out, native):
    cxx = src.endswith(".cpp")
    cc = os.path.join(build_dir, "bin",
                      "schedsan-clang++" if cxx else "schedsan-clang")
    cmd = [cc, "-g", "-O1", src, "-o", out]
    if native:
        cmd.insert(1, "-fsanitize-schedule=none")
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode:
        sys.exit("build failed: %s\n%s" % (" ".join(cmd), p.stdout))


def schedsan_run(build_dir, exe, args, n, jobs, tmp, seed_base=1,
                 mode="--count"):
    """One campaign of seeds seed_base .. seed_base+n-1; mode is --count
    (every seed) or --until-bug (stop at the first failing seed)."""
    out = os.path.join(tmp, "run.json")
    cmd = [os.path.join(build_dir, "bin", "schedsan"), "run", "-n", str(n),
           "--seed-base", str(seed_base), mode, "-j", str(jobs), "--keep", "1",
           "--out", os.path.join(tmp, "out"), "--json", out] + COMMON + args + \
          ["--", exe]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode not in (0, 1) or not os.path.exists(out):
        sys.exit("schedsan run failed (%d): %s\n%s" %
                 (p.returncode, " ".join(cmd), p.stdout))
    d = json.load(open(out))
    os.unlink(out)
    t = d["totals"]
    failed = t["failed"] + t.get("timeouts", 0)
    firsts = [f["first_seed"] for f in d["failures"] if f.get("first_seed")]
    firsts += [r["seed"] for r in d.get("runs", []) if r.get("status") == "timeout"]
    return {
        "hits": failed,
        "first": min(firsts) if firsts else 0,
        "n": t["threads_max"],
        "k": t.get("k_max", 0),
        "kinds": sorted({f["kind"] for f in d["failures"]}),
    }


def trials(build_dir, exe, args, count, budget, jobs, tmp):
    """Runs to the first bug in each of `count` independent campaigns of at
    most `budget` runs (trial t: seeds 1+t*budget ..); 0 for a trial that
    found nothing."""
    out = []
    for t in range(count):
        base = 1 + t * budget
        r = schedsan_run(build_dir, exe, args, budget, jobs, tmp, base,
                         "--until-bug")
        out.append(r["first"] - base + 1 if r["first"] else 0)
    return out


def median_runs(runs):
    """The median runs to the first bug; a trial that found nothing (0)
    counts as more than any (None: the median is such a trial)."""
    xs = sorted(r if r else float("inf") for r in runs)
    mid = len(xs) // 2
    m = xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2.0
    return None if m == float("inf") else m


def trials_table(progs, found, T, B, jobs):
    print("## 5. Independent trials: runs to the first bug")
    print()
    print("%d trials per program and strategy, each `schedsan run "
          "--until-bug` with at most B = %d runs on seeds of its own "
          "(trial t: %d t + 1 .. %d (t + 1)), %d jobs (adaptive strategies: "
          "1). Median runs to the first bug (a trial that found nothing "
          "counts as more than B), and the trials that found it."
          % (T, B, B, B, jobs))
    print()
    cols = [c for c, _ in CONFIGS]
    print("| program | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    for name, _, _ in progs:
        cells = []
        for c in cols:
            m = median_runs(found[name][c])
            hits = sum(1 for r in found[name][c] if r)
            cells.append("%s (%d/%d)" % ("> %d" % B if m is None else
                                         "%g" % m, hits, T))
        print("| %s | %s |" % (name, " | ".join(cells)))
    geo = []
    for c in cols:
        ms = [median_runs(found[p][c]) for p, _, _ in progs]
        geo.append("%.3g" % geomean([B if m is None else m for m in ms]))
    print("| geometric mean of the medians (beyond B = B) | %s |" %
          " | ".join(geo))
    hit = ["%d/%d" % (sum(1 for p, _, _ in progs
                          if any(found[p][c])), len(progs)) for c in cols]
    print("| programs found in some trial | %s |" % " | ".join(hit))


def native_runs(exe, n, jobs, timeout):
    def one(i):
        try:
            p = subprocess.run([exe], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=timeout)
            return i, p.returncode != 0
        except subprocess.TimeoutExpired:
            return i, True
    with cf.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(one, range(1, n + 1)))
    fails = [i for i, bad in res if bad]
    return {"hits": len(fails), "first": fails[0] if fails else 0}


def binom_cdf(h, n, p):
    """P(X <= h) for X ~ Binomial(n, p)."""
    total = 0.0
    for i in range(h + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) -
                          math.lgamma(n - i + 1) + i * math.log(p) +
                          (n - i) * math.log1p(-p))
    return total


def ratio_cell(r, n):
    if not r["hits"]:
        return "0 (-)"
    return "%.3g (%d)" % (r["hits"] / float(n), r["first"])


def expected_runs(r, n):
    """Expected runs to the first bug, 1/(hit ratio); a miss counts as n."""
    return n / float(r["hits"]) if r["hits"] else float(n)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def portfolio_table(progs, results, n):
    print("## 4. Portfolio against the best single strategy")
    print()
    print("Expected runs to the first bug (1/hit ratio; a miss counts as "
          "N = %d), measured first failing seed in parentheses." % n)
    print()
    print("| program | best single | its runs | portfolio runs | "
          "portfolio / best |")
    print("|---|---|---|---|---|")
    worse = []
    for name, _, _ in progs:
        r = results[name]
        best = min(SINGLES, key=lambda c: expected_runs(r[c], n))
        e_best = expected_runs(r[best], n)
        e_port = expected_runs(r["portfolio"], n)
        if e_port > 2 * e_best:
            worse.append(name)
        print("| %s | %s | %.3g (%s) | %.3g (%s) | %.2f%s |" % (
            name, best, e_best, r[best]["first"] or "-", e_port,
            r["portfolio"]["first"] or "-", e_port / e_best,
            " (> 2)" if e_port > 2 * e_best else ""))
    print()
    cells = ["%s %.3g" % (c, geomean([expected_runs(results[p][c], n)
                                      for p, _, _ in progs]))
             for c in SINGLES + ["portfolio"]]
    print("geometric mean of expected runs: " + ", ".join(cells))
    print("portfolio within 2x of the best single strategy on %d of %d "
          "programs%s" % (len(progs) - len(worse), len(progs),
                          (" (not: %s)" % ", ".join(worse)) if worse else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=1000,
                    help="runs (seeds 1..N) per program and strategy")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--native-timeout", type=float, default=0.2,
                    help="seconds after which a native run counts as hung")
    ap.add_argument("--only", default="", help="comma-separated program names")
    ap.add_argument("--no-twins", action="store_true")
    ap.add_argument("--trials", type=int, default=10,
                    help="independent --until-bug campaigns per program and "
                    "strategy (0: none)")
    ap.add_argument("--budget", type=int, default=10000,
                    help="runs per trial at most")
    ap.add_argument("--strategies", default="",
                    help="comma-separated columns of STRATEGIES (default: all)")
    ap.add_argument("--trials-only", action="store_true",
                    help="only the independent trials (table 5)")
    ap.add_argument("--build", default=os.environ.get(
        "SCHEDSAN_BUILD_DIR", os.path.join(ROOT, "build")))
    a = ap.parse_args()
    record("compare", __file__)
    N = a.runs
    if a.runs < 1 or a.trials < 0 or a.budget < 1:
        sys.exit("compare.py: -n and --budget must be at least 1, --trials "
                 "at least 0 (got -n %d, --trials %d, --budget %d)" %
                 (a.runs, a.trials, a.budget))
    if a.strategies:
        pick_configs(a.strategies.split(","))
    if a.trials_only and not a.trials:
        sys.exit("compare.py: --trials-only needs --trials at least 1")
    runner = os.path.join(a.build, "bin", "schedsan")
    if not os.access(runner, os.X_OK):
        sys.exit("no %s: this script needs `schedsan run` (ninja -C build)"
                 % runner)
    progs = sources()
    if a.only:
        want = set(a.only.split(","))
        unknown = want - {p[0] for p in progs}
        if unknown:
            sys.exit("compare.py: --only: no program %s in %s" %
                     (", ".join(sorted(unknown)), BUGS))
        progs = [p for p in progs if p[0] in want]
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="schedsan-compare.")
    results, twins, trial_runs, nruns = {}, {}, {}, 0
    for name, f, depth in progs:
        exe = os.path.join(tmp, name)
        nat = os.path.join(tmp, name + ".native")
        build(a.build, os.path.join(BUGS, f), exe, False)
        if not a.trials_only:
            build(a.build, os.path.join(BUGS, f), nat, True)
            r = {c: schedsan_run(a.build, exe, args, N, jobs_for(c, a.jobs),
                                 tmp) for c, args in CONFIGS}
            r["native"] = native_runs(nat, N, a.jobs, a.native_timeout)
            results[name] = r
            nruns += N * (len(CONFIGS) + 1)
        if not a.no_twins and not a.trials_only:
            fx = os.path.join(tmp, name + ".fixed")
            build(a.build, os.path.join(BUGS, "fixed", f), fx, False)
            twins[name] = {c: schedsan_run(a.build, fx, args, N,
                                           jobs_for(c, a.jobs), tmp)
                           for c, args in CONFIGS}
            nruns += N * len(CONFIGS)
        if a.trials:
            trial_runs[name] = {
                c: trials(a.build, exe, args, a.trials, a.budget,
                          jobs_for(c, a.jobs), tmp)
                for c, args in CONFIGS}
            nruns += sum(r if r else a.budget
                         for runs in trial_runs[name].values() for r in runs)
        print("# %s done (%.0f s)" % (name, time.time() - t0), file=sys.stderr)
    elapsed = time.time() - t0

    if a.trials_only:
        print("# schedsan strategy comparison, independent trials only; %s, "
              "%s; %d runs in %.0f s" % (os.uname().nodename,
                                         time.strftime("%Y-%m-%d %H:%M"),
                                         nruns, elapsed))
        print()
        trials_table(progs, trial_runs, a.trials, a.budget, a.jobs)
        return
    cols = [c for c, _ in CONFIGS] + ["native"]
    print("# schedsan strategy comparison: N = %d runs (seeds 1..%d) per "
          "program and strategy, %d jobs" % (N, N, a.jobs))
    print("# %s, %s; %d runs in %.0f s" % (
        os.uname().nodename, time.strftime("%Y-%m-%d %H:%M"), nruns, elapsed))
    print()
    print("## 1. Hit ratio (runs to the first bug)")
    print()
    print("| program | depth | " + " | ".join(cols) + " |")
    print("|---|---|" + "---|" * len(cols))
    for name, f, depth in progs:
        print("| %s | %d | %s |" % (name, depth, " | ".join(
            ratio_cell(results[name][c], N) for c in cols)))
    geo = []
    for c in cols:
        logs = [math.log(max(results[n][c]["hits"], 1) / float(N))
                for n, _, _ in progs]
        geo.append("%.3g" % math.exp(sum(logs) / len(logs)))
    print("| geometric mean (miss = 1/N) | | %s |" % " | ".join(geo))
    found = ["%d/%d" % (sum(1 for n, _, _ in progs if results[n][c]["hits"]),
                        len(progs)) for c in cols]
    print("| programs with a hit | | %s |" % " | ".join(found))
    print()

    print("## 2. PCT: measured ratio against the bound 1/(n k^(d-1))")
    print()
    print("| program | depth | n | k (d=1/2/3) | d=1 measured / bound | "
          "d=2 measured / bound | d=3 measured / bound |")
    print("|---|---|---|---|---|---|---|")
    for name, f, depth in progs:
        r = results[name]
        cells = []
        for d in (1, 2, 3):
            x = r["pct d=%d" % d]
            if not x["k"]:  # no run ended normally: k unknown
                cells.append("%.3g / -" % (x["hits"] / float(N)))
                continue
            bound = 1.0 / (x["n"] * float(x["k"]) ** (d - 1))
            # Flag a bug of depth <= d found significantly less often than
            # the bound promises (P(this few hits | ratio = bound) < 1 %).
            ok = ""
            if d >= depth and x["hits"] / float(N) < bound:
                pv = binom_cdf(x["hits"], N, bound)
                ok = " (below, P=%.2g)" % pv if pv < 0.01 else " (below, n.s.)"
            cells.append("%.3g / %.3g%s" % (x["hits"] / float(N), bound, ok))
        print("| %s | %d | %d | %s | %s |" % (
            name, depth, r["pct d=1"]["n"],
            "/".join(str(r["pct d=%d" % d]["k"] or "-") for d in (1, 2, 3)),
            " | ".join(cells)))
    print()

    if twins:
        print("## 3. Twins (benchmarks/bugs/fixed/): failures in %d runs" % N)
        print()
        tcols = [c for c, _ in CONFIGS]
        print("| program | " + " | ".join(tcols) + " |")
        print("|---|" + "---|" * len(tcols))
        total = 0
        for name, f, depth in progs:
            cells = []
            for c in tcols:
                x = twins[name][c]
                total += x["hits"]
                cells.append(str(x["hits"]) if not x["hits"] else
                             "%d (%s, first seed %d)" % (
                                 x["hits"], ", ".join(x["kinds"]), x["first"]))
            print("| %s | %s |" % (name, " | ".join(cells)))
        print()
        print("twins: %d failures in %d runs" % (
            total, N * len(tcols) * len(progs)))
    print()
    if "portfolio" in {c for c, _ in CONFIGS} and SINGLES:
        portfolio_table(progs, results, N)
    print()
    if a.trials:
        trials_table(progs, trial_runs, a.trials, a.budget, a.jobs)
        print()
    print("# total %.0f s" % elapsed)


if __name__ == "__main__":
    main()
