#!/bin/sh
# `hrctl hotspots viral-tenant --clock real`: hrctl starts ddb-local with the scaled-down split
# for heat the scenario needs (--split-for-heat 5,50), and on the real clock the employees'
# partition splits during the run. Usage: the script HRCTL DDB_LOCAL
set -eu
HRCTL="$1"
DDB_LOCAL="$2"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
"$HRCTL" hotspots viral-tenant --clock real --ddb-local "$DDB_LOCAL" --out "$DIR" > "$DIR/out"
grep -q "scaled-down timing: --split-for-heat 5,50" "$DIR/summary.txt" \
  || { echo "the server's settings are not stated"; cat "$DIR/summary.txt"; exit 1; }
grep -q "employees' partition split in s" "$DIR/summary.txt" \
  || { echo "no split for heat on the real clock"; cat "$DIR/summary.txt"; exit 1; }
# The timeline's partition count rises above the new table's 4.
awk -F, 'NR > 1 && $6 > 4 { found = 1 } END { exit found ? 0 : 1 }' \
  "$DIR/viral-tenant-split-for-heat-timeline.csv" \
  || { echo "the timeline shows no split"; cat "$DIR/viral-tenant-split-for-heat-timeline.csv"; exit 1; }
echo "ok"
