import re, sys, glob, os
rows = []
for i in range(1, 6):
    for v in ("before", "after"):
        f = f"/work/scratch/fairness/runs/{v}-{i}.txt"
        if not os.path.exists(f): continue
        t = open(f).read()
        load = re.search(r"uptime at start:.*load average: ([\d.]+)", t)
        start = re.search(r"uptime at start:\s+(\d\d:\d\d)", t)
        if "warmUp" in t:
            rows.append(f"| {i} | {v} | {start.group(1) if start else '?'} | {load.group(1) if load else '?'} | warm-up timed out (10 s): no attack | | | |")
            continue
        ints = re.findall(r"^  t=\s*(\d+)s (\w+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", t, re.M)
        if not ints:
            rows.append(f"| {i} | {v} | {start.group(1) if start else '?'} | {load.group(1) if load else '?'} | (running or no figures) | | | |"); continue
        whole = re.search(r"whole run: (\d+) echoes, p50 ([\d.]+) ms, p99 ([\d.]+) ms.*?max ([\d.]+) ms, errors (\d+)", t)
        maxes = " / ".join(f"{float(m[5]):.0f}" for m in ints)
        n = " / ".join(m[2] for m in ints)
        rows.append(f"| {i} | {v} | {start.group(1)} | {load.group(1)} | {maxes} | {n} | {whole.group(1)}, p50 {whole.group(2)}, p99 {whole.group(3)}, max {whole.group(4)}, errors {whole.group(5)} | |")
print("| pair | listener | started (UTC) | load average (1 min) at start | max per 5 s interval, ms (t=5 ... 45 s) | echoes per interval | whole run: echoes, p50 / p99 / max ms, errors | |")
print("|---|---|---|---|---|---|---|---|")
print("\n".join(rows))
