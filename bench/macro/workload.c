/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * workload.c - what the macro workloads share (contract in workload.h).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/macro/workload.h"

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

void ib_macro_first_line(const char *path, char *out, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? 0 : read(fd, out, cap - 1);

	if (fd >= 0)
		close(fd);
	out[n > 0 ? n : 0] = 0;
	out[strcspn(out, "\n")] = 0;
}
