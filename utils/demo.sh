#!/usr/bin/env bash
#===============================================================================
# FILE:
#    utils/demo.sh
#
# DESCRIPTION:
#    The main job (utils/setup.sh demo): instrument a bundled bug with the
#    wrapper, let `schedsan run` try it under PCT over up to 1000 seeds until
#    a run fails, show the report and the replay command, and replay it.
#    usage: utils/demo.sh BUILD_DIR [RUNS]
#===============================================================================
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:?usage: utils/demo.sh BUILD_DIR [RUNS]}
runs=${2:-1000}
work=$(mktemp -d /tmp/schedsan-demo.XXXXXX)
src=$root/benchmarks/bugs/use_before_init.c
prog=$work/use_before_init

echo "\$ schedsan-clang -fsanitize-schedule=pct -g -O1 $src -o $prog"
"$build/bin/schedsan-clang" -fsanitize-schedule=pct -g -O1 "$src" -o "$prog"

echo "\$ schedsan run -n $runs --strategy pct --out $work/out -- $prog"
status=0
"$build/bin/schedsan" run -n "$runs" --strategy pct --out "$work/out" \
  -- "$prog" | tee "$work/summary.txt" || status=$?
if [ "$status" -ne 1 ]; then
  echo "schedsan demo: expected the bug to be found (exit 1), got exit $status" >&2
  exit 1
fi

echo
echo "The failing run's report:"
cat "$work"/out/seed-*.stderr | head -40
replay=$(sed -n 's/^  replay    //p' "$work/summary.txt" | head -1)
echo
echo "\$ $replay"
replayed=0
eval "$replay" || replayed=$?
if [ "$replayed" -ne 1 ]; then
  echo "schedsan demo: the replay did not reproduce the failure" >&2
  exit 1
fi
echo "schedsan demo: found the bug and reproduced it from its schedule."
