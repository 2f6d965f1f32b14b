#!/usr/bin/env python3
"""usage: forkserver_kill.py PROG PIDFILE

Drives PROG's fork server (runtime/forkserver/schedsan_forkserver.cpp): run 1 blocks
and is ended by `kill 9` (sent in two pieces); a second, late `kill 9` must
not touch run 2; then the driver hangs up while run 2 still blocks, and the
server must kill it and end with status 0. A second server whose driver
stops reading its answers must end with status 0 too; a third is killed
during a run, which must end as well."""
import os
import subprocess
import sys
import time

from fsdriver import Server

prog, pidfile = sys.argv[1], sys.argv[2]


def started_run():
    """The pid run writes to PIDFILE once main runs (waits up to 20 s)."""
    for _ in range(2000):
        try:
            with open(pidfile) as f:
                text = f.read()
            if text.endswith("\n"):
                os.unlink(pidfile)
                return int(text)
        except FileNotFoundError:
            pass
        time.sleep(0.01)
    sys.exit("the run never started")


def alive(pid):
    """Whether process pid exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def server_status(server):
    try:
        return server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.process.kill()
        sys.exit("the server did not end")


if os.path.exists(pidfile):
    os.unlink(pidfile)
server = Server(prog, dict(os.environ, SCHEDSAN_OPTIONS="watchdog_ms=0",
                          PID_OUT=pidfile))
print(server.answer())

server.send("run 1 /dev/null /dev/null -\n")
pid1 = started_run()
server.send("ki")  # a request may come in pieces
time.sleep(0.1)
server.send("ll 9\n")
end = server.answer().split()
print("run 1:", " ".join(end[:2]),
      "(its pid)" if end[2:] == [str(pid1)] else f"(not its pid: {end})")

server.send("kill 9\nrun 2 /dev/null /dev/null -\n")
pid = started_run()
time.sleep(0.1)
print("run 2 started after a late kill" if alive(pid) else "run 2 was killed")
server.hang_up()
print("server exit", server_status(server))
print("run 2 gone" if not alive(pid) else "run 2 still alive")


# A runner that stops reading before the run's end is told: the server's
# answer fails (no SIGPIPE kills it) and it ends with status 0.
server = Server(prog, dict(os.environ, SCHEDSAN_OPTIONS="watchdog_ms=0",
                          PID_OUT=pidfile))
server.answer()
os.close(server.st_r)
server.send("run 3 /dev/null /dev/null -\n")
started_run()
server.send("kill 9\n")
print("server exit", server_status(server), "when no one reads its answer")


# A run whose server dies goes with it (no one would wait for it).
server = Server(prog, dict(os.environ, SCHEDSAN_OPTIONS="watchdog_ms=0",
                          PID_OUT=pidfile))
server.answer()
server.send("run 4 /dev/null /dev/null -\n")
pid = started_run()
server.process.kill()
server.process.wait()
for _ in range(500):
    if not alive(pid):
        break
    time.sleep(0.01)
print("run 4 gone with its server" if not alive(pid) else "run 4 still alive")
