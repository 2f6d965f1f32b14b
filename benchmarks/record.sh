#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/record.sh
#
# DESCRIPTION:
#    Keeps a benchmark's raw output. Runs COMMAND with its stdout going both
#    to stdout and into benchmarks/results/NAME.txt, after two lines that
#    name the command, the commit, the machine and the time. The file is
#    replaced only when COMMAND exits 0, so a failed or interrupted run
#    leaves the previous results in place. RESULTS_FILE=PATH writes PATH
#    instead; RESULTS_FILE= (empty) only runs COMMAND.
#
#    The benchmark scripts run themselves through this script (it sets
#    SCHEDSAN_RECORDING for the inner run), so running a script is enough;
#    benchmarks/results/README.md lists which script writes which file.
#
# USAGE:
#    benchmarks/record.sh NAME COMMAND [ARGS...]
#===============================================================================
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 NAME COMMAND [ARGS...]" >&2
  exit 2
fi
name=$1
shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${RESULTS_FILE-$root/benchmarks/results/$name.txt}
export SCHEDSAN_RECORDING=1
[ -n "$out" ] || exec "$@"

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD 2>/dev/null ||
  commit="$commit with uncommitted changes"
os=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
command=$*
mkdir -p "$(dirname "$out")" || exit 2
tmp=$out.partial
trap 'rm -f "$tmp"' EXIT
{
  echo "# ${command//$root\//}"
  echo "# commit $commit; ${os:-unknown OS}, $(uname -sr), ${cpu:-unknown CPU}," \
       "$(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg);" \
       "$(date -u +%Y-%m-%dT%H:%MZ)"
  "$@"
} | tee "$tmp"
rc=${PIPESTATUS[0]}
[ "$rc" -ne 0 ] || mv "$tmp" "$out"
exit "$rc"
