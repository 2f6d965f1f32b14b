#!/usr/bin/env python3
"""usage: forkserver.py N OPTIONS PROG [chld-ignored]

Drives PROG's fork server (runtime/schedsan_forkserver.cpp) for seeds 1..N
with base SCHEDSAN_OPTIONS=OPTIONS, runs the same seeds by exec, and prints
the hello line, the exit statuses of both modes, and whether they agree.
With chld-ignored the server starts with SIGCHLD ignored (the kernel would
then reap its runs before it could read their status)."""
import os
import select
import signal
import subprocess
import sys

n, options, prog = int(sys.argv[1]), sys.argv[2], sys.argv[3]
chld_ignored = sys.argv[4:] == ["chld-ignored"]
def answer(seconds=60):
    """The fork server's next line; fails the test if none comes in time."""
    line = b""
    while not line.endswith(b"\n"):
        if not select.select([st_r], [], [], seconds)[0]:
            sys.exit(f"no answer from the fork server within {seconds} s")
        byte = os.read(st_r, 1)
        if not byte:
            break
        line += byte
    return line.decode()


ctl_r, ctl_w = os.pipe()
st_r, st_w = os.pipe()
env = dict(os.environ, SCHEDSAN_FORKSERVER=f"{ctl_r},{st_w}",
           SCHEDSAN_OPTIONS=options)
server = subprocess.Popen(
    [prog], env=env, pass_fds=(ctl_r, st_w),
    preexec_fn=(lambda: signal.signal(signal.SIGCHLD, signal.SIG_IGN))
    if chld_ignored else None)
os.close(ctl_r)
os.close(st_w)
control = os.fdopen(ctl_w, "w")
print(answer().strip())
served = []
for seed in range(1, n + 1):
    control.write(f"run {seed} /dev/null /dev/null -\n")
    control.flush()
    end = answer().split()
    assert len(end) == 3 and int(end[2]) > 0, end  # exit|signal N pid
    served.append(" ".join(end[:2]))
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
