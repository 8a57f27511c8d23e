#!/bin/bash
# Quiet-machine measurements of the final main build (second evening run).
OUT=${OUT:-/tmp/quiet2}; mkdir -p $OUT; cd /work/main
J=beep-bench/target/benchmarks.jar
B=beep-cli/target/beep.jar
log() { echo "$(date -u +%H:%M:%S) $*" | tee -a $OUT/timeline.txt; uptime >> $OUT/timeline.txt; }
log start
# A. scenario 4 target cells
java -Djmh.ignoreLock=true -jar $J 'EchoBaselineBenchmark' -p transport=beep,beep-direct,grpc,rsocket -p size=64 -p inFlight=1 -p channels=1 -f 1 -wi 5 -w 2s -i 3 -r 2s -rf json -rff $OUT/echo64.json > $OUT/echo64.txt 2>&1
log echo64 done
java -Djmh.ignoreLock=true -jar $J 'EchoBaselineBenchmark' -p transport=beep,beep-direct,grpc,rsocket -p size=1024 -p inFlight=32 -p channels=1 -f 1 -wi 5 -w 2s -i 3 -r 2s -rf json -rff $OUT/echo1k.json > $OUT/echo1k.txt 2>&1
log echo1k done
java -Djmh.ignoreLock=true -jar $J 'StreamBaselineBenchmark' -p transport=beep,beep-direct,grpc,rsocket -p size=65536 -f 1 -wi 5 -w 2s -i 3 -r 2s -rf json -rff $OUT/stream64k.json > $OUT/stream64k.txt 2>&1
log stream64k done
# B. syslog into a file, 1 000 000 lines, interleaved COOKED/RAW, 2 rounds
java -cp $J io.beepkit.bench.syslog.SyslogFileRun lines=1000000 rounds=2 dir=$OUT/file > $OUT/file.txt 2>&1
rm -f $OUT/file/*.jsonl $OUT/file/lines.txt
log syslog-file done
# C. Kafka throughput (4 devices x 100 000)
java -Xmx1g -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp $J io.beepkit.bench.kafka.SyslogKafkaRun phases=throughput throughputLines=100000 rounds=1 "inFlight=64|1024" > $OUT/kafka.txt 2>&1
log kafka done
# D. open loop: default and direct beepkit, h2load; closed max of default first
mkdir -p $OUT/www; head -c 64 /dev/zero > $OUT/www/echo64
nghttpd --no-tls -d $OUT/www 39502 > /dev/null 2>&1 & NP=$!
for mode in default direct; do
  if [ $mode = direct ]; then D=--direct-callbacks; else D=; fi
  # (serve took --direct-callbacks when this ran; its echo handler is nonBlocking and runs on the event loop either way)
  java -jar $B serve -p 39501 > $OUT/serve-$mode.txt 2>&1 & SP=$!; sleep 3
  L="java -jar $B load 127.0.0.1:39501 http://xml.resource.org/profiles/NULL/ECHO --size 64 -m 1 -D 10s --warmup 2s $D"
  $L --json $OUT/closed-$mode.json > $OUT/closed-$mode.txt 2>&1
  if [ $mode = default ]; then
    MAX=$(python3 -c "import json;d=json.load(open('$OUT/closed-default.json'));print(d['answered']/d['seconds'])")
    R50=$(python3 -c "print(int($MAX*0.5))")
    echo "closed-loop max (default) $MAX, 50% $R50" >> $OUT/timeline.txt
  fi
  for i in 1 2; do
    $L --rate $R50 --json $OUT/rate50-$mode-$i.json > $OUT/rate50-$mode-$i.txt 2>&1
  done
  kill $SP; wait $SP 2>/dev/null
done
for i in 1 2; do
  rm -f $OUT/h2-$i.log
  h2load -c 1 -m 1 -D 10 --warm-up-time 2 --rps $R50 --log-file $OUT/h2-$i.log http://127.0.0.1:39502/echo64 > $OUT/h2-$i.txt 2>&1
done
kill $NP
log openloop done
log end
