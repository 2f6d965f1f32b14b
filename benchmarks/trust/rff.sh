#!/usr/bin/env bash
# benchmarks/trust/rff.sh: false reports of strategy=rff under constraints.
#
# usage: benchmarks/trust/rff.sh <build-dir> [runs]      (runs: default 200)
#
# Builds every correctly synchronized program of test/fairness/Inputs
# (fair_*.c, fair_*.cpp) as run.sh does, runs it once (seed 1) with
# rf_file= and takes its first 8 reads-from pairs (W, R): R!W for the 1st,
# 3rd, ... and R<W for the 2nd, 4th, ... Then `schedsan run --count -n
# <runs> --strategy rff -o rf_constraints=<those>`: these programs cannot
# fail, so every failed or timed-out (30 s) run is a false report (rff
# holding threads back must never keep a correct program from finishing).
# Then a learning campaign of <runs> runs, `schedsan run --count -j 1
# --strategy rff`, whose constraints the corpus makes (pins, extensions of
# up to 128 constraints): again every failed or timed-out run is false.
# stdout: two lines per program (its constraints, failed and timed-out
# runs; the campaign's), then the totals. Exit status 1 if any run failed.
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 <build-dir> [runs]" >&2; exit 2; }
bin=$(cd "$1" && pwd)/bin
runs=${2:-200}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "$0: runs must be a positive number, not '$runs'" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedsan-trust-rff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
total=0 bad=0
# Adds the failed and timed-out runs of a campaign's output ($2) to bad and
# prints them after $1.
count() {
  local failed timeouts
  read -r failed timeouts < <(sed -n 's/.*result *[0-9]* passed, \([0-9]*\) failed, \([0-9]*\) timed out.*/\1 \2/p' <<<"$2")
  echo "$1: ${failed:-?} failed, ${timeouts:-?} timed out"
  total=$((total + runs))
  bad=$((bad + ${failed:-runs} + ${timeouts:-0}))
}
for src in "$root"/test/fairness/Inputs/fair_*.c "$root"/test/fairness/Inputs/fair_*.cpp; do
  name=$(basename "${src%.*}")
  prog=$tmp/$name
  case $src in
    *.cpp) "$bin/schedsan-clang++" -std=c++20 -g -O1 "$src" -o "$prog" ;;
    *) "$bin/schedsan-clang" -g -O1 "$src" -o "$prog" ;;
  esac
  SCHEDSAN_OPTIONS=seed=1:rf_file=$prog.rf "$prog" > /dev/null 2>&1 || true
  c=$(grep -v '^#' "$prog.rf" | awk 'NR <= 8 {
        printf "%s%s%s%s", sep, $2, NR % 2 ? "!" : "<", $1; sep = "," }')
  out=$("$bin/schedsan" run --count -n "$runs" --strategy rff --timeout 30 \
          -o "rf_constraints=$c" -- "$prog" 2>&1 || true)
  count "$name rf_constraints=$c" "$out"
  out=$("$bin/schedsan" run --count -j 1 -n "$runs" --strategy rff \
          --timeout 30 -- "$prog" 2>&1 || true)
  count "$name learning" "$out"
done
echo "rff with constraints and learning: $bad false reports in $total runs"
[ "$bad" = 0 ]
