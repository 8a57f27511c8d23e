#!/bin/bash
# usage: filerun.sh JAR DEVICES LINES_PER_DEVICE LABEL [receive opts...]
# prints one line: label, devices, lines/s over the devices' own clocks (max device time), collector CPU, device CPU
set -u
JAR=$1; N=$2; L=$3; LABEL=$4; shift 4
D=/work/scratch/syslograte
OPTS="-XX:+ExitOnOutOfMemoryError -Xlog:disable -Xlog:all=warning:stderr"
OUT=$D/out-$$.log; rm -f $OUT
PORT=$((20000 + RANDOM % 20000))
/usr/bin/time -f "recvcpu %U %S" java $OPTS -jar $JAR syslog receive -p $PORT -o $OUT --count $((N*L)) "$@" > $D/recv-$$.txt 2>&1 &
RPID=$!
for i in $(seq 1 100); do grep -q "collecting on" $D/recv-$$.txt 2>/dev/null && break; sleep 0.1; done
LOAD=$(cut -d' ' -f1 /proc/loadavg)
PIDS=()
for d in $(seq 0 $((N-1))); do
  head -n $L $D/lines$d.txt > $D/in-$$-$d.txt
done
for d in $(seq 0 $((N-1))); do
  /usr/bin/time -f "devcpu %U %S" java $OPTS -jar $JAR syslog send 127.0.0.1:$PORT -f $D/in-$$-$d.txt > $D/send-$$-$d.txt 2>&1 &
  PIDS+=($!)
done
for p in "${PIDS[@]}"; do wait $p; done
# collector CPU before it exits
sleep 0.3
if [ -r /proc/$RPID/stat ]; then
  RCPU=$(awk '{print ($14+$15)/100}' /proc/$RPID/stat)
else RCPU=NA; fi
wait $RPID 2>/dev/null; RCPU=$(grep recvcpu $D/recv-$$.txt | awk "{print \$2+\$3}")
MAXT=0; DCPU=0
for d in $(seq 0 $((N-1))); do
  t=$(grep -o "in [0-9.]* s" $D/send-$$-$d.txt | awk '{print $2}')
  c=$(grep devcpu $D/send-$$-$d.txt | awk '{print $2+$3}')
  [ -z "$t" ] && { echo "device $d failed:"; cat $D/send-$$-$d.txt; t=0; }
  MAXT=$(echo "$t $MAXT" | awk '{print ($1>$2)?$1:$2}')
  DCPU=$(echo "$c $DCPU" | awk '{print $1+$2}')
done
LINES=$(wc -l < $OUT)
RATE=$(echo "$N $L $MAXT" | awk '{ if ($3>0) printf "%d", $1*$2/$3; else print 0}')
echo "$LABEL devices=$N lines=$LINES maxT=${MAXT}s rate=$RATE/s collectorCPU=${RCPU}s deviceCPU=${DCPU}s load=$LOAD"
rm -f $OUT $D/in-$$-*.txt
