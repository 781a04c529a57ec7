#!/bin/sh
# `hrctl cost` and `hrctl migrate plan` price the warm throughput (docs/capacity.md §6, §8): the
# one-off cost of raising the table's and its GSI's warm throughput from what DescribeTable
# reports (a new on-demand table: 12,000 reads and 4,000 writes per second) to --warm-read /
# --warm-write, at --warm-read-price / --warm-write-price dollars per million units raised (by
# default $0.25 / $1.25, an assumed price). The expected dollars are computed here from the
# rates. Usage: hrctl_warm_cost_smoke.sh HRCTL
set -eu
HRCTL="$1"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
H() { "$HRCTL" --data-dir "$DIR/data" "$@"; }
H init
H seed --seed 7 --orgs 1 --employees 5 --open-jobs 1 --no-progress > /dev/null
dollars() { awk -v r="$1" -v w="$2" -v rp="$3" -v wp="$4" -v n="$5" \
  'BEGIN { printf "%.6f", n * (r * rp + w * wp) / 1e6 }'; }
# The table and GSI1 each raised from 12,000/4,000 to 20,000/10,000: +8,000 reads, +6,000 writes.
EACH=$(dollars 8000 6000 0.25 1.25 1)
BOTH=$(dollars 8000 6000 0.25 1.25 2)
H --json cost --fraction 0.0005 --warm-read 20000 --warm-write 10000 > "$DIR/cost.json"
grep -q "\"warmThroughput\":{\"dollars\":$BOTH," "$DIR/cost.json" || {
  echo "cost: warm throughput is not \$$BOTH"; cat "$DIR/cost.json"; exit 1; }
grep -q '"resource":"table","currentReadUnitsPerSecond":12000,"currentWriteUnitsPerSecond":4000,"targetReadUnitsPerSecond":20000,"targetWriteUnitsPerSecond":10000,"readUnitsRaised":8000,"writeUnitsRaised":6000,"dollars":'"$EACH" \
  "$DIR/cost.json" || { echo "cost: the table's raise is not priced \$$EACH"; cat "$DIR/cost.json"; exit 1; }
grep -q '"resource":"GSI1",' "$DIR/cost.json" || { echo "cost: no GSI1 raise"; exit 1; }
# The text output shows it beside the request costs.
H cost --fraction 0.0005 --warm-read 20000 --warm-write 10000 > "$DIR/cost.txt"
grep -q "^warm throughput, charged once: \$$BOTH " "$DIR/cost.txt" || {
  echo "cost text: no warm throughput line"; cat "$DIR/cost.txt"; exit 1; }
grep -q "^  table: 12000/4000 -> 20000/10000 reads/writes per second, +8000 read and +6000 write units: \$$EACH" \
  "$DIR/cost.txt" || { echo "cost text: no table raise"; cat "$DIR/cost.txt"; exit 1; }
# Prices are flags; a target below the current value costs nothing (warm throughput never drops).
PRICED=$(dollars 8000 6000 1 2.5 2)
H --json cost --fraction 0.0005 --warm-read 20000 --warm-write 10000 --warm-read-price 1 \
  --warm-write-price 2.5 | grep -q "\"warmThroughput\":{\"dollars\":$PRICED," || {
  echo "cost: --warm-*-price not applied (expected \$$PRICED)"; exit 1; }
H --json cost --fraction 0.0005 --warm-write 100 | grep -q '"warmThroughput":{"dollars":0.000000,' || {
  echo "cost: a lower target was charged"; exit 1; }
# Without a target, what the described warm throughput is above a new table's: nothing here.
H --json cost --fraction 0.0005 | grep -q '"warmThroughput":{"dollars":0.000000,' || {
  echo "cost: a new table's warm throughput was charged"; exit 1; }
# migrate plan: every pending migration's plan carries the same price.
H --json migrate plan --warm-read 20000 --warm-write 10000 > "$DIR/plan.json"
[ "$(grep -c "\"warmThroughput\":{\"dollars\":$BOTH," "$DIR/plan.json")" = 3 ] || {
  echo "migrate plan: not 3 plans priced \$$BOTH"; cat "$DIR/plan.json"; exit 1; }
H migrate plan --warm-write 10000 > "$DIR/plan.txt"
WRITES=$(dollars 0 6000 0.25 1.25 2)
grep -q "^  warm throughput, charged once: \$$WRITES " "$DIR/plan.txt" || {
  echo "migrate plan text: no warm throughput line (\$$WRITES)"; cat "$DIR/plan.txt"; exit 1; }
echo "hrctl warm throughput cost: ok"
