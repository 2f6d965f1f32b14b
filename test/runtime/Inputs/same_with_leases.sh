#!/usr/bin/env bash
# usage: same_with_leases.sh SEEDS prog [args...]
# Runs prog under each strategy below and seeds 1..SEEDS twice, with
# leases=1 and leases=0, and fails (printing both) unless the two runs wrote
# the same schedule trace and the same exit summary apart from its leased=
# count (the traces' `# options=` lines name leases=, so they are left
# out). $SAME_OPTIONS is added to every run's options. Prints, per
# strategy, the points passed under leases, then "N runs identical with
# and without leases".
set -u
n=$1; shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
runs=0
for strategy in pct:depth=1 pct:depth=3:k=60 random pos pos_strict basic_pos \
                swarm:depth=2 rff; do
  leased=0
  for s in $(seq 1 "$n"); do
    for l in 1 0; do
      SCHEDSAN_OPTIONS="strategy=$strategy:seed=$s:verbosity=1:leases=$l:trace=$dir/trace.$l${SAME_OPTIONS:+:$SAME_OPTIONS}" \
        "$@" >/dev/null 2>"$dir/err.$l"
      grep -v '^# options=' "$dir/trace.$l" >"$dir/trace.$l.cmp"
      echo "exit $?" >>"$dir/err.$l"
      grep -o 'leased=[0-9]*' "$dir/err.$l" | cut -d= -f2 >"$dir/leased.$l"
      sed -e 's/^==[0-9]*==//' -e 's/ leased=[0-9]*//' "$dir/err.$l" >"$dir/summary.$l"
    done
    if ! cmp -s "$dir/trace.1.cmp" "$dir/trace.0.cmp" ||
       ! cmp -s "$dir/summary.1" "$dir/summary.0"; then
      echo "strategy=$strategy seed=$s differs with leases=1 and leases=0:"
      diff "$dir/summary.1" "$dir/summary.0"
      diff "$dir/trace.1" "$dir/trace.0" | head -20
      exit 1
    fi
    if [ "$(cat "$dir/leased.0")" != 0 ]; then
      echo "strategy=$strategy seed=$s: leases=0 leased $(cat "$dir/leased.0") points"
      exit 1
    fi
    leased=$((leased + $(cat "$dir/leased.1")))
    runs=$((runs + 1))
  done
  echo "$strategy leased=$leased"
done
echo "$runs runs identical with and without leases"
