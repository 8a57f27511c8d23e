#!/bin/bash
# CPU profiles (async-profiler 4.2 from Maven Central, tools.profiler:async-profiler, its linux-x64 library) of the
# 64 KiB one-way cell, where the default path misses its target: which threads spend the CPU, and on what.
# mvn dependency:get -Dartifact=tools.profiler:async-profiler:4.2 fetches the jar; the library is unzipped from it.
OUT=${OUT:-/tmp/quiet4}; mkdir -p $OUT/ap; cd /work/main
AP=$OUT/ap/lib; mkdir -p $AP
unzip -o -q -d $AP ~/.m2/repository/tools/profiler/async-profiler/4.2/async-profiler-4.2.jar linux-x64/libasyncProfiler.so
( vmstat 5 > $OUT/ap/vmstat.txt ) & VP=$!
java -Djmh.ignoreLock=true -jar beep-bench/target/benchmarks.jar StreamBaselineBenchmark -p size=65536 \
     -p transport=beep,beep-direct,rsocket,grpc -f 1 -wi 3 -w 2s -i 3 -r 2s \
     -prof "async:libPath=$AP/linux-x64/libasyncProfiler.so;output=collapsed;dir=$OUT/ap/raw;event=cpu;interval=1000000;rawCommand=threads" \
     > $OUT/ap/jmh.txt 2>&1
kill $VP
for d in $OUT/ap/raw/*; do
  python3 beep-bench/harness/profile-threads.py $d/collapsed-cpu.csv > $OUT/ap/threads-${d##*transport-}.txt
done
