#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-ipc.sh - do the local communication latencies do the round trips their records claim?
#
# Thin glue over check-counts.sh (same rule, same sizing bound: see its header): one strace
# run per benchmark, so benchmarks that share a syscall (read/write) do not mix. A round trip
# is one call on each side, so each syscall is made twice per operation (METRIC*2).
# lat_tcp_conn: one connect() per operation, and one setsockopt() per operation in both the
# loop and its baseline (lat_tcp_conn_base).
# bw_pipe, bw_unix: one operation is one 64 KB chunk, written with one write() by the child
# (the parent's reads may split a chunk, so only writes are counted): with the harness's
# MB/s arithmetic (bytes * iters / interval, unit-tested in test_measure) this checks that
# the bytes the records claim were really moved.
#
# usage: check-ipc.sh [SUITE]   (default: out/bench/ibsuite; needs strace; 77 without it)
set -u

here=$(dirname "$0")
SUITE=${1:-${O:-out}/bench/ibsuite}

# BENCH|CHECKS
RUNS="lat_pipe|read:lat_pipe*2 write:lat_pipe*2
lat_unix|read:lat_unix*2 write:lat_unix*2
lat_udp|sendto:lat_udp*2 recvfrom:lat_udp*2
lat_tcp|read:lat_tcp*2 write:lat_tcp*2
lat_tcp_conn|connect:lat_tcp_conn setsockopt:lat_tcp_conn+lat_tcp_conn_base
bw_pipe|write:bw_pipe
bw_unix|write:bw_unix"

fail=0
echo "$RUNS" | {
	while IFS='|' read -r bench checks; do
		echo "# $bench"
		BENCHES=$bench CHECKS=$checks SELECT_CHECK= sh "$here/check-counts.sh" "$SUITE"
		rc=$?
		[ "$rc" = 77 ] && exit 77
		[ "$rc" = 0 ] || fail=1
	done
	exit "$fail"
}
