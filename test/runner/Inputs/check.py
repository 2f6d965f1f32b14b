#!/usr/bin/env python3
"""Checks on the files `schedsan run` writes, for the lit tests in test/runner.

Parses JSON with the json module and JUnit with xml.etree (never grep), and
fails (exit 1, with the reason) when a file is malformed or inconsistent.

  check.py json FILE           well-formed and self-consistent results;
                               prints "runs=.. passed=.. failed=.. ..."
  check.py junit FILE [JSON]   well-formed JUnit; counts match JSON if given
  check.py cover FULL S1 S2..  shards' seeds are disjoint and their union is
                               exactly FULL's seeds
  check.py same-totals A B     same totals, groups, hits, first seeds, bounds
  check.py same-runs A B       same outcome for every seed (status, exit,
                               steps, threads, signature)
  check.py same-coverage A B   same event pairs (each with its first seed)
                               and the same figures
  check.py saturated FILE W    the campaign stopped at the W-th run in a row
                               (by seed) that added no event pair
  check.py ratio FILE P Z       the one failure group's hit ratio is within
                               Z standard deviations of P (binomial)
  check.py rff FILE            the "rff" object agrees with the runs (corpus
                               and pair counts, runs with constraints and
                               those that held them); prints "corpus=..
                               pairs=.. constrained=.. held=.."
  check.py field FILE KEY...   prints a value: field r.json failures 0 replay
"""
import json
import re
import math
import sys
import xml.etree.ElementTree as ET


def die(msg):
    print("check.py: " + msg)
    sys.exit(1)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        die("%s: not valid JSON: %s" % (path, e))


def check_json(path):
    r = load(path)
    if r.get("format") != "schedsan-run-results" or r.get("version") != 1:
        die(path + ": wrong format/version")
    t, runs = r["totals"], r["runs"]
    seeds = [x["seed"] for x in runs]
    if seeds != sorted(seeds) or len(set(seeds)) != len(seeds):
        die(path + ": runs not sorted by seed or seeds repeated")
    count = {s: sum(1 for x in runs if x["status"] == s)
             for s in ("pass", "fail", "timeout")}
    if len(runs) != t["runs"] or count["pass"] != t["passed"] or \
            count["fail"] != t["failed"] or count["timeout"] != t["timeouts"]:
        die(path + ": totals %s do not match the runs %s" % (t, count))
    if sum(f["hits"] for f in r["failures"]) != t["failed"] + t["timeouts"]:
        die(path + ": failure groups do not add up to the failed runs")
    if len(r["failures"]) != t["signatures"]:
        die(path + ": signatures count")
    for f in r["failures"]:
        if abs(f["ratio"] - f["hits"] / t["runs"]) > 1e-12:
            die(path + ": ratio of " + f["signature"])
        first = [x for x in runs if x["status"] != "pass" and
                 sig(x) == f["signature"]]
        if len(first) != f["hits"] or first[0]["seed"] != f["first_seed"]:
            die(path + ": hits or first seed of " + f["signature"])
        lo, hi = f["ci95"]
        if not lo <= f["ratio"] <= hi:
            die(path + ": ratio outside its own interval")
    with_stats = [x for x in runs if "steps" in x]
    if with_stats:
        mean = sum(x["steps"] for x in with_stats) / len(with_stats)
        if abs(mean - t["steps_mean"]) > 1e-9 * max(1, mean) or \
                max(x["steps"] for x in with_stats) != t["steps_max"]:
            die(path + ": steps statistics")
        kmean = sum(x.get("k", 0) for x in with_stats) / len(with_stats)
        if abs(kmean - t["k_mean"]) > 1e-9 * max(1, kmean):
            die(path + ": decision points (k_mean)")
    if "coverage" in r:
        check_coverage(path, r)
    for b in r.get("pct_bound", []):
        n, k, d, R = t["threads_max"], t["k_max"], b["depth"], t["passed"]
        p = 1 / (n * k ** (d - 1))
        if not math.isclose(b["per_run"], p, rel_tol=1e-12) or \
                not math.isclose(b["missed"], (1 - p) ** R, rel_tol=1e-9,
                                 abs_tol=1e-300):
            die(path + ": PCT bound for d=%d" % d)
    print("runs=%d passed=%d failed=%d timeouts=%d signatures=%d mode=%s" %
          (t["runs"], t["passed"], t["failed"], t["timeouts"],
           t["signatures"], r["mode"]))


def check_coverage(path, r):
    """The coverage figures follow from the pair list and the runs' seeds:
    the window is the last ceil(runs/10) runs by seed."""
    c, seeds = r["coverage"], [x["seed"] for x in r["runs"]]
    pairs = [(p["before"], p["after"]) for p in c["pairs"]]
    if c["pairs_total"] != len(pairs) or len(set(pairs)) != len(pairs) or \
            pairs != sorted(pairs):
        die(path + ": coverage pairs not distinct and sorted, or miscounted")
    if any(p["first_seed"] not in seeds for p in c["pairs"]):
        die(path + ": a pair's first seed is not a seed of the runs")
    window = (len(seeds) + 9) // 10
    start = seeds[len(seeds) - window] if window else None
    new = sum(1 for p in c["pairs"] if window and p["first_seed"] >= start)
    if c["window"] != window or c["new_in_window"] != new:
        die(path + ": coverage window %d / new %d, expected %d / %d" %
            (c["window"], c["new_in_window"], window, new))


def same_coverage(a, b):
    ca, cb = load(a)["coverage"], load(b)["coverage"]
    for k in ("pairs_total", "window", "new_in_window", "pairs"):
        if ca[k] != cb[k]:
            die("coverage.%s differs between %s and %s" % (k, a, b))
    print("same coverage: %d pairs, %d new in the last %d runs" %
          (ca["pairs_total"], ca["new_in_window"], ca["window"]))


def saturated(path, w):
    r = load(path)
    seeds = [x["seed"] for x in r["runs"]]
    firsts = [p["first_seed"] for p in r["coverage"]["pairs"]]
    last_new = seeds.index(max(firsts)) if firsts else -1
    if not r["saturated"] or len(seeds) != last_new + 1 + w:
        die("%s: %d runs, the last new pair at run %d: not stopped after %d "
            "runs without one" % (path, len(seeds), last_new + 1, w))
    print("saturated after %d runs, %d of them without a new pair" %
          (len(seeds), w))


def sig(run):
    return run["kind"] + (" at " + run["location"] if run["location"] else "")


def check_junit(path, json_path=None):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        die("%s: not well-formed XML: %s" % (path, e))
    if root.tag != "testsuites":
        die(path + ": root is <%s>, not <testsuites>" % root.tag)
    suites = root.findall("testsuite")
    if len(suites) != 1:
        die(path + ": %d testsuites" % len(suites))
    s = suites[0]
    cases = s.findall("testcase")
    failures = [c for c in cases if c.find("failure") is not None]
    if int(s.get("tests")) != len(cases) or \
            int(s.get("failures")) != len(failures):
        die(path + ": tests/failures attributes do not match the testcases")
    for c in failures:
        f = c.find("failure")
        if not f.get("message") or not f.get("type"):
            die(path + ": failure without message or type")
    if json_path:
        r = load(json_path)
        if len(failures) != r["totals"]["signatures"]:
            die(path + ": failures differ from " + json_path)
        names = sorted(c.get("name") for c in failures)
        if names != sorted(f["signature"] for f in r["failures"]):
            die(path + ": failure names differ from the JSON signatures")
    print("tests=%d failures=%d" % (len(cases), len(failures)))


def cover(full, shards):
    want = [x["seed"] for x in load(full)["runs"]]
    seen = {}
    for path in shards:
        for x in load(path)["runs"]:
            if x["seed"] in seen:
                die("seed %d in both %s and %s" % (x["seed"], seen[x["seed"]],
                                                  path))
            seen[x["seed"]] = path
    if sorted(seen) != sorted(want):
        extra = sorted(set(seen) - set(want))[:5]
        missing = sorted(set(want) - set(seen))[:5]
        die("shards do not cover the full run: extra %s missing %s" %
            (extra, missing))
    print("%d seeds covered by %d shards" % (len(want), len(shards)))


def same_totals(a, b):
    ra, rb = load(a), load(b)
    keys = ("runs", "passed", "failed", "timeouts", "signatures", "steps_mean",
            "steps_max", "threads_mean", "threads_max", "k_mean", "k_max",
            "strategy")
    for k in keys:
        if ra["totals"][k] != rb["totals"][k]:
            die("totals.%s: %r in %s, %r in %s" %
                (k, ra["totals"][k], a, rb["totals"][k], b))
    ga = [(f["signature"], f["hits"], f["first_seed"]) for f in ra["failures"]]
    gb = [(f["signature"], f["hits"], f["first_seed"]) for f in rb["failures"]]
    if ga != gb:
        die("failure groups differ:\n  %s\n  %s" % (ga, gb))
    if ra.get("pct_bound") != rb.get("pct_bound"):
        die("PCT bounds differ")
    print("same totals: runs=%d failed=%d signatures=%d" %
          (ra["totals"]["runs"], ra["totals"]["failed"],
           ra["totals"]["signatures"]))


def same_runs(a, b):
    def key(x):
        return (x["seed"], x["status"], x.get("exit"), x.get("signal"),
                x.get("steps"), x.get("threads"),
                sig(x) if x["status"] != "pass" else "")
    ka = [key(x) for x in load(a)["runs"]]
    kb = [key(x) for x in load(b)["runs"]]
    if len(ka) != len(kb):
        die("%d runs in %s, %d in %s" % (len(ka), a, len(kb), b))
    for x, y in zip(ka, kb):
        if x != y:
            die("seed %d differs:\n  %s\n  %s" % (x[0], x, y))
    print("same runs: %d seeds" % len(ka))


def ratio(path, p, z):
    r = load(path)
    if len(r["failures"]) != 1:
        die("%s: %d failure groups, expected 1" % (path, len(r["failures"])))
    n, hits = r["totals"]["runs"], r["failures"][0]["hits"]
    sd = math.sqrt(p * (1 - p) / n)
    if abs(hits / n - p) > z * sd:
        die("hit ratio %d/%d = %.4f is not within %g sd (%.4f) of %g" %
            (hits, n, hits / n, z, sd, p))
    print("hit ratio %d/%d = %.4f, within %g sd of %g" % (hits, n, hits / n,
                                                          z, p))


def check_rff(path):
    d = load(path)
    r = d.get("rff")
    if not isinstance(r, dict):
        die("%s: no rff object" % path)
    if r["corpus_size"] != len(r["corpus"]):
        die("corpus_size %d, %d entries" % (r["corpus_size"], len(r["corpus"])))
    if r["pairs_seen"] != len(r["pairs"]):
        die("pairs_seen %d, %d pairs" % (r["pairs_seen"], len(r["pairs"])))
    runs = d["runs"]
    constrained = [x for x in runs if x.get("rf_constraints")]
    held = [x for x in constrained if x["rf_held"]]
    if (r["runs_constrained"], r["runs_held"]) != (len(constrained), len(held)):
        die("runs_constrained/held %d/%d, the runs say %d/%d" %
            (r["runs_constrained"], r["runs_held"], len(constrained), len(held)))
    key = re.compile(r"^(0|[1-9][0-9]*(@[0-9]+)?)$")
    for x in constrained:
        for c in x["rf_constraints"].split(","):
            rd, _, wr = c.replace("!", "<").partition("<")
            if not (key.match(rd) and key.match(wr)):
                die("seed %d: bad constraint '%s'" % (x["seed"], c))
    print("corpus=%d pairs=%d constrained=%d held=%d" %
          (r["corpus_size"], r["pairs_seen"], len(constrained), len(held)))


def field(path, keys):
    v = load(path)
    for k in keys:
        v = v[int(k)] if isinstance(v, list) else v[k]
    print(v)


def main(argv):
    if len(argv) < 3:
        die(__doc__)
    cmd, args = argv[1], argv[2:]
    if cmd == "json":
        check_json(args[0])
    elif cmd == "junit":
        check_junit(args[0], args[1] if len(args) > 1 else None)
    elif cmd == "cover":
        cover(args[0], args[1:])
    elif cmd == "same-totals":
        same_totals(args[0], args[1])
    elif cmd == "same-runs":
        same_runs(args[0], args[1])
    elif cmd == "same-coverage":
        same_coverage(args[0], args[1])
    elif cmd == "saturated":
        saturated(args[0], int(args[1]))
    elif cmd == "ratio":
        ratio(args[0], float(args[1]), float(args[2]))
    elif cmd == "rff":
        check_rff(argv[2])
    elif cmd == "field":
        field(args[0], args[1:])
    else:
        die("unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv)
