#!/bin/bash
# Quiet-machine measurements of the final main build.
OUT=/tmp/quiet; mkdir -p $OUT; cd /work/main
J=beep-bench/target/benchmarks.jar
log() { echo "$(date -u +%H:%M:%S) $*" | tee -a $OUT/timeline.txt; uptime >> $OUT/timeline.txt; }
log start
# A. scenario 4 target cells
java -Djmh.ignoreLock=true -jar $J 'EchoBaselineBenchmark' -p transport=beep,beep-direct,grpc,rsocket -p size=64 -p inFlight=1 -p channels=1 -f 1 -wi 5 -w 2s -i 3 -r 2s -rf json -rff $OUT/echo64.json > $OUT/echo64.txt 2>&1
log echo64 done
java -Djmh.ignoreLock=true -jar $J 'EchoBaselineBenchmark' -p transport=beep,beep-direct,grpc,rsocket -p size=1024 -p inFlight=32 -p channels=1 -f 1 -wi 5 -w 2s -i 3 -r 2s -rf json -rff $OUT/echo1k.json > $OUT/echo1k.txt 2>&1
log echo1k done
java -Djmh.ignoreLock=true -jar $J 'StreamBaselineBenchmark' -p transport=beep,beep-direct,grpc,rsocket -p size=65536 -f 1 -wi 5 -w 2s -i 3 -r 2s -rf json -rff $OUT/stream64k.json > $OUT/stream64k.txt 2>&1
log stream64k done
# B. syslog into a file, one device, 100 000 lines
python3 -c "
import sys
with open('$OUT/lines.txt','w') as f:
    for i in range(100000):
        s='<165>1 2026-11-25T18:00:00.%03dZ web01.example.com app 4242 ID47 - message number %07d ' % (i%1000, i)
        f.write(s + 'x'*(120-len(s)) + '\n')
"
for mode in cooked raw cooked raw; do
  rm -f $OUT/out.jsonl
  java -Xmx1g -jar beep-cli/target/beep.jar syslog receive -p 39611 --format json -o $OUT/out.jsonl --fsync every-batch --count 100000 > $OUT/recv-$mode.txt 2>&1 &
  RP=$!; sleep 3
  if [ $mode = raw ]; then extra=--raw; else extra=; fi
  java -jar beep-cli/target/beep.jar syslog send 127.0.0.1:39611 $extra -f $OUT/lines.txt >> $OUT/send.txt 2>&1
  wait $RP; echo "$mode lines: $(wc -l < $OUT/out.jsonl)" >> $OUT/send.txt
done
log syslog-file done
# C. Kafka throughput (4 devices)
java -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp $J io.beepkit.bench.kafka.SyslogKafkaRun throughputLines=10000 rounds=2 'variants=default|linger.ms=0' > $OUT/kafka.txt 2>&1
log kafka done
# D. open loop
java -jar beep-cli/target/beep.jar serve -p 39501 > $OUT/serve.txt 2>&1 &
SP=$!; sleep 3
java -jar beep-cli/target/beep.jar load 127.0.0.1:39501 http://xml.resource.org/profiles/NULL/ECHO --size 64 -m 1 -D 10s --warmup 2s --json $OUT/closed.json > $OUT/closed.txt 2>&1
MAX=$(python3 -c "import json;d=json.load(open('$OUT/closed.json'));print(d['answered']/d['seconds'])")
R50=$(python3 -c "print(int($MAX*0.5))"); R90=$(python3 -c "print(int($MAX*0.9))")
echo "closed-loop max $MAX, 50% $R50, 90% $R90" >> $OUT/timeline.txt
java -jar beep-cli/target/beep.jar load 127.0.0.1:39501 http://xml.resource.org/profiles/NULL/ECHO --size 64 -m 1 -D 10s --warmup 2s --rate $R50 --json $OUT/rate50.json > $OUT/rate50.txt 2>&1
java -jar beep-cli/target/beep.jar load 127.0.0.1:39501 http://xml.resource.org/profiles/NULL/ECHO --size 64 -m 1 -D 10s --warmup 2s --rate $R90 --json $OUT/rate90.json > $OUT/rate90.txt 2>&1
kill $SP
log openloop done
# E. tailstall x5
for i in 1 2 3 4 5; do
  java -cp $J io.beepkit.bench.attack.AttackRun scenario=tailstall duration=30 > $OUT/tailstall-$i.txt 2>&1
  log tailstall $i
done
log end
