#!/usr/bin/env bash
# The side-by-side table of issue 30 in one go: 64 B echo with 1 in flight and 1 KiB echo with 32 in flight, on
#   sockperf   `sockperf sr --tcp` + `sockperf pp --tcp -m 64` (ping-pong, 64 B cell only): the C floor
#   nghttp2    `nghttpd --no-tls` + `h2load -c 1 -t 1 -m M` GETting a static file of SIZE octets (as issue 30 measured)
#   nghttp2-echo  the same nghttpd (it runs with --echo-upload) + `h2load ... -d BODY`: a POST of SIZE octets echoed
#              back, a true echo, but nghttpd keeps each upload in a temporary file (open, write, read, close per request)
#   beep-default / beep-direct
#              `beep load --io-threads 1` -> `beep serve` (default options), without and with --direct-callbacks
#   jmh-beep, jmh-beep-direct, jmh-grpc, jmh-rsocket
#              `EchoBaselineBenchmark.echo` with the cell's channels, one JMH fork per run, perfnorm for CPU per echo
# A cell with CHANNELS > 1 (scenario 4's 8 channels x 32) runs `beep load -c CHANNELS` and JMH channels=CHANNELS;
# h2load gets the same total in flight (-m IN-FLIGHT x CHANNELS) on its one connection; sockperf skips it.
# for ROUNDS rounds, the tools' order rotated every round and reversed every other round (so beep-default runs
# before beep-direct in odd rounds and after it in even ones), each run WARM s of warm-up then DURATION s timed.
# One listener per tool (sockperf sr, nghttpd, beep serve) serves every round, all on 127.0.0.1; the beep listener
# first gets 5 s of load per cell, unmeasured, so its JIT compilation does not fall into round 1.
#
# It builds nothing: it runs beep-cli/target/beep.jar and beep-bench/target/benchmarks.jar as they are, so build them
# first (./mvnw -B -ntp -o -q -pl beep-bench,beep-cli -am package -DskipTests). Needs sockperf, nghttpd and h2load
# (Debian: apt-get install -y sockperf nghttp2-server nghttp2-client), perf for the JMH CPU figures, python3.
#
#   beep-bench/harness/side-by-side.sh [OUTDIR]      (default /tmp/side-by-side-YYYYmmdd-HHMMSS)
#   env: ROUNDS (5)  DURATION (5, whole seconds)  WARM (2, whole seconds)  TOOLS (all, space separated)
#        CELLS ("64x1 1024x32 1024x32x8": SIZE x IN-FLIGHT per channel [x CHANNELS, 1 if left out])  BEEP_JAR  BENCH_JAR  SERVE_ARGS (added to `beep serve`)  PORT_BASE (41710)
#
# Per run it records in OUTDIR/runs.tsv: round, position, tool, cell, start and end (UTC), the 1-minute load average
# before the run, the listener's CPU ticks (utime+stime from /proc/PID/stat) read just before and just after the
# timed client process, and the client process's user and system CPU seconds (/usr/bin/time). The tools' own outputs
# go beside it (RUN.txt, RUN.json). Listener CPU per exchange = listener CPU over the client process / exchanges that
# process made: sockperf and h2load run their warm-up as a separate process first, so their window is the timed run;
# `beep load` warms up inside its process, so its window and its count (`answered`) include the warm-up. JMH runs
# both peers in one process: its CPU per echo is perfnorm's task-clock of that process (both peers, JIT and GC).
# side-by-side.py then writes OUTDIR/summary.md (medians, min-max, ratios, the issue's targets).
# Exit codes: 0 done, 2 usage, 11 a tool or jar is missing, 12 a listener did not start.
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-/tmp/side-by-side-$(date -u +%Y%m%d-%H%M%S)}
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5}
WARM=${WARM:-2}
TOOLS=${TOOLS:-sockperf nghttp2 nghttp2-echo beep-default beep-direct jmh-beep jmh-beep-direct jmh-grpc jmh-rsocket}
CELLS=${CELLS:-64x1 1024x32 1024x32x8}
BEEP_JAR=${BEEP_JAR:-$ROOT/beep-cli/target/beep.jar}
BENCH_JAR=${BENCH_JAR:-$ROOT/beep-bench/target/benchmarks.jar}
SERVE_ARGS=${SERVE_ARGS:-}
PORT_BASE=${PORT_BASE:-41710}
SOCKPERF_PORT=$PORT_BASE
NGHTTPD_PORT=$((PORT_BASE + 1))
BEEP_PORT=$((PORT_BASE + 2))
ECHO_URI=http://xml.resource.org/profiles/NULL/ECHO
HOST=127.0.0.1

case "$ROUNDS$DURATION$WARM" in *[!0-9]*) echo "ROUNDS, DURATION and WARM are whole numbers" >&2; exit 2;; esac
[ "$DURATION" -ge 1 ] || { echo "DURATION must be at least 1" >&2; exit 2; }
for t in $TOOLS; do
  case $t in sockperf|nghttp2|nghttp2-echo|beep-default|beep-direct|jmh-beep|jmh-beep-direct|jmh-grpc|jmh-rsocket) ;;
    *) echo "unknown tool $t" >&2; exit 2;; esac
done
need() { command -v "$1" > /dev/null || { echo "missing: $1 ($2)" >&2; exit 11; }; }
need python3 python3
need java "a JDK 17"
[ -x /usr/bin/time ] || { echo "missing: /usr/bin/time (apt-get install -y time)" >&2; exit 11; }
case " $TOOLS " in *" sockperf "*) need sockperf "apt-get install -y sockperf";; esac
case " $TOOLS " in *" nghttp2"*) need nghttpd "apt-get install -y nghttp2-server"
                                   need h2load "apt-get install -y nghttp2-client";; esac
case " $TOOLS " in *" beep-"*) [ -f "$BEEP_JAR" ] || { echo "missing $BEEP_JAR: build it first" >&2; exit 11; };; esac
case " $TOOLS " in *" jmh-"*) [ -f "$BENCH_JAR" ] || { echo "missing $BENCH_JAR: build it first" >&2; exit 11; }
                               need perf "perfnorm";; esac

mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
TICK=$(getconf CLK_TCK)
LOG=$OUT/log.txt
RUNS=$OUT/runs.tsv
log() { echo "$(date -u +%T) $*" | tee -a "$LOG"; }
load1() { cut -d' ' -f1 /proc/loadavg; }
ticks() { [ -n "${1:-}" ] && [ -r "/proc/$1/stat" ] && awk '{print $14 + $15}' "/proc/$1/stat" || echo NA; }

# The listeners this script starts, stopped by their ids on any exit.
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2> /dev/null; done; wait 2> /dev/null; }
trap cleanup EXIT
trap 'exit 130' INT TERM

{
  echo "date: $(date -u '+%F %T') UTC"
  echo "host: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "load: $(cat /proc/loadavg)"
  echo "java: $(java -version 2>&1 | head -1)"
  command -v sockperf > /dev/null && echo "sockperf: $(sockperf --version 2>&1 | head -1)"
  command -v nghttpd > /dev/null && echo "nghttpd: $(nghttpd --version 2>&1 | head -1)"
  command -v h2load > /dev/null && echo "h2load: $(h2load --version 2>&1 | head -1)"
  echo "beep.jar: $BEEP_JAR ($(stat -c '%y' "$BEEP_JAR" 2> /dev/null))"
  echo "benchmarks.jar: $BENCH_JAR ($(stat -c '%y' "$BENCH_JAR" 2> /dev/null))"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2> /dev/null)$(git -C "$ROOT" diff --quiet HEAD 2> /dev/null || echo ' (work tree differs)')"
  echo "settings: ROUNDS=$ROUNDS DURATION=$DURATION WARM=$WARM TOOLS='$TOOLS' CELLS='$CELLS' SERVE_ARGS='$SERVE_ARGS'"
} > "$OUT/env.txt"
cat "$OUT/env.txt"

# Files of each size: nghttpd serves them (www/SIZE), h2load posts them (body/SIZE).
mkdir -p "$OUT/body" "$OUT/www"
# A cell is SIZExINFLIGHT or SIZExINFLIGHTxCHANNELS (in flight per channel; channels 1 when left out).
cell_size() { echo "${1%%x*}"; }
cell_inflight() { local rest=${1#*x}; echo "${rest%%x*}"; }
cell_channels() { local rest=${1#*x}; case $rest in *x*) echo "${rest#*x}";; *) echo 1;; esac; }
for cell in $CELLS; do
  case $cell in *[!0-9x]*|x*|*x|*xx*) echo "bad cell $cell (SIZExINFLIGHT[xCHANNELS])" >&2; exit 2;; esac
  head -c "$(cell_size "$cell")" /dev/zero | tr '\0' x > "$OUT/body/$(cell_size "$cell")"
done
cp "$OUT"/body/* "$OUT/www/"

port_free() { ! (exec 3<> "/dev/tcp/$HOST/$1") 2> /dev/null; }
wait_port() {  # PORT PID: wait up to 20 s until something listens on PORT, while PID lives
  for _ in $(seq 1 100); do
    kill -0 "$2" 2> /dev/null || return 1
    (exec 3<> "/dev/tcp/$HOST/$1") 2> /dev/null && return 0
    sleep 0.2
  done
  return 1
}
start_listener() {  # NAME PORT COMMAND...: start it in the background, record its pid in LISTENER_PID
  local name=$1 port=$2; shift 2
  port_free "$port" || { log "port $port is taken: set PORT_BASE"; exit 12; }
  "$@" > "$OUT/listener-$name.txt" 2>&1 &
  LISTENER_PID=$!
  PIDS+=("$LISTENER_PID")
  wait_port "$port" "$LISTENER_PID" || { log "$name did not listen on $port"; exit 12; }
  log "listener $name pid $LISTENER_PID on $HOST:$port"
}
SOCKPERF_PID=; NGHTTPD_PID=; BEEP_PID=
case " $TOOLS " in *" sockperf "*)
  start_listener sockperf "$SOCKPERF_PORT" sockperf sr --tcp -i "$HOST" -p "$SOCKPERF_PORT"
  SOCKPERF_PID=$LISTENER_PID;; esac
case " $TOOLS " in *" nghttp2"*)
  start_listener nghttpd "$NGHTTPD_PORT" nghttpd --no-tls --echo-upload -d "$OUT/www" -a "$HOST" "$NGHTTPD_PORT"
  NGHTTPD_PID=$LISTENER_PID;; esac
case " $TOOLS " in *" beep-"*)
  # shellcheck disable=SC2086
  start_listener beep "$BEEP_PORT" java -jar "$BEEP_JAR" serve --host "$HOST" -p "$BEEP_PORT" $SERVE_ARGS
  BEEP_PID=$LISTENER_PID;; esac

printf 'round\tpos\ttool\tcell\tstart\tend\tload1\tlistener_ticks_before\tlistener_ticks_after\tclk_tck\tclient_user_s\tclient_sys_s\trc\n' > "$RUNS"
LIMIT=$((WARM + DURATION + 90))  # a run that hangs is stopped, recorded with its exit code, and the next one runs

timed() {  # FILE COMMAND...: run under /usr/bin/time (user and system seconds into FILE.time) and a time limit
  local f=$1; shift
  /usr/bin/time -f '%U %S' -o "$f.time" timeout "$LIMIT" "$@" > "$f.txt" 2>&1
}

run_cell() {  # ROUND POS TOOL CELL
  local r=$1 pos=$2 tool=$3 cell=$4 size inflight channels streams
  size=$(cell_size "$cell"); inflight=$(cell_inflight "$cell"); channels=$(cell_channels "$cell")
  streams=$((inflight * channels))  # h2load: the same number in flight on its one connection
  local f="$OUT/r$r-$tool-$cell" pid="" t0 t1 rc=0 start load
  case $tool in
    sockperf) [ "$streams" = 1 ] || return 0; pid=$SOCKPERF_PID
      timeout "$LIMIT" sockperf pp --tcp -i "$HOST" -p "$SOCKPERF_PORT" -m "$size" -t "$WARM" > /dev/null 2>&1;;
    nghttp2) pid=$NGHTTPD_PID
      timeout "$LIMIT" h2load -c 1 -t 1 -m "$streams" -D "$WARM" "http://$HOST:$NGHTTPD_PORT/$size" > /dev/null 2>&1;;
    nghttp2-echo) pid=$NGHTTPD_PID
      timeout "$LIMIT" h2load -c 1 -t 1 -m "$streams" -D "$WARM" -d "$OUT/body/$size" \
        "http://$HOST:$NGHTTPD_PORT/echo" > /dev/null 2>&1;;
    beep-*) pid=$BEEP_PID;;
  esac
  start=$(date -u +%T); load=$(load1)
  t0=$(ticks "$pid")
  case $tool in
    sockperf)
      timed "$f" sockperf pp --tcp -i "$HOST" -p "$SOCKPERF_PORT" -m "$size" -t "$DURATION" || rc=$?;;
    nghttp2)
      timed "$f" h2load -c 1 -t 1 -m "$streams" -D "$DURATION" "http://$HOST:$NGHTTPD_PORT/$size" || rc=$?;;
    nghttp2-echo)
      timed "$f" h2load -c 1 -t 1 -m "$streams" -D "$DURATION" -d "$OUT/body/$size" \
        "http://$HOST:$NGHTTPD_PORT/echo" || rc=$?;;
    beep-default|beep-direct)
      local flag=""; [ "$tool" = beep-direct ] && flag=--direct-callbacks
      # shellcheck disable=SC2086
      timed "$f" java -jar "$BEEP_JAR" load "$HOST:$BEEP_PORT" "$ECHO_URI" --size "$size" -m "$inflight" -c "$channels" \
        --io-threads 1 --warmup "${WARM}s" -D "${DURATION}s" -q $flag --json "$f.json" || rc=$?;;
    jmh-*)
      timed "$f" java -Djmh.ignoreLock=true -jar "$BENCH_JAR" 'EchoBaselineBenchmark\.echo$' -p channels="$channels" \
        -p size="$size" -p inFlight="$inflight" -p transport="${tool#jmh-}" -f 1 -wi "$WARM" -w 1s \
        -i "$DURATION" -r 1s -prof 'perfnorm:events=task-clock,context-switches' -rf json -rff "$f.json" || rc=$?;;
  esac
  t1=$(ticks "$pid")
  local user=NA sys=NA
  [ -s "$f.time" ] && read -r user sys < <(tail -1 "$f.time")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$pos" "$tool" "$cell" "$start" \
    "$(date -u +%T)" "$load" "$t0" "$t1" "$TICK" "$user" "$sys" "$rc" >> "$RUNS"
  log "round $r #$pos $tool $cell rc=$rc load $load"
  sleep 0.5
}

read -r -a tools <<< "$TOOLS"
read -r -a cells <<< "$CELLS"
n=${#tools[@]}
if [ -n "$BEEP_PID" ]; then  # the JVM listener compiles its hot paths before round 1, not during it
  for cell in "${cells[@]}"; do
    timeout "$LIMIT" java -jar "$BEEP_JAR" load "$HOST:$BEEP_PORT" "$ECHO_URI" --size "$(cell_size "$cell")" \
      -m "$(cell_inflight "$cell")" -c "$(cell_channels "$cell")" \
      --io-threads 1 -D 5s -q > "$OUT/listener-warm-up-$cell.txt" 2>&1
  done
  log "beep listener warmed up (5 s per cell, not measured)"
fi
log "start: $ROUNDS rounds, $DURATION s timed after $WARM s warm-up, tools: $TOOLS"
for r in $(seq 1 "$ROUNDS"); do
  order=()
  for i in $(seq 0 $((n - 1))); do order+=("${tools[$(((i + r - 1) % n))]}"); done
  if [ $((r % 2)) = 0 ]; then
    rev=(); for ((i = n - 1; i >= 0; i--)); do rev+=("${order[$i]}"); done; order=("${rev[@]}")
    cellorder=(); for ((i = ${#cells[@]} - 1; i >= 0; i--)); do cellorder+=("${cells[$i]}"); done
  else
    cellorder=("${cells[@]}")
  fi
  log "round $r order: ${order[*]}"
  pos=0
  for tool in "${order[@]}"; do
    for cell in "${cellorder[@]}"; do
      [ "$tool" = sockperf ] && [ "$cell" != "$(cell_size "$cell")x1" ] && continue  # ping-pong: one in flight
      pos=$((pos + 1)); run_cell "$r" "$pos" "$tool" "$cell"
    done
  done
done
log "done"
cleanup; PIDS=()
python3 "$HERE/side-by-side.py" "$OUT" > "$OUT/summary.md" && log "summary: $OUT/summary.md"
