#!/bin/bash
# Interleaved A/B of `beep load` -> `beep serve` (each jar serves its own load), default vs --direct-callbacks,
# 64 B x 1 and 1 KiB x 32, 5 s each after 1 s warm-up (mode order alternating too); listener CPU per exchange
# from /proc/PID/stat; the load's voluntary and involuntary context switches and CPU seconds in NAME.time.
#   ab-cli.sh OUTDIR ROUNDS JARNAME...   (JARNAME-beep.jar in this directory)
out=$1; rounds=$2; shift 2
jars=("$@")
mkdir -p "$out"; out=$(cd "$out" && pwd); cd "${JARS:-.}"  # the jars: NAME.jar / NAME-beep.jar
ECHO=http://xml.resource.org/profiles/NULL/ECHO
port=24611
declare -A pid
for j in "${jars[@]}"; do
  java -jar $j-beep.jar serve -p $port > "$out/serve-$j.txt" 2>&1 &
  pid[$j]=$!; eval "port_$j=$port"; port=$((port + 1))
done
sleep 4
tick=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' /proc/$1/stat; }
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then order=("${jars[@]}"); else order=($(printf '%s\n' "${jars[@]}" | tac)); fi
  for j in "${order[@]}"; do
    p=$(eval echo \$port_$j)
    for cell in "64 1" "1024 32"; do
      read -r size inflight <<< "$cell"
      if [ $((r % 2)) = 1 ]; then modes="default direct"; else modes="direct default"; fi
      for mode in $modes; do
        flag=""; [ $mode = direct ] && flag="--direct-callbacks"
        f="$out/$j-${size}x${inflight}-$mode-$r"
        echo "round $r $j ${size}x${inflight} $mode start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/log.txt"
        c0=$(cpu ${pid[$j]})
        /usr/bin/time -f "%w %c %U %S" -o "$f.time" java -jar $j-beep.jar load 127.0.0.1:$p $ECHO --size $size -m $inflight --io-threads 1 --warmup 1s -D 5s -q \
          $flag --json "$f.json" > "$f.txt" 2>&1
        c1=$(cpu ${pid[$j]})
        echo "$(( (c1 - c0) * 1000000 / tick ))" > "$f.cpu_us"
      done
    done
  done
done
for j in "${!pid[@]}"; do kill ${pid[$j]}; done
echo "done $(date -u +%T)" >> "$out/log.txt"
