#!/usr/bin/env bash
# benchmarks/trust/run.sh: how far schedsan's verdicts can be trusted.
#
# usage: benchmarks/trust/run.sh <build-dir> [runs]      (runs: default 1000)
#
# (a) False reports. Builds every correctly synchronized retry-pattern
#     program of test/fairness/Inputs (fair_*.c, fair_*.cpp) with
#     <build-dir>/bin/schedsan-clang(++) -g -O1 and runs, for each strategy
#     configuration (random, pct depth 1, 2, 3, pos, pos_strict, basic_pos,
#     swarm, portfolio, rff), `schedsan run --count -n <runs>`. These programs
#     cannot fail, so every failed or timed-out run is a false report (the
#     table names the timed-out ones: under heavy load a correct run can
#     outlast the run timeout).
# (b) Replays. Builds every bug of benchmarks/bugs/*.c|cpp, runs
#     `schedsan run --count -n 200 --keep 0 --json` per configuration,
#     replays up to 10 failing seeds per program and configuration with
#     `schedsan replay <trace> -- <prog>` and counts those that fail again
#     (exit 1).
#
# stdout: two markdown tables (per configuration: false reports / runs;
# replays reproduced / attempted), also written to
# benchmarks/results/trust.txt. stderr: progress.
#
# Time: at most about 15 minutes on 2 cores with runs=1000 (13 min measured
# while the runtime still produced many false livelocks; much less once
# every campaign is clean). Campaigns share a time budget (TRUST_BUDGET_A,
# default 420 s, for (a); TRUST_BUDGET_B, default 200 s, for the campaigns
# of (b)): each gets what is left divided by the campaigns left, but at
# least TRUST_MIN_CAP s (default 7), and a campaign still going then is
# interrupted: its finished runs count, and the tables say how many
# campaigns were stopped early (so a rate over fewer runs than asked for).
# A run longer than TRUST_RUN_TIMEOUT s (default 3; these programs run in
# milliseconds natively) is a timeout, i.e. a false report in (a). (b)
# runs with -o max_steps=1000000 (with the default budget of 50000000
# steps a livelock bug's run lasts seconds); the replays use the same
# options. TRUST_JOBS (default: all CPUs) sets `schedsan run -j`;
# TRUST_RUN_ARGS adds arguments to every `schedsan run` (e.g.
# --decision-sites=shared; the replays get the options its JSON records).
set -euo pipefail
# The raw output also goes to benchmarks/results/trust.txt (../record.sh).
[ -n "${SCHEDSAN_RECORDING:-}" ] || exec "$(dirname "$0")/../record.sh" trust "$0" "$@"

usage() {
  echo "usage: $0 <build-dir> [runs]" >&2
  exit 2
}
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
build=$(cd "$1" && pwd) || usage
runs=${2:-1000}
[[ $runs =~ ^[1-9][0-9]*$ ]] || usage
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$build/bin
schedsan=$bin/schedsan
for t in schedsan schedsan-clang schedsan-clang++; do
  [ -x "$bin/$t" ] || { echo "$0: $bin/$t not found (build first)" >&2; exit 2; }
done
budget_a=${TRUST_BUDGET_A:-420}
budget_b=${TRUST_BUDGET_B:-200}
run_timeout=${TRUST_RUN_TIMEOUT:-3}
min_cap=${TRUST_MIN_CAP:-7}
jobs=${TRUST_JOBS:-$(nproc)}
for v in "$budget_a" "$budget_b" "$run_timeout" "$min_cap" "$jobs"; do
  [[ $v =~ ^[0-9]+$ ]] || { echo "$0: TRUST_* settings are whole numbers, not '$v'" >&2; exit 2; }
done
bug_runs=200
max_replays=10
b_options=max_steps=1000000

tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedsan-trust.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
export TMPDIR=$tmp
start=$SECONDS

configs=("random" "pct 1" "pct 2" "pct 3" "pos" "pos_strict" "basic_pos" "swarm" "portfolio" "rff")
label() { # "pct 2" -> "pct depth 2"
  case $1 in pct\ *) echo "pct depth ${1#pct }" ;; *) echo "$1" ;; esac
}
strategy_args() { # "pct 2" -> --strategy pct --depth 2
  case $1 in
    pct\ *) echo "--strategy pct --depth ${1#pct }" ;;
    *) echo "--strategy $1" ;;
  esac
}
note() { printf 'trust [%4ds]: %s\n' $((SECONDS - start)) "$*" >&2; }

# compile SRC OUT: -g -O1, C++ as C++20.
compile() {
  case $1 in
    *.cpp) "$bin/schedsan-clang++" -std=c++20 -g -O1 "$1" -o "$2" ;;
    *) "$bin/schedsan-clang" -g -O1 "$1" -o "$2" ;;
  esac
}

# campaign CAP JSON OUTDIR ARGS...: one `schedsan run` stopped (SIGTERM to
# the runner only, which then reports the runs that finished) after CAP s.
# Sets cut=1 if it was stopped. Exit 2 (a set-up error) ends the script.
campaign() {
  local cap=$1 json=$2 out=$3 rc=0
  shift 3
  timeout --foreground -k 30 -s TERM "$cap" \
    "$schedsan" run --count -j "$jobs" --json "$json" --out "$out" \
    ${TRUST_RUN_ARGS:-} "$@" \
    > "$tmp/last.txt" 2> "$tmp/last.err" || rc=$?
  cut=0
  case $rc in
    0 | 1) ;;
    124 | 130) cut=1 ;;
    *)
      echo "$0: schedsan run failed (exit $rc): $*" >&2
      cat "$tmp/last.err" >&2
      exit 2
      ;;
  esac
  [ -s "$json" ] || { echo "$0: no results from schedsan run $*" >&2; exit 2; }
}

# cap LEFT_S CAMPAIGNS_LEFT: this campaign's share of the budget.
cap() {
  local c=$(($1 / $2)) min=$min_cap
  [ "$min" -gt "$run_timeout" ] || min=$((run_timeout + 1))
  [ "$c" -ge "$min" ] || c=$min
  echo "$c"
}

# JSON totals: "runs failed timeouts interrupted".
totals() {
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["totals"]
print(t["runs"], t["failed"], t["timeouts"], int(bool(d.get("interrupted"))))
PY
}

# ---------------------------------------------------------------- (a)
mkdir -p "$tmp/clean" "$tmp/a"
clean=()
for src in "$root"/test/fairness/Inputs/fair_*.c "$root"/test/fairness/Inputs/fair_*.cpp; do
  [ -e "$src" ] || continue
  name=$(basename "${src%.*}")
  compile "$src" "$tmp/clean/$name"
  clean+=("$name")
done
[ ${#clean[@]} -gt 0 ] || { echo "$0: no programs in test/fairness/Inputs" >&2; exit 2; }
note "(a) built ${#clean[@]} correct programs; $runs runs each per configuration"

declare -A a_runs a_reports a_cut a_progs a_nprogs
left=$((${#configs[@]} * ${#clean[@]}))
deadline_a=$((SECONDS + budget_a))
for cfg in "${configs[@]}"; do
  a_runs[$cfg]=0 a_reports[$cfg]=0 a_cut[$cfg]=0 a_progs[$cfg]="" a_nprogs[$cfg]=0
  for name in "${clean[@]}"; do
    c=$(cap $((deadline_a - SECONDS)) $left)
    left=$((left - 1))
    json=$tmp/a/$name.json
    rm -rf "$json" "$tmp/a/out"
    # shellcheck disable=SC2046
    campaign "$c" "$json" "$tmp/a/out" -n "$runs" --keep 1 \
      --timeout "$run_timeout" $(strategy_args "$cfg") -- "$tmp/clean/$name"
    read -r n f t i < <(totals "$json")
    bad=$((f + t))
    a_runs[$cfg]=$((a_runs[$cfg] + n))
    a_reports[$cfg]=$((a_reports[$cfg] + bad))
    [ $((cut + i)) -eq 0 ] || a_cut[$cfg]=$((a_cut[$cfg] + 1))
    if [ $bad -gt 0 ]; then
      # A timed-out run counts as a report, but is named as one: under
      # heavy load a correct run can take longer than run_timeout.
      a_progs[$cfg]+="${a_progs[$cfg]:+, }${name#fair_} ($bad/$n$([ "$t" -eq 0 ] || echo ", $t timed out"))"
      a_nprogs[$cfg]=$((a_nprogs[$cfg] + 1))
    fi
    note "(a) $(label "$cfg") $name: $bad of $n runs reported$([ "$t" -eq 0 ] || echo " ($t timed out)")$([ $((cut + i)) -eq 0 ] || echo ", stopped after ${c} s")"
  done
done

# ---------------------------------------------------------------- (b)
mkdir -p "$tmp/bugs" "$tmp/b"
bugs=()
for src in "$root"/benchmarks/bugs/*.c "$root"/benchmarks/bugs/*.cpp; do
  [ -e "$src" ] || continue
  name=$(basename "${src%.*}")
  compile "$src" "$tmp/bugs/$name"
  bugs+=("$name")
done
note "(b) built ${#bugs[@]} bug programs; $bug_runs runs each per configuration"

declare -A b_att b_rep b_err b_cut b_found
left=$((${#configs[@]} * ${#bugs[@]}))
deadline_b=$((SECONDS + budget_b))
for cfg in "${configs[@]}"; do
  b_att[$cfg]=0 b_rep[$cfg]=0 b_err[$cfg]=0 b_cut[$cfg]=0 b_found[$cfg]=0
  for name in "${bugs[@]}"; do
    c=$(cap $((deadline_b - SECONDS)) $left)
    left=$((left - 1))
    d=$tmp/b/$name.$(echo "$cfg" | tr ' ' _)
    mkdir -p "$d"
    # shellcheck disable=SC2046
    campaign "$c" "$d/r.json" "$d/out" -n "$bug_runs" --keep 0 \
      --timeout "$run_timeout" -o "$b_options" $(strategy_args "$cfg") \
      -- "$tmp/bugs/$name"
    [ "$cut" -eq 0 ] || b_cut[$cfg]=$((b_cut[$cfg] + 1))
    # The replay commands of up to $max_replays failing seeds (lowest
    # first), one per line, arguments separated by US (0x1f).
    python3 - "$d/r.json" "$schedsan" "$max_replays" > "$d/replays" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
schedsan, limit = sys.argv[2], int(sys.argv[3])
opts = []
for o in d.get("options", []):
    opts += ["-o", o]
n = 0
for r in sorted(d["runs"], key=lambda r: r["seed"]):
    if r.get("status") != "fail" or not r.get("schedule"):
        continue
    cmd = [schedsan, "replay", r["schedule"]]
    if d.get("depth"):  # 0 for strategies without a depth
        cmd += ["--depth", str(d["depth"])]
    sys.stdout.write("\x1f".join(cmd + opts + ["--"] + d["command"]) + "\n")
    n += 1
    if n == limit:
        break
PY
    att=0 rep=0 err=0
    while IFS=$'\x1f' read -r -a cmd; do
      rc=0
      timeout -k 5 60 "${cmd[@]}" > /dev/null 2>&1 < /dev/null || rc=$?
      att=$((att + 1))
      case $rc in
        1) rep=$((rep + 1)) ;;
        0) ;;
        *) err=$((err + 1)) ;;
      esac
    done < "$d/replays"
    [ $att -eq 0 ] || b_found[$cfg]=$((b_found[$cfg] + 1))
    b_att[$cfg]=$((b_att[$cfg] + att))
    b_rep[$cfg]=$((b_rep[$cfg] + rep))
    b_err[$cfg]=$((b_err[$cfg] + err))
    note "(b) $(label "$cfg") $name: $rep of $att replays reproduced$([ $err -eq 0 ] || echo ", $err errors or timeouts")$([ "$cut" -eq 0 ] || echo ", campaign stopped after ${c} s")"
    rm -rf "$d"
  done
done

# ---------------------------------------------------------------- tables
pct() { # A B -> "x.xx %"
  if [ "$2" -eq 0 ]; then echo "-"; else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f %%", 100 * a / b }'; fi
}
echo "## False reports on correct programs (${#clean[@]} programs of test/fairness/Inputs, up to $runs runs each)"
echo
echo "| strategy | false reports / runs | rate | programs with false reports | campaigns stopped early | which (reports/runs) |"
echo "|---|---|---|---|---|---|"
for cfg in "${configs[@]}"; do
  echo "| $(label "$cfg") | ${a_reports[$cfg]} / ${a_runs[$cfg]} | $(pct "${a_reports[$cfg]}" "${a_runs[$cfg]}") | ${a_nprogs[$cfg]} of ${#clean[@]} | ${a_cut[$cfg]} of ${#clean[@]} | ${a_progs[$cfg]:--} |"
done
echo
echo "## Replays of failing seeds (${#bugs[@]} programs of benchmarks/bugs, $bug_runs runs each, up to $max_replays replays per program)"
echo
echo "| strategy | replays reproduced / attempted | rate | programs with a failure | replay errors or timeouts | campaigns stopped early |"
echo "|---|---|---|---|---|---|"
for cfg in "${configs[@]}"; do
  echo "| $(label "$cfg") | ${b_rep[$cfg]} / ${b_att[$cfg]} | $(pct "${b_rep[$cfg]}" "${b_att[$cfg]}") | ${b_found[$cfg]} of ${#bugs[@]} | ${b_err[$cfg]} | ${b_cut[$cfg]} |"
done
echo
echo "(runs=$runs, run timeout ${run_timeout} s, campaigns stopped after at least ${min_cap} s, bug campaigns with -o $b_options; $((SECONDS - start)) s)"
