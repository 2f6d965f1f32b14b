#!/usr/bin/env python3
"""Runs a command (stdout to /dev/null) and prints the peak resident memory
of that process itself, in KiB: its VmHWM in /proc, read every 20 ms while
it runs (not its children's, which rusage would mix in)."""
import subprocess
import sys
import time

p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
peak = 0
while p.poll() is None:
    try:
        with open("/proc/%d/status" % p.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
    except OSError:
        pass
    time.sleep(0.02)
print(peak)
sys.exit(p.returncode)
