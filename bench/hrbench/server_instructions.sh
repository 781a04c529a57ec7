#!/usr/bin/env bash
# ddb-local's user-space instructions per request under an hrbench mix, counted by callgrind: a
# figure that, unlike ops/s and CPU time, does not move with the load of a shared machine, so
# that a change to the server's request path can be judged while other work runs.
#
#   bench/hrbench/server_instructions.sh [--mix read|write] [--seconds S] [--top N]
#       [--ddb-local BIN] [--hrbench BIN] [--keep DIR] [-- ddb-local flags...]
#
# The server runs under callgrind; hrbench seeds the table, records its requests, warms up, and
# then runs the mix for S seconds (default 20: some 15,000 requests at callgrind's pace). The
# counters are zeroed once hrbench has seeded and dumped when it is done; the instructions are
# divided by the Database::Call calls in between (every request the mix sent). The kernel's
# share (recv, sendmsg, epoll) is not counted: hrbench's CPU-time figures cover it.
set -euo pipefail
MIX=read SECONDS_RUN=20 TOP=0 KEEP=""
BIN=build/tools/ddb-local HRBENCH=build/bench/hrbench/hrbench
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mix) MIX="$2"; shift 2 ;;
    --seconds) SECONDS_RUN="$2"; shift 2 ;;
    --top) TOP="$2"; shift 2 ;;
    --ddb-local) BIN="$2"; shift 2 ;;
    --hrbench) HRBENCH="$2"; shift 2 ;;
    --keep) KEEP="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
OUT="${KEEP:-$(mktemp -d)}"
mkdir -p "$OUT"
[[ -n "$KEEP" ]] || trap 'rm -rf "$OUT"' EXIT
PORT=$((20000 + RANDOM % 20000))

valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.%p" --dump-instr=no \
  "$BIN" -port "$PORT" -inMemory --max-size-mib 1024 --throttle off "$@" >"$OUT/server.log" 2>&1 &
VG=$!
trap 'kill $VG 2>/dev/null || true; [[ -n "$KEEP" ]] || rm -rf "$OUT"' EXIT

# hrbench writes "seeded ..." once the table is full; the warm-up (4 s) then covers the
# recording of the requests and the zeroing, so that only the mix is counted.
"$HRBENCH" --endpoint "http://127.0.0.1:$PORT" --mix "$MIX" --connections 16 \
  --duration "$SECONDS_RUN" --warmup 4 --rounds 1 --orgs 32 --employees 60 --wait 120 \
  >"$OUT/hrbench.out" 2>"$OUT/hrbench.err" &
HB=$!
until grep -q '^seeded' "$OUT/hrbench.err" 2>/dev/null; do
  kill -0 $HB 2>/dev/null || { cat "$OUT/hrbench.err" >&2; exit 1; }
  sleep 0.2
done
sleep 2
callgrind_control -z "$VG" >/dev/null
wait $HB
callgrind_control -d "$VG" >/dev/null
kill $VG
wait $VG 2>/dev/null || true
DUMP=$(ls -t "$OUT"/cg.*.[0-9]* 2>/dev/null | head -1)
[[ -n "$DUMP" ]] || DUMP=$(ls -t "$OUT"/cg.* | head -1)
grep -E '^overall' "$OUT/hrbench.out" | awk '{printf "hrbench under callgrind: %s ops/s\n", $2}'
python3 - "$DUMP" "$TOP" <<'PY'
import re, sys, subprocess
path, top = sys.argv[1], int(sys.argv[2])
text = open(path).read()
total = sum(int(x) for x in re.findall(r'^totals: (\d+)', text, re.M)) or \
        int(re.search(r'^summary: (\d+)', text, re.M).group(1))
names = {}
for i, n in re.findall(r'^c?fn=\((\d+)\) (.*)$', text, re.M):
    names.setdefault(i, n)
call_ids = {i for i, n in names.items() if n.startswith('ddbemu::Database::Call(')}
calls = sum(int(n) for i, n in re.findall(r'^cfn=\((\d+)\).*\ncalls=(\d+)', text, re.M)
            if i in call_ids)
if calls == 0:
    sys.exit("no Database::Call counted")
print(f"requests {calls}, instructions {total}: {total / calls:,.0f} per request (user space)")
if top:
    out = subprocess.run(['callgrind_annotate', '--inclusive=yes', path], capture_output=True,
                         text=True).stdout
    shown = 0
    for line in out.splitlines():
        m = re.match(r'^\s*([\d,]+) \(\s*([\d.]+)%\)\s+(?:\?\?\?|\S*?\.\w+):(.*)$', line)
        if not m:
            continue
        ir = int(m.group(1).replace(',', ''))
        name = re.sub(r' \[/.*\]$', '', m.group(3).strip())
        print(f"{ir / calls:10,.0f} {float(m.group(2)):5.1f}%  {name[:140]}")
        shown += 1
        if shown >= top:
            break
PY
