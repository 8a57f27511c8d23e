#!/bin/sh
# beep load against the Vortex regression listener and against beep serve, side by side (docs/interop.md).
# Start first, from the repository root after ./mvnw -q install -DskipTests:
#   (cd $BEEP_VORTEX_TEST_DIR && ./vortex-regression-listener --offset-port=500 &)     # 127.0.0.1:44510
#   java -jar beep-cli/target/beep.jar serve --port 44700 &                            # default profile
#   java -jar beep-cli/target/beep.jar serve --port 44703 --window 4096 &              # Vortex's window
J="java -jar beep-cli/target/beep.jar"
for spec in "64 1" "1k 32" "4098 4" "64k 8"; do
  set -- $spec
  for t in "vortex 127.0.0.1:44510 http://iana.org/beep/transient/vortex-regression" "beepkit 127.0.0.1:44700 http://xml.resource.org/profiles/NULL/ECHO" "beepkit-4096 127.0.0.1:44703 http://xml.resource.org/profiles/NULL/ECHO"; do
    set -- $t $spec
    r=$($J load $2 $3 --size $4 -m $5 -D 4s -q)
    echo "$1 size=$4 m=$5 | $(echo "$r" | grep throughput | sed 's/throughput: *//') | $(echo "$r" | grep latency | sed 's/latency: *//') | $(echo "$r" | grep frames: | sed 's/frames: *//')"
  done
done
