#!/bin/sh
# Five interleaved pairs: the listener from main (before) and from the branch (after), the branch's harness for both.
cd /work/scratch/fairness/runs
for i in 1 2 3 4 5; do
  for v in before after; do
    jfr=""
    [ "$i" = 1 ] && jfr="jfr=/work/scratch/fairness/runs/$v-$i.jfr"
    { echo "uptime at start: $(uptime)"; date -u;
      java -cp /work/scratch/fairness/after/benchmarks.jar io.beepkit.bench.attack.AttackRun scenario=tailstall \
        duration=30 gap=10 settle=10 jar=/work/scratch/fairness/$v/beep.jar $jfr;
      echo "uptime at end: $(uptime)"; } > $v-$i.txt 2>&1
  done
done
echo done > runs.done
