#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/runner/bench.sh
#
# DESCRIPTION:
#    Runs per second of `schedsan run`, side by side in one invocation:
#      fork     schedsan run --count (the runtime's fork server: a fork per run;
#               every run writes its event pairs, the default)
#      nocov    the same with --no-coverage (no event pairs asked)
#      exec     schedsan run --count --no-fork-server (a posix_spawn per run)
#      native   a plain shell loop running the program built with
#               -fsanitize-schedule=none (fork + exec per run, no schedsan)
#      instr    the same shell loop running the instrumented program with
#               SCHEDSAN_OPTIONS=seed=$i (exec per run without the runner)
#    on two programs: small.c (two threads, a handful of scheduling points)
#    and points10k.c (two threads, 10,000 scheduling points), with -j 1 and
#    -j 2 (the shell loops run one loop per job). Each configuration runs
#    ROUNDS times, interleaved (fork, exec, native, instr, fork, ...), so a
#    change in the machine's load hits all of them alike; the table shows
#    the median of the rounds, and the ratios are of the medians. Times are
#    wall-clock times of the whole command (set-up and fork server start-up
#    included). A second table gives the CPU time per run (user + system of
#    the runner, fork servers, runs or shell loops: bash's `times` for the
#    waited-for descendants), which the machine's other load does not
#    change. The output also goes to benchmarks/results/runner.txt.
#
# USAGE:
#    benchmarks/runner/bench.sh [BUILD_DIR] [ROUNDS] [STRATEGY]
#    (defaults: build, 5, pct; ninja -C BUILD_DIR first)
#===============================================================================
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The raw output also goes to benchmarks/results/runner.txt (record.sh).
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$root/benchmarks/record.sh" runner "$0" "$@"
build=$(cd "${1:-$root/build}" && pwd)
rounds=${2:-5}
strategy=${3:-pct}
schedsan=$build/bin/schedsan
work=$(mktemp -d /tmp/schedsan-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
. "$root/benchmarks/runner/timing.sh"

# Runs per measurement: a few seconds each at the speeds measured here.
declare -A runs=(
  [small.fork]=4000 [small.nocov]=4000 [small.exec]=1000 [small.native]=1000 [small.instr]=1000
  [points10k.fork]=1000 [points10k.nocov]=1000 [points10k.exec]=500 [points10k.native]=1000
  [points10k.instr]=500)

for p in small points10k; do
  "$build/bin/schedsan-clang" -fsanitize-schedule="$strategy" -O1 -g \
    "$root/benchmarks/runner/$p.c" -o "$work/$p"
  "$build/bin/schedsan-clang" -fsanitize-schedule=none -O1 \
    "$root/benchmarks/runner/$p.c" -o "$work/$p.native"
done

# shell_loop PROG N JOBS [instr]: N runs of PROG in JOBS parallel loops.
shell_loop() {
  local prog=$1 n=$2 jobs=$3 instr=${4:-} w i
  for ((w = 0; w < jobs; w++)); do
    (
      for ((i = w; i < n; i += jobs)); do
        if [ -n "$instr" ]; then
          SCHEDSAN_OPTIONS=seed=$((i + 1)) "$prog" > /dev/null 2>&1 || true
        else
          "$prog" > /dev/null 2>&1 || true
        fi
      done
    ) &
  done
  wait
}

# run_mode PROG MODE JOBS N: the runs of one measurement.
run_mode() {
  local prog=$1 mode=$2 jobs=$3 n=$4
  case $mode in
  fork) "$schedsan" run --count -n "$n" -j "$jobs" -- "$work/$prog" > "$work/out" || true ;;
  nocov) "$schedsan" run --count -n "$n" -j "$jobs" --no-coverage -- "$work/$prog" > "$work/out" || true ;;
  exec) "$schedsan" run --count -n "$n" -j "$jobs" --no-fork-server -- "$work/$prog" > "$work/out" || true ;;
  native) shell_loop "$work/$prog.native" "$n" "$jobs" ;;
  instr) shell_loop "$work/$prog" "$n" "$jobs" instr ;;
  esac
}

# measure PROG MODE JOBS: prints runs per second and CPU microseconds per run.
measure() {
  local prog=$1 mode=$2 jobs=$3 n=${runs[$1.$2]}
  timed "$n" run_mode "$prog" "$mode" "$jobs" "$n"
  if [ "$mode" = fork ] || [ "$mode" = nocov ] || [ "$mode" = exec ]; then
    grep -q "^  runs      $n " "$work/out" || { cat "$work/out" >&2; exit 1; }
  fi
}


echo "# schedsan runner benchmark: $(nproc) CPUs, strategy=$strategy, $rounds rounds, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A raw cpu
for p in small points10k; do
  for jobs in 1 2; do
    for ((r = 1; r <= rounds; r++)); do
      for mode in fork nocov exec native instr; do
        read -r rate us < <(measure "$p" "$mode" "$jobs")
        raw[$p.$jobs.$mode]+="$rate "
        cpu[$p.$jobs.$mode]+="$us "
      done
    done
  done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf "%-10s %4s %8s %8s %8s %8s %8s %10s %10s %12s\n" program jobs fork nocov exec native instr fork/nocov fork/exec fork/native
for p in small points10k; do
  for jobs in 1 2; do
    declare -A m
    for mode in fork nocov exec native instr; do
      m[$mode]=$(echo "${raw[$p.$jobs.$mode]}" | median)
    done
    printf "%-10s %4s %8s %8s %8s %8s %8s %9sx %9sx %11sx\n" "$p" "$jobs" \
      "${m[fork]}" "${m[nocov]}" "${m[exec]}" "${m[native]}" "${m[instr]}" \
      "$(awk -v a="${m[fork]}" -v b="${m[nocov]}" 'BEGIN { printf "%.2f", a / b }')" \
      "$(awk -v a="${m[fork]}" -v b="${m[exec]}" 'BEGIN { printf "%.1f", a / b }')" \
      "$(awk -v a="${m[fork]}" -v b="${m[native]}" 'BEGIN { printf "%.1f", a / b }')"
  done
done
echo
echo "# CPU time per run in microseconds (median; user + system of every process"
echo "# involved, so independent of the machine's other load):"
printf "%-10s %4s %8s %8s %8s %8s %8s\n" program jobs fork nocov exec native instr
for p in small points10k; do
  for jobs in 1 2; do
    printf "%-10s %4s" "$p" "$jobs"
    for mode in fork nocov exec native instr; do
      printf " %8s" "$(echo "${cpu[$p.$jobs.$mode]}" | median)"
    done
    echo
  done
done
echo
echo "# runs/s of each round (fork | nocov | exec | native | instr):"
for p in small points10k; do
  for jobs in 1 2; do
    echo "# $p -j $jobs: ${raw[$p.$jobs.fork]}| ${raw[$p.$jobs.nocov]}| ${raw[$p.$jobs.exec]}| ${raw[$p.$jobs.native]}| ${raw[$p.$jobs.instr]}"
  done
done
