#!/bin/bash
# The server's CPU time per request under an 8 s closed loop at 16 connections: robust where
# throughput is not (a machine shared with other work). Reads the server's utime+stime.
#   bench/loadgen/cpu_per_request.sh SERVER_PID PORT REQUESTS_FILE [KEEPALIVE_LOAD_BINARY]
pid=$1; port=$2; file=$3; load=${4:-build/bench/keepalive_load}
hz=$(getconf CLK_TCK)
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
line=$($load run $port 16 8 $file 2>/dev/null)
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
python3 -c "
import re
line='''$line'''
n=int(re.search(r'requests (\d+)',line).group(1)); rps=float(re.search(r'req/s (\d+)',line).group(1))
cpu=($t1-$t0)/$hz
print(f'port $port: {rps:.0f} req/s, {n} requests, server cpu {cpu:.2f} s = {cpu*1e6/n:.1f} us/request  | {line}')"
