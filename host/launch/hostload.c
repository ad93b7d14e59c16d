/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hostload.c - the host's load around one boot (contract in hostload.h).
 */
#define _GNU_SOURCE
#include "host/launch/hostload.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/base/procstat.h"

void ib_hostload_take(struct ib_hostload *s, int cpu)
{
	/* the host's intr line can be long: every interrupt line of a big machine */
	static char buf[1 << 18];
	struct ib_procstat p;
	char name[24];
	FILE *f = fopen("/proc/loadavg", "re");
	size_t n;

	s->load1 = s->load5 = NAN;
	s->ticks = s->steal = s->cpu_ticks = s->cpu_steal = -1;
	if (f) {
		if (fscanf(f, "%lf %lf", &s->load1, &s->load5) != 2)
			s->load1 = s->load5 = NAN;
		fclose(f);
	}
	if (!(f = fopen("/proc/stat", "re")))
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	if (!ib_procstat_cpu(buf, "cpu", &p)) {
		s->ticks = p.cpu_ticks;
		s->steal = p.steal;
	}
	snprintf(name, sizeof(name), "cpu%d", cpu);
	if (cpu >= 0 && !ib_procstat_cpu(buf, name, &p)) {
		s->cpu_ticks = p.cpu_ticks;
		s->cpu_steal = p.steal;
	}
}

static json_t *num(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static json_t *delta(int64_t a, int64_t b)
{
	return a < 0 || b < a ? json_null() : json_integer((json_int_t)(b - a));
}

static json_t *count(long v)
{
	return v < 0 ? json_null() : json_integer(v);
}

void ib_hostload_json(const struct ib_hostload *a, const struct ib_hostload *b,
		      const struct ib_console_result *r, json_t *o)
{
	if (!o)
		return;
	json_object_set_new(o, "load1_start", num(a->load1));
	json_object_set_new(o, "load1_end", num(b->load1));
	json_object_set_new(o, "load5_end", num(b->load5));
	json_object_set_new(o, "host_cpu_ticks", delta(a->ticks, b->ticks));
	json_object_set_new(o, "host_steal_ticks", delta(a->steal, b->steal));
	json_object_set_new(o, "pinned_cpu_ticks", delta(a->cpu_ticks, b->cpu_ticks));
	json_object_set_new(o, "pinned_steal_ticks", delta(a->cpu_steal, b->cpu_steal));
	json_object_set_new(o, "guest_nvcsw", count(r->child_nvcsw));
	json_object_set_new(o, "guest_nivcsw", count(r->child_nivcsw));
	json_object_set_new(o, "launcher_nvcsw", count(r->self_nvcsw));
	json_object_set_new(o, "launcher_nivcsw", count(r->self_nivcsw));
}
