#!/usr/bin/env bash
# Seconds from `git clone` to the first request ddb-local answers, as a new user meets it:
# `tools/dev serve` on a fresh clone, with no compiler cache and no cached profile (the Debian
# packages installed beforehand, as the README's package line does). docs/performance.md
# reports its figure; measure on a quiet machine (nothing else building).
#
#   bench/fresh_clone_serve.sh [REPO]   default: this checkout
#
# The poll is a raw HTTP ListTables on a socket every 0.25 s (Python's standard library, a few
# milliseconds of CPU each), so that polling takes nothing measurable from the build.
set -euo pipefail

repo="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
work="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
serve_pid=""
cleanup() {
  [[ -n "$serve_pid" ]] && kill -- -"$serve_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

start=$(date +%s.%N)
git clone -q "$repo" "$work/ddb"
# A new process group, so that the cleanup stops the build or the server, whichever runs.
XDG_CACHE_HOME="$work/cache" CCACHE_DISABLE=1 \
  setsid "$work/ddb/tools/dev" serve -port "$port" >"$work/serve.log" 2>&1 &
serve_pid=$!

python3 - "$port" "$serve_pid" <<'EOF'
import socket, sys, time, os
port, pid = int(sys.argv[1]), int(sys.argv[2])
body = b"{}"
request = (b"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n"
           b"X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
           b"Authorization: AWS4-HMAC-SHA256 Credential=k/20260101/us-east-1/dynamodb/aws4_request, "
           b"SignedHeaders=host, Signature=0\r\nContent-Length: 2\r\n\r\n" + body)
while True:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        sys.exit("tools/dev serve exited before answering")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
            s.sendall(request)
            reply = s.recv(4096)
            if reply.startswith(b"HTTP/1.1 200") and b"TableNames" in reply:
                break
    except OSError:
        pass
    time.sleep(0.25)
EOF
end=$(date +%s.%N)
printf 'fresh clone to first answered ListTables: %.0f s\n' "$(echo "$end - $start" | bc)"
