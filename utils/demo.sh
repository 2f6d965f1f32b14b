#!/usr/bin/env bash
#===============================================================================
# FILE:
#    utils/demo.sh
#
# DESCRIPTION:
#    The main job (utils/setup.sh demo): instrument a bundled bug with the
#    wrapper, run it under PCT over successive seeds until it fails, and show
#    the report with its replay command; then replay it once.
#    usage: utils/demo.sh BUILD_DIR [RUNS]
#===============================================================================
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:?usage: utils/demo.sh BUILD_DIR [RUNS]}
runs=${2:-1000}
work=$(mktemp -d /tmp/schedsan-demo.XXXXXX)
src=$root/benchmarks/bugs/use_before_init.c
prog=$work/use_before_init

echo "schedsan demo: $build/bin/schedsan-clang -fsanitize-schedule=pct -g -O1 $src -o $prog"
"$build/bin/schedsan-clang" -fsanitize-schedule=pct -g -O1 "$src" -o "$prog"

cd "$work"
for seed in $(seq 1 "$runs"); do
  if ! SCHEDSAN_OPTIONS="seed=$seed" "$prog" > "$work/out.txt" 2>&1; then
    echo "schedsan demo: seed $seed of at most $runs found the bug:"
    cat "$work/out.txt"
    replay=$(grep -o "Replay: .*" "$work/out.txt" | sed 's/^Replay: //')
    echo "schedsan demo: replaying it: $replay"
    if eval "$replay" > "$work/replay.txt" 2>&1; then
      echo "schedsan demo: the replay did not fail" >&2
      exit 1
    fi
    grep -m1 "ERROR: ScheduleSanitizer" "$work/replay.txt"
    exit 0
  fi
done
echo "schedsan demo: no failure in $runs runs" >&2
exit 1
