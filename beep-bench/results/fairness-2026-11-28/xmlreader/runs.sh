#!/bin/sh
# Three interleaved pairs: the listener from 43f5b1a (before: LoopShare, StAX) and from main (after: own XML reader,
# reply futures on the loop), the after harness for both.
cd /work/scratch/fair/runs
for i in 1 2 3; do
  for v in before after; do
    { echo "uptime at start: $(uptime)"; date -u;
      java -cp /work/scratch/fair/after/benchmarks.jar io.beepkit.bench.attack.AttackRun scenario=tailstall \
        duration=30 gap=10 settle=10 jar=/work/scratch/fair/$v/beep.jar;
      echo "uptime at end: $(uptime)"; } > $v-$i.txt 2>&1
  done
done
echo done > runs.done
