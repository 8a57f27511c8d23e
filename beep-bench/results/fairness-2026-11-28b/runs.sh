#!/bin/sh
# Interleaved before/after pairs of the start-flood tail (AttackRun scenario=tailstall duration=30 gap=10 settle=10):
# the listener (beep serve, -Xmx256m) from BEFORE_JAR and from AFTER_JAR, one harness for both; each run's output,
# the listener's GC log and the load average at start and end go to OUT_DIR; at the end one line per run: the fresh
# echo's max per 5 s interval (t=5 ... 45 s), the worst interval, and whether every interval is under 50 ms.
# The order alternates (pair 1 before first, pair 2 after first, ...), so drift of the machine favours neither.
#
# usage: runs.sh BEFORE_JAR [PAIRS (5)] [AFTER_JAR (beep-cli/target/beep.jar)] [HARNESS_JAR
#        (beep-bench/target/benchmarks.jar)] [OUT_DIR (a new directory under /tmp)]
#   JFR=1 runs.sh ...   also records each listener of the first pair (AttackRun jfr=, settings=profile)
#   runs.sh summary OUT_DIR   prints the table again from the outputs in OUT_DIR
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)

summary() {
  for f in "$1"/*-[0-9]*.txt; do
    awk -v name="$(basename "$f" .txt)" '
      /^uptime at start:/ { sub(/.*load average: /, ""); split($0, l, ","); load = l[1] }
      /^  t= *[0-9]+s (flood|held|recovery) / { m = $(NF - 3); maxes = maxes (maxes == "" ? "" : " / ") sprintf("%.0f", m);
        if (m + 0 > worst) { worst = m + 0; phase = $3 } n++ }
      END {
        if (n == 0) { printf "%-10s load %-6s no intervals (the run failed: see its output)\n", name, load; exit }
        printf "%-10s load %-6s max per interval, ms: %s | worst %.0f ms (%s) %s\n", name, load, maxes, worst, phase,
          (worst < 50 ? "MET" : "missed") }' "$f"
  done
}

if [ "${1:-}" = summary ]; then
  summary "$2"
  exit 0
fi
before=${1:?usage: runs.sh BEFORE_JAR [PAIRS] [AFTER_JAR] [HARNESS_JAR] [OUT_DIR]}
pairs=${2:-5}
after=${3:-$root/beep-cli/target/beep.jar}
harness=${4:-$root/beep-bench/target/benchmarks.jar}
out=${5:-$(mktemp -d /tmp/fairness-runs.XXXXXX)}
mkdir -p "$out"
for f in "$before" "$after" "$harness"; do
  [ -f "$f" ] || { echo "runs.sh: $f is missing" >&2; exit 2; }
done
echo "before $before, after $after, harness $harness, $pairs pairs, outputs in $out"
i=1
while [ "$i" -le "$pairs" ]; do
  order="before after"
  [ $((i % 2)) -eq 0 ] && order="after before"
  for v in $order; do
    jar=$before
    [ "$v" = after ] && jar=$after
    jfr=""
    [ "${JFR:-0}" = 1 ] && [ "$i" = 1 ] && jfr="jfr=$out/$v-$i.jfr"
    { echo "uptime at start: $(uptime)"; date -u
      java -cp "$harness" io.beepkit.bench.attack.AttackRun scenario=tailstall duration=30 gap=10 settle=10 \
        jar="$jar" "jvm=-Xlog:gc:file=$out/$v-$i-gc.log:time" $jfr || true
      echo "uptime at end: $(uptime)"; } > "$out/$v-$i.txt" 2>&1
    echo "$v-$i done: $(grep -c '' "$out/$v-$i.txt") lines, $(uptime | sed 's/.*load/load/')"
  done
  i=$((i + 1))
done
summary "$out"
