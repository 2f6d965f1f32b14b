#!/usr/bin/env bash
# usage: seeds.sh N prog [args...]
# Runs prog once for each seed 1..N (SCHEDSAN_OPTIONS=seed=S plus
# $SEEDS_OPTIONS). Fails, printing the run's output, at the first run that
# exits non-zero or prints a ScheduleSanitizer report; else prints
# "N seeds passed".
set -u
n=$1; shift
for s in $(seq 1 "$n"); do
  out=$(SCHEDSAN_OPTIONS="seed=$s${SEEDS_OPTIONS:+:$SEEDS_OPTIONS}" "$@" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || grep -q "ScheduleSanitizer" <<<"$out"; then
    echo "seed $s failed (exit $rc):"
    echo "$out"
    exit 1
  fi
done
echo "$n seeds passed"
