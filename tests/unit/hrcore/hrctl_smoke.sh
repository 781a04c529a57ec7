#!/bin/sh
# hrctl end to end on an embedded LMDB data directory: init, a small deterministic seed (twice,
# into two directories: the same seed gives the same first organisation), check finds no
# violation, and AP3 lists the seeded employees. Usage: hrctl_smoke.sh HRCTL
set -eu
HRCTL="$1"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
for run in a b; do
  "$HRCTL" --data-dir "$DIR/$run" init
  "$HRCTL" --data-dir "$DIR/$run" --json seed --seed 7 --orgs 3 --employees 30 --open-jobs 4 \
    --no-progress > "$DIR/$run.seed"
done
ORG_A=$(sed 's/.*"firstOrg":"\([0-9A-Z]*\)".*/\1/' "$DIR/a.seed")
ORG_B=$(sed 's/.*"firstOrg":"\([0-9A-Z]*\)".*/\1/' "$DIR/b.seed")
[ "$ORG_A" = "$ORG_B" ] || { echo "seed is not deterministic: $ORG_A vs $ORG_B"; exit 1; }
"$HRCTL" --data-dir "$DIR/a" check
COUNT=$("$HRCTL" --data-dir "$DIR/a" --json ap 3 --org "$ORG_A" | sed 's/.*"count":\([0-9]*\).*/\1/')
[ "$COUNT" = 30 ] || { echo "AP3 listed $COUNT employees, expected 30"; exit 1; }
# A UUID is refused by name.
if "$HRCTL" --data-dir "$DIR/a" ap 2 --org "$ORG_A" --emp 123e4567-e89b-12d3-a456-426614174000 2> "$DIR/err"; then
  echo "a UUID was accepted"; exit 1
fi
grep -q "is a UUID" "$DIR/err"
echo "hrctl smoke: ok"
