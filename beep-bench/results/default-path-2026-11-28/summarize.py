#!/usr/bin/env python3
"""Medians and spread of ab-jmh.sh results: python3 summarize.py OUTDIR"""
import json, glob, os, statistics, sys, collections
out = sys.argv[1]
score = collections.defaultdict(list); cpu = collections.defaultdict(list); cs = collections.defaultdict(list)
alloc = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(out, '*.json'))):
    jar, cell, r = os.path.basename(f)[:-5].rsplit('-', 2)
    try:
        data = json.load(open(f))
    except Exception:
        continue
    for b in data:
        k = (cell, jar, b['params']['transport'])
        score[k].append(b['primaryMetric']['score'])
        sm = b.get('secondaryMetrics', {})
        for name, m in sm.items():
            if name == 'task-clock':
                cpu[k].append(m['score'] * 1000)  # ms/op -> us/op
            elif name == 'context-switches':
                cs[k].append(m['score'])
            elif name == 'gc.alloc.rate.norm':
                alloc[k].append(m['score'])
def fmt(v, d=0):
    if not v: return '-'
    return f"{statistics.median(v):,.{d}f} [{min(v):,.{d}f}–{max(v):,.{d}f}]"
print("| cell | jar | transport | n | echoes/s median [min–max] | CPU µs/echo | switches/echo | B/echo |")
print("|---|---|---|---:|---|---|---|---|")
for k in sorted(score):
    print(f"| {k[0]} | {k[1]} | {k[2]} | {len(score[k])} | {fmt(score[k])} | {fmt(cpu[k],1)} | {fmt(cs[k],2)} | {fmt(alloc[k])} |")
# ratios default/direct per jar per round
print()
rounds = collections.defaultdict(dict)
for f in sorted(glob.glob(os.path.join(out, '*.json'))):
    jar, cell, r = os.path.basename(f)[:-5].rsplit('-', 2)
    try: data = json.load(open(f))
    except Exception: continue
    for b in data:
        rounds[(cell, jar, r)][b['params']['transport']] = b['primaryMetric']['score']
ratio = collections.defaultdict(list)
for (cell, jar, r), d in rounds.items():
    for t in d:
        if t != 'beep-direct' and 'beep-direct' in d:
            ratio[(cell, jar, t)].append(d[t] / d['beep-direct'])
print("| cell | jar | transport / beep-direct (same round) | n | median [min–max] |")
print("|---|---|---|---:|---|")
for k in sorted(ratio):
    print(f"| {k[0]} | {k[1]} | {k[2]} | {len(ratio[k])} | {fmt(ratio[k],2)} |")
