#!/bin/bash
# usage: tunerlog.sh JAR LABEL : one device x 50000 lines into receive --profile default with debug logging
cd /work/scratch/syslograte
JAR=$1; LABEL=$2
OPTS="-XX:+ExitOnOutOfMemoryError -Xlog:disable -Xlog:all=warning:stderr"
PORT=$((20000 + RANDOM % 20000)); OUT=out-t$$.log
java $OPTS -jar $JAR --log-level debug syslog receive -p $PORT -o $OUT --count 50000 --profile default > tl-$LABEL.txt 2>&1 &
R=$!
for i in $(seq 1 100); do grep -q "collecting on" tl-$LABEL.txt 2>/dev/null && break; sleep 0.1; done
head -n 50000 lines0.txt > tin-$$.txt
java $OPTS -jar $JAR syslog send 127.0.0.1:$PORT -f tin-$$.txt 2>&1 | tail -1
wait $R
grep "receive window" tl-$LABEL.txt | sed 's/.*channel 1[^:]*: //' | head -20
rm -f $OUT tin-$$.txt
