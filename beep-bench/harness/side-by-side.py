#!/usr/bin/env python3
"""Summary of a side-by-side.sh run as markdown: python3 side-by-side.py OUTDIR > OUTDIR/summary.md

Reads OUTDIR/runs.tsv and each run's own output (r<ROUND>-<TOOL>-<CELL>.txt / .json). Per cell and tool: median
throughput with min-max, the listener's CPU per exchange, the load generator's, and for JMH the benchmark process's
(both peers); then the ratios the targets of issue 30 use, each the median of the same-round ratios with min-max.
"""
import collections
import csv
import json
import os
import re
import statistics
import sys

TOOLS = ['sockperf', 'nghttp2', 'nghttp2-echo', 'beep-default', 'beep-direct', 'jmh-beep', 'jmh-beep-direct', 'jmh-grpc',
         'jmh-rsocket']
CELLS = ['64x1', '1024x32', '1024x32x8']
# (numerator, denominator, cells, what, target, higher is better)
RATIOS = [
    ('beep-default', 'beep-direct', CELLS, 'rate', 0.95, True),
    ('jmh-beep', 'jmh-beep-direct', CELLS, 'rate', 0.95, True),
    ('beep-default', 'nghttp2', CELLS, 'rate', 1.0, True),
    ('beep-default', 'sockperf', ['64x1'], 'rate', 0.6, True),
    ('jmh-beep', 'jmh-rsocket', CELLS, 'rate', 1.2, True),
    ('jmh-beep', 'jmh-grpc', CELLS, 'rate', 1.5, True),
    ('beep-default', 'nghttp2', CELLS, 'listener', 1.2, False),
    ('beep-direct', 'nghttp2', CELLS, 'rate', None, True),
    ('beep-default', 'nghttp2-echo', CELLS, 'rate', None, True),
    ('beep-default', 'nghttp2-echo', CELLS, 'listener', None, False),
    ('beep-direct', 'nghttp2', CELLS, 'listener', None, False),
    ('jmh-beep-direct', 'jmh-rsocket', CELLS, 'rate', None, True),
]


def read(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            return f.read()
    except OSError:
        return None


def parse_sockperf(text):
    """(exchanges/s over sockperf's valid duration, exchanges of the whole process) or None."""
    total = re.search(r'\[Total Run\] RunTime=([\d.]+) sec;.*?ReceivedMessages=(\d+)', text)
    valid = re.search(r'\[Valid Duration\] RunTime=([\d.]+) sec;.*?ReceivedMessages=(\d+)', text)
    if not (total and valid) or float(valid.group(1)) <= 0:
        return None
    return int(valid.group(2)) / float(valid.group(1)), int(total.group(2))


def parse_h2load(text):
    fin = re.search(r'finished in ([\d.]+)(ms|s), ([\d.]+) req/s', text)
    req = re.search(r'requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed', text)
    codes = re.search(r'status codes: (\d+) 2xx', text)
    if not (fin and req and codes) or int(codes.group(1)) == 0 or int(req.group(3)) > 0:
        return None
    return float(fin.group(3)), int(req.group(1))


def parse_beep(path):
    try:
        d = json.load(open(path))
    except (OSError, ValueError):
        return None
    if d.get('errors', 1) != 0:
        return None
    return float(d['flows'][0]['msgs_per_s']), int(d['answered'])


def parse_jmh(path):
    """(echoes/s, CPU µs per echo of the benchmark process, context switches per echo) or None."""
    try:
        d = json.load(open(path))
    except (OSError, ValueError):
        return None
    if not d:
        return None
    b = d[0]
    sm = b.get('secondaryMetrics', {})
    cpu = sm.get('task-clock', {}).get('score')  # ms/op
    cs = sm.get('context-switches', {}).get('score')
    return b['primaryMetric']['score'], None if cpu is None else cpu * 1000, cs


def fmt(v, d=0):
    if not v:
        return '-'
    return f"{statistics.median(v):,.{d}f} [{min(v):,.{d}f}–{max(v):,.{d}f}]"


def main(out):
    rows = list(csv.DictReader(open(os.path.join(out, 'runs.tsv')), delimiter='\t'))
    rate = collections.defaultdict(list)
    lcpu = collections.defaultdict(list)
    ccpu = collections.defaultdict(list)
    pcpu = collections.defaultdict(list)
    cswitch = collections.defaultdict(list)
    loads = collections.defaultdict(list)
    by_round = collections.defaultdict(dict)  # (cell, round) -> {(tool, what): value}
    failed = []
    for row in rows:
        tool, cell, rnd = row['tool'], row['cell'], row['round']
        base = os.path.join(out, f"r{rnd}-{tool}-{cell}")
        cpu = None
        if tool == 'sockperf':
            got = parse_sockperf(read(base + '.txt') or '')
        elif tool.startswith('nghttp2'):
            got = parse_h2load(read(base + '.txt') or '')
        elif tool.startswith('beep-'):
            got = parse_beep(base + '.json')
        else:
            j = parse_jmh(base + '.json')
            got = None if j is None else (j[0], None)
            if j is not None:
                cpu = j[1]
                if j[2] is not None:
                    cswitch[(cell, tool)].append(j[2])
        if got is None or row['rc'] != '0':
            failed.append(f"r{rnd} {tool} {cell} (exit {row['rc']})")
            continue
        k = (cell, tool)
        mps, exchanges = got
        rate[k].append(mps)
        by_round[(cell, rnd)][(tool, 'rate')] = mps
        try:
            loads[k].append(float(row['load1']))
        except ValueError:
            pass
        if exchanges:
            try:
                ticks = int(row['listener_ticks_after']) - int(row['listener_ticks_before'])
                us = ticks * 1e6 / int(row['clk_tck']) / exchanges
                lcpu[k].append(us)
                by_round[(cell, rnd)][(tool, 'listener')] = us
            except ValueError:
                pass
            try:
                ccpu[k].append((float(row['client_user_s']) + float(row['client_sys_s'])) * 1e6 / exchanges)
            except ValueError:
                pass
        if cpu is not None:
            pcpu[k].append(cpu)

    env = read(os.path.join(out, 'env.txt')) or ''
    all_loads = [float(r['load1']) for r in rows if re.fullmatch(r'[\d.]+', r['load1'])]
    print('# Side by side: 64 B × 1, 1 KiB × 32 and 1 KiB × 32 on 8 channels echo\n')
    print('```')
    print(env.strip())
    print('```\n')
    if rows:
        print(f"{len(rows)} runs from {rows[0]['start']} to {rows[-1]['end']} UTC; 1-minute load average before each "
              f"run {min(all_loads):.2f} to {max(all_loads):.2f} (median {statistics.median(all_loads):.2f}).\n")
    print('Throughput in exchanges per second (an echo answered; h2load: a request answered), median of the rounds '
          'with [min–max]. CPU in µs per exchange: the listener process (`/proc/PID/stat` over the client process), '
          'the load generator process (`/usr/bin/time`; for `beep load` JVM start and warm-up included), and for JMH '
          'the benchmark process with both peers (perfnorm `task-clock`).\n')
    print('| cell | tool | n | exchanges/s | listener CPU µs/exch | load generator CPU µs/exch '
          '| JMH process CPU µs/echo (both peers) | JMH switches/echo | load avg |')
    print('|---|---|---:|---|---|---|---|---|---|')
    for cell in CELLS:
        for tool in TOOLS:
            k = (cell, tool)
            if k not in rate:
                continue
            print(f"| {cell} | {tool} | {len(rate[k])} | {fmt(rate[k])} | {fmt(lcpu[k], 1)} | {fmt(ccpu[k], 1)} "
                  f"| {fmt(pcpu[k], 1)} | {fmt(cswitch[k], 2)} | {fmt(loads[k], 2)} |")
    print('\n## Ratios and the targets of issue 30\n')
    print('Each ratio is taken within a round (both runs minutes apart at most), then the median of the rounds with '
          '[min–max]; "of medians" divides the medians of the table above. For CPU lower is better.\n')
    for line in ratio_table(rate, lcpu, by_round):
        print(line)
    write_headline(out, rows, rate, lcpu, by_round)
    print('\n## Every run\n')
    rounds = sorted({r['round'] for r in rows}, key=int)
    print('| cell | tool | ' + ' | '.join(f"round {r}" for r in rounds) + ' |')
    print('|---|---|' + '---:|' * len(rounds))
    for cell in CELLS:
        for tool in TOOLS:
            vals = [by_round.get((cell, r), {}).get((tool, 'rate')) for r in rounds]
            if any(v is not None for v in vals):
                print(f"| {cell} | {tool} | " + ' | '.join('-' if v is None else f"{v:,.0f}" for v in vals) + ' |')
    if failed:
        print('\nRuns without a result: ' + ', '.join(failed) + '.')


def ratio_table(rate, lcpu, by_round):
    """The targets' ratios as markdown lines: each the median of the same-round ratios, with min-max."""
    lines = ['| cell | ratio | n | same-round median [min–max] | of medians | target | met (median) |',
             '|---|---|---:|---|---|---|---|']
    for num, den, cells, what, target, higher in RATIOS:
        for cell in cells:
            vals = []
            for (c, rnd), d in sorted(by_round.items()):
                if c == cell and (num, what) in d and (den, what) in d and d[(den, what)] > 0:
                    vals.append(d[(num, what)] / d[(den, what)])
            if not vals:
                continue
            src = rate if what == 'rate' else lcpu
            a, b = src.get((cell, num)), src.get((cell, den))
            of_medians = f"{statistics.median(a) / statistics.median(b):.2f}" if a and b else '-'
            label = f"{num} ÷ {den}" + (' (listener CPU)' if what == 'listener' else '')
            m = statistics.median(vals)
            if target is None:
                tgt, met = '-', '-'
            else:
                ok = m >= target if higher else m <= target
                tgt = ('≥ ' if higher else '≤ ') + f"{target:.2f}"
                crosses = min(vals) < target < max(vals)
                met = ('yes' if ok else 'no') + (' (spread crosses it)' if crosses else '')
            lines.append(f"| {cell} | {label} | {len(vals)} | {fmt(vals, 2)} | {of_medians} | {tgt} | {met} |")
    return lines


def write_headline(out, rows, rate, lcpu, by_round):
    """OUTDIR/headline.md: one row per tool, one column per cell, then the targets; docs/benchmarks.md includes it."""
    cells = [c for c in CELLS if any((c, t) in rate for t in TOOLS)]
    rounds = sorted({r['round'] for r in rows}, key=int)
    loads = [float(r['load1']) for r in rows if re.fullmatch(r'[\d.]+', r['load1'])]
    lines = ['# Side by side', '']
    if rows:
        lines.append(f"{len(rounds)} rounds of {len(rows)} runs, {rows[0]['start']} to {rows[-1]['end']} UTC, "
                     f"1-minute load average {min(loads):.2f} to {max(loads):.2f} before each run "
                     f"(`{os.path.basename(os.path.abspath(out))}`). Exchanges per second, median of the rounds "
                     "[min–max]; below each, the listener's CPU in µs per exchange where the listener is its own "
                     "process. A cell is size × in flight per channel (× channels).")
        lines.append('')
    lines.append('| tool | ' + ' | '.join(cells) + ' |')
    lines.append('|---|' + '---|' * len(cells))
    for tool in TOOLS:
        if not any((c, tool) in rate for c in cells):
            continue
        vals = []
        for c in cells:
            k = (c, tool)
            v = fmt(rate.get(k)).replace(',', ' ')  # thousands grouped by spaces, as the benchmarks page does
            if lcpu.get(k):
                v += f"<br>{statistics.median(lcpu[k]):.1f} µs"
            vals.append(v)
        lines.append(f"| {tool} | " + ' | '.join(vals) + ' |')
    lines += ['', 'The targets of issue 30, each ratio taken within a round, then the median of the rounds:', '']
    lines += ratio_table(rate, lcpu, by_round)
    with open(os.path.join(out, 'headline.md'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main(sys.argv[1])
