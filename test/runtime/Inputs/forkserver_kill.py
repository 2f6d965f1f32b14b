#!/usr/bin/env python3
"""usage: forkserver_kill.py PROG PIDFILE

Drives PROG's fork server (runtime/schedsan_forkserver.cpp): run 1 blocks
and is ended by `kill 9`; a second, late `kill 9` must not touch run 2; then
the driver hangs up while run 2 still blocks, and the server must kill it
and end with status 0."""
import os
import select
import subprocess
import sys
import time

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
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


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


if os.path.exists(pidfile):
    os.unlink(pidfile)
ctl_r, ctl_w = os.pipe()
st_r, st_w = os.pipe()
env = dict(os.environ, SCHEDSAN_FORKSERVER=f"{ctl_r},{st_w}",
           SCHEDSAN_OPTIONS="watchdog_ms=0", PID_OUT=pidfile)
server = subprocess.Popen([prog], env=env, pass_fds=(ctl_r, st_w))
os.close(ctl_r)
os.close(st_w)
control = os.fdopen(ctl_w, "w")
print(answer().strip())

control.write("run 1 /dev/null /dev/null -\n")
control.flush()
pid1 = started_run()
control.write("kill 9\n")
control.flush()
end = answer().split()
print("run 1:", " ".join(end[:2]),
      "(its pid)" if end[2:] == [str(pid1)] else f"(not its pid: {end})")

control.write("kill 9\nrun 2 /dev/null /dev/null -\n")
control.flush()
pid = started_run()
time.sleep(0.1)
print("run 2 started after a late kill" if alive(pid) else "run 2 was killed")
control.close()
try:
    server.wait(timeout=20)
except subprocess.TimeoutExpired:
    server.kill()
    sys.exit("the server did not end when the driver hung up")
print("server exit", server.returncode)
print("run 2 gone" if not alive(pid) else "run 2 still alive")
