# Lines up the harness's slow echoes with the listener's GC pauses and thread samples (JFR json).
# usage: slowwin.py run.txt rec.json [gc.log]
import json, re, sys, collections, datetime as dt
def ts(s):
    s = s.rstrip('Z'); base, _, frac = s.partition('.')
    return dt.datetime.fromisoformat(base).replace(tzinfo=dt.timezone.utc).timestamp() + float('0.' + (frac or '0'))
def dur(s):
    m = re.match(r'PT(?:(\d+)M)?([\d.]+)S', s); return (int(m.group(1) or 0) * 60 + float(m.group(2))) if m else 0.0
txt = open(sys.argv[1]).read()
slow = [(ts(a), int(b) / 1000.0) for a, b in re.findall(r'(\d{4}-\d\d-\d\dT[\d:.]+Z) (\d+) ms', txt.split('echoes of 50 ms or more')[1])]
ev = json.load(open(sys.argv[2]))['recording']['events']
pauses = []; samples = []
for e in ev:
    v = e['values']
    if e['type'] == 'jdk.GCPhasePause':
        t = ts(v['startTime']); pauses.append((t, t + dur(v['duration']), v['name']))
    elif e['type'] in ('jdk.ExecutionSample', 'jdk.NativeMethodSample'):
        fr = v['stackTrace']['frames'] if v.get('stackTrace') else []
        names = [f['method']['type']['name'].split('.')[-1] + '.' + f['method']['name'] for f in fr]
        samples.append((ts(v['startTime']), v['sampledThread']['javaName'], e['type'][4:8], names))
tot_gc = 0; tot = 0
print('sent(UTC)        took  gc-overlap  loop-java-samples  top frames of loop samples')
for t0, d in slow:
    t1 = t0 + d
    ov = sum(max(0, min(t1, b) - max(t0, a)) for a, b, _ in pauses)
    tot_gc += ov; tot += d
    inwin = [s for s in samples if t0 <= s[0] <= t1 and (s[1] or '').startswith('beep-server') and s[2] == 'Exec']
    keys = collections.Counter()
    for s in inwin:
        hit = next((n for n in s[3] if any(k in n for k in ('PeerRequests', 'ChannelImpl', 'ManagementCodec', 'OutboundScheduler', 'FrameWriter', 'Decoder', 'SessionReset', 'shutdown', 'close', 'channelInactive', 'ReadTurn'))), s[3][0] if s[3] else '?')
        keys[hit] += 1
    print('%s %5.0f ms  %5.0f ms  %3d  %s' % (dt.datetime.utcfromtimestamp(t0).strftime('%H:%M:%S.%f')[:12], d * 1000, ov * 1000, len(inwin), ', '.join('%s %d' % kv for kv in keys.most_common(4))))
print('slow echoes %d, total %.0f ms, of it in listener GC pauses %.0f ms (%.0f %%)' % (len(slow), tot * 1000, tot_gc * 1000, 100 * tot_gc / max(tot, 1e-9)))
