# benchmarks/runner/timing.sh: sourced by bench.sh and builds.sh. Needs
# $work, a scratch directory.

# CPU seconds (user + system) of this shell's waited-for descendants: the
# runner, its fork servers and their runs, or the shell loops' programs.
# (`times` runs in this shell, not in a $(...) subshell, which would report
# its own children.)
children_cpu() {
  times > "$work/times"
  awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/);
                 printf "%.6f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
    "$work/times"
}

# timed N COMMAND...: runs COMMAND, which makes N runs; prints runs per
# second (wall clock) and CPU microseconds per run.
timed() {
  local n=$1 start end cpu0 cpu1
  shift
  children_cpu > "$work/cpu0"
  start=$EPOCHREALTIME
  "$@"
  end=$EPOCHREALTIME
  children_cpu > "$work/cpu1"
  cpu0=$(< "$work/cpu0")
  cpu1=$(< "$work/cpu1")
  awk -v n="$n" -v s="$start" -v e="$end" -v c0="$cpu0" -v c1="$cpu1" \
    'BEGIN { printf "%.0f %.0f\n", n / (e - s), (c1 - c0) * 1e6 / n }'
}

# The median of the numbers on stdin (separated by spaces or newlines).
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
