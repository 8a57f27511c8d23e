#!/bin/bash
# usage: ab.sh ROUNDS BEFORE.jar AFTER.jar [DEVICES] [LINES]: cpurun.sh for each jar in turn, ROUNDS times (the order
# alternating each round), appending to ab.txt
HERE=$(cd "$(dirname "$0")" && pwd)
R=$1; A=$2; B=$3; N=${4:-4}; L=${5:-100000}
for r in $(seq 1 $R); do
  if [ $((r % 2)) -eq 1 ]; then order="before after"; else order="after before"; fi
  for which in $order; do
    jar=$A; [ $which = after ] && jar=$B
    $HERE/cpurun.sh $jar $N $L "r$r $which" >> $HERE/ab.txt 2>&1
  done
done
