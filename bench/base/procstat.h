/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * procstat.h - the guest's disturbance counters, put in the begin and end records as
 * dist.* fields (docs/protocol.md "Disturbance counters"): what else the kernel did while
 * the suite ran, from /proc/stat and getrusage().
 *
 * Contract:
 *  - ib_procstat_parse(buf, s) reads a /proc/stat text: the aggregate "cpu" line's steal,
 *    irq, softirq and the sum of its first eight fields (user..steal: the CPU time that
 *    passed, all CPUs, in USER_HZ ticks), the first number of "intr" and "softirq" (totals
 *    since boot), "ctxt" and "processes". A field the text lacks stays -1 (an old kernel
 *    has no steal column). Returns 0 when the cpu line was found, -1 otherwise.
 *  - ib_procstat_cpu(buf, name, s) reads only the cpu-time fields, of the line name ("cpu"
 *    the aggregate, "cpu1" one CPU; the host's reader uses it too); -1 when it is absent.
 *  - ib_procstat_read(s) parses /proc/stat and adds the suite's own voluntary and
 *    involuntary switches (getrusage self + children: the children that were waited for)
 *    and CLOCK_MONOTONIC in ns. On failure s->why says why ("/proc/stat: ENOENT") and the
 *    counters are -1; it never aborts.
 *  - ib_procstat_rec(r, s) appends the fields: dist.t_ns, dist.nvcsw, dist.nivcsw always;
 *    dist.cpu_ticks, dist.steal, dist.irq, dist.softirq, dist.intr, dist.softirqs,
 *    dist.ctxt, dist.processes when read (a -1 one is left out); dist.missing=<why> when
 *    /proc/stat could not be read.
 */
#ifndef IB_PROCSTAT_H
#define IB_PROCSTAT_H

#include <stdint.h>

#include "bench/base/record.h"

struct ib_procstat {
	int64_t cpu_ticks, steal, irq, softirq;   /* aggregate cpu line, USER_HZ ticks */
	int64_t intr, softirqs, ctxt, processes;  /* totals since boot */
	int64_t nvcsw, nivcsw;                     /* the suite: self + waited-for children */
	int64_t t_ns;                              /* CLOCK_MONOTONIC */
	char why[64];                              /* "" when /proc/stat was read */
};

int ib_procstat_parse(const char *buf, struct ib_procstat *s);
int ib_procstat_cpu(const char *buf, const char *name, struct ib_procstat *s);
void ib_procstat_read(struct ib_procstat *s);
void ib_procstat_rec(struct ib_rec *r, const struct ib_procstat *s);

#endif
