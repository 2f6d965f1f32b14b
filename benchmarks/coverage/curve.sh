#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/coverage/curve.sh
#
# DESCRIPTION:
#    The saturation curve of a campaign: event pairs covered after 10, 30,
#    100, 300, 1000, 3000 and 10000 runs (seeds 1..N), one column per
#    strategy. One `schedsan run --count -n 10000 --json` per strategy gives
#    the whole column: each pair's first_seed is the lowest seed that
#    covered it, so the pairs covered by the first N runs are those whose
#    first seed is at most N. The program is built -O1 -g (default:
#    benchmarks/bugs/fixed/work_stealing.c, the fixed twin of a bundled
#    bug: every run passes). The output also goes to
#    benchmarks/results/coverage.txt.
#
# USAGE:
#    benchmarks/coverage/curve.sh [BUILD_DIR] [PROGRAM.c] [STRATEGY...]
#    (defaults: build, benchmarks/bugs/fixed/work_stealing.c, random pct pos)
#===============================================================================
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The raw output also goes to benchmarks/results/coverage.txt (record.sh).
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$root/benchmarks/record.sh" coverage "$0" "$@"
build=$(cd "${1:-$root/build}" && pwd)
src=${2:-$root/benchmarks/bugs/fixed/work_stealing.c}
shift $(($# > 2 ? 2 : $#))
strategies=("$@")
[ ${#strategies[@]} -gt 0 ] || strategies=(random pct pos)
runs=10000
work=$(mktemp -d /tmp/schedsan-curve.XXXXXX)
trap 'rm -rf "$work"' EXIT

"$build/bin/schedsan-clang" -O1 -g "$src" -o "$work/prog"
echo "# event pairs covered by the first N runs of one campaign per strategy"
echo "# $(basename "$src"), $runs runs, $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
for s in "${strategies[@]}"; do
  echo "# schedsan run --count -n $runs --strategy $s -o symbolize=0 --json $s.json -- ./prog"
  "$build/bin/schedsan" run --count -n "$runs" --strategy "$s" -o symbolize=0 \
    --json "$work/$s.json" -- "$work/prog" > "$work/$s.txt" || true
  grep -e '^  runs' -e '^  coverage' "$work/$s.txt" | sed 's/^/#   /'
done
python3 - "$work" "${strategies[@]}" <<'PY'
import json, sys
work, strategies = sys.argv[1], sys.argv[2:]
firsts = {}
for s in strategies:
    r = json.load(open("%s/%s.json" % (work, s)))
    base = r["seed_base"]
    firsts[s] = [p["first_seed"] - base + 1 for p in r["coverage"]["pairs"]]
print("| runs | " + " | ".join(strategies) + " |")
print("|---|" + "---|" * len(strategies))
for n in (10, 30, 100, 300, 1000, 3000, 10000):
    print("| %d | " % n + " | ".join(str(sum(1 for f in firsts[s] if f <= n))
                                     for s in strategies) + " |")
PY
