"""The runner's side of a fork server (runtime/forkserver/schedsan_forkserver.cpp), for
the tests that drive one directly: start(prog, env) starts PROG as a fork
server and returns a Server whose send() writes request lines, answer()
reads the server's next line (failing the test if none comes within 60 s),
and hang_up() closes both pipes, as `schedsan run` does."""
import os
import select
import subprocess
import sys


class Server:
    def __init__(self, prog, env, preexec_fn=None):
        ctl_r, ctl_w = os.pipe()
        self.st_r, st_w = os.pipe()
        env = dict(env, SCHEDSAN_FORKSERVER=f"{ctl_r},{st_w}")
        self.process = subprocess.Popen([prog], env=env,
                                        pass_fds=(ctl_r, st_w),
                                        preexec_fn=preexec_fn)
        os.close(ctl_r)
        os.close(st_w)
        self.control = os.fdopen(ctl_w, "w")

    def send(self, text):
        self.control.write(text)
        self.control.flush()

    def answer(self, seconds=60):
        line = b""
        while not line.endswith(b"\n"):
            if not select.select([self.st_r], [], [], seconds)[0]:
                sys.exit(f"no answer from the fork server within {seconds} s")
            byte = os.read(self.st_r, 1)
            if not byte:
                break
            line += byte
        return line.decode().strip()

    def hang_up(self):
        self.control.close()
        os.close(self.st_r)
