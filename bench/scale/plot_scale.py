#!/usr/bin/env python3
"""Draws scale_bench's JSON (--json FILE) as SVG curves, by hand (the standard library only):
one chart per figure against the item count, both axes logarithmic where the figure spans
decades, one series per server and path.

  python3 bench/scale/plot_scale.py scale.json --out docs/scale

writes getitem_p99.svg, load_rate.svg, startup.svg and disk.svg. A size a server skipped (over
its time budget) is a missing point, not a zero. Each series is a <g class="series"
data-series="NAME"> holding a <polyline> and one <circle> per point (the test reads them).
"""

import argparse
import html
import json
import math
import os
import sys

LOCAL = "_dynamodb_local"

# chart file, title, y label, log y, series: (name, section suffix, figure)
CHARTS = [
    ("getitem_p99.svg", "GetItem p99", "µs", True, [
        ("ddb-local in process", "", "get_p99_us_in_process"),
        ("ddb-local HTTP, 1 connection", "", "get_p99_us_http_1"),
        ("ddb-local HTTP, 16 connections", "", "get_p99_us_http_16"),
        ("DynamoDB Local HTTP, 1 connection", LOCAL, "get_p99_us_http_1"),
        ("DynamoDB Local HTTP, 16 connections", LOCAL, "get_p99_us_http_16"),
    ]),
    ("load_rate.svg", "Load rate (BatchWriteItem of 25)", "items/s", True, [
        ("ddb-local in process", "", "load_items_per_s_in_process"),
        ("ddb-local HTTP", "", "load_items_per_s_http"),
        ("DynamoDB Local HTTP", LOCAL, "load_items_per_s_http"),
    ]),
    ("startup.svg", "Start-up to the first answered request, data present", "ms", True, [
        ("ddb-local", "", "startup_ms_first_answer"),
        ("ddb-local reopen in process", "", "open_ms_in_process"),
        ("DynamoDB Local", LOCAL, "startup_ms_first_answer"),
    ]),
    ("disk.svg", "Bytes on disk per byte of item", "× TableSizeBytes", False, [
        ("ddb-local data.mdb / TableSizeBytes", "", "disk_per_table_byte"),
        ("ddb-local data.mdb / (items + GSI1)", "", "disk_per_item_and_gsi_byte"),
        ("DynamoDB Local .db / TableSizeBytes", LOCAL, "disk_per_table_byte"),
    ]),
]

COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 130  # the legend goes under the plot


def sizes_of(data):
    return sorted(int(k[len("items_"):]) for k in data
                  if k.startswith("items_") and not k.endswith(LOCAL))


def series_points(data, suffix, figure):
    """(items, value) for every size whose section has the figure (a skipped size has none)."""
    points = []
    for n in sizes_of(data):
        section = data.get(f"items_{n}{suffix}", {})
        value = section.get(figure)
        if isinstance(value, (int, float)) and value > 0 and "skipped" not in section:
            points.append((n, float(value)))
    return points


def ticks_log(lo, hi):
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    if first == last:
        last += 1
    return [10.0 ** e for e in range(first, last + 1)]


def ticks_linear(lo, hi):
    span = hi - lo or 1.0
    step = 10 ** math.floor(math.log10(span / 4))
    for m in (1, 2, 5, 10):
        if span / (step * m) <= 6:
            step *= m
            break
    start = math.floor(lo / step) * step
    return [start + i * step for i in range(int((hi - start) / step) + 2)]


def label(v):
    if v >= 1e6:
        return f"{v / 1e6:g}M"
    if v >= 1e3:
        return f"{v / 1e3:g}k"
    return f"{v:g}"


def chart_svg(title, unit, log_y, series):
    """series: [(name, [(x, y)...])]; returns the SVG text."""
    xs = [x for _, pts in series for x, _ in pts] or [1, 10]
    ys = [y for _, pts in series for _, y in pts] or [1, 10]
    x_ticks = ticks_log(min(xs), max(xs))
    if log_y:
        y_ticks = ticks_log(min(ys), max(ys))
    else:
        y_ticks = ticks_linear(0, max(ys) * 1.1)
    x_lo, x_hi = math.log10(x_ticks[0]), math.log10(x_ticks[-1])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y):
        if log_y:
            lo, hi = math.log10(y_ticks[0]), math.log10(y_ticks[-1])
            t = (math.log10(y) - lo) / (hi - lo)
        else:
            t = (y - y_ticks[0]) / (y_ticks[-1] - y_ticks[0])
        return TOP + plot_h - t * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<title>{html.escape(title)}</title>',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" font-size="14">'
           f'{html.escape(title)}</text>']
    for t in x_ticks:
        x = px(t)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">'
                   f'{label(t)}</text>')
    for t in y_ticks:
        y = py(t)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{label(t)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
               f'stroke="#444"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{TOP + plot_h + 34}" text-anchor="middle">'
               f'items in the table</text>')
    out.append(f'<text x="16" y="{TOP + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {TOP + plot_h / 2})">{html.escape(unit)}</text>')
    for i, (name, pts) in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        ly = TOP + plot_h + 52 + i * 15
        out.append(f'<g class="series" data-series="{html.escape(name)}">')
        if pts:
            coords = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
            out.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                       f'stroke-width="2"/>')
            for x, y in pts:
                out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}">'
                           f'<title>{label(x)} items: {y:.4g} {html.escape(unit)}</title>'
                           f'</circle>')
        out.append(f'<line x1="{LEFT}" y1="{ly - 4}" x2="{LEFT + 20}" y2="{ly - 4}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        note = "" if pts else " (not measured)"
        out.append(f'<text x="{LEFT + 26}" y="{ly}">{html.escape(name + note)}</text>')
        out.append('</g>')
    out.append('</svg>')
    return "\n".join(out) + "\n"


def plot(data, out_dir):
    """Writes every chart; returns {file: [series names]}."""
    os.makedirs(out_dir, exist_ok=True)
    written = {}
    for file, title, unit, log_y, specs in CHARTS:
        series = [(name, series_points(data, suffix, figure)) for name, suffix, figure in specs]
        has_local = any(k.endswith(LOCAL) for k in data)
        # DynamoDB Local's series only when the run measured it.
        series = [(n, p) for (n, p), (_, suffix, _) in zip(series, specs)
                  if suffix != LOCAL or has_local]
        with open(os.path.join(out_dir, file), "w", encoding="utf-8") as f:
            f.write(chart_svg(title, unit, log_y, series))
        written[file] = [n for n, _ in series]
    return written


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--out", default="docs/scale")
    args = ap.parse_args()
    with open(args.json, encoding="utf-8") as f:
        data = json.load(f)
    if not sizes_of(data):
        print(f"plot_scale: {args.json} has no items_N section", file=sys.stderr)
        return 1
    for file, names in plot(data, args.out).items():
        print(f"{os.path.join(args.out, file)}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
