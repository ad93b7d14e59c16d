/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * placement.c - unpinning a macro workload (contract in placement.h).
 */
#define _GNU_SOURCE
#include <sched.h>

#include "bench/lib/bench.h"
#include "bench/macro/placement.h"

unsigned ib_macro_unpin(void)
{
	static struct ib_opts unpinned;
	cpu_set_t set;
	int n;

	unpinned = *ib_opts;
	unpinned.pin = 0;
	ib_opts = &unpinned;
	/* every CPU: the kernel keeps those of them the process may use */
	CPU_ZERO(&set);
	for (int i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? (unsigned)n : 1;
}
