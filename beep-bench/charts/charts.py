#!/usr/bin/env python3
"""Target tables and SVG charts of scenario 4 and the bottleneck harness (Python 3 standard library only).

Reads JMH results written with `-rf json` (scenario 4: io.beepkit.bench.baseline.*, BEEP against raw Netty TCP,
Netty HTTP/2, grpc-java and RSocket) and the per-run JSON reports of
the bottleneck harness (beep-bench/harness/bottleneck.sh, files s1-PROFILE-RATE-{idle,bulk2,echo2,one}.json), and
writes:
  * the tables between `<!-- charts:begin -->` and `<!-- charts:end -->` in the Markdown file (replaced whole);
  * SVG_DIR/throughput-vs-size.svg: MB/s against message size per transport (echo, 32 in flight, 1 channel; one-way);
  * SVG_DIR/echo-under-bulk.svg: the interactive echo's p99 beside a bulk flow, per profile, link rate and sharing
    mode, with its idle p99 as a marker.

    python3 beep-bench/charts/charts.py --jmh results.json [--harness DIR] [--doc beep-bench/target/charts.md]
                                        [--svg-dir docs/charts]

The tables go to a run's notes (for one, beep-bench/results/charts-2026-11-26/README.md); docs/benchmarks.md is
written by io.beepkit.bench.report.ResultsPage and shows the SVG charts.
"""
import argparse
import glob
import html
import json
import math
import os
import re
import sys

BEGIN, END = "<!-- charts:begin -->", "<!-- charts:end -->"
TRANSPORTS = ["beep", "beep-direct", "netty-tcp", "netty-h2", "grpc", "grpc-pool", "rsocket"]
BEEPS = ["beep", "beep-direct"]
BASELINES = ["netty-tcp", "netty-h2", "grpc", "grpc-pool", "rsocket"]
COLOURS = {"beep": "#1f77b4", "beep-direct": "#17becf", "netty-tcp": "#2ca02c", "netty-h2": "#d62728",
           "grpc": "#e377c2", "grpc-pool": "#f7b6d2", "rsocket": "#bcbd22",
           "default": "#1f77b4", "bounded": "#ff7f0e", "bulk": "#9467bd", "legacy": "#8c564b"}


def load_jmh(paths):
    """Scenario-4 rows: (kind, transport, size, in_flight, channels, score ops/s, error)."""
    rows = []
    for path in paths:
        with open(path) as f:
            for r in json.load(f):
                bench = r["benchmark"]
                if ".baseline." not in bench:
                    continue
                p = r.get("params", {})
                kind = "echo" if bench.endswith(".echo") else "one-way"
                m = r["primaryMetric"]
                err = m.get("scoreError")
                rows.append({"kind": kind, "transport": p["transport"], "size": int(p["size"]),
                             "in_flight": int(p.get("inFlight", 4)), "channels": int(p.get("channels", 1)),
                             "score": m["score"],
                             "error": err if isinstance(err, (int, float)) and math.isfinite(err) else None})
    return rows


def flow(path, role):
    with open(path) as f:
        d = json.load(f)
    return next(x for x in d["flows"] if x["role"] == role)


def load_harness(directory):
    """Scenario-1 rows: profile, rate, mode, idle and loaded echo percentiles, bulk Mbit/s."""
    rows = []
    for idle in sorted(glob.glob(os.path.join(directory, "s1-*-idle.json"))):
        m = re.match(r"s1-(.+)-(\d+)-idle\.json$", os.path.basename(idle))
        if not m:
            continue
        profile, rate = m.group(1), int(m.group(2))
        base = idle[: -len("-idle.json")]
        i = flow(idle, "main")["latency_ms"]
        for mode, echo_file, role, bulk_file in (("2 sessions", base + "-echo2.json", "main", base + "-bulk2.json"),
                                                 ("1 session", base + "-one.json", "extra", base + "-one.json")):
            if not (os.path.exists(echo_file) and os.path.exists(bulk_file)):
                continue
            e = flow(echo_file, role)["latency_ms"]
            bulk = flow(bulk_file, "main")["mbit_per_s"]
            rows.append({"profile": profile, "rate": rate, "mode": mode, "idle_p50": i["p50"], "idle_p99": i["p99"],
                         "p50": e["p50"], "p99": e["p99"], "bulk": bulk, "link": bulk / rate})
    rows.sort(key=lambda r: (r["profile"], r["rate"], r["mode"] != "2 sessions"))
    return rows


def fmt(v, digits=1):
    return "-" if v is None else f"{v:,.{digits}f}"


def present(rows, names):
    """The transports of `names` that appear in `rows`, in that order."""
    seen = {r["transport"] for r in rows}
    return [t for t in names if t in seen]


def ratio_header(pair):
    return f"{pair[0]} / {pair[1].replace('netty-', '')}"


def score_and_ratio_tables(title, key_names, keys, scores, digits):
    """A table of scores per transport and, below it, one of BEEP's ratios to each baseline, for the same keys.

    `scores` maps a key to {transport: score}; two tables instead of one keep each readable with many transports."""
    names = [t for t in TRANSPORTS if any(t in scores[k] for k in keys)]
    pairs = [(b, base) for b in BEEPS if b in names for base in BASELINES if base in names]
    head = "| " + " | ".join(key_names) + " | "
    align = "|" + "---:|" * len(key_names)
    out = [f"**Scenario 4, {title}**", "", head + " | ".join(names) + " |", align + "---:|" * len(names)]
    for k in keys:
        out.append("| " + " | ".join(str(v) for v in k) + " | "
                   + " | ".join(fmt(scores[k].get(t), digits) for t in names) + " |")
    out.append("")
    if pairs:
        out += [f"**Scenario 4, {title.split(' (')[0]}: ratio of BEEP to each baseline** (same run)", "",
                head + " | ".join(ratio_header(p) for p in pairs) + " |", align + "---:|" * len(pairs)]
        for k in keys:
            s = scores[k]
            ratio = lambda a, b: fmt(s[a] / s[b], 2) if a in s and b in s and s[b] else "-"
            out.append("| " + " | ".join(str(v) for v in k) + " | " + " | ".join(ratio(*p) for p in pairs) + " |")
        out.append("")
    return out


def jmh_tables(rows):
    out = []
    echo = [r for r in rows if r["kind"] == "echo"]
    if echo:
        keys = sorted({(r["size"], r["in_flight"], r["channels"]) for r in echo})
        scores = {k: {r["transport"]: r["score"] for r in echo if (r["size"], r["in_flight"], r["channels"]) == k}
                  for k in keys}
        out += score_and_ratio_tables("echo (echoes/s)", ["size", "in flight", "channels"], keys, scores, 0)
    bulk = [r for r in rows if r["kind"] == "one-way"]
    if bulk:
        keys = [(size,) for size in sorted({r["size"] for r in bulk})]
        scores = {k: {r["transport"]: r["score"] * k[0] / 1e6 for r in bulk if r["size"] == k[0]} for k in keys}
        out += score_and_ratio_tables("one-way bulk (MB/s = 10^6 octets of payload per second)", ["size"], keys,
                                      scores, 1)
    return out


# Scenario 4's targets: (label, kind, size, in flight, channels, baseline, least ratio of BEEP to the baseline).
TARGETS = [
    ("64-octet echo, 1 in flight", "echo", 64, 1, 1, "netty-tcp", 0.8),
    ("1 KiB echo, 32 in flight", "echo", 1024, 32, 1, "netty-tcp", 0.6),
    ("64-octet echo, 1 in flight", "echo", 64, 1, 1, "netty-h2", 1.0),
    ("1 KiB echo, 32 in flight", "echo", 1024, 32, 1, "netty-h2", 1.0),
    ("64 KiB one-way", "one-way", 65536, None, None, "netty-tcp", 0.7),
    ("64-octet echo, 1 in flight", "echo", 64, 1, 1, "grpc", 1.3),
    ("64-octet echo, 1 in flight", "echo", 64, 1, 1, "rsocket", 1.1),
    ("1 KiB echo, 32 in flight", "echo", 1024, 32, 1, "grpc", 1.5),
    ("1 KiB echo, 32 in flight", "echo", 1024, 32, 1, "rsocket", 1.2),
    ("64 KiB one-way", "one-way", 65536, None, None, "grpc", 1.0),
    ("64 KiB one-way", "one-way", 65536, None, None, "rsocket", 1.0),
]


def score(rows, transport, kind, size, in_flight, channels):
    for r in rows:
        if (r["transport"], r["kind"], r["size"]) == (transport, kind, size) and (
                in_flight is None or (r["in_flight"], r["channels"]) == (in_flight, channels)):
            return r["score"]
    return None


def target_table(rows):
    """Each target with the ratio each BEEP variant reached in the run, and whether it is met."""
    beeps = present(rows, BEEPS)
    if not beeps:
        return []
    out = ["**Scenario 4, targets** (ratio of BEEP's score to the baseline's in the same run; 1 channel)", "",
           "| workload | against | target | " + " | ".join(beeps) + " |",
           "|---|---|---:|" + "---:|" * len(beeps)]
    for label, kind, size, in_flight, channels, base, least in TARGETS:
        b = score(rows, base, kind, size, in_flight, channels)
        cells = []
        for t in beeps:
            v = score(rows, t, kind, size, in_flight, channels)
            if v is None or not b:
                cells.append("-")
            else:
                cells.append(f"{v / b:.2f} ({'met' if v / b >= least else 'missed'})")
        out.append(f"| {label} | {base} | {least:.1f}x | " + " | ".join(cells) + " |")
    out.append("")
    return out


def harness_table(rows):
    if not rows:
        return []
    out = ["**Scenario 1, bufferbloat on the bottleneck** (echo latency in ms; bulk in Mbit/s of payload)", "",
           "| profile | link Mbit/s | sharing | echo idle p50 / p99 | echo beside bulk p50 / p99 | bulk | x link |",
           "|---|---:|---|---:|---:|---:|---:|"]
    for r in rows:
        out.append(f"| `{r['profile']}` | {r['rate']} | {r['mode']} | {fmt(r['idle_p50'], 2)} / {fmt(r['idle_p99'], 2)}"
                   f" | {fmt(r['p50'], 2)} / {fmt(r['p99'], 2)} | {fmt(r['bulk'])} | {fmt(r['link'], 2)} |")
    out.append("")
    return out


class Svg:
    """A small SVG canvas with a plot area, axes and a legend."""

    def __init__(self, title, width=720, height=420, left=70, right=160, top=40, bottom=60):
        self.w, self.h, self.l, self.r, self.t, self.b = width, height, left, right, top, bottom
        self.parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                      f'font-family="sans-serif" font-size="12">',
                      f'<rect width="{width}" height="{height}" fill="white"/>',
                      f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{html.escape(title)}</text>']

    @property
    def pw(self):
        return self.w - self.l - self.r

    @property
    def ph(self):
        return self.h - self.t - self.b

    def add(self, s):
        self.parts.append(s)

    def text(self, x, y, s, anchor="middle", **kw):
        extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in kw.items())
        self.add(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {extra}>{html.escape(s)}</text>')

    def frame(self, xlabel, ylabel):
        self.add(f'<rect x="{self.l}" y="{self.t}" width="{self.pw}" height="{self.ph}" fill="none" stroke="#333"/>')
        self.text(self.l + self.pw / 2, self.h - 15, xlabel)
        self.text(18, self.t + self.ph / 2, ylabel, transform=f"rotate(-90 18 {self.t + self.ph / 2})")

    def legend(self, items):
        for i, (label, colour) in enumerate(items):
            y = self.t + 10 + i * 18
            self.add(f'<rect x="{self.w - self.r + 15}" y="{y - 9}" width="12" height="12" fill="{colour}"/>')
            self.text(self.w - self.r + 32, y + 1, label, anchor="start")

    def save(self, path):
        self.add("</svg>")
        with open(path, "w") as f:
            f.write("\n".join(self.parts) + "\n")


def log_ticks(lo, hi):
    return [10 ** e for e in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)]


def throughput_chart(rows, path):
    series = {}
    for r in rows:
        if r["kind"] == "echo" and not (r["in_flight"] == 32 and r["channels"] == 1):
            continue
        series.setdefault(r["transport"], []).append((r["size"], r["score"] * r["size"] / 1e6))
    if not series:
        return False
    svg = Svg("Throughput against message size (loopback; echo 32 in flight, one-way 4 in flight)")
    xs = [x for s in series.values() for x, _ in s]
    ys = [max(y, 1e-3) for s in series.values() for _, y in s]
    x0, x1 = math.log10(min(xs)) - 0.2, math.log10(max(xs)) + 0.2
    yt = log_ticks(min(ys), max(ys))
    y0, y1 = math.log10(yt[0]), math.log10(yt[-1])
    px = lambda x: svg.l + (math.log10(x) - x0) / (x1 - x0) * svg.pw
    py = lambda y: svg.t + svg.ph - (math.log10(max(y, 1e-3)) - y0) / ((y1 - y0) or 1) * svg.ph
    svg.frame("message size (octets, log scale)", "MB/s of payload (log scale)")
    for x in sorted(set(xs)):
        svg.add(f'<line x1="{px(x):.1f}" y1="{svg.t + svg.ph}" x2="{px(x):.1f}" y2="{svg.t + svg.ph + 5}" stroke="#333"/>')
        svg.text(px(x), svg.t + svg.ph + 18, f"{x:,}")
    for y in yt:
        svg.add(f'<line x1="{svg.l}" y1="{py(y):.1f}" x2="{svg.l + svg.pw}" y2="{py(y):.1f}" stroke="#ddd"/>')
        svg.text(svg.l - 6, py(y) + 4, f"{y:g}", anchor="end")
    for name, pts in sorted(series.items()):
        pts.sort()
        colour = COLOURS.get(name, "#333")
        svg.add('<polyline fill="none" stroke-width="2" stroke="%s" points="%s"/>'
                % (colour, " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)))
        for x, y in pts:
            svg.add(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{colour}"/>')
    svg.legend([(t, COLOURS[t]) for t in TRANSPORTS if t in series])
    svg.save(path)
    return True


def latency_chart(rows, path):
    if not rows:
        return False
    svg = Svg("Interactive echo p99 beside a bulk flow (bottleneck harness)", width=max(720, 60 * len(rows) + 230))
    top = max(max(r["p99"], r["idle_p99"]) for r in rows) * 1.1 or 1
    py = lambda v: svg.t + svg.ph - v / top * svg.ph
    svg.frame("profile / link Mbit/s / sharing (2: two sessions, 1: one session)", "echo p99 (ms)")
    step = 10 ** math.floor(math.log10(top))
    while top / step < 4:
        step /= 2
    v = 0.0
    while v <= top:
        svg.add(f'<line x1="{svg.l}" y1="{py(v):.1f}" x2="{svg.l + svg.pw}" y2="{py(v):.1f}" stroke="#ddd"/>')
        svg.text(svg.l - 6, py(v) + 4, f"{v:g}", anchor="end")
        v += step
    bw = svg.pw / len(rows)
    for i, r in enumerate(rows):
        x = svg.l + i * bw
        colour = COLOURS.get(r["profile"], "#333")
        svg.add(f'<rect x="{x + bw * 0.15:.1f}" y="{py(r["p99"]):.1f}" width="{bw * 0.7:.1f}" '
                f'height="{svg.t + svg.ph - py(r["p99"]):.1f}" fill="{colour}"/>')
        svg.add(f'<line x1="{x + bw * 0.1:.1f}" y1="{py(r["idle_p99"]):.1f}" x2="{x + bw * 0.9:.1f}" '
                f'y2="{py(r["idle_p99"]):.1f}" stroke="black" stroke-width="2" stroke-dasharray="4 2"/>')
        svg.text(x + bw / 2, svg.t + svg.ph + 14, f"{r['rate']}/{r['mode'][0]}", font_size="10")
    svg.legend([(p, COLOURS.get(p, "#333")) for p in sorted({r["profile"] for r in rows})]
               + [("idle p99 (dashed)", "black")])
    svg.save(path)
    return True


def replace_block(doc, lines):
    text = ""
    if os.path.exists(doc):
        with open(doc) as f:
            text = f.read()
    os.makedirs(os.path.dirname(os.path.abspath(doc)), exist_ok=True)
    block = BEGIN + "\n" + "\n".join(lines).rstrip() + "\n" + END
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    with open(doc, "w") as f:
        f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jmh", nargs="*", default=[], help="JMH result files written with -rf json")
    ap.add_argument("--harness", help="directory of the bottleneck harness' JSON reports")
    ap.add_argument("--doc", default="beep-bench/target/charts.md", help="Markdown file whose generated block is replaced")
    ap.add_argument("--svg-dir", default="docs/charts", help="where the SVG charts go")
    args = ap.parse_args(argv)
    jmh = load_jmh(args.jmh)
    harness = load_harness(args.harness) if args.harness else []
    if not jmh and not harness:
        print("charts.py: no scenario-4 JMH results and no harness reports found", file=sys.stderr)
        return 1
    os.makedirs(args.svg_dir, exist_ok=True)
    rel = os.path.relpath(args.svg_dir, os.path.dirname(os.path.abspath(args.doc)) or ".")
    lines = ["_Generated by `beep-bench/charts/charts.py`; do not edit by hand._", ""]
    lines += target_table(jmh)
    lines += jmh_tables(jmh)
    if throughput_chart(jmh, os.path.join(args.svg_dir, "throughput-vs-size.svg")):
        lines += [f"![Throughput against message size]({rel}/throughput-vs-size.svg)", ""]
    lines += harness_table(harness)
    if latency_chart(harness, os.path.join(args.svg_dir, "echo-under-bulk.svg")):
        lines += [f"![Echo latency under bulk load]({rel}/echo-under-bulk.svg)", ""]
    replace_block(args.doc, lines)
    print(f"charts.py: {len(jmh)} JMH results, {len(harness)} harness rows -> {args.doc}, {args.svg_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
