#!/bin/sh
# `hrctl hotspots launch-day` and `viral-tenant` end to end, in process on the virtual clock: each
# writes its CSVs, timeline, heat maps, chart and summary, and the summary says what the model
# predicts (the pre-warmed table never throttles and is priced; the employees' partition splits
# and stops throttling while the one hot item keeps throttling). Usage: the script HRCTL
set -eu
HRCTL="$1"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
"$HRCTL" hotspots launch-day --out "$DIR/ld" > "$DIR/ld.out"
for f in launch-day.svg launch-day-on-demand.csv launch-day-on-demand-timeline.csv \
         launch-day-on-demand-heat.svg launch-day-warm-timeline.csv launch-day-warm-heat.svg \
         summary.txt; do
  [ -s "$DIR/ld/$f" ] || { echo "launch-day wrote no $f"; exit 1; }
done
grep -q "^launch-day/warm" "$DIR/ld/summary.txt"
# on-demand throttles, warm does not, and warm is priced.
grep -A4 "^launch-day/on-demand" "$DIR/ld/summary.txt" | grep -q "throttled requests: [1-9]" \
  || { echo "launch-day/on-demand did not throttle"; cat "$DIR/ld/summary.txt"; exit 1; }
grep -A4 "^launch-day/warm" "$DIR/ld/summary.txt" | grep -q "throttled requests: 0, in none" \
  || { echo "launch-day/warm throttled"; cat "$DIR/ld/summary.txt"; exit 1; }
grep -q "charged once: \$0.0350" "$DIR/ld/summary.txt" || { echo "no warm price"; exit 1; }
grep -q "not a partition" "$DIR/ld/launch-day-on-demand-heat.svg" \
  || { echo "the heat map shows no partitions appearing"; exit 1; }
"$HRCTL" hotspots viral-tenant --out "$DIR/vt" > "$DIR/vt.out"
[ -s "$DIR/vt/viral-tenant-split-for-heat-timeline.csv" ] || { echo "no viral timeline"; exit 1; }
grep -q "employees' partition split in s" "$DIR/vt/summary.txt" \
  || { echo "no split for heat"; cat "$DIR/vt/summary.txt"; exit 1; }
grep -q "employees' keys.*in its second, 0 after" "$DIR/vt/summary.txt" \
  || { echo "the employees kept throttling"; cat "$DIR/vt/summary.txt"; exit 1; }
grep "metrics item" "$DIR/vt/summary.txt" | grep -qv " 0 after" \
  || { echo "the hot item stopped throttling"; cat "$DIR/vt/summary.txt"; exit 1; }
echo "ok"
