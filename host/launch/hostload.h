/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hostload.h - how busy the host was around one boot, for launch.disturbance (docs/launch.md):
 * the load averages (/proc/loadavg) at the boot's start and end, and the host's CPU time and
 * steal over the boot (/proc/stat, USER_HZ ticks), of all CPUs and of the CPU the guest was
 * pinned to.
 *
 * ib_hostload_take(s, cpu) fills a snapshot (cpu < 0: no per-CPU line); what cannot be read
 * stays -1 / NaN. ib_hostload_json(a, b, r, o) adds to the disturbance object o: load1_start,
 * load1_end, load5_end, host_cpu_ticks, host_steal_ticks (b - a over all CPUs),
 * pinned_cpu_ticks, pinned_steal_ticks (the pinned CPU's), guest_nvcsw, guest_nivcsw (the
 * launched QEMU/UML process, wait4) and launcher_nvcsw, launcher_nivcsw (initbench itself
 * during the boot, getrusage); null for each that could not be read.
 */
#ifndef IB_HOSTLOAD_H
#define IB_HOSTLOAD_H

#include <stdint.h>

#include <jansson.h>

#include "host/boot/console.h"

struct ib_hostload {
	double load1, load5;                  /* NaN unread */
	int64_t ticks, steal;                 /* all CPUs, -1 unread */
	int64_t cpu_ticks, cpu_steal;         /* the pinned CPU, -1 unread or unpinned */
};

void ib_hostload_take(struct ib_hostload *s, int cpu);
void ib_hostload_json(const struct ib_hostload *a, const struct ib_hostload *b,
		      const struct ib_console_result *r, json_t *o);

#endif
