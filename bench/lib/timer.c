/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timer.c - CLOCK_MONOTONIC, its cost and resolution (contract in timer.h).
 */
#define _GNU_SOURCE
#include <time.h>

#include "bench/lib/timer.h"

uint64_t ib_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int ib_timer_measure(struct ib_timer *t)
{
	struct timespec res;
	uint64_t start = ib_now_ns(), limit = (uint64_t)IB_TIMER_MAX_MS * 1000000u;
	uint64_t min_pair = UINT64_MAX, min_step = UINT64_MAX;

	if (clock_gettime(CLOCK_MONOTONIC, &res) != 0)
		return -1;
	for (int i = 0; i < IB_TIMER_PAIRS; i++) {
		uint64_t a = ib_now_ns();
		uint64_t b = ib_now_ns();
		if (b - a < min_pair)
			min_pair = b - a;
		if ((i & 63) == 63 && b - start > limit / 2)
			break;
	}
	/* resolution: spin until the clock moves, keep the smallest step */
	for (int i = 0; i < IB_TIMER_STEPS; i++) {
		uint64_t a = ib_now_ns(), b;
		unsigned spins = 0;
		do {
			b = ib_now_ns();
		} while (b == a && ++spins < 10000000u);
		if (b > a && b - a < min_step)
			min_step = b - a;
		if (b - start > limit)
			break;
	}
	if (min_pair == 0) {
		/* coarse clock: mean over a stretch of back-to-back reads */
		uint64_t n = 0, a = ib_now_ns(), b = a;
		while (b - a < 100 * (min_step == UINT64_MAX ? 1000000u : min_step) && n < 10000000u) {
			b = ib_now_ns();
			n++;
		}
		t->cost_ns = n ? (double)(b - a) / (double)n : 0;
	} else {
		t->cost_ns = (double)min_pair;
	}
	if (clock_getres(CLOCK_MONOTONIC, &res) == 0) {
		uint64_t r = (uint64_t)res.tv_sec * 1000000000u + (uint64_t)res.tv_nsec;
		/*
		 * A step no longer than two reads says how slow reading is (UML: every read
		 * is a ptrace round trip), not how coarse the clock is: then the clock is at
		 * least as fine as that step, and finer if clock_getres() says so. A step
		 * clearly above the read cost is a coarse clock (jiffies) and is kept.
		 * clock_getres() alone is no bound from below: without high-resolution timers
		 * (or before the kernel switched to them) it reports the tick, 4 ms at HZ=250,
		 * while a continuous clocksource (the TSC) still reads in nanoseconds.
		 */
		if (min_step == UINT64_MAX)
			min_step = r;
		else if ((double)min_step <= 2 * t->cost_ns && r < min_step)
			min_step = r;
	}
	if (min_step == UINT64_MAX || min_step == 0)
		min_step = 1;
	t->res_ns = (double)min_step;
	return 0;
}
