#!/bin/sh
# hrctl end to end on an embedded LMDB data directory: init, a small deterministic seed (twice,
# into two directories: the same seed gives the same first organisation), check finds no
# violation, and AP3 lists the seeded employees. And as a newcomer meets it (issue 32, point 6):
# --help and -h print the usage, seed before init says to run init, and the progress bar is
# drawn only on a terminal. Usage: hrctl_smoke.sh HRCTL
set -eu
HRCTL="$1"
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
for flag in --help -h help; do
  "$HRCTL" $flag > "$DIR/help" 2> "$DIR/help.err" || { echo "hrctl $flag failed"; exit 1; }
  grep -q "^usage: hrctl" "$DIR/help" || { echo "hrctl $flag printed no usage"; exit 1; }
  [ ! -s "$DIR/help.err" ] || { echo "hrctl $flag wrote to stderr"; cat "$DIR/help.err"; exit 1; }
done
"$HRCTL" seed --help > "$DIR/help"
grep -q "^usage: hrctl" "$DIR/help"
# seed before init: refused, naming the fix, and nothing created.
if "$HRCTL" --data-dir "$DIR/none" seed --orgs 1 2> "$DIR/err"; then
  echo "seed without a table succeeded"; exit 1
fi
grep -q "does not exist: run \`hrctl init\` first" "$DIR/err" || { cat "$DIR/err"; exit 1; }
"$HRCTL" --data-dir "$DIR/none" --json check > /dev/null 2>&1 && { echo "check found a table"; exit 1; }
# Without --no-progress and with stderr a file: no bar (no carriage return, no "[###").
"$HRCTL" --data-dir "$DIR/bar" init
"$HRCTL" --data-dir "$DIR/bar" seed --seed 3 --orgs 2 --employees 5 --open-jobs 1 > /dev/null \
  2> "$DIR/bar.err"
if grep -q "#" "$DIR/bar.err" || tr -d '\n' < "$DIR/bar.err" | grep -q "$(printf '\r')"; then
  echo "a progress bar was drawn into a file"; exit 1
fi
# Throttling on (--throttle): 300 hires into one organisation write some 3,500 WCU, more than
# its partition takes in a second, so calls are throttled; hrctl retries them as the SDKs do
# and the seed completes (it failed on the first throttle before), having waited for capacity.
"$HRCTL" --data-dir "$DIR/hot" init
"$HRCTL" --data-dir "$DIR/hot" --json seed --throttle --orgs 1 --employees 300 --open-jobs 2 \
  --no-progress > "$DIR/hot.seed" || { echo "a throttled seed failed"; exit 1; }
grep -q '"employees":300,' "$DIR/hot.seed" || { cat "$DIR/hot.seed"; exit 1; }
WAITED=$(sed 's/.*"seconds":\([0-9.]*\).*/\1/' "$DIR/hot.seed")
awk -v s="$WAITED" 'BEGIN { exit !(s >= 0.5) }' || { echo "no throttle was met ($WAITED s)"; exit 1; }
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
# cost finds the seeded organisations (its Scan pages through ScanItems) and prices them.
"$HRCTL" --data-dir "$DIR/a" cost > "$DIR/cost"
grep -q "3 orgs" "$DIR/cost" || { cat "$DIR/cost"; echo "cost did not find the 3 orgs"; exit 1; }
grep -q "^AP3 list employees" "$DIR/cost" || { cat "$DIR/cost"; exit 1; }
echo "hrctl smoke: ok"
