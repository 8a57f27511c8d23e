import json,glob,statistics,re,collections
res=collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob('beep-bench/results/front-door-2026-11-28/json/*-*-*.json')):
    m=re.match(r'.*/(\w+)-(base|after)-(\d)\.json',f)
    if not m: continue
    try: data=json.load(open(f))
    except Exception: continue
    for b in data:
        name=b['benchmark'].split('.')[-2]+'.'+b['benchmark'].split('.')[-1]
        params=",".join(f"{k}={v}" for k,v in sorted(b.get('params',{}).items()))
        res[(name,params)][m.group(2)].append(b['primaryMetric']['score'])
print(f"| benchmark | params | base median (min–max, n) | after median (min–max, n) | after/base |")
print("|---|---|---|---|---|")
for k in sorted(res):
    r=res[k]
    def s(v): return f"{statistics.median(v):,.0f} ({min(v):,.0f}–{max(v):,.0f}, {len(v)})" if v else "-"
    ratio = statistics.median(r['after'])/statistics.median(r['base']) if r['after'] and r['base'] else float('nan')
    print(f"| {k[0]} | {k[1]} | {s(r['base'])} | {s(r['after'])} | {ratio:.2f} |")
