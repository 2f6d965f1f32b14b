#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/runner/builds.sh
#
# DESCRIPTION:
#    Two builds (or installs) of schedsan side by side: runs per second and
#    CPU microseconds per run of `schedsan run --count` (the fork server, -j 1)
#    on small.c (two threads) and churn.c (nine threads, so nine thread
#    exits a run), each program built by each build's own schedsan-clang.
#    Rounds interleave the builds (A, B, A, B, ...), so a change in the
#    machine's load falls on both; the table gives the medians of the
#    rounds and B/A. CPU time is user + system of the runner, its fork
#    server and its runs (bash's `times`), which other load does not change.
#    The output also goes to benchmarks/results/builds.txt.
#
# USAGE:
#    benchmarks/runner/builds.sh BUILD_A BUILD_B [ROUNDS] [STRATEGY]
#    (defaults: 5 rounds, pct)
#===============================================================================
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$root/benchmarks/record.sh" builds "$0" "$@"
if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_A BUILD_B [ROUNDS] [STRATEGY]" >&2
  exit 2
fi
a=$(cd "$1" && pwd)
b=$(cd "$2" && pwd)
rounds=${3:-5}
strategy=${4:-pct}
work=$(mktemp -d /tmp/schedsan-builds.XXXXXX)
trap 'rm -rf "$work"' EXIT
. "$root/benchmarks/runner/timing.sh"
declare -A runs=([small]=4000 [churn]=1000)

for p in small churn; do
  for v in a b; do
    build=${!v}
    "$build/bin/schedsan-clang" -fsanitize-schedule="$strategy" -O1 -g \
      "$root/benchmarks/runner/$p.c" -o "$work/$p.$v"
  done
done

# measure PROG V: runs per second and CPU microseconds per run.
measure() {
  local prog=$1 v=$2 n=${runs[$1]} build=${!2}
  timed "$n" "$build/bin/schedsan" run --count -n "$n" -j 1 -- "$work/$prog.$v" > "$work/rate" || true
  grep -q "^  runs      $n " "$work/rate" || { cat "$work/rate" >&2; exit 1; }
  tail -1 "$work/rate"
}


echo "# schedsan builds side by side: $(nproc) CPUs, strategy=$strategy, $rounds rounds, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# A = $a"
echo "# B = $b"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A rate cpu
for p in small churn; do
  for ((r = 1; r <= rounds; r++)); do
    for v in a b; do
      read -r x us < <(measure "$p" "$v")
      rate[$p.$v]+="$x "
      cpu[$p.$v]+="$us "
    done
  done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf "%-8s %10s %10s %6s %10s %10s %6s\n" program "runs/s A" "runs/s B" B/A "CPU µs A" "CPU µs B" B/A
for p in small churn; do
  ra=$(echo "${rate[$p.a]}" | median)
  rb=$(echo "${rate[$p.b]}" | median)
  ca=$(echo "${cpu[$p.a]}" | median)
  cb=$(echo "${cpu[$p.b]}" | median)
  printf "%-8s %10s %10s %6s %10s %10s %6s\n" "$p" "$ra" "$rb" \
    "$(awk -v x="$rb" -v y="$ra" 'BEGIN { printf "%.2f", x / y }')" "$ca" "$cb" \
    "$(awk -v x="$cb" -v y="$ca" 'BEGIN { printf "%.2f", x / y }')"
done
