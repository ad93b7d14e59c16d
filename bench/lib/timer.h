/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timer.h - the suite's one clock and what it costs.
 *
 *  - ib_now_ns() (declared in bench.h) is CLOCK_MONOTONIC in ns.
 *  - ib_timer_measure() fills t once at suite start:
 *      cost_ns = the smallest difference of two back-to-back ib_now_ns() calls over many
 *                pairs; if the clock is too coarse for a pair to see anything (every pair
 *                reads 0), it is the mean of a long run of back-to-back reads instead;
 *      res_ns  = the smallest non-zero step seen while spinning on the clock; a step of
 *                at most two read costs only shows the read cost, so then the smaller of
 *                it and clock_getres(); never 0 (1 ns at worst). clock_getres() is not a
 *                lower bound: without high-resolution timers it says one tick (4 ms)
 *                although a TSC clocksource still reads in ns (see timer.c).
 *    It stops early after IB_TIMER_MAX_MS of wall time, so that a clock read of 75 us (UML
 *    unpinned, every read a syscall) cannot make it slow. Returns 0, or -1 if the clock
 *    does not work at all.
 */
#ifndef IB_TIMER_H
#define IB_TIMER_H

#include "bench/lib/bench.h"

#define IB_TIMER_PAIRS 4000
#define IB_TIMER_STEPS 200
#define IB_TIMER_MAX_MS 100

int ib_timer_measure(struct ib_timer *t);

#endif
