#!/bin/sh
# Top frames of jdk.ExecutionSample on beep-server event-loop threads: $1 = recording
jfr print --events jdk.ExecutionSample --stack-depth 64 "$1" > /tmp/samples.$$.txt
python3 - /tmp/samples.$$.txt <<'PY'
import sys, re, collections
text = open(sys.argv[1]).read()
events = text.split("jdk.ExecutionSample")
loop = 0; top = collections.Counter(); incl = collections.Counter()
keys = ["PeerRequests.onStart", "ManagementCodec.parse", "PeerRequests.onMessage", "BeepFrameDecoder.decode",
        "InboundDispatcher.onFrame", "OutboundScheduler", "FrameWriter", "SessionMemory", "ChannelImpl.<init>",
        "ReceiveFlowController", "Unsafe.park", "epoll", "writev", "read0", "ListenerMemory", "SessionReset",
        "DefaultBeepSession.shutdown", "channelInactive", "ChannelTable", "MessageReceiver", "flush"]
for e in events[1:]:
    m = re.search(r'sampledThread = "([^"]+)"', e)
    if not m or not m.group(1).startswith("beep-server"): continue
    loop += 1
    frames = re.findall(r'^\s+([\w$.<>]+)\(', e, re.M)
    if frames: top[frames[0]] += 1
    seen = set()
    for k in keys:
        if any(k in f for f in frames): seen.add(k)
    for k in seen: incl[k] += 1
print("event-loop samples:", loop)
print("inclusive (share of loop samples):")
for k, c in incl.most_common(): print("  %5.1f %%  %s" % (100.0*c/max(loop,1), k))
print("top frames:")
for k, c in top.most_common(15): print("  %5.1f %%  %s" % (100.0*c/max(loop,1), k))
PY
rm -f /tmp/samples.$$.txt
