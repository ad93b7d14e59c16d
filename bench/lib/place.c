/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * place.c - the Placement benchmarks' CPUs: choice, pinning, proof (contract in place.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/measure.h"
#include "bench/lib/place.h"

static cpu_set_t remembered;
static int have_remembered;

void ib_place_remember(void)
{
	have_remembered = sched_getaffinity(0, sizeof(remembered), &remembered) == 0;
}

int ib_place_allowed(cpu_set_t *set)
{
	if (have_remembered) {
		*set = remembered;
		return 0;
	}
	return sched_getaffinity(0, sizeof(*set), set) ? -errno : 0;
}

int ib_place_pick(const cpu_set_t *allowed, int prefer, int cross, int cpu[2])
{
	int first = -1;

	for (int c = 0; c < CPU_SETSIZE && first < 0; c++)
		if (CPU_ISSET(c, allowed))
			first = c;
	if (first < 0)
		return -1;
	cpu[0] = prefer >= 0 && prefer < CPU_SETSIZE && CPU_ISSET(prefer, allowed) ? prefer : first;
	cpu[1] = cpu[0];
	if (!cross)
		return 0;
	for (int k = 1; k < CPU_SETSIZE; k++) {
		int c = (cpu[0] + k) % CPU_SETSIZE;

		if (CPU_ISSET(c, allowed)) {
			cpu[1] = c;
			return 0;
		}
	}
	return -2;
}

int ib_place_count_list(const char *list)
{
	int n = 0;
	const char *p = list;

	while (*p && *p != '\n') {
		char *end;
		long a = strtol(p, &end, 10), b = a;

		if (end == p || a < 0)
			return -1;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1 || b < a)
				return -1;
			p = end;
		}
		n += (int)(b - a + 1);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return n;
}

/* CPUs online: /sys's list (musl's sysconf counts the affinity instead) */
static int cpus_online(void)
{
	char buf[256] = "";
	FILE *f = fopen("/sys/devices/system/cpu/online", "re");
	int n = -1;

	if (f) {
		if (fgets(buf, sizeof(buf), f))
			n = ib_place_count_list(buf);
		fclose(f);
	}
	return n > 0 ? n : (int)sysconf(_SC_NPROCESSORS_ONLN);
}

int ib_place_init(struct ib_place *p, int cross)
{
	cpu_set_t allowed;
	int e;
	void *page;

	memset(p, 0, sizeof(*p));
	p->cross = cross;
	e = ib_place_allowed(&allowed);
	if (e) {
		ib_reason("sched_getaffinity: %s", strerror(-e));
		return IB_FAIL;
	}
	e = ib_place_pick(&allowed, ib_opts->cpu, cross, p->cpu);
	if (e == -2) {
		/* the machine or the affinity: say which, the fix differs */
		ib_reason(cpus_online() > 1 ? "one CPU allowed" : "one CPU online");
		return IB_SKIP;
	}
	if (e) {
		ib_reason("no CPU allowed");
		return IB_FAIL;
	}
	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		ib_reason("mmap: %s", strerror(errno));
		return IB_FAIL;
	}
	p->seen = page;
	p->seen[0] = p->seen[1] = IB_PLACE_UNSEEN;
	return IB_OK;
}

int ib_place_enter(struct ib_place *p, int who)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(p->cpu[who], &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		int e = errno;

		p->seen[who] = IB_PLACE_ERR - e;
		return -e;
	}
	/* the affinity holds from here on: the kernel has moved us already */
	p->seen[who] = sched_getcpu();
	if (who == 0)
		ib_harness_placed_cpu = p->cpu[0];
	return 0;
}

static int seen_ok(const struct ib_place *p, int who, const char *name)
{
	int s = p->seen[who];

	if (s == p->cpu[who])
		return 1;
	if (s == IB_PLACE_UNSEEN)
		ib_reason("placement %s: the %s never said where it ran",
			  p->cross ? "cross" : "same", name);
	else if (s <= IB_PLACE_ERR)
		ib_reason("placement %s: the %s cannot be pinned to CPU %d: %s",
			  p->cross ? "cross" : "same", name, p->cpu[who], strerror(IB_PLACE_ERR - s));
	else
		ib_reason("placement %s: the %s ran on CPU %d, not %d", p->cross ? "cross" : "same",
			  name, s, p->cpu[who]);
	return 0;
}

int ib_place_check(const struct ib_place *p)
{
	int now = sched_getcpu();

	if (!seen_ok(p, 0, "benchmark process") || !seen_ok(p, 1, "peer"))
		return IB_FAIL;
	if (now != p->cpu[0]) {
		ib_reason("placement %s: the benchmark process ended on CPU %d, not %d",
			  p->cross ? "cross" : "same", now, p->cpu[0]);
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_place_run(int cross, int (*fn)(struct ib_place *p, void *arg), void *arg)
{
	struct ib_place place;
	int ret = ib_place_init(&place, cross);

	if (ret != IB_OK)
		return ret;
	ret = ib_place_enter(&place, 0) ? ib_place_check(&place) : fn(&place, arg);
	ib_place_free(&place);
	return ret;
}

const char *ib_place_params(const struct ib_place *p, char *buf, size_t cap)
{
	snprintf(buf, cap, "placement=%s cpus=%d,%d", p->cross ? "cross" : "same", p->cpu[0],
		 p->cpu[1]);
	return buf;
}

void ib_place_free(struct ib_place *p)
{
	if (p->seen)
		munmap((void *)p->seen, 4096);
	p->seen = NULL;
}
