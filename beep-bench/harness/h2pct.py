"""Latency percentiles of h2load --log-file logs (start time, status, latency in microseconds; tab-separated).

Usage: python3 beep-bench/harness/h2pct.py LOG [LOG ...]   -- one line per log, answered (status 200) requests only.
"""
import sys

for f in sys.argv[1:]:
    d = []
    for line in open(f):
        p = line.split('\t')
        if len(p) >= 3 and p[1] == '200':
            d.append(int(p[2]))
    d.sort()
    n = len(d)
    q = lambda x: d[min(n - 1, int(x * n))] / 1000
    print(f"{f}: n={n} p50 {q(.5):.3f} ms p90 {q(.9):.3f} p99 {q(.99):.3f} p99.9 {q(.999):.3f} max {d[-1] / 1000:.3f}")
