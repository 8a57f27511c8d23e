#!/bin/bash
# Default vs direct on main's jar, quiet machine: 5 rounds, transport order alternating, one fork per transport.
cd /work/scratch/dp
J=/work/scratch/fair/after/benchmarks.jar
for r in 1 2 3 4 5; do
  if [ $((r % 2)) = 1 ]; then order="beep beep-direct"; else order="beep-direct beep"; fi
  for t in $order; do
    for cell in "64 1" "1024 32"; do
      set -- $cell
      echo "round $r $t $1x$2 start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> log.txt
      java -jar $J 'EchoBaselineBenchmark\.echo$' -p channels=1 -p size=$1 -p inFlight=$2 -p transport=$t \
        -wi 2 -w 1s -i 3 -r 1s -f 1 -rf json -rff $t-$1x$2-$r.json > $t-$1x$2-$r.txt 2>&1
    done
  done
done
echo "done $(date -u +%T)" >> log.txt
