#!/bin/sh
# ddb-local raises its soft descriptor limit to the hard one at start (issue 36: 1,000
# connections), so a shell's soft limit of 1,024 does not bound it at 960 connections: the
# banner's bound is the hard limit less the 64 descriptors kept for the database and listener
# (at most 65,536).
set -eu
DDB_LOCAL="$1"
HARD=$(sh -c 'ulimit -Hn')
[ "$HARD" = unlimited ] && HARD=1048576
[ "$HARD" -gt 1024 ] || { echo "the hard limit is $HARD: nothing to raise here"; HARD=1024; }
OUT=$(sh -c "ulimit -Sn 1024; exec timeout -s INT 3 \"$DDB_LOCAL\" -inMemory -port 0" 2>/dev/null || true)
BOUND=$(printf '%s\n' "$OUT" | sed -n 's/.* threads, \([0-9]*\) connections at most.*/\1/p')
[ -n "$BOUND" ] || { printf '%s\n' "$OUT"; echo "no connection bound in the banner"; exit 1; }
EXPECTED=$((HARD - 64))
[ "$EXPECTED" -gt 65536 ] && EXPECTED=65536
[ "$BOUND" = "$EXPECTED" ] || { echo "bound $BOUND, expected $EXPECTED (hard limit $HARD)"; exit 1; }
echo "descriptor limit: soft 1024 raised; $BOUND connections at most"
