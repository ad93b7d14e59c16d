#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-core.sh - do the Core operations (bench/core/) make the calls their records claim?
#
# Thin glue over check-counts.sh (same rule, same sizing bound: see its header), one strace
# run per benchmark. clock_sys and getrandom make one system call per operation; clock_vdso
# makes none (*0: at most the slack in the whole run), which is the proof that libc served
# it from the vDSO (a libc that fell back to the system call would count one per operation).
# sched_yield: one call per operation. eventfd_pp: a round trip is one write() and one
# read() on each side (*2).
#
# usage: check-core.sh [SUITE]   (default: out/bench/ibsuite; needs strace; 77 without it)
set -u

here=$(dirname "$0")
SUITE=${1:-${O:-out}/bench/ibsuite}

# BENCH|CHECKS
RUNS="clock_vdso|clock_gettime:clock_vdso*0
clock_sys|clock_gettime:clock_sys
getrandom|getrandom:getrandom
sched_yield|sched_yield:sched_yield
eventfd_pp|read:eventfd_pp*2 write:eventfd_pp*2"

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
