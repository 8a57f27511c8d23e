#!/usr/bin/env bash
# Bottleneck harness: two network namespaces joined by a veth pair, a token bucket on the client's egress, a
# loss-based congestion control, `beep serve` in one namespace and `beep load` in the other. Prints one table row per
# run and writes each run's JSON report (beep load --json) under $OUT. Root only. Traffic stays between the two
# addresses it makes (10.201.0.1 server, 10.201.0.2 client), inside namespaces it creates and removes.
#
#   sudo beep-bench/harness/bottleneck.sh [scenario1|scenario2|scenario3|all] [--rates "10 50 200"]
#        [--profiles "default bounded"] [--duration 5s] [--warmup 1s] [--out DIR]
#
# scenario1: bufferbloat on the bottleneck, two sessions and one session, per profile and link rate.
# scenario2: a single-threaded listener (--io-threads 1) answering 64-octet echo calls, 1 then 2 clients, across
#            SO_RCVBUF 4 KiB .. 128 KiB on both ends (unshaped veth link).
# scenario3: small buffers: SO_SNDBUF = SO_RCVBUF from 1 KiB to 64 KiB, Nagle on and off, 4096-octet messages
#            (one write each) to the sink, 1 in flight (unshaped veth link, MTU 1500).
# BEEP_JAR picks the beep.jar to run; BEEP_SERVE_ARGS adds options to every `beep serve` (for example
# "--log-level debug", which logs each receive-window change with the tuner's round trip and rate).
# Exit codes: 0 done, 2 usage, 10 not root, 11 set-up failed.
set -euo pipefail

EXIT_NOT_ROOT=10
EXIT_SETUP=11
SCENARIO=scenario1
RATES="10 50 200"
PROFILES="default bounded"
DURATION=5s
WARMUP=1s
OUT=${OUT:-beep-bench/target/bottleneck}
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=${BEEP_JAR:-$HERE/../../beep-cli/target/beep.jar}
NS_S=beepbn-srv-$$
NS_C=beepbn-cli-$$
VETH_S=bbs$$
VETH_C=bbc$$
ADDR_S=10.201.0.1
ADDR_C=10.201.0.2
PORT=10288
URI_SINK=http://xml.resource.org/profiles/NULL/REPLY
URI_ECHO=http://xml.resource.org/profiles/NULL/ECHO

while [ $# -gt 0 ]; do
  case "$1" in
    scenario1|scenario2|scenario3|all) SCENARIO=$1 ;;
    --rates) RATES=$2; shift ;;
    --profiles) PROFILES=$2; shift ;;
    --duration) DURATION=$2; shift ;;
    --warmup) WARMUP=$2; shift ;;
    --out) OUT=$2; shift ;;
    -h|--help) sed -n 2,19p "$0"; exit 0 ;;
    *) echo "bottleneck.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

if [ "$(id -u)" -ne 0 ]; then
  echo "bottleneck.sh: must run as root (it creates network namespaces, a veth pair and a qdisc)" >&2
  exit $EXIT_NOT_ROOT
fi
[ -f "$JAR" ] || { echo "bottleneck.sh: $JAR missing; build it with ./mvnw -pl beep-cli -am package" >&2; exit $EXIT_SETUP; }
mkdir -p "$OUT"

SERVER_PID=
SAMPLER_PID=
cleanup() {
  [ -n "$SAMPLER_PID" ] && kill "$SAMPLER_PID" 2>/dev/null || true
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  ip netns del "$NS_C" 2>/dev/null || true
  ip netns del "$NS_S" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

setup() {
  ip netns add "$NS_S"
  ip netns add "$NS_C"
  ip link add "$VETH_S" mtu 1500 type veth peer name "$VETH_C" mtu 1500
  ip link set "$VETH_S" netns "$NS_S"
  ip link set "$VETH_C" netns "$NS_C"
  ip -n "$NS_S" addr add $ADDR_S/30 dev "$VETH_S"
  ip -n "$NS_C" addr add $ADDR_C/30 dev "$VETH_C"
  for ns in "$NS_S" "$NS_C"; do
    ip -n "$ns" link set lo up
    ip netns exec "$ns" sysctl -qw net.ipv4.tcp_congestion_control=cubic 2>/dev/null \
      || ip netns exec "$ns" sysctl -qw net.ipv4.tcp_congestion_control=reno
  done
  ip -n "$NS_S" link set "$VETH_S" up
  ip -n "$NS_C" link set "$VETH_C" up
  # veth offloads would hand the bucket 64 KiB super-segments; real links carry 1500-octet frames.
  OFFLOADS="on (no ethtool)"
  if command -v ethtool >/dev/null \
      && ip netns exec "$NS_C" ethtool -K "$VETH_C" tso off gso off gro off >/dev/null 2>&1 \
      && ip netns exec "$NS_S" ethtool -K "$VETH_S" tso off gso off gro off >/dev/null 2>&1; then
    OFFLOADS=off
  fi
  CC=$(ip netns exec "$NS_C" sysctl -n net.ipv4.tcp_congestion_control)
}

shape() { # RATE_MBIT
  ip netns exec "$NS_C" tc qdisc replace dev "$VETH_C" root tbf rate "${1}mbit" burst 32kbit latency 400ms
}

# Samples the bottleneck's queue (the token bucket's backlog in octets) every 20 ms after the warm-up, until stopped:
# what the bulk flow keeps queued, apart from what a busy host adds to an echo's latency.
start_queue_sampler() { # FILE
  ip netns exec "$NS_C" bash -c "sleep $WARMUP 2>/dev/null; while :; do
      tc -s qdisc show dev $VETH_C | awk '/backlog/ {print \$2}'; sleep 0.02; done" >"$1" 2>/dev/null &
  SAMPLER_PID=$!
}

stop_queue_sampler() {
  kill "$SAMPLER_PID" 2>/dev/null || true
  wait "$SAMPLER_PID" 2>/dev/null || true
}

# p50/p99 of a queue sample file in milliseconds at RATE_MBIT.
queue_ms() { # FILE RATE_MBIT
  python3 - "$1" "$2" <<'PY' 2>/dev/null || echo "-"
import re, sys
unit = {"": 1, "K": 1024, "M": 1 << 20}
octets = sorted(int(m.group(1)) * unit[m.group(2)]
                for m in (re.match(r"(\d+)([KM]?)b$", line.strip()) for line in open(sys.argv[1])) if m)
ms = lambda q: octets[min(len(octets) - 1, int(q * len(octets)))] * 8 / (float(sys.argv[2]) * 1e3)
print("%.2f/%.2f" % (ms(0.5), ms(0.99)))
PY
}

unshape() {
  ip netns exec "$NS_C" tc qdisc del dev "$VETH_C" root 2>/dev/null || true
}

serve() { # PROFILE [SERVE OPTIONS...]
  local profile=$1; shift
  if [ -n "$SERVER_PID" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
  fi
  local log="$OUT/serve-$profile$(echo "$*" | tr -c 'a-z0-9' '_').log"
  # shellcheck disable=SC2086 # BEEP_SERVE_ARGS is a list of options
  ip netns exec "$NS_S" java -jar "$JAR" serve --host $ADDR_S -p $PORT --profile "$profile" "$@" \
    ${BEEP_SERVE_ARGS:-} >"$log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 100); do
    grep -q 'listening on' "$log" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "bottleneck.sh: beep serve did not start; see $log" >&2
  exit $EXIT_SETUP
}

load() { # JSON ARGS...
  local json=$1; shift
  ip netns exec "$NS_C" java -jar "$JAR" load "$ADDR_S:$PORT" "$@" -q --warmup "$WARMUP" --json "$json" \
    >"${json%.json}.txt" 2>&1 || true
}

# Field of a flow (main or extra) in a load JSON report: latency percentiles and rates.
field() { # JSON ROLE KEY
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); f=[x for x in d["flows"] if x["role"]==sys.argv[2]][0]
k=sys.argv[3]; v=f["latency_ms"][k] if k in f["latency_ms"] else f[k]
print("%.2f" % v)' "$1" "$2" "$3" 2>/dev/null || echo "-"
}

scenario1() {
  echo "Scenario 1: bufferbloat on the bottleneck (tbf on the client's egress, MTU 1500, $CC)"
  echo "bulk: sink, 64 KiB messages, 8 in flight; interactive: echo, 64 octets, 1 in flight; $DURATION measured after $WARMUP warm-up"
  echo "queue: the token bucket's backlog in ms at the link rate, sampled every 20 ms"
  printf '%-9s %6s %-12s %17s %17s %12s %6s %13s\n' profile Mbit/s sharing "echo idle p50/p99" "echo bulk p50/p99" \
    "bulk Mbit/s" "x link" "queue p50/p99"
  for profile in $PROFILES; do
    serve "$profile"
    for rate in $RATES; do
      shape "$rate"
      local base="$OUT/s1-$profile-$rate"
      load "$base-idle.json" "$URI_ECHO" --size 64 -m 1 -D "$DURATION" --profile "$profile"
      # Two sessions: bulk and interactive on separate connections, at the same time.
      start_queue_sampler "$base-queue2.txt"
      load "$base-bulk2.json" "$URI_SINK" --size 64k -m 8 -D "$DURATION" --profile "$profile" &
      local bulk=$!
      load "$base-echo2.json" "$URI_ECHO" --size 64 -m 1 -D "$DURATION" --profile "$profile"
      wait $bulk
      stop_queue_sampler
      # One session: the interactive channel beside the bulk channel.
      start_queue_sampler "$base-queue1.txt"
      load "$base-one.json" "$URI_SINK" --size 64k -m 8 -D "$DURATION" --profile "$profile" \
        --extra-channel "$URI_ECHO,size=64,in-flight=1"
      stop_queue_sampler
      local idle="$(field "$base-idle.json" main p50)/$(field "$base-idle.json" main p99)"
      for mode in two one; do
        local echo_json=$base-echo2.json role=main bulk_json=$base-bulk2.json queue=$base-queue2.txt
        [ $mode = one ] && echo_json=$base-one.json role=extra bulk_json=$base-one.json queue=$base-queue1.txt
        local mbit; mbit=$(field "$bulk_json" main mbit_per_s)
        local ratio; ratio=$(python3 -c "print('%.2f' % ($mbit / $rate))" 2>/dev/null || echo "-")
        printf '%-9s %6s %-12s %17s %17s %12s %6s %13s\n' "$profile" "$rate" \
          "$([ $mode = two ] && echo "2 sessions" || echo "1 session")" "$idle" \
          "$(field "$echo_json" $role p50)/$(field "$echo_json" $role p99)" "$mbit" "$ratio" "$(queue_ms "$queue" "$rate")"
      done
    done
  done
}

scenario2() {
  unshape
  echo "Scenario 2: single-threaded listener, 64-octet echo calls, 1 in flight per client, SO_RCVBUF on both ends"
  echo "(unshaped veth, MTU 1500, $CC; $DURATION measured after $WARMUP warm-up)"
  printf '%-8s %8s %14s %14s %16s %16s
' rcvbuf clients "calls/s" "mean ms" "per-client c/s" "vs 1 client"
  for buf in 4k 8k 16k 32k 64k 128k; do
    serve default --io-threads 1 --rcvbuf "$buf"
    local base="$OUT/s2-$buf"
    load "$base-1.json" "$URI_ECHO" --size 64 -m 1 -D "$DURATION" --rcvbuf "$buf"
    load "$base-2a.json" "$URI_ECHO" --size 64 -m 1 -D "$DURATION" --rcvbuf "$buf" &
    local other=$!
    load "$base-2b.json" "$URI_ECHO" --size 64 -m 1 -D "$DURATION" --rcvbuf "$buf"
    wait $other
    python3 - "$buf" "$base-1.json" "$base-2a.json" "$base-2b.json" <<'PY'
import json, sys
buf, one, a, b = sys.argv[1], *[json.load(open(p))["flows"][0] for p in sys.argv[2:]]
two = a["msgs_per_s"] + b["msgs_per_s"]
mean2 = (a["latency_ms"]["mean"] + b["latency_ms"]["mean"]) / 2
print("%-8s %8d %14.0f %14.3f %16.0f %16s" % (buf, 1, one["msgs_per_s"], one["latency_ms"]["mean"], one["msgs_per_s"], "-"))
print("%-8s %8d %14.0f %14.3f %16.0f %15.2fx" % (buf, 2, two, mean2, two / 2, two / one["msgs_per_s"]))
PY
  done
}

scenario3() {
  unshape
  echo "Scenario 3: small buffers, SO_SNDBUF = SO_RCVBUF on both ends, 4096-octet messages to the sink, 1 in flight"
  echo "(unshaped veth, MTU 1500, $CC; $DURATION measured after $WARMUP warm-up)"
  printf '%-8s %-6s %12s %12s %12s %14s
' buffers nagle "msgs/s" "p50 ms" "p99 ms" "frames/msg"
  for buf in 1k 4k 16k 64k; do
    for nagle in off on; do
      serve default --rcvbuf "$buf" --sndbuf "$buf" --nagle "$nagle"
      local json="$OUT/s3-$buf-$nagle.json"
      load "$json" "$URI_SINK" --size 4096 -m 1 -D "$DURATION" --rcvbuf "$buf" --sndbuf "$buf" --nagle "$nagle"
      python3 - "$buf" "$nagle" "$json" <<'PY'
import json, sys
buf, nagle, path = sys.argv[1:]
try:
    d = json.load(open(path)); f = d["flows"][0]
    fpm = d["frames_sent"] / f["messages"] if f["messages"] else float("nan")
    print("%-8s %-6s %12.0f %12.3f %12.3f %14.2f" % (buf, nagle, f["msgs_per_s"], f["latency_ms"]["p50"],
                                                   f["latency_ms"]["p99"], fpm))
except Exception as e:
    print("%-8s %-6s failed: %s" % (buf, nagle, e))
PY
    done
  done
}

all() {
  scenario1
  echo
  scenario2
  echo
  scenario3
}

setup
echo "bottleneck harness: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -r), $(nproc) cores, congestion control $CC," \
  "veth offloads $OFFLOADS, out $OUT"
"$SCENARIO"
