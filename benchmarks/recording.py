#===============================================================================
# FILE:
#    benchmarks/recording.py
#
# DESCRIPTION:
#    record(name, script): a Python benchmark runs itself again under
#    benchmarks/record.sh, which copies its stdout into
#    benchmarks/results/NAME.txt (see there); does nothing when already
#    recording (SCHEDSAN_RECORDING set).
#===============================================================================
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def record(name, script):
    if os.environ.get("SCHEDSAN_RECORDING"):
        return
    sh = os.path.join(HERE, "record.sh")
    sys.stdout.flush()
    os.execv(sh, [sh, name, os.path.abspath(script)] + sys.argv[1:])
