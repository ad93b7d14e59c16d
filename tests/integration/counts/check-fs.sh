#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-fs.sh - do the File & VM benchmarks (bench/fs/lat_fs.c, bench/fs/lat_vm.c) make the
# syscalls their records claim? Thin glue over check-counts.sh (same rule and bounds):
#   open|openat   one per created file       fs_create_0k + fs_create_10k
#   unlink        one per deleted file       fs_delete_0k + fs_delete_10k (same n as create)
#   kill          prot_fault_kill0 + prot_fault_base (kill(pid, 0); kill(pid, SIGSEGV))
#   rt_sigreturn  one per fault or delivered signal: prot_fault + prot_fault_base
#   munmap        one per mapping: mmap_lat + page_fault_base + page_fault_pass
#   msync         one per page-fault pass: page_fault_base + page_fault_pass
# The few calls outside the loops (the scratch files' mkostemp/unlink, /proc/meminfo, the
# untimed page-fault pass, malloc's own munmaps) fall within check-counts.sh's SLACK.
# usage: check-fs.sh [SUITE]; exit as check-counts.sh (77 without strace).
set -eu
here=$(dirname "$0")
BENCHES=fs_0k,fs_10k,mmap_lat,prot_fault,page_fault
CHECKS="open|openat:fs_create_0k+fs_create_10k unlink|unlinkat:fs_delete_0k+fs_delete_10k"
CHECKS="$CHECKS kill:prot_fault_kill0+prot_fault_base rt_sigreturn:prot_fault+prot_fault_base"
CHECKS="$CHECKS munmap:mmap_lat+page_fault_base+page_fault_pass msync:page_fault_base+page_fault_pass"
SELECT_CHECK=
export BENCHES CHECKS SELECT_CHECK
exec sh "$here/check-counts.sh" "$@"
