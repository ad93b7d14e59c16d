#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-fs.sh - do the file benchmarks (bench/fs/: lat_fs.c, lat_fs_tree.c, lat_vm.c, bw_file.c,
# bw_lmdd.c)
# make the syscalls their records claim? Thin glue over check-counts.sh (same rule and bounds),
# one strace run per line below, so that benchmarks sharing a syscall do not mix:
#   fs_0k, fs_10k (lmbench 2.0: 1000 files per round, the count fixed, no sizing), per file
#     open|openat|creat  one creat()          fs_flat_create_<K>k
#     write              one, even of 0 bytes fs_flat_create_<K>k (lmbench writes for 0K too)
#     close              one                  fs_flat_create_<K>k
#     unlink|unlinkat    one                  fs_flat_delete_<K>k
#   fs_tree_0k, fs_tree_10k (lmbench 3.0's tree): open per created file, unlink per deleted
#   kill          prot_fault_kill0 + prot_fault_base (kill(pid, 0); kill(pid, SIGSEGV))
#   rt_sigreturn  one per fault or delivered signal: prot_fault + prot_fault_base
#   munmap        one per mapping: mmap_lat + page_fault_base + page_fault_pass
#   msync         one per page-fault pass: page_fault_base + page_fault_pass
#   bw_file_rd, bw_file_reread (bench/fs/bw_file.c): one pass reads the file in 64 KB chunks,
#     read  `chunks` (the record's parameter: size / 64 KB) per pass; the untimed read-back
#           that caches the file is one pass more, inside the sizing bound
#   bw_file_wr_fsync (bench/fs/bw_lmdd.c, lmbench 3's lmdd): per operation 1024 write()s of
#     8 KB, one fsync, one ftruncate (untimed, the O_TRUNC of lmdd's open)
# The few calls outside the loops (the begin record's /proc reads, the scratch files'
# mkostemp/unlink, the records' own writes, malloc's munmaps) fall within check-counts.sh's
# SLACK. A create that makes one call too many or too few fails: 1000 x (reps + 1) calls
# against a bound of 10 x 1000 + SLACK above them (reps 11 there, 51 for the others).
# usage: check-fs.sh [SUITE]; exit as check-counts.sh (77 without strace).
set -u
here=$(dirname "$0")
SUITE=${1:-${O:-out}/bench/ibsuite}

# BENCHES|CHECKS
RUNS="fs_0k|open|openat|creat:fs_flat_create_0k write:fs_flat_create_0k close:fs_flat_create_0k unlink|unlinkat:fs_flat_delete_0k
fs_10k|open|openat|creat:fs_flat_create_10k write:fs_flat_create_10k close:fs_flat_create_10k unlink|unlinkat:fs_flat_delete_10k
fs_tree_0k,fs_tree_10k|open|openat:fs_create_0k+fs_create_10k unlink|unlinkat:fs_delete_0k+fs_delete_10k
mmap_lat,prot_fault,page_fault|kill:prot_fault_kill0+prot_fault_base rt_sigreturn:prot_fault+prot_fault_base munmap:mmap_lat+page_fault_base+page_fault_pass msync:page_fault_base+page_fault_pass
bw_file_rd,bw_file_reread|read:bw_file_rd*chunks+bw_file_reread*chunks
bw_file_wr_fsync|write:bw_file_wr_fsync*1024 fsync:bw_file_wr_fsync ftruncate:bw_file_wr_fsync"

fail=0
echo "$RUNS" | {
	while IFS='|' read -r benches checks; do
		# no sizing for lmbench 2.0's rounds: 11 of them (12000 calls) are enough to catch
		# a call too many per file (24000 > 12000 + 10 x 1000 + SLACK), and quicker
		case $benches in fs_0k|fs_10k) reps=11 ;; *) reps=51 ;; esac
		echo "# $benches (reps=$reps)"
		REPS=$reps BENCHES=$benches CHECKS=$checks SELECT_CHECK= \
			sh "$here/check-counts.sh" "$SUITE"
		rc=$?
		[ "$rc" = 77 ] && exit 77
		[ "$rc" = 0 ] || fail=1
	done
	exit "$fail"
}
