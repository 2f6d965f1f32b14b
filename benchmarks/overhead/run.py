#!/usr/bin/env python3
"""Overhead of schedsan: prints the tables of benchmarks/RESULTS.md "Overhead".

    python3 benchmarks/overhead/run.py [--repeats R] [--build DIR]
    python3 benchmarks/overhead/run.py --rmw [--repeats R] [--build DIR]
        [--only PROGRAM,...] [--strategies S,...] [--option K=V ...]

The output also goes to benchmarks/results/overhead.txt (benchmarks/record.sh);
with --rmw, to benchmarks/results/overhead-rmw.txt.

For every benchmark program of this directory (reduce, hashmap, lfqueue,
pipeline) it builds
  - native:        schedsan-clang -fsanitize-schedule=none -O2 (plain clang)
  - instrumented:  schedsan-clang -O2, with -mllvm -stats (the pass's counts)
  - filter builds: -mllvm -schedsan-granularity=sync (plain loads and stores
                   not instrumented at all) and, for reduce and pipeline,
                   -DPRIVATE_IGNORED (the kernels that touch memory one thread
                   owns are not instrumented, see bench.h), for hashmap
                   -DGUARDED (the map's data GUARDED_BY its lock: the
                   accesses proved made under it get no points)
and runs each build R times (seeds 1..R) under every strategy, in this one
run, one program at a time. Times are the programs' own measurement of their
parallel region (bench.h), the median of the R runs; "x native" divides by the
native median of the same run. steps and switches come from the runtime's
verbosity=1 summary (median over the seeds). ns/step = (time - native time) /
steps.

points.c gives the cost of one scheduling point in these programs' setting:
with one worker (main waits in pthread_join) exactly one thread is enabled at
every point; with two workers pct d=1 switches almost never and random about
every other point, so the time difference over the switch difference is the
cost of one forced switch. (benchmarks/runtime/ measures the same two costs
with a dedicated micro-benchmark, including the cheaper path when only one
thread is live at all.)

--rmw prints one table instead: what making the read and the write of a
plain read-modify-write two scheduling points (the pass's default) costs
against one compound update event (-schedsan-compound-updates). Both builds
of each program run under every strategy, alternating seed by seed (so that
a change in the machine's load falls on both alike); "ratio" divides the
two-point median by the compound one. --option adds a runtime option
(SCHEDSAN_OPTIONS) to every run of both builds, such as
skip_unconflicted_rmw_writes=1.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from recording import record  # noqa: E402


PROGRAMS = [
    # name, what, filter builds: (label, extra flags, what it models)
    ("reduce", "reduction over thread-private arrays (little sharing)",
     [("private ignored", ["-DPRIVATE_IGNORED"],
       "memory only one thread touches (the workers' heap arrays)")]),
    ("hashmap", "hash map behind one mutex (heavy sharing)",
     [("guarded", ["-DGUARDED"],
       "accesses proved made under their GUARDED_BY lock (the elision)")]),
    ("lfqueue", "lock-free MPMC queue, C11 atomics (heavy sharing)",
     []),
    ("pipeline", "3-stage pipeline, mutex + condvar queues (hand-off)",
     [("private ignored", ["-DPRIVATE_IGNORED"],
       "memory one stage owns at a time (the blocks handed down the pipe)")]),
]
# -mllvm -schedsan-* needs the plugin loaded before clang parses -mllvm
# (-fpass-plugin, which the wrapper uses, loads it too late): see main().
SYNC_ONLY = ("sync only", ["-mllvm", "-schedsan-granularity=sync"],
             "no plain access (atomics, volatile, sync calls only)")
COMPOUND = ["-mllvm", "-schedsan-compound-updates"]
STRATEGIES = ["random", "pct", "pos", "swarm"]


def sh(cmd, env=None, check=True):
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if check and p.returncode != 0:
        sys.exit("command failed (%d): %s\n%s%s" %
                 (p.returncode, " ".join(cmd), p.stdout, p.stderr))
    return p


def compile_prog(cc, src, out, flags):
    p = sh([cc, "-O2", "-g0", "-I", HERE] + flags + [src, "-o", out])
    stats = {}
    for line in p.stderr.splitlines():
        m = re.match(r"\s*(\d+) schedsan\s+- (.*)$", line)
        if m:
            stats[m.group(2).strip()] = int(m.group(1))
    return stats


def run_once(exe, args, options):
    env = dict(os.environ)
    env.pop("SCHEDSAN_OPTIONS", None)
    if options is not None:
        env["SCHEDSAN_OPTIONS"] = options
    p = sh([exe] + args, env=env)
    m = re.search(r"us=(\d+) check=(\d+)", p.stdout)
    if not m:
        sys.exit("no result line from %s:\n%s%s" % (exe, p.stdout, p.stderr))
    us, check = int(m.group(1)), m.group(2)
    steps = switches = None
    s = re.search(r"steps=(\d+) switches=(\d+)", p.stderr)
    if s:
        steps, switches = int(s.group(1)), int(s.group(2))
    return us, check, steps, switches


def measure(exe, args, strategy, repeats, extra=""):
    """Median time (us), steps, switches over seeds 1..repeats."""
    return measure_alternating([exe], args, strategy, repeats, extra)[exe]


def measure_alternating(exes, args, strategy, repeats, extra=""):
    """measure() of several builds, which take turns seed by seed."""
    rows = {exe: [] for exe in exes}
    for seed in range(1, repeats + 1):
        for exe in exes:
            opts = None
            if strategy is not None:
                opts = "strategy=%s:seed=%d:verbosity=1%s" % (strategy, seed,
                                                               extra)
            rows[exe].append(run_once(exe, args, opts))
    return {exe: summarize(rows[exe]) for exe in exes}


def summarize(rows):
    checks = {r[1] for r in rows}
    med = lambda xs: statistics.median(xs) if xs and xs[0] is not None else None
    return {
        "us": statistics.median(r[0] for r in rows),
        "check": checks.pop() if len(checks) == 1 else "MISMATCH",
        "steps": med([r[2] for r in rows]),
        "switches": med([r[3] for r in rows]),
    }


def fmt_ms(us):
    return "%.1f" % (us / 1000.0) if us >= 1000 else "%.2f" % (us / 1000.0)


def rmw_table(cc, plugin, tmp, R, programs, strategies, options):
    """--rmw: two points against one compound update event, per program and
    strategy (of those named)."""
    print("# schedsan overhead of read-modify-write as two points: -O2, %d "
          "runs (seeds 1..%d) per cell, median, the two builds alternating; "
          "times are the parallel region only%s" % (
              R, R, "; options " + ":".join(options) if options else ""))
    print("# %s, %s" % (os.uname().nodename, time.strftime("%Y-%m-%d %H:%M")))
    print()
    print("| program | RMWs (static) | strategy | compound ms | two points ms "
          "| ratio | steps | | switches | |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    load = ["-Xclang", "-load", "-Xclang", plugin]
    for name, _, _ in PROGRAMS:
        if name not in programs:
            continue
        src = os.path.join(HERE, name + ".c")
        one = os.path.join(tmp, name + ".compound")
        two = os.path.join(tmp, name + ".split")
        stats = compile_prog(cc, src, one, load + COMPOUND + ["-mllvm", "-stats"])
        compile_prog(cc, src, two, [])
        rmws = stats.get("Read-before-write pairs made one event", 0)
        for i, s in enumerate(strategies):
            m = measure_alternating([one, two], [], s, R,
                                    "".join(":" + o for o in options))
            c, t = m[one], m[two]
            bad = "" if c["check"] == t["check"] else " (checksum differs!)"
            print("| %s | %s | %s | %s | %s | %.2f | %d | %d | %d | %d |%s" % (
                name if i == 0 else "", rmws if i == 0 else "", s,
                fmt_ms(c["us"]), fmt_ms(t["us"]), t["us"] / float(c["us"]),
                c["steps"], t["steps"], c["switches"], t["switches"], bad))
        sys.stdout.flush()
    print()
    print("steps and switches: compound, then two points.")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=3,
                    help="runs (seeds 1..R) per build and strategy (default 3)")
    ap.add_argument("--build", default=os.environ.get(
        "SCHEDSAN_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--rmw", action="store_true",
                    help="only the table of read-modify-write as two points "
                    "against one compound update event")
    ap.add_argument("--only", default=",".join(p[0] for p in PROGRAMS),
                    help="with --rmw: these programs only (comma-separated)")
    ap.add_argument("--strategies", default=",".join(STRATEGIES),
                    help="with --rmw: these strategies only (comma-separated)")
    ap.add_argument("--option", action="append", default=[], metavar="K=V",
                    help="with --rmw: a runtime option for every run "
                    "(repeatable)")
    a = ap.parse_args()
    for bad in [o for o in a.option if "=" not in o or ":" in o]:
        ap.error("--option: %r is not one K=V" % bad)
    programs, strategies = a.only.split(","), a.strategies.split(",")
    for bad in set(programs) - {p[0] for p in PROGRAMS}:
        ap.error("--only: no program %r (%s)" %
                 (bad, ", ".join(p[0] for p in PROGRAMS)))
    for bad in set(strategies) - set(STRATEGIES):
        ap.error("--strategies: no strategy %r (%s)" %
                 (bad, ", ".join(STRATEGIES)))
    record("overhead-rmw" if a.rmw else "overhead", __file__)
    cc = os.path.join(a.build, "bin", "schedsan-clang")
    if not os.access(cc, os.X_OK):
        sys.exit("no %s: build schedsan first (ninja -C build)" % cc)
    plugin = os.path.join(a.build, "lib", "SchedSanPass.so")
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="schedsan-overhead.")
    R = a.repeats
    if a.rmw:
        rmw_table(cc, plugin, tmp, R, programs, strategies, a.option)
        print("# total %.0f s" % (time.time() - t0))
        return
    print("# schedsan overhead: -O2, %d runs (seeds 1..%d) per cell, median; "
          "times are the parallel region only" % (R, R))
    print("# %s, %s" % (os.uname().nodename, time.strftime("%Y-%m-%d %H:%M")))
    print()

    results = {}
    all_stats = {}
    for name, what, filters in PROGRAMS:
        src = os.path.join(HERE, name + ".c")
        nat = os.path.join(tmp, name + ".native")
        ins = os.path.join(tmp, name + ".inst")
        compile_prog(cc, src, nat, ["-fsanitize-schedule=none"])
        all_stats[name] = compile_prog(cc, src, ins, ["-mllvm", "-stats"])
        native = measure(nat, [], None, R)
        res = {"native": native, "inst": {}, "filters": []}
        for s in STRATEGIES:
            res["inst"][s] = measure(ins, [], s, R)
        for label, flags, model in filters + [SYNC_ONLY]:
            exe = os.path.join(tmp, "%s.%s" % (name, label.replace(" ", "_")))
            if "-mllvm" in flags:
                flags = ["-Xclang", "-load", "-Xclang", plugin] + flags
            compile_prog(cc, src, exe, flags)
            fr = {s: measure(exe, [], s, R) for s in ("random", "pct")}
            res["filters"].append((label, model, fr))
        results[name] = res
        print("# %s done (%.0f s)" % (name, time.time() - t0), file=sys.stderr)

    # Table 1: time, slowdown, scheduling points.
    print("## Slowdown per strategy")
    print()
    print("| program | native ms | strategy | ms | x native | steps | "
          "switches | ns/step |")
    print("|---|---|---|---|---|---|---|---|")
    for name, what, _ in PROGRAMS:
        res = results[name]
        n = res["native"]
        first = True
        for s in STRATEGIES:
            r = res["inst"][s]
            bad = "" if r["check"] == n["check"] else " (checksum differs!)"
            print("| %s | %s | %s | %s | %.1f | %d | %d | %.0f |%s" % (
                "%s: %s" % (name, what) if first else "",
                fmt_ms(n["us"]) if first else "", s, fmt_ms(r["us"]),
                r["us"] / n["us"], r["steps"], r["switches"],
                (r["us"] - n["us"]) * 1000.0 / max(1, r["steps"]), bad))
            first = False
    print()

    # Table 2: the pass's statistics.
    keys = []
    for st in all_stats.values():
        for k in st:
            if k not in keys:
                keys.append(k)
    print("## The pass's statistics (static counts, -O2, clang -mllvm -stats)")
    print()
    print("| statistic | " + " | ".join(n for n, _, _ in PROGRAMS) + " |")
    print("|---|" + "---|" * len(PROGRAMS))
    for k in keys:
        print("| %s | %s |" % (k, " | ".join(
            str(all_stats[n].get(k, 0)) for n, _, _ in PROGRAMS)))
    print()

    # Table 3: filters that would cut the count (measured builds).
    print("## What a filter would save (measured: builds that leave the "
          "accesses out)")
    print()
    print("| program | accesses left out | models a filter for | steps | "
          "steps saved | pct ms | random ms |")
    print("|---|---|---|---|---|---|---|")
    for name, _, _ in PROGRAMS:
        res = results[name]
        base = res["inst"]
        print("| %s | (none: instrumented build) | | %d | | %s | %s |" % (
            name, base["pct"]["steps"], fmt_ms(base["pct"]["us"]),
            fmt_ms(base["random"]["us"])))
        for label, model, fr in res["filters"]:
            saved = 1.0 - fr["pct"]["steps"] / float(base["pct"]["steps"])
            print("| | %s | %s | %d | %.1f %% | %s | %s |" % (
                label, model, fr["pct"]["steps"], 100.0 * saved,
                fmt_ms(fr["pct"]["us"]), fmt_ms(fr["random"]["us"])))
    print()

    # Table 4: cost of one scheduling point.
    src = os.path.join(HERE, "points.c")
    nat = os.path.join(tmp, "points.native")
    ins = os.path.join(tmp, "points.inst")
    flags = ["-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops"]
    compile_prog(cc, src, nat, flags + ["-fsanitize-schedule=none"])
    compile_prog(cc, src, ins, flags)
    PR = max(R, 5)
    n1 = measure(nat, ["1"], None, PR)
    print("## Cost of one scheduling point (points.c, %d runs each, median)" % PR)
    print()
    print("| case | ms | steps | switches | cost |")
    print("|---|---|---|---|---|")
    print("| native, 1 worker | %s | | | |" % fmt_ms(n1["us"]))
    for s in STRATEGIES:
        r = measure(ins, ["1"], s, PR)
        print("| %s, 1 worker (one enabled thread) | %s | %d | %d | %.1f ns per point |" % (
            s, fmt_ms(r["us"]), r["steps"], r["switches"],
            (r["us"] - n1["us"]) * 1000.0 / r["steps"]))
    p1 = measure(ins, ["2"], "pct", PR, ":depth=1")
    rw = measure(ins, ["2"], "random", PR)
    print("| pct d=1, 2 workers | %s | %d | %d | |" % (
        fmt_ms(p1["us"]), p1["steps"], p1["switches"]))
    print("| random, 2 workers | %s | %d | %d | %.2f us per forced switch |" % (
        fmt_ms(rw["us"]), rw["steps"], rw["switches"],
        (rw["us"] - p1["us"]) / float(rw["switches"] - p1["switches"])))
    print()
    print("# total %.0f s" % (time.time() - t0))


if __name__ == "__main__":
    main()
