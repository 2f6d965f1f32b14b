#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/sim/run.sh
#
# DESCRIPTION:
#    The strategy fidelity tables of benchmarks/RESULTS.md: schedsan-sim on
#    the POS running example and PCT's Fig. 5 (SAMPLES per row), then on
#    the POS micro-benchmark, Tables 1 and 2, swarm included (MICRO_SAMPLES
#    per program and strategy). The output also goes to
#    benchmarks/results/sim.txt. With the defaults this takes about 15
#    minutes on 2 cores.
#
# USAGE:
#    benchmarks/sim/run.sh [BUILD_DIR] [SAMPLES] [MICRO_SAMPLES]
#    (defaults: build, 10000000, 20000000; ninja -C BUILD_DIR first)
#===============================================================================
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The raw output also goes to benchmarks/results/sim.txt (record.sh).
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$root/benchmarks/record.sh" sim "$0" "$@"
build=$(cd "${1:-$root/build}" && pwd)
samples=${2:-10000000}
micro_samples=${3:-20000000}
sim=$build/bin/schedsan-sim
[ -x "$sim" ] || { echo "$0: $sim not found (build first)" >&2; exit 2; }

nice -n 19 "$sim" running fig5 --samples "$samples"
nice -n 19 "$sim" micro micro-reads --micro-samples "$micro_samples" --swarm
