#!/usr/bin/env bash
# usage: hits.sh N prog [args...]
# Runs prog for seeds 1..N (plus $SEEDS_OPTIONS) and prints
# "hits=H of N first=S": how many runs exited non-zero and the first
# failing seed (0 if none).
set -u
n=$1; shift
hits=0; first=0
for s in $(seq 1 "$n"); do
  SCHEDSAN_OPTIONS="seed=$s${SEEDS_OPTIONS:+:$SEEDS_OPTIONS}" "$@" >/dev/null 2>&1
  if [ $? -ne 0 ]; then
    hits=$((hits + 1))
    [ $first -eq 0 ] && first=$s
  fi
done
echo "hits=$hits of $n first=$first"
