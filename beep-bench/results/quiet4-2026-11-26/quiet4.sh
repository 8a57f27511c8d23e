#!/bin/bash
# Scenario 4 with read bursts in slices (2026-11-26): the full baseline matrix for the generated tables, the build
# before the slices against the build with them (interleaved), then the open-loop comparison with 1 and 8 loops.
# Run on the quiet machine, nothing else running. BEFORE is a benchmarks.jar built from the commit before the slices.
OUT=${OUT:-/tmp/quiet4}; mkdir -p $OUT; cd /work/main
J=beep-bench/target/benchmarks.jar
BEFORE=${BEFORE:-/work/wt/before/beep-bench/target/benchmarks.jar}
B=beep-cli/target/beep.jar
log() { echo "$(date -u +%H:%M:%S) $*" | tee -a $OUT/timeline.txt; uptime >> $OUT/timeline.txt; }
log start
( while true; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)" >> $OUT/loadavg.txt; sleep 30; done ) & LP=$!
# A. the whole baseline matrix, as the generated block needs
java -Djmh.ignoreLock=true -jar $J 'baseline' \
     -p transport=beep,beep-direct,netty-tcp,netty-h2,grpc,grpc-pool,rsocket -f 1 -wi 3 -w 2s -i 5 -r 2s \
     -rf json -rff $OUT/scenario4.json > $OUT/output.txt 2>&1
log matrix done
# B. before and after the slices, interleaved, on the cells they touch and one they should not
for r in 1 2; do
  for build in before after; do
    JAR=$J; [ $build = before ] && JAR=$BEFORE
    java -Djmh.ignoreLock=true -jar $JAR 'EchoBaselineBenchmark' -p transport=beep,beep-direct,rsocket -p size=1024 \
         -p inFlight=32 -p channels=1,8 -f 1 -wi 3 -w 2s -i 3 -r 2s -rf json -rff $OUT/slices-$build-$r.json \
         > $OUT/slices-$build-$r.txt 2>&1
    java -Djmh.ignoreLock=true -jar $JAR 'StreamBaselineBenchmark' -p transport=beep,beep-direct -p size=65536 \
         -f 1 -wi 3 -w 2s -i 3 -r 2s -rf json -rff $OUT/slices-stream-$build-$r.json \
         > $OUT/slices-stream-$build-$r.txt 2>&1
  done
done
log slices done
# C. open loop at 50 % and 90 % of the default path's closed loop, with 1 and 8 paced loops, beside h2load
mkdir -p $OUT/www; head -c 64 /dev/zero > $OUT/www/echo64
nghttpd --no-tls -d $OUT/www 39502 > /dev/null 2>&1 & NP=$!
java -jar $B serve -p 39501 > $OUT/serve.txt 2>&1 & SP=$!; sleep 3
L="java -jar $B load 127.0.0.1:39501 http://xml.resource.org/profiles/NULL/ECHO --size 64 -D 10s --warmup 2s"
$L -m 1 --json $OUT/closed-default.json > $OUT/closed-default.txt 2>&1
$L -m 1 --direct-callbacks --json $OUT/closed-direct.json > $OUT/closed-direct.txt 2>&1
MAX=$(python3 -c "import json;d=json.load(open('$OUT/closed-default.json'));print(d['frames_sent']/d['seconds'])")
R50=$(python3 -c "print(int($MAX*0.5))"); R90=$(python3 -c "print(int($MAX*0.9))")
echo "closed-loop max (default, frames sent after the warm-up per second; one frame per 64-octet message) $MAX, 50% $R50, 90% $R90" >> $OUT/timeline.txt
for i in 1 2; do
  for r in $R50 $R90; do
    for m in 1 8; do
      $L -m $m --rate $r --json $OUT/rate$r-m$m-default-$i.json > $OUT/rate$r-m$m-default-$i.txt 2>&1
      $L -m $m --rate $r --direct-callbacks --json $OUT/rate$r-m$m-direct-$i.json > $OUT/rate$r-m$m-direct-$i.txt 2>&1
    done
    h2load -c 1 -m 1 -D 10 --warm-up-time 2 --rps $r --log-file $OUT/h2-$r-$i.log http://127.0.0.1:39502/echo64 > $OUT/h2-$r-$i.txt 2>&1
  done
done
kill $SP $NP
log openloop done
kill $LP
log end
