#!/usr/bin/env python3
"""Summarises an async-profiler collapsed profile taken with the 'threads' option: CPU samples per thread (numbered
threads of one pool counted together), then, for each of the busiest threads, the frames of this library, Netty's
transport and the JDK's thread hand-off nearest the leaf that its samples fall under.

Usage: profile-threads.py collapsed-cpu.csv [threads-to-detail (default 4)]
"""
import collections
import re
import sys

FRAMES = re.compile(r'io/beepkit|io/netty/channel/(nio|epoll)/.*(read|flush|select|epollWait)|LockSupport\.(un)?park'
                    r'|io/rsocket|reactor/netty|io/grpc')


def pool(thread):
    name = thread.split(' tid=')[0].strip('[]')
    return re.sub(r'([-_]\d+)+$|#\d+$', '', name)


def main(path, detail):
    per_thread = collections.Counter()
    under = collections.defaultdict(collections.Counter)
    total = 0
    for line in open(path):
        stack, n = line.rsplit(' ', 1)
        n = int(n)
        frames = stack.split(';')
        thread = pool(frames[0])
        total += n
        per_thread[thread] += n
        ours = [f.split('(')[0] for f in frames[1:] if FRAMES.search(f)]
        key = ours[-1] if ours else '(other: ' + frames[-1][:60] + ')'
        under[thread][key] += n
    print(f'{total} samples')
    for thread, n in per_thread.most_common(10):
        print(f'{n:7d} {100 * n / total:5.1f}%  {thread}')
    for thread, _ in per_thread.most_common(detail):
        print(f'\n{thread}:')
        for key, n in under[thread].most_common(12):
            print(f'{n:7d} {100 * n / per_thread[thread]:5.1f}%  {key}')


if __name__ == '__main__':
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 4)
