#!/bin/bash
# usage: cpurun.sh JAR DEVICES LINES_PER_DEVICE LABEL [receive options...]
# DEVICES x `java -jar JAR syslog send 127.0.0.1:PORT -f linesD.txt` (COOKED, no flags; SEND_OPTS adds options) into
# `java -jar JAR syslog receive -p PORT -o OUT --count N` (no flags unless given), each JVM under /usr/bin/time and
# its threads sampled from /proc (threadcpu.py). JOPTS: more JVM options for every process (JFR, say).
# Prints: lines/s over the devices' own clocks (all lines / the slowest device's "sent ... in T s"), the CPU
# (user + system, whole JVM, start-up and JIT included) of the collector and of all devices, per line, and the load
# average at the start; then per process the CPU by thread kind.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=$1; N=$2; L=$3; LABEL=$4; shift 4
D=${WORKDIR:-/work/scratch/syslogcpu/run}
LINES=${LINESDIR:-/work/scratch/syslograte}
mkdir -p $D
OPTS="-XX:+ExitOnOutOfMemoryError -Xlog:disable -Xlog:all=warning:stderr ${JOPTS:-}"
OUT=$D/out-$$.log; rm -f $OUT
PORT=$((20000 + RANDOM % 20000))
/usr/bin/time -f "recvcpu %U %S" java $OPTS -jar $JAR syslog receive -p $PORT -o $OUT --count $((N*L)) "$@" \
    > $D/recv-$$.txt 2>&1 &
TPID=$!
for i in $(seq 1 300); do grep -q "collecting on" $D/recv-$$.txt 2>/dev/null && break; sleep 0.1; done
RPID=$(pgrep -P $TPID java)
for d in $(seq 0 $((N-1))); do head -n $L $LINES/lines$d.txt > $D/in-$$-$d.txt; done
LOAD=$(cut -d' ' -f1 /proc/loadavg)
PIDS=(); SAMPLE=("collector=$RPID")
for d in $(seq 0 $((N-1))); do
  /usr/bin/time -f "devcpu %U %S" java $OPTS -jar $JAR syslog send 127.0.0.1:$PORT -f $D/in-$$-$d.txt ${SEND_OPTS:-} \
      > $D/send-$$-$d.txt 2>&1 &
  PIDS+=($!)
done
sleep 0.2
for d in $(seq 0 $((N-1))); do SAMPLE+=("device$d=$(pgrep -P ${PIDS[$d]} java)"); done
python3 $HERE/threadcpu.py "${SAMPLE[@]}" > $D/threads-$$.txt &
SPID=$!
for p in "${PIDS[@]}"; do wait $p; done
wait $TPID
wait $SPID
LOAD2=$(cut -d' ' -f1 /proc/loadavg)
RCPU=$(grep recvcpu $D/recv-$$.txt | awk '{print $2+$3}')
MAXT=0; DCPU=0
for d in $(seq 0 $((N-1))); do
  t=$(grep -o "in [0-9.]* s" $D/send-$$-$d.txt | awk '{print $2}')
  c=$(grep devcpu $D/send-$$-$d.txt | awk '{print $2+$3}')
  [ -z "$t" ] && { echo "device $d failed:"; cat $D/send-$$-$d.txt; t=0; }
  MAXT=$(echo "$t $MAXT" | awk '{print ($1>$2)?$1:$2}')
  DCPU=$(echo "$c $DCPU" | awk '{print $1+$2}')
done
GOT=$(wc -l < $OUT)
echo "$LABEL devices=$N lines=$GOT maxT=${MAXT}s" \
  "rate=$(echo "$N $L $MAXT" | awk '{ if ($3>0) printf "%d", $1*$2/$3; else print 0}')/s" \
  "collectorCPU=${RCPU}s ($(echo "$RCPU $N $L" | awk '{printf "%.1f", $1*1e6/($2*$3)}') us/line)" \
  "deviceCPU=${DCPU}s ($(echo "$DCPU $N $L" | awk '{printf "%.1f", $1*1e6/($2*$3)}') us/line)" \
  "load=$LOAD/$LOAD2"
sed "s/^/  /" $D/threads-$$.txt
rm -f $OUT $D/in-$$-*.txt
