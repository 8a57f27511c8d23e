# One row per run: load at start, max per 5 s interval, echoes per interval, whole-run line, GC pauses of the listener.
import re, sys, os
for path in sys.argv[1:]:
    t = open(path).read()
    load = re.search(r'uptime at start:.*load average: ([\d.]+)', t)
    rows = re.findall(r'^  t=\s*(\d+)s (\w+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)', t, re.M)
    whole = re.search(r'echo probe, whole run: (.*)', t)
    gc = path.replace('.txt', '-gc.log')
    pauses = [float(x) for x in re.findall(r'Pause Young.* ([\d.]+)ms', open(gc).read())] if os.path.exists(gc) else []
    name = os.path.basename(path)[:-4]
    print('| %s | %s | %s | %s | %s | %s |' % (name, load.group(1) if load else '?',
        ' / '.join('%.0f' % float(r[5]) for r in rows), ' / '.join(r[2] for r in rows),
        (whole.group(1) if whole else 'no attack'), ('%d young pauses, longest %.0f ms' % (len(pauses), max(pauses))) if pauses else '-'))
