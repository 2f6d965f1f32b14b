#!/usr/bin/env bash
#===============================================================================
# FILE:
#    benchmarks/real/run_real.sh
#
# DESCRIPTION:
#    "Strategies on real programs" (benchmarks/RESULTS.md): the papers'
#    examples as instrumented C programs (the sources are the lit tests
#    test/strategies/real-fig5.c and real-running-example.c), run under each
#    strategy for seeds 1..N, next to what the same strategy classes give on
#    a model of the same program in the simulator (real-model.cpp: the
#    papers' events plus the real program's thread creation, start, exit,
#    join and process exit events).
#
#    Rows: program strategy seeds hits model measured stderr expected z:
#    hits = failing runs among seeds 1..N; model = the simulator's hits on
#    the same seeds 1..N (PCT draws its random numbers as the runtime does,
#    so there the two agree run by run; the other strategies use their
#    streams differently in the two, see real-model.cpp); expected = the
#    exact probability (fig5: random walk by dynamic programming, PCT d=1
#    1/2 per bug, POS and BasicPOS 1/(m+4) and 2/(m+4); the running
#    example: 1/256, 1/288, 1/72, and 0 for PCT with d < 3: see
#    RESULTS.md), else the simulator's ratio over MODEL_SAMPLES runs;
#    z = (measured - expected) / sqrt(expected (1 - expected) / seeds).
#
#    k=state rows pass PCT's / swarm's k from one run to the next through
#    SCHEDSAN_OPTIONS=state_file, seeds in order (a failing run leaves the
#    file as it was); the simulator does the same, in chains of N seeds. A
#    chain is not a sample of independent runs (on fig5 every run fails
#    until a change point happens to fall in the first few counted points
#    of k = 1000), so the z of these rows is not a binomial z.
#
# USAGE:
#    benchmarks/real/run_real.sh [-j JOBS] [fig5|running]...
#      environment: BUILD (default <repo>/build), FIG5_SEEDS (200),
#      FIG5_M ("4 8 16 40"), RUNNING_SEEDS (2000), MODEL_SAMPLES (1000000),
#      RESULTS_FILE (benchmarks/results/real.txt: where the output is kept)
#    Configurations run JOBS at a time (default 2); seeds of one
#    configuration run in order.
#===============================================================================
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# The raw output also goes to benchmarks/results/real.txt (../record.sh).
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$here/../record.sh" real "$0" "$@"
root=$(cd "$here/../.." && pwd)
build=${BUILD:-$root/build}
jobs=2
tables=()
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    fig5|running) tables+=("$1"); shift ;;
    *) echo "usage: $0 [-j JOBS] [fig5|running]..." >&2; exit 2 ;;
  esac
done
[ ${#tables[@]} -eq 0 ] && tables=(fig5 running)
fig5_seeds=${FIG5_SEEDS:-200}
fig5_m=${FIG5_M:-4 8 16 40}
running_seeds=${RUNNING_SEEDS:-2000}
model_samples=${MODEL_SAMPLES:-1000000}

work=$(mktemp -d "${TMPDIR:-/tmp}/schedsan-real.XXXXXX")
trap 'rm -rf "$work"' EXIT

cc=$build/bin/schedsan-clang
"$cc" -g -O1 "$root/test/strategies/real-fig5.c" -o "$work/fig5"
"$cc" -g -O1 "$root/test/strategies/real-running-example.c" -o "$work/running"
${CXX:-clang++-19} -std=c++17 -O2 -I"$root/utils/strategy-model" \
  -I"$root/runtime/strategy" -I"$root/common" "$here/real-model.cpp" \
  "$root/utils/strategy-model/Model.cpp" "$root"/runtime/strategy/*.cpp "$root"/common/*.cpp \
  -o "$work/real-model"

# label|SCHEDSAN_OPTIONS|state: the same labels as real-model.cpp; "state"
# chains k through a state file; K stands for 2m + 4 (fig5).
fig5_configs=(
  "random|strategy=random"
  "pct(d=1)|strategy=pct:depth=1"
  "pct(d=2,k=2m+4)|strategy=pct:depth=2:k=K"
  "pct(d=3,k=2m+4)|strategy=pct:depth=3:k=K"
  "pct(d=3,k=state)|strategy=pct:depth=3|state"
  "basic_pos|strategy=basic_pos"
  "pos|strategy=pos"
  "swarm(d=1)|strategy=swarm:depth=1"
  "swarm(d=3,k=2m+4)|strategy=swarm:depth=3:k=K"
)
running_configs=(
  "random|strategy=random"
  "pct(d=1)|strategy=pct:depth=1"
  "pct(d=2,k=state)|strategy=pct:depth=2|state"
  "pct(d=3,k=state)|strategy=pct:depth=3|state"
  "basic_pos|strategy=basic_pos"
  "pos_strict|strategy=pos_strict"
  "pos|strategy=pos"
  "swarm(d=1)|strategy=swarm:depth=1"
  "swarm(d=3,k=state)|strategy=swarm:depth=3|state"
)

# run_config OUT PROG SEEDS OPTIONS STATE ARGS...: one line per seed,
# "<seed> <exit code> <bug>", bug = bug1 / bug2 (fig5), order (the running
# example's assertion) or -.
run_config() {
  local out=$1 prog=$2 seeds=$3 opts=$4 state=$5; shift 5
  local dir
  dir=$(mktemp -d "$work/run.XXXXXX")
  (
    cd "$dir"
    for s in $(seq 1 "$seeds"); do
      o="$opts:seed=$s:trace=/dev/null"
      [ -n "$state" ] && o="$o:state_file=$dir/state"
      rc=0
      msg=$(SCHEDSAN_OPTIONS=$o "$prog" "$@" 2>&1) || rc=$?
      case $msg in
        *bug1:*) tag=bug1 ;;
        *bug2:*) tag=bug2 ;;
        *"B1 A1 B2 B3 A2 A3 B4 B5 B6 A4"*) tag=order ;;
        *) tag=- ;;
      esac
      echo "$s $rc $tag"
    done
  ) > "$out"
}

# Runs "name|command" lines JOBS at a time.
parallel() {
  local n=0
  while IFS= read -r line; do
    bash -c "$line" &
    n=$((n + 1))
    if [ "$n" -ge "$jobs" ]; then wait -n; n=$((n - 1)); fi
  done
  wait
}
export -f run_config
export work

row() { # program label seeds hits same-seeds-model-ratio model
  awk -v p="$1" -v l="$2" -v n="$3" -v h="$4" -v same="$5" -v e="$6" 'BEGIN {
    m = h / n; se = sqrt(m * (1 - m) / n)
    ss = same == "" ? "-" : sprintf("%6d", same * n + 0.5)
    if (e == "") { ze = "-"; es = "-" }
    else { es = sprintf("%.3e", e); s = sqrt(e * (1 - e) / n)
           ze = s > 0 ? sprintf("%+.2f", (m - e) / s) : (m == e ? "+0.00" : "inf") }
    printf "%-20s %-18s %6d %6d %6s %.3e %.2e %-9s %s\n", p, l, n, h, ss, m, se, es, ze }'
}

header() {
  printf "%-20s %-18s %6s %6s %6s %-9s %-8s %-9s %s\n" program strategy seeds \
    hits model measured stderr expected z
}

# model FILE PROGRAM LABEL: the ratio column of a real-model row.
model() {
  awk -v k="$2" -v l="$3" '$1 == k && $2 == l { print $5 }' "$1"
}

for table in "${tables[@]}"; do
  case $table in
  fig5)
    echo "## PCT Fig. 5 as a real program (test/strategies/real-fig5.c), seeds 1..$fig5_seeds"
    echo "# hits: measured; model: the simulator's hits on the same seeds; expected: exact, else the simulator over $model_samples samples (k=state: chains of $fig5_seeds)"
    for m in $fig5_m; do
      "$work/real-model" fig5 "$m" "$fig5_seeds" "$fig5_seeds" > "$work/same.fig5.$m"
      "$work/real-model" fig5 "$m" "$model_samples" "$fig5_seeds" > "$work/model.fig5.$m"
    done
    {
      for m in $fig5_m; do
        for c in "${fig5_configs[@]}"; do
          IFS='|' read -r label opts state <<<"$c"
          opts=${opts//K/$((2 * m + 4))}
          echo "run_config '$work/fig5.$m.$label' '$work/fig5' $fig5_seeds '$opts' '$state' $m"
        done
      done
    } | parallel
    header
    for m in $fig5_m; do
      sed -n 's/^# /# /p' "$work/model.fig5.$m"
      exact=$(sed -n 's/.*exact: bug1 \([^ ]*\) bug2 \([^ ]*\) either \([^ ]*\)/\1 \2 \3/p' "$work/model.fig5.$m")
      for c in "${fig5_configs[@]}"; do
        IFS='|' read -r label opts state <<<"$c"
        f=$work/fig5.$m.$label
        b1=$(awk '$3 == "bug1"' "$f" | wc -l)
        b2=$(awk '$3 == "bug2"' "$f" | wc -l)
        bad=$(awk '$2 != 0 && $3 == "-" || $2 == 0 && $3 != "-"' "$f" | wc -l)
        [ "$bad" -eq 0 ] || echo "# $label m=$m: $bad runs with an unexpected exit code"
        i=0
        for which in bug1 bug2 either; do
          i=$((i + 1))
          case $which in bug1) h=$b1 ;; bug2) h=$b2 ;; either) h=$((b1 + b2)) ;; esac
          key="real-fig5/m=n=$m/$which"
          same=$(model "$work/same.fig5.$m" "$key" "$label")
          e=$(model "$work/model.fig5.$m" "$key" "$label")
          if [ "$label" = random ]; then
            e=$(cut -d' ' -f$i <<<"$exact")
          elif [ "$label" = "pct(d=1)" ]; then
            case $which in bug1|bug2) e=0.5 ;; either) e=1 ;; esac
          elif [ "$label" = pos ] || [ "$label" = basic_pos ]; then
            e=$(awk -v i=$i -v m="$m" 'BEGIN { print i / (m + 4) }')
          fi
          row "fig5/m=n=$m/$which" "$label" "$fig5_seeds" "$h" "$same" "$e"
        done
      done
    done
    ;;
  running)
    echo "## POS running example as a real program (test/strategies/real-running-example.c), seeds 1..$running_seeds"
    echo "# hits: measured; model: the simulator's hits on the same seeds; expected: exact, else the simulator over $model_samples samples (k=state: chains of $running_seeds)"
    "$work/real-model" running "$running_seeds" "$running_seeds" > "$work/same.running"
    "$work/real-model" running "$model_samples" "$running_seeds" > "$work/model.running"
    {
      for c in "${running_configs[@]}"; do
        IFS='|' read -r label opts state <<<"$c"
        echo "run_config '$work/running.$label' '$work/running' $running_seeds '$opts' '$state'"
      done
    } | parallel
    header
    for c in "${running_configs[@]}"; do
      IFS='|' read -r label opts state <<<"$c"
      f=$work/running.$label
      h=$(awk '$3 == "order"' "$f" | wc -l)
      bad=$(awk '$2 != 0 && $3 == "-" || $2 == 0 && $3 != "-"' "$f" | wc -l)
      [ "$bad" -eq 0 ] || echo "# $label: $bad runs with an unexpected exit code"
      same=$(model "$work/same.running" real-running "$label")
      case $label in
        random) e=$(awk 'BEGIN { print 1 / 256 }') ;;
        basic_pos) e=$(awk 'BEGIN { print 1 / 288 }') ;;
        pos|pos_strict) e=$(awk 'BEGIN { print 1 / 72 }') ;;
        "pct(d=1)"|"pct(d=2,k=state)") e=0 ;;
        *) e=$(model "$work/model.running" real-running "$label") ;;
      esac
      row real-running "$label" "$running_seeds" "$h" "$same" "$e"
    done
    echo "# simulator, $model_samples samples (k=state: chains of $running_seeds):"
    sed 's/^/# /' "$work/model.running"
    ;;
  esac
done
