#!/usr/bin/env python3
"""Medians and spread of ab-cli.sh results: python3 summarize-cli.py OUTDIR"""
import json, glob, os, statistics, sys, collections
out = sys.argv[1]
vol = collections.defaultdict(list); lcpu = collections.defaultdict(list)
rate = collections.defaultdict(list); cpu = collections.defaultdict(list); byround = collections.defaultdict(dict)
for f in sorted(glob.glob(os.path.join(out, '*.json'))):
    jar, cell, mode, r = os.path.basename(f)[:-5].rsplit('-', 3)
    try:
        d = json.load(open(f))
    except Exception:
        continue
    flows = d.get('flows') or d.get('channels') or [v for v in d.values() if isinstance(v, list)][0]
    main = flows[0]
    mps = float(main['msgs_per_s'])
    rate[(cell, jar, mode)].append(mps)
    byround[(cell, jar, r)][mode] = mps
    try:
        us = int(open(f[:-5] + '.cpu_us').read())
        # the listener's CPU over warm-up (1 s) and run (5 s), per message at the measured rate
        cpu[(cell, jar, mode)].append(us / (mps * 6))
    except Exception:
        pass
    try:
        w, c, u, sy = open(f[:-5] + '.time').read().split()[:4]
        # the load's whole process (JVM start, 1 s warm-up, 5 s run) per message at the measured rate
        vol[(cell, jar, mode)].append(int(w) / (mps * 6))
        lcpu[(cell, jar, mode)].append((float(u) + float(sy)) * 1e6 / (mps * 6))
    except Exception:
        pass
def fmt(v, d=0):
    return f"{statistics.median(v):,.{d}f} [{min(v):,.{d}f}–{max(v):,.{d}f}]" if v else '-'
print("| cell | jar | load callbacks | n | msgs/s median [min–max] | listener CPU µs/exchange | load voluntary switches/exchange | load CPU µs/exchange |")
print("|---|---|---|---:|---|---|---|---|")
for k in sorted(rate):
    print(f"| {k[0]} | {k[1]} | {k[2]} | {len(rate[k])} | {fmt(rate[k])} | {fmt(cpu[k],1)} | {fmt(vol[k],2)} | {fmt(lcpu[k],1)} |")
ratio = collections.defaultdict(list)
for (cell, jar, r), d in byround.items():
    if 'default' in d and 'direct' in d:
        ratio[(cell, jar)].append(d['default'] / d['direct'])
print()
print("| cell | jar | default / direct (same round) | n |")
print("|---|---|---|---:|")
for k in sorted(ratio):
    print(f"| {k[0]} | {k[1]} | {fmt(ratio[k],2)} | {len(ratio[k])} |")
