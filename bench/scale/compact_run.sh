#!/bin/bash
# What `ddb-local compact` saves at each size (docs/performance.md, "Bytes on disk"): loads the
# HR table in process with scale_bench, keeps the directories, and for each prints the raw
# LMDB lookup floor, compacts it (with its wall time and peak RSS), and prints the floor again.
#
#   bench/scale/compact_run.sh BUILD_DIR [SIZES] [DIR]
#   e.g. bench/scale/compact_run.sh build 10000,100000,1000000,10000000 /tmp/ddbemu-compact
set -euo pipefail
build=${1:?usage: compact_run.sh BUILD_DIR [SIZES] [DIR]}
sizes=${2:-10000,100000,1000000}
dir=${3:-/tmp/ddbemu-compact}
rm -rf "$dir"
# Without DDB_LOCAL_BIN scale_bench measures in process only: the load, then the directories.
env -u DDB_LOCAL_BIN "$build/bench/scale_bench" --sizes "$sizes" --tables 0 --connections 0 \
  --keep-dirs 1 --dir "$dir" > "$dir.load.txt"
sync
for n in ${sizes//,/ }; do
  echo "== $n items"
  "$build/bench/raw_lmdb_get" "$dir/$n"
  /usr/bin/time -f "compact: %e s wall, %M KiB max RSS" "$build/tools/ddb-local" compact "$dir/$n"
  sync
  "$build/bench/raw_lmdb_get" "$dir/$n"
done
rm -rf "$dir"
