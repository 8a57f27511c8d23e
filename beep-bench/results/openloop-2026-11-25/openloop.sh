#!/bin/bash
# open-loop latency: beep load -> beep serve (64-octet echo, 1 session, 1 channel, 1 in flight) beside h2load -> nghttpd (1 connection, 1 stream)
set -u
J=beep-cli/target/beep.jar
OUT=/tmp/openloop; mkdir -p $OUT
mkdir -p /tmp/h2root && head -c 64 /dev/zero | tr "\\0" x > /tmp/h2root/echo64   # the 64-octet response
ECHO=http://xml.resource.org/profiles/NULL/ECHO
java -jar $J serve -p 39501 > $OUT/serve.log 2>&1 & SP=$!
nghttpd --no-tls -d /tmp/h2root 39502 > $OUT/nghttpd.log 2>&1 & NP=$!
sleep 3
date -u; uptime
echo "== beep closed loop"
java -jar $J load 127.0.0.1:39501 $ECHO --size 64 -m 1 -D 10s --warmup 2s -q --json $OUT/beep-closed.json | grep -E "throughput|latency"
echo "== h2load closed loop"
h2load -c 1 -m 1 -D 10 --warm-up-time 2 --log-file $OUT/h2-closed.log http://127.0.0.1:39502/echo64 | grep -E "finished in|requests:"
python3 beep-bench/harness/h2pct.py $OUT/h2-closed.log
MAX=$(python3 -c "import json;print(json.load(open('$OUT/beep-closed.json'))['flows'][0]['msgs_per_s'])")
for pct in 50 90; do
  R=$(python3 -c "print(int(float('$MAX')*$pct/100))")
  echo "== $pct % = $R msgs/s: beep load --rate"
  java -jar $J load 127.0.0.1:39501 $ECHO --size 64 -m 1 -D 10s --warmup 2s --rate $R -q --json $OUT/beep-rate$pct.json | grep -E "throughput|latency"
  python3 -c "import json;f=json.load(open('$OUT/beep-rate$pct.json'))['flows'][0];l=f['latency_ms'];print('beep', f['msgs_per_s'], 'p50',l['p50'],'p99',l['p99'],'p999',l['p999'],'max',l['max'])"
  echo "== $pct % = $R req/s: h2load --rps"
  h2load -c 1 -m 1 -D 10 --warm-up-time 2 --rps $R --log-file $OUT/h2-rate$pct.log http://127.0.0.1:39502/echo64 | grep -E "finished in|requests:"
  python3 beep-bench/harness/h2pct.py $OUT/h2-rate$pct.log
done
date -u; uptime
kill $SP $NP
