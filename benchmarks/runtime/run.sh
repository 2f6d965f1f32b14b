#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/runtime/run.sh
#
# DESCRIPTION:
#    Builds switch_bench.c instrumented (schedsan-clang -O2) and natively
#    (-fsanitize-schedule=none) and prints, measured side by side in one run:
#    the fast-path cost per scheduling point (instrumented minus native, per
#    atomic load), the per-point cost with a blocked second thread and with
#    two enabled threads where the strategy keeps the running one (under a
#    lease; then with leases=0, asking the strategy at every point; then
#    PCT with change points), the cost of a forced switch, and a bare futex ping-pong on one
#    CPU. The output also goes to benchmarks/results/runtime.txt.
#
# USAGE:
#    benchmarks/runtime/run.sh [BUILD_DIR] [N]
#===============================================================================
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The raw output also goes to benchmarks/results/runtime.txt (../record.sh).
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$here/../record.sh" runtime "$0" "$@"
build=${1:-$here/../../build}
n=${2:-20000000}
nswitch=$((n / 200))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/schedsan-clang" -O2 -fsanitize-schedule=pct "$here/switch_bench.c" -o "$work/inst"
"$build/bin/schedsan-clang" -O2 -fsanitize-schedule=none "$here/switch_bench.c" -o "$work/native" -lpthread

best() { # best (lowest) ns/op of 5 runs: $1 = binary, $2 = mode, $3 = N, $4 = options
  for i in 1 2 3 4 5; do
    SCHEDSAN_OPTIONS="${4:-}" "$1" "$2" "$3" | awk '{print $3}'
  done | sort -g | head -1
}
native=$(best "$work/native" solo "$n")
solo=$(best "$work/inst" solo "$n" "depth=1")
blocked=$(best "$work/inst" blocked "$n" "depth=1")
keep=$(best "$work/inst" keep "$n" "depth=1")
asked=$(best "$work/inst" keep "$n" "depth=1:leases=0")
blocked_asked=$(best "$work/inst" blocked "$n" "depth=1:leases=0")
keep3=$(best "$work/inst" keep "$n" "depth=3:k=100000")
switch=$(best "$work/inst" switch "$nswitch" "depth=1")
futex=$(best "$work/inst" futex "$nswitch")
awk -v native="$native" -v solo="$solo" -v blocked="$blocked" -v keep="$keep" \
 -v asked="$asked" -v basked="$blocked_asked" -v keep3="$keep3" \
    -v sw="$switch" -v futex="$futex" -v n="$n" -v ns="$nswitch" 'BEGIN {
  printf "%-44s %12s\n", "measure (best of 5)", "ns";
  printf "%-44s %12.2f\n", "native atomic load (loop iteration)", native;
  printf "%-44s %12.2f\n", "instrumented, one live thread", solo;
  printf "%-44s %12.2f\n", "  fast path per scheduling point", solo - native;
  printf "%-44s %12.2f\n", "instrumented, second thread blocked", blocked - native;
  printf "%-44s %12.2f\n", "two enabled, strategy keeps the runner (pct)", keep - native;
  printf "%-44s %12.2f\n", "  same, leases=0 (strategy asked each point)", asked - native;
  printf "%-44s %12.2f\n", "second thread blocked, leases=0", basked - native;
  printf "%-44s %12.2f\n", "two enabled, pct d=3 k=1e5 (2 change points)", keep3 - native;
  printf "%-44s %12.2f\n", "forced switch (semaphore ping-pong)", sw;
  printf "%-44s %12.2f\n", "bare futex ping-pong, one CPU", futex;
  printf "%-44s %12.2f\n", "switch / futex ping-pong", sw / futex;
  printf "N=%d points, %d round trips\n", n, ns;
}'
