#!/bin/bash
# usage: perfrun.sh JAR DEVICES LINES_PER_DEVICE LABEL
# As cpurun.sh, with `perf record` (user and kernel, 499 Hz) on the collector and on device 0, the JVMs writing their
# JIT symbols for perf at exit (-XX:+DumpPerfMapAtExit). Leaves LABEL-collector.perf and LABEL-device.perf in WORKDIR;
# perf report -i FILE --no-children --sort dso,sym shows where each process spent its CPU.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=$1; N=$2; L=$3; LABEL=$4
D=${WORKDIR:-/work/scratch/syslogcpu/run}
mkdir -p $D
export JOPTS="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer"
( WORKDIR=$D $HERE/cpurun.sh $JAR $N $L $LABEL ) &
RUN=$!
for i in $(seq 1 300); do
  C=$(pgrep -f "syslog receive .*-o $D/out-" | xargs -r -n1 sh -c 'cat /proc/$0/comm 2>/dev/null | grep -q java && echo $0' | head -1)
  S=$(pgrep -f "syslog send .*-f $D/in-" | xargs -r -n1 sh -c 'cat /proc/$0/comm 2>/dev/null | grep -q java && echo $0' | head -1)
  [ -n "$C" ] && [ -n "$S" ] && break
  sleep 0.05
done
perf record -q -F 499 -g -o $D/$LABEL-collector.perf -p $C 2>/dev/null &
P1=$!
perf record -q -F 499 -g -o $D/$LABEL-device.perf -p $S 2>/dev/null &
P2=$!
wait $RUN
wait $P1 $P2 2>/dev/null
echo "perf data: $D/$LABEL-collector.perf (pid $C), $D/$LABEL-device.perf (pid $S)"
