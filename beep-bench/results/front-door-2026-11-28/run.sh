#!/bin/bash
# Interleaved A/B (5 rounds, order alternating) of BTF, scenario-4 echo and one-way: base 4235072 vs main 43f5b1a.
cd "$(dirname "$0")"   # base.jar (built from 4235072) and after.jar (43f5b1a) beside this script
for r in 1 2 3 4 5; do
  if [ $((r % 2)) = 1 ]; then order="base after"; else order="after base"; fi
  for v in $order; do
    echo "round $r $v start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> log.txt
    java -jar $v.jar 'BtfBenchmark' -p profile=default,efficient -p size=4096,4098 \
      -wi 2 -w 1s -i 3 -r 1s -f 1 -rf json -rff json/btf-$v-$r.json > btf-$v-$r.txt 2>&1
    java -jar $v.jar 'EchoBaselineBenchmark\.echo$' -p channels=1 -p inFlight=1,32 \
      -p size=64,1024 -p transport=beep,beep-direct -wi 2 -w 1s -i 3 -r 1s -f 1 \
      -rf json -rff json/echo-$v-$r.json > echo-$v-$r.txt 2>&1
    java -jar $v.jar 'StreamBaselineBenchmark\.oneWay$' -p size=65536 -p transport=beep,beep-direct \
      -wi 2 -w 1s -i 3 -r 1s -f 1 -rf json -rff json/oneway-$v-$r.json > oneway-$v-$r.txt 2>&1
  done
done
echo "done $(date -u +%T)" >> log.txt
