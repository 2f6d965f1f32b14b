#!/usr/bin/env python3
"""usage: forkserver.py N OPTIONS PROG

Drives PROG's fork server (runtime/schedsan_forkserver.cpp) for seeds 1..N
with base SCHEDSAN_OPTIONS=OPTIONS, runs the same seeds by exec, and prints
the hello line, the exit statuses of both modes, and whether they agree."""
import os
import subprocess
import sys

n, options, prog = int(sys.argv[1]), sys.argv[2], sys.argv[3]
ctl_r, ctl_w = os.pipe()
st_r, st_w = os.pipe()
env = dict(os.environ, SCHEDSAN_FORKSERVER=f"{ctl_r},{st_w}",
           SCHEDSAN_OPTIONS=options)
server = subprocess.Popen([prog], env=env, pass_fds=(ctl_r, st_w))
os.close(ctl_r)
os.close(st_w)
status = os.fdopen(st_r)
control = os.fdopen(ctl_w, "w")
print(status.readline().strip())
served = []
for seed in range(1, n + 1):
    control.write(f"run {seed} /dev/null /dev/null -\n")
    control.flush()
    pid = status.readline().split()
    assert pid[0] == "pid" and int(pid[1]) > 0, pid
    served.append(status.readline().strip())
control.close()
server.wait()
print("server exit", server.returncode)
execed = []
for seed in range(1, n + 1):
    r = subprocess.run([prog], env=dict(os.environ,
                       SCHEDSAN_OPTIONS=f"{options}:seed={seed}"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    execed.append(f"exit {r.returncode}" if r.returncode >= 0
                  else f"signal {-r.returncode}")
print("failures served", sum(s != "exit 0" for s in served),
      "exec", sum(s != "exit 0" for s in execed))
print("identical" if served == execed else f"DIFFERENT {served} {execed}")
