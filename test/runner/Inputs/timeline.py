#!/usr/bin/env python3
"""Reads what `schedsan replay --timeline/--chrome-trace` wrote and prints
what it found, one fact a line, for FileCheck; exits 1 on a broken file.

usage: timeline.py chrome FILE.json   the Trace Event Format file
       timeline.py html FILE.html     the page: self-contained, its data
       timeline.py png FILE.png       a screenshot: PNG, its size
"""
import json
import re
import struct
import sys


def fail(msg):
    print("error: " + msg)
    sys.exit(1)


def chrome(path):
    doc = json.load(open(path))
    events = doc["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name"}
    print("threads: " + ", ".join(names[t] for t in sorted(names)))
    steps = [e for e in events if e["ph"] == "X" and
             e["cat"].split(",")[0] == "event"]
    for e in steps:
        if e["tid"] not in names:
            fail("event on tid %d, which has no thread_name" % e["tid"])
        if e["ts"] != e["args"]["step"] or e["dur"] != 1:
            fail("event at ts %s is not one step long at its step" % e["ts"])
    ts = [e["ts"] for e in steps]
    if ts != sorted(ts) or len(set(ts)) != len(ts):
        fail("events are not one a step, in order")
    print("events: %d, one a step, on %d lanes"
          % (len(steps), len({e["tid"] for e in steps})))
    print("switches: %d, preemptions: %d"
          % (sum("switch" in e["cat"] for e in steps),
             sum("preemption" in e["cat"] for e in steps)))
    for e in events:
        if e["cat"] == "blocked":
            print("blocked: T%d at steps %d-%d: %s"
                  % (e["tid"], e["ts"], e["ts"] + e["dur"], e["args"]["what"]))
    failing = [e for e in steps if e["args"].get("failing")]
    if len(failing) != 1:
        fail("%d failing events" % len(failing))
    f = failing[0]
    print("failing: step %d T%d %s%s at %s (last step: %d)"
          % (f["ts"], f["tid"], f["name"],
             "" if f["args"].get("performed", True) else " (not performed)",
             f["args"].get("where", "?"), ts[-1]))
    marks = [e for e in events if e["ph"] == "i" and e["cat"] == "failure"]
    if len(marks) != 1 or marks[0]["ts"] != f["ts"]:
        fail("no failure mark at the failing event")
    print("mark: " + marks[0]["name"])


def html(path):
    text = open(path).read()
    for bad in ("<script src", "<link", "@import", "url(", "<iframe", "<img"):
        if bad in text:
            fail("the page loads something: " + bad)
    urls = set(re.findall(r"https?://[^\s\"'<>]+", text.split(
        '<script type="application/json" id="schedule">')[0] +
        text.split("</script>")[-2]))
    if urls - {"http://www.w3.org/2000/svg"}:
        fail("the page names URLs: %s" % sorted(urls))
    m = re.search(r'<script type="application/json" id="schedule">(.*?)'
                  r'</script>', text, re.S)
    if not m:
        fail("no embedded schedule")
    data = json.loads(m.group(1))
    print("page: self-contained, schedule %s" % data["format"])
    print("threads: " + " ".join("T%d" % t["tid"] for t in data["threads"]))
    print("steps: %d, failing: %d, blocked intervals: %d"
          % (len(data["steps"]), data["end"]["failing"], len(data["blocked"])))
    for t in data["threads"]:
        print("report of T%d: %s" % (t["tid"], t["report"].split("\n")[0]))


def png(path):
    raw = open(path, "rb").read()
    if raw[:8] != b"\x89PNG\r\n\x1a\n" or raw[12:16] != b"IHDR":
        fail("not a PNG")
    w, h = struct.unpack(">II", raw[16:24])
    print("png: %dx%d, %s" % (w, h, "not blank" if len(raw) > 10000
                               else "nearly blank (%d bytes)" % len(raw)))


{"chrome": chrome, "html": html, "png": png}[sys.argv[1]](sys.argv[2])
