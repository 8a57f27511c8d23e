#!/bin/bash
# 64 B x 1 only, transports in the order beep-direct, beep (JMH runs them in the order given).
out=$1; rounds=$2; mkdir -p "$out"; out=$(cd "$out" && pwd); cd "${JARS:-.}"
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then order="before after"; else order="after before"; fi
  for jar in $order; do
    echo "round $r $jar 64x1 start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
    java -jar $jar.jar 'EchoBaselineBenchmark\.echo$' -p channels=1 -p size=64 -p inFlight=1 -p transport=beep-direct,beep \
      -wi 2 -w 1s -i 3 -r 1s -f 1 -prof 'perfnorm:events=task-clock,context-switches' \
      -rf json -rff "$out/$jar-64x1-$r.json" > "$out/$jar-64x1-$r.txt" 2>&1
  done
done
echo "done $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
