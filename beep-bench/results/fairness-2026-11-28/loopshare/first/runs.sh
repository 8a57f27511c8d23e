#!/bin/sh
# Interleaved pairs: the listener from main (before, /work/scratch/fairness-base) and from the branch (after),
# main's harness for both. JFR and the listener's GC log on the first pair.
cd /work/scratch/fairness-runs
for i in 1 2 3; do
  for v in before after; do
    jar=/work/scratch/fairness-base/beep.jar; [ $v = after ] && jar=/work/scratch/fairness-after/beep.jar
    extra=""; [ "$i" = 1 ] && extra="jfr=/work/scratch/fairness-runs/$v-$i.jfr"
    { echo "uptime at start: $(uptime)"; date -u;
      java -cp /work/scratch/fairness-base/benchmarks.jar io.beepkit.bench.attack.AttackRun scenario=tailstall \
        duration=30 gap=10 settle=10 jar=$jar $extra "jvm=-Xlog:gc:file=/work/scratch/fairness-runs/$v-$i-gc.log:time";
      echo "uptime at end: $(uptime)"; } > $v-$i.txt 2>&1
  done
done
echo done > runs.done
