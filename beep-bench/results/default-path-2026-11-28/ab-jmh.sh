#!/bin/bash
# Interleaved A/B of EchoBaselineBenchmark: jars given as NAME=TRANSPORTS pairs, e.g.
#   ab-jmh.sh OUTDIR ROUNDS before=beep,beep-direct after=beep,beep-direct,beep-offloop
# Each round runs every jar (order alternating) on 64 B x 1 and 1 KiB x 32, one JMH fork per cell,
# -wi 2 -w 1s -i 3 -r 1s, with perfnorm (task-clock, context switches per echo) and the GC profiler.
out=$1; rounds=$2; shift 2
mkdir -p "$out"; out=$(cd "$out" && pwd); cd "${JARS:-.}"  # the jars: NAME.jar / NAME-beep.jar
specs=("$@")
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then order=("${specs[@]}"); else order=($(printf '%s\n' "${specs[@]}" | tac)); fi
  for spec in "${order[@]}"; do
    jar=${spec%%=*}; tr=${spec#*=}
    for cell in "64 1" "1024 32"; do
      set -- $cell
      echo "round $r $jar $1x$2 start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
      java -jar $jar.jar 'EchoBaselineBenchmark\.echo$' -p channels=1 -p size=$1 -p inFlight=$2 -p transport=$tr \
        -wi 2 -w 1s -i 3 -r 1s -f 1 -prof gc -prof 'perfnorm:events=task-clock,context-switches' \
        -rf json -rff "$out/$jar-$1x$2-$r.json" > "$out/$jar-$1x$2-$r.txt" 2>&1
    done
  done
done
echo "done $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
