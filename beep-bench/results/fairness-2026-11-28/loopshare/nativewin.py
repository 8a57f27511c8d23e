# For each slow echo: what each listener thread was sampled doing (native samples: top frame), GC overlap.
import json, re, sys, collections, datetime as dt
sys.path.insert(0, '/work/scratch/fairness-tools')
def ts(s):
    s = s.rstrip('Z'); base, _, frac = s.partition('.')
    return dt.datetime.fromisoformat(base).replace(tzinfo=dt.timezone.utc).timestamp() + float('0.' + (frac or '0'))
txt = open(sys.argv[1]).read()
slow = [(ts(a), int(b) / 1000.0) for a, b in re.findall(r'(\d{4}-\d\d-\d\dT[\d:.]+Z) (\d+) ms', txt.split('echoes of 50 ms or more')[1])]
ev = json.load(open(sys.argv[2]))['recording']['events']
samples = []
for e in ev:
    v = e['values']
    if e['type'] in ('jdk.ExecutionSample', 'jdk.NativeMethodSample'):
        fr = v['stackTrace']['frames'] if v.get('stackTrace') else []
        top = fr[0]['method']['type']['name'].split('/')[-1] + '.' + fr[0]['method']['name'] if fr else '?'
        samples.append((ts(v['startTime']), v['sampledThread']['javaName'], e['type'][4:8], top))
for t0, d in slow:
    c = collections.Counter()
    for s in samples:
        if t0 <= s[0] <= t0 + d and (s[1] or '').startswith('beep-server'):
            c[(s[2], 'epollWait' if 'epollWait' in s[3] or 'epoll' in s[3].lower() and s[2]=='Nati' else s[3])] += 1
    print(dt.datetime.utcfromtimestamp(t0).strftime('%H:%M:%S.%f')[:12], '%5.0f' % (d * 1000), dict(c.most_common(5)))
