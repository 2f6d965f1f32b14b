#!/bin/bash
# FILE:
#    benchmarks/concurrit/table.sh
#
# DESCRIPTION:
#    The measured columns of benchmarks/RESULTS.md's table of Concurrit test
#    patterns: for every program here and every pattern script, the
#    schedules a depth-first search (schedsan run --script NAME --search
#    dfs) explores up to the first failure, at most MAX (default 20000),
#    and the script timeouts among them; ExactSchedule also under seeds
#    1..20 (every run must fail).
#
# USAGE:
#    benchmarks/concurrit/table.sh BUILD [MAX]
#    The raw output also goes to benchmarks/results/concurrit.txt
#    (../record.sh).
set -u
[ -n "${SCHEDSAN_RECORDING:-}" ] ||
  exec "$(dirname "$0")/../record.sh" concurrit "$0" "$@"
BUILD=${1:?usage: table.sh BUILD [MAX]}
MAX=${2:-20000}
DIR=$BUILD/benchmarks/concurrit
RUN=$BUILD/bin/schedsan
printf '%-8s %-16s %9s %9s %s\n' program pattern schedules timeouts result
for P in bbuf ctrace pbzip2 pfscan dedup; do
  for PAT in SearchAll SearchInFunc SearchInFuncCB SearchInFuncLS ExactSchedule; do
    EXTRA=""
    [ "$PAT" = SearchInFuncCB ] && EXTRA="--context-bound 2"
    OUT=$("$RUN" run --script "$PAT" --search dfs $EXTRA -n "$MAX" \
          -o symbolize=0 -- "$DIR/${P}_scripts" 2>&1)
    N=$(echo "$OUT" | sed -n 's/^  search *\([0-9]*\) schedule.*/\1/p')
    T=$(echo "$OUT" | sed -n 's/.* \([0-9]*\) script timeouts\{0,1\}.*/\1/p')
    if echo "$OUT" | grep -q '^failure 1'; then R="bug found"
    else R="no bug in $N"; fi
    printf '%-8s %-16s %9s %9s %s\n' "$P" "$PAT" "$N" "${T:-0}" "$R"
  done
  FAILS=0
  for S in $(seq 1 20); do
    SCHEDSAN_OPTIONS=script=ExactSchedule:seed=$S:symbolize=0 \
      "$DIR/${P}_scripts" > /dev/null 2>&1
    [ $? = 66 ] && FAILS=$((FAILS + 1))
  done
  printf '%-8s %-16s %9s %9s %s\n' "$P" "ExactSchedule" 1 0 \
    "fails under $FAILS of 20 seeds"
done
