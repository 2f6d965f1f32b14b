#!/bin/bash
#===============================================================================
# FILE:
#    utils/record-traces.sh
#
# DESCRIPTION:
#    Records the schedule of every bundled bug program (benchmarks/bugs) under
#    every strategy for seeds 1..N into one directory, one trace per run, so
#    that two builds can be compared byte for byte:
#
#      utils/record-traces.sh <build-dir> <out-dir> [N=50]
#      diff -r <out-dir-a> <out-dir-b>
#
#    The programs are built into one fixed directory (/tmp/schedsan-traces.bin)
#    so that the traces' program= lines agree between builds (recordings
#    on one machine take turns). Each run's exit
#    status is recorded next to its trace (<name>.status).
#===============================================================================
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 <build-dir> <out-dir> [seeds=50]" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd) || exit 2
OUT=$2
N=${3:-50}
SRC=$(cd "$(dirname "$0")/.." && pwd)
BIN=/tmp/schedsan-traces.bin
# One recording at a time on a machine: they share $BIN.
exec 9>"$BIN.lock" && flock 9
rm -rf "$BIN" && mkdir -p "$BIN" "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
for F in "$SRC"/benchmarks/bugs/*.c "$SRC"/benchmarks/bugs/*.cpp; do
  Name=$(basename "${F%.*}")
  case $F in
    *.cpp) CC=$BUILD/bin/schedsan-clang++ ;;
    *) CC=$BUILD/bin/schedsan-clang ;;
  esac
  "$CC" -g -O1 "$F" -o "$BIN/$Name" || { echo "cannot build $F" >&2; exit 1; }
done
for P in "$BIN"/*; do
  Name=$(basename "$P")
  for S in pct pos random swarm; do
    for Seed in $(seq 1 "$N"); do
      T=$OUT/$Name.$S.$Seed
      (cd "$BIN" && SCHEDSAN_OPTIONS=strategy=$S:seed=$Seed:trace=$T.trace \
         timeout 60 "$P" >/dev/null 2>&1)
      echo $? > "$T.status"
    done
  done
  echo "$Name: $((4 * N)) runs" >&2
done
