#!/bin/sh
# `hrctl migrate` end to end on an embedded LMDB data directory: plan lists the three pending
# migrations, run applies them, status records them, verify finds no mismatch, check finds no
# violation, AP3 lists the same employees after the re-key, and the rollbacks the kinds do not
# allow are refused. Usage: hrctl_migrate_smoke.sh HRCTL
set -eu
HRCTL="$1"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
H() { "$HRCTL" --data-dir "$DIR/data" "$@"; }
H init
H --json seed --seed 7 --orgs 2 --employees 20 --open-jobs 2 --no-progress > "$DIR/seed"
ORG=$(sed 's/.*"firstOrg":"\([0-9A-Z]*\)".*/\1/' "$DIR/seed")
H --json ap 3 --org "$ORG" --limit 100 | grep -o "\"empId\":\"[0-9A-Z]*\"" | sort > "$DIR/before"
[ "$(wc -l < "$DIR/before")" -eq 20 ] || { echo "AP3 did not list the 20 seeded employees"; exit 1; }
[ "$(H --json migrate plan | grep -c '"name"')" = 3 ] || { echo "plan does not list 3 migrations"; exit 1; }
H migrate run --grace-ms 0 --fraction 1 --no-progress
[ "$(H --json migrate status | tr '{' '\n' | grep -c '"state":"applied"')" = 3 ] || {
  echo "not every migration is applied"; H migrate status; exit 1; }
for m in role-default employee-status-index employee-rekey; do H migrate verify "$m"; done
H migrate verify employee-rekey --repair | grep -q " 0 repaired, 0 mismatches" || {
  echo "verify --repair found something to repair after a clean run"; exit 1; }
H check
H --json ap 3 --org "$ORG" --limit 100 | grep -o "\"empId\":\"[0-9A-Z]*\"" | sort > "$DIR/after"
cmp "$DIR/before" "$DIR/after" || { echo "AP3 lists other employees after the re-key"; exit 1; }
if H migrate rollback role-default 2> "$DIR/err"; then echo "role-default rolled back"; exit 1; fi
grep -q "not reversible" "$DIR/err"
if H migrate rollback employee-rekey 2> "$DIR/err"; then echo "re-key rolled back"; exit 1; fi
grep -q "cannot be rolled back" "$DIR/err"
echo "hrctl migrate smoke: ok"
