#!/bin/sh
# Side-by-side profile figures for docs/tuning.md: beep serve + beep load on 127.0.0.1, one profile at a time.
# Run from the repository root after ./mvnw -q install -DskipTests.
J="java -jar beep-cli/target/beep.jar"
port=44600
for prof in default bulk bounded legacy; do
  $J serve --port $port --profile $prof > /dev/null 2>&1 &
  pid=$!
  sleep 1.5
  echo "== $prof: 64-octet echo, 1 in flight"
  $J load 127.0.0.1:$port http://xml.resource.org/profiles/NULL/ECHO --profile $prof --size 64 -m 1 -D 4s -q | grep -E "throughput|latency"
  echo "== $prof: 64 KiB to sink, 8 in flight"
  $J load 127.0.0.1:$port http://xml.resource.org/profiles/NULL/REPLY --profile $prof --size 64k -m 8 -D 4s -q | grep -E "throughput|latency|frames"
  kill $pid; wait $pid 2>/dev/null
  port=$((port+1))
done
