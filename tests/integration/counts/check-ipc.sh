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
# RPC: lmbench's library polls before each read, so the RPC/UDP and RPC/TCP columns
# (lat_rpc_*_poll) make per call: UDP a poll() on each side (client send, poll, recv;
# server poll, recvfrom, sendto), TCP three (client write, poll, read; server poll as its
# dispatcher, poll, read, write); the variants without poll (lat_rpc_udp, lat_rpc_tcp) make
# none (*0: at most the slack in the whole run). musl's poll() is SYS_poll on x86-64, ppoll
# where there is none.
# lmbench 3's lat_fifo: the pipe's round trip through two named FIFOs (read and write twice
# per operation). lat_sem: one semop() of two operations on each side per round trip, so
# semop twice per operation (semtimedop where a libc makes semop() that call); a semop per
# take and per post would count 4.
# lat_fcntl: two fcntl() per operation in the benchmark process (take one lock, release the
# other) and up to two in the partner, which lmbench's order lets fall behind (who blocks
# depends on the scheduler, bench/README.md; under strace: 2112 calls where 4 per operation
# would be 2288..2792), so 2 to 4 (*2-4). lat_unix_connect: one socket() and one connect()
# per operation, all the client's; the server's accept() and close() are not counted: up to
# the listen backlog (100) connections may still be queued when the run ends (seen: accept
# 493 for 572 operations). bw_udp: one request and `chunks` datagrams per operation, all sent with
# send()/sendto() and received with recv()/recvfrom() (musl: sendto, recvfrom): sendto and
# recvfrom each chunks + 1 times.
# The Placement variants make the same calls as their lmbench columns, wherever they run.
#
# usage: check-ipc.sh [SUITE]   (default: out/bench/ibsuite; needs strace; 77 without it)
set -u

here=$(dirname "$0")
SUITE=${1:-${O:-out}/bench/ibsuite}

# BENCH|CHECKS
RUNS="lat_pipe|read:lat_pipe*2 write:lat_pipe*2
lat_unix|read:lat_unix*2 write:lat_unix*2
lat_udp|sendto:lat_udp*2 recvfrom:lat_udp*2
lat_rpc_udp_poll|sendto:lat_rpc_udp_poll*2 recvfrom:lat_rpc_udp_poll*2 poll|ppoll:lat_rpc_udp_poll*2
lat_rpc_udp|sendto:lat_rpc_udp*2 recvfrom:lat_rpc_udp*2 poll|ppoll:lat_rpc_udp*0
lat_tcp|read:lat_tcp*2 write:lat_tcp*2
lat_rpc_tcp_poll|read:lat_rpc_tcp_poll*2 write:lat_rpc_tcp_poll*2 poll|ppoll:lat_rpc_tcp_poll*3
lat_rpc_tcp|read:lat_rpc_tcp*2 write:lat_rpc_tcp*2 poll|ppoll:lat_rpc_tcp*0
lat_tcp_conn|connect:lat_tcp_conn setsockopt:lat_tcp_conn+lat_tcp_conn_base
lat_fifo|read:lat_fifo*2 write:lat_fifo*2
lat_sem|semop|semtimedop:lat_sem*2
lat_fcntl|fcntl:lat_fcntl*2-4
lat_unix_connect|socket:lat_unix_connect connect:lat_unix_connect
bw_udp|sendto:bw_udp*chunks+bw_udp recvfrom:bw_udp*chunks+bw_udp
bw_pipe|write:bw_pipe
bw_unix|write:bw_unix
lat_pipe_same|read:lat_pipe_same*2 write:lat_pipe_same*2
lat_pipe_cross|read:lat_pipe_cross*2 write:lat_pipe_cross*2
lat_unix_cross|read:lat_unix_cross*2 write:lat_unix_cross*2
lat_tcp_cross|read:lat_tcp_cross*2 write:lat_tcp_cross*2
bw_pipe_cross|write:bw_pipe_cross"

# a one-CPU host has no cross-CPU placement: those runs are skipped by the suite, not checked
if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	echo "# one CPU online: the _cross Placement runs are not checked"
	RUNS=$(echo "$RUNS" | grep -v '^[a-z_]*_cross|')
fi

export RUNS
exec sh "$here/check-counts.sh" "$SUITE"
