#!/usr/bin/env python3
"""Checks plot_scale.py (ctest bench.scale_plot): on scale_bench's smoke JSON, every chart is
well-formed SVG holding one series per expected server and path, each with one point per size
the JSON measured; on a JSON with DynamoDB Local beside ddb-local and a size Local skipped,
Local's series have their series and lack the skipped point.

  python3 test_plot_scale.py SMOKE_JSON OUT_DIR
"""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SVG = "{http://www.w3.org/2000/svg}"
CHART_FILES = ["getitem_p99.svg", "load_rate.svg", "startup.svg", "disk.svg"]


def run_plot(json_path, out_dir):
    proc = subprocess.run([sys.executable, os.path.join(HERE, "plot_scale.py"), json_path,
                           "--out", out_dir], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def series_in(svg_path):
    """{series name: number of points}; ET.parse fails on anything not well-formed."""
    root = ET.parse(svg_path).getroot()
    assert root.tag == SVG + "svg", root.tag
    found = {}
    for g in root.iter(SVG + "g"):
        if g.get("class") == "series":
            found[g.get("data-series")] = len(list(g.iter(SVG + "circle")))
    return found


def check_smoke(json_path, out_dir):
    with open(json_path, encoding="utf-8") as f:
        data = json.load(f)
    sizes = [k for k in data if k.startswith("items_") and not k.endswith("_dynamodb_local")]
    assert sizes, f"{json_path} has no size"
    run_plot(json_path, out_dir)
    expected = {  # ddb-local's series: the smoke measures every one at every size
        "getitem_p99.svg": ["ddb-local in process", "ddb-local HTTP, 1 connection",
                            "ddb-local HTTP, 16 connections"],
        "load_rate.svg": ["ddb-local in process", "ddb-local HTTP"],
        "startup.svg": ["ddb-local", "ddb-local reopen in process"],
        "disk.svg": ["ddb-local data.mdb / TableSizeBytes", "ddb-local data.mdb / (items + GSI1)"],
    }
    for file in CHART_FILES:
        found = series_in(os.path.join(out_dir, file))
        for name in expected[file]:
            assert found.get(name) == len(sizes), f"{file}: {name}: {found}"
        if not any(k.endswith("_dynamodb_local") for k in data):
            assert not any(n.startswith("DynamoDB Local") for n in found), f"{file}: {found}"
    print(f"smoke JSON: {len(CHART_FILES)} charts, {len(sizes)} size(s) each")


def check_skipped_size(out_dir):
    def ours(p99, load, start, disk):
        return {"get_p99_us_in_process": p99 / 50, "get_p99_us_http_1": p99,
                "get_p99_us_http_16": p99 * 8, "load_items_per_s_in_process": load * 2,
                "load_items_per_s_http": load, "startup_ms_first_answer": start,
                "open_ms_in_process": start / 20, "disk_per_table_byte": disk,
                "disk_per_item_and_gsi_byte": disk / 2}
    data = {"items_10000": ours(200, 40000, 5, 5.1), "items_100000": ours(230, 42000, 6, 4.6),
            "items_10000_dynamodb_local": {"get_p99_us_http_1": 2500, "get_p99_us_http_16": 9000,
                                           "load_items_per_s_http": 3000,
                                           "startup_ms_first_answer": 1900,
                                           "disk_per_table_byte": 3.2},
            "items_100000_dynamodb_local": {"load_items_per_s_http": 2900,
                                            "skipped": "over the budget"}}
    os.makedirs(out_dir, exist_ok=True)
    json_path = os.path.join(out_dir, "both.json")
    with open(json_path, "w", encoding="utf-8") as f:
        json.dump(data, f)
    run_plot(json_path, out_dir)
    found = series_in(os.path.join(out_dir, "getitem_p99.svg"))
    assert found == {"ddb-local in process": 2, "ddb-local HTTP, 1 connection": 2,
                     "ddb-local HTTP, 16 connections": 2, "DynamoDB Local HTTP, 1 connection": 1,
                     "DynamoDB Local HTTP, 16 connections": 1}, found
    found = series_in(os.path.join(out_dir, "load_rate.svg"))
    assert found["DynamoDB Local HTTP"] == 1, found  # the skipped size is no point
    print("both servers, one size skipped: the skipped point is left out")


def main():
    json_path, out_dir = sys.argv[1], sys.argv[2]
    check_smoke(json_path, os.path.join(out_dir, "smoke"))
    check_skipped_size(os.path.join(out_dir, "both"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
