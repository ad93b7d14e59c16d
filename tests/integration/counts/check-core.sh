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
# read() on each side (*2). futex_pp: one FUTEX_WAKE on each side per round trip, and a
# FUTEX_WAIT on a side only when the other has not answered yet (*2-4). thread_create: one clone() per thread, and one mprotect() (musl
# maps the stack with its guard and opens the stack part; its mmap and munmap are counted
# by the harness too, so they are not checked). poll_N, select_N, epoll_N: one call per operation (musl makes
# poll() SYS_poll and select() SYS_select on x86-64, ppoll and pselect6 elsewhere, and
# epoll_wait() SYS_epoll_pwait); the three sizes of each run together, none shares its call.
# read_N, write_N: one pread64 or pwrite64 per operation; pipe_rw_N: one write and one read;
# sendfile_64k: one sendfile and the one read that drains the socket; splice_64k: two splice
# (file to pipe, pipe to /dev/null); uring_nop: one io_uring_enter.
# big_fork: one fork (musl's fork() is SYS_fork on x86-64, clone elsewhere) and one wait4 per
# operation; exit_wait: one clone (CLONE_VFORK) and one wait4. mmap_*: one mmap and one munmap
# per operation, and one madvise(MADV_NOHUGEPAGE) in the _touch ones (their untimed trial is
# within the slack). mprotect: one call per operation.
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
eventfd_pp|read:eventfd_pp*2 write:eventfd_pp*2
futex_pp|futex:futex_pp*2-4
thread_create|clone:thread_create mprotect:thread_create
poll_10,poll_100,poll_1000|poll|ppoll:poll_10+poll_100+poll_1000
select_10,select_100,select_1000|select|pselect6:select_10+select_100+select_1000
epoll_10,epoll_100,epoll_1000|epoll_pwait|epoll_wait:epoll_10+epoll_100+epoll_1000
read_1,read_4k,read_64k|pread64:read_1+read_4k+read_64k
write_1,write_4k,write_64k|pwrite64:write_1+write_4k+write_64k
pipe_rw_1,pipe_rw_4k,pipe_rw_64k|write:pipe_rw_1+pipe_rw_4k+pipe_rw_64k read:pipe_rw_1+pipe_rw_4k+pipe_rw_64k
sendfile_64k|sendfile:sendfile_64k read:sendfile_64k
splice_64k|splice:splice_64k*2
uring_nop|io_uring_enter:uring_nop
big_fork|fork|clone:big_fork wait4:big_fork
exit_wait|clone:exit_wait wait4:exit_wait
mmap_4k,mmap_4k_touch,mmap_256m,mmap_256m_touch|mmap:mmap_4k+mmap_4k_touch+mmap_256m+mmap_256m_touch munmap:mmap_4k+mmap_4k_touch+mmap_256m+mmap_256m_touch madvise:mmap_4k_touch+mmap_256m_touch
mprotect|mprotect:mprotect"

export RUNS
exec sh "$here/check-counts.sh" "$SUITE"
