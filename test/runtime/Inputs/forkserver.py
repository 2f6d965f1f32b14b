#!/usr/bin/env python3
"""usage: forkserver.py N OPTIONS PROG [chld-ignored]

Drives PROG's fork server (runtime/forkserver/schedsan_forkserver.cpp) for seeds 1..N
with base SCHEDSAN_OPTIONS=OPTIONS, runs the same seeds by exec, and prints
the hello line, the exit statuses of both modes, and whether they agree.
With chld-ignored the server and the exec'd runs start with SIGCHLD ignored
(the kernel would reap the server's runs before it could read their status
if it kept it so; the runs must get it back)."""
import os
import signal
import subprocess
import sys

from fsdriver import Server

n, options, prog = int(sys.argv[1]), sys.argv[2], sys.argv[3]
chld_ignored = sys.argv[4:] == ["chld-ignored"]
# The exec'd runs start with the same signal state as the server.
preexec = ((lambda: signal.signal(signal.SIGCHLD, signal.SIG_IGN))
           if chld_ignored else None)
server = Server(prog, dict(os.environ, SCHEDSAN_OPTIONS=options),
                preexec_fn=preexec)
print(server.answer())
served = []
for seed in range(1, n + 1):
    server.send(f"run {seed} /dev/null /dev/null -\n")
    end = server.answer().split()
    assert len(end) == 3 and int(end[2]) > 0, end  # exit|signal N pid
    served.append(" ".join(end[:2]))
server.hang_up()
print("server exit", server.process.wait())
execed = []
for seed in range(1, n + 1):
    r = subprocess.run([prog], env=dict(os.environ,
                       SCHEDSAN_OPTIONS=f"{options}:seed={seed}"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       preexec_fn=preexec)
    execed.append(f"exit {r.returncode}" if r.returncode >= 0
                  else f"signal {-r.returncode}")
print("failures served", sum(s != "exit 0" for s in served),
      "exec", sum(s != "exit 0" for s in execed))
print("identical" if served == execed else f"DIFFERENT {served} {execed}")
