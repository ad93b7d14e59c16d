#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-sched.sh - do the Scheduler benchmarks (bench/sched/) make the calls their records
# claim?
#
# Thin glue over check-counts.sh (same rule: see its header), one strace run per line.
# sched_pipe, sched_pipe_thread: a round trip is one write() and one read() on each side
# (*2). hackbench_*: one run (iters=1, a fixed amount of work, no sizing) at 1 group and 10
# loops is 20 x 20 x 10 = 4000 messages of one write() and one read() each (never split
# on this path), plus one ready write() and one ready read() per task (40) and the start
# byte's write() and read(): 4000..4041 per run. Five samples (REPS=5), not 51: a run is
# 8000 traced calls, the whole check about 1 s natively.
#
# usage: check-sched.sh [SUITE]   (default: out/bench/ibsuite; needs strace; 77 without it)
set -u

here=$(dirname "$0")
SUITE=${1:-${O:-out}/bench/ibsuite}

# BENCH|CHECKS
RUNS="sched_pipe,sched_pipe_thread|write:sched_pipe*2+sched_pipe_thread*2 read:sched_pipe*2+sched_pipe_thread*2
hackbench_proc_sock|write:hackbench_proc_sock*4000-4041 read:hackbench_proc_sock*4000-4041
hackbench_proc_pipe|write:hackbench_proc_pipe*4000-4041 read:hackbench_proc_pipe*4000-4041
hackbench_thread_sock|write:hackbench_thread_sock*4000-4041 read:hackbench_thread_sock*4000-4041"

export RUNS
REPS=${REPS:-5} SUITE_ARGS="--hackbench_groups=1 --hackbench_loops=10" exec sh "$here/check-counts.sh" "$SUITE"
