#!/usr/bin/env bash
# The typed path against its floor in instructions per call, counted by callgrind: a figure
# that, unlike the benchmark's times, does not move with the load of a shared machine.
#
#   bench/typed_vs_floor.sh [build dir]     (default: build)
#
# Each pair runs one benchmark of ddbemu_bench under callgrind, collecting only inside the
# measured function (typed_client_bench.cc keeps the floors in non-inlined functions for this),
# and divides the instructions by the number of calls.
set -euo pipefail
BUILD="${1:-build}"
BENCH="$BUILD/bench/ddbemu_bench"
[[ -x "$BENCH" ]] || { echo "no $BENCH (build the ddbemu_bench target)" >&2; exit 1; }
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# per_call BENCHMARK FUNCTION-PATTERN [MIN-TIME]: prints instructions per call of the function.
# A Query of 100 items is slow under callgrind: with the default 0.05 s the benchmark makes a
# single call, whose first-call costs (symbol binding, the expression cache's miss) would count.
per_call() {
  valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" --toggle-collect="$2" \
    "$BENCH" --benchmark_filter="^$1\$" --benchmark_min_time="${3:-0.05}" >/dev/null 2>&1
  python3 - "$OUT/cg" "$2" <<'PY'
import fnmatch, re, sys
text = open(sys.argv[1]).read()
total = int(re.search(r'^summary: (\d+)', text, re.M).group(1))
names = dict(re.findall(r'^c?fn=\((\d+)\) (.*)$', text, re.M))
ids = {i for i, n in names.items() if fnmatch.fnmatch(n, sys.argv[2])}
calls = sum(int(n) for i, n in re.findall(r'^cfn=\((\d+)\).*\ncalls=(\d+)', text, re.M) if i in ids)
print(round(total / calls))
PY
}

floor_get=$(per_call BM_FloorLmdbGet '*FloorGet*')
typed_get=$(per_call BM_TypedGetItem '*EmbeddedClient::GetItem(ddbemu::GetItemRequest const&)')
floor_walk=$(per_call BM_FloorCursorWalk100 '*FloorWalk100*' 0.5)
typed_query=$(per_call BM_TypedQuery100 '*EmbeddedClient::Query(ddbemu::QueryRequest const&)' 0.5)
awk -v fg="$floor_get" -v tg="$typed_get" -v fw="$floor_walk" -v tq="$typed_query" 'BEGIN {
  printf "GetItem:  typed %d instructions, floor %d: %.2fx (target <= 3x)\n", tg, fg, tg / fg
  printf "Query100: typed %d instructions, floor %d: %.2fx (target <= 5x)\n", tq, fw, tq / fw
}'
