#!/bin/sh
# Writes loop.jfc: the JDK's profile settings with Java samples every 2 ms (native every 5 ms), allocations outside
# TLABs recorded, and lock waits from 5 ms, for AttackRun jfc=loop.jfc.  usage: loopjfc.sh [OUT (loop.jfc)]
java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
python3 - "$java_home/lib/jfr/profile.jfc" "${1:-loop.jfc}" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
def setting(src, event, name, value):
    pat = re.compile(r'(<event name="%s">.*?<setting name="%s"[^>]*>)([^<]*)(</setting>)' % (re.escape(event), name), re.S)
    out, n = pat.subn(lambda m: m.group(1) + value + m.group(3), src, count=1)
    assert n == 1, (event, name)
    return out
for event, name, value in [("jdk.ExecutionSample", "period", "2 ms"), ("jdk.NativeMethodSample", "period", "5 ms"),
                           ("jdk.ObjectAllocationOutsideTLAB", "enabled", "true"), ("jdk.ThreadPark", "threshold", "5 ms"),
                           ("jdk.JavaMonitorEnter", "threshold", "5 ms")]:
    src = setting(src, event, name, value)
open(sys.argv[2], "w").write(src)
PY
