#!/usr/bin/env python3
"""Samples the CPU time of every thread of the given processes from /proc every 0.2 s until they have all ended,
and prints per process the CPU (user + system, seconds; system and context switches in brackets) per thread kind: JIT compilers, GC, other JVM threads and
each application thread name (digits folded). A thread's last sample counts, so up to 0.2 s of a thread's CPU before
it ends may be missed; the process total from /usr/bin/time is the exact figure.
usage: threadcpu.py LABEL=PID [LABEL=PID ...]"""
import os, re, sys, time

HZ = os.sysconf('SC_CLK_TCK')


def kind(name):
    if name.startswith(('C1 Compiler', 'C2 Compiler')):
        return 'jit'
    if name.startswith(('GC Thread', 'G1 ', 'GC ')) or 'Conc' in name or 'Refine' in name:
        return 'gc'
    if name.startswith(('VM ', 'Signal Dispatch', 'Service Thread', 'Monitor Deflati', 'Common-Cleaner',
                        'Sweeper', 'Finalizer', 'Reference Handl', 'Notification Th', 'Attach Listener')):
        return 'jvm'
    return re.sub(r'[0-9]+', 'N', name)


def sample(pid, seen):
    try:
        tids = os.listdir(f'/proc/{pid}/task')
    except FileNotFoundError:
        return False
    for tid in tids:
        try:
            with open(f'/proc/{pid}/task/{tid}/stat') as f:
                s = f.read()
        except (FileNotFoundError, ProcessLookupError):
            continue
        name = s[s.index('(') + 1:s.rindex(')')]
        fields = s[s.rindex(')') + 2:].split()
        user, system = int(fields[11]) / HZ, int(fields[12]) / HZ
        switches = 0
        try:
            with open(f'/proc/{pid}/task/{tid}/status') as f:
                for line in f:
                    if line.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')):
                        switches += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            pass
        seen[tid] = (name, user, system, switches)
    return True


def main():
    procs = [a.split('=', 1) for a in sys.argv[1:]]
    seen = {label: {} for label, _ in procs}
    alive = {label for label, _ in procs}
    while alive:
        for label, pid in procs:
            if label in alive and not sample(pid, seen[label]):
                alive.discard(label)
        time.sleep(0.2)
    for label, _ in procs:
        total = {}
        for name, user, system, switches in seen[label].values():
            t = total.setdefault(kind(name), [0, 0, 0])
            t[0] += user
            t[1] += system
            t[2] += switches
        all_ = [sum(t[i] for t in total.values()) for i in range(3)]
        parts = ' '.join(f'{k}={t[0] + t[1]:.2f}({t[1]:.2f}sys,{t[2]}cs)'
                         for k, t in sorted(total.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))
                         if t[0] + t[1] >= 0.01)
        print(f'threads {label}: sum={all_[0] + all_[1]:.2f}({all_[1]:.2f}sys,{all_[2]}cs) {parts}')


main()
