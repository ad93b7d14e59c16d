/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * launch.h - what `initbench run` knows about one boot, and the launch facts it stores
 * (results.json "launch", docs/launch.md).
 *
 * ib_launch_kernel_config() looks for the kernel's .config (host/boot/kernel.h): when one
 * belongs to the kernel it is copied into the boot directory as kernel.config, its CRC-32
 * goes into rc->kconfig_crc and, as initbench.kconfig=XXXXXXXX, onto the knob words of the
 * command line (so the begin record's cmdline names it); rc->kconfig is "" without one.
 * With dir NULL (a dry run) nothing is copied.
 * ib_launch_json() builds the launch facts of boot num from the command line used, what the
 * console saw, the verdict and the start time, with the run's host CPU lock (host_cpu_lock:
 * the first CPU's file, waited_s over the whole set, the first waited_for; null without a
 * lock), the pinned set and its lock files (host_cpus, host_cpu_locks: --smp N > 1 pins to N
 * CPUs; null unpinned), the guest's vCPUs (smp: QEMU's -smp, 1 for UML, null native) and the
 * boot's disturbance (cpuwatch.h; unpinned is a guest launcher's --host-cpu -1, never
 * native's, whose suite pins itself) with the host's load and the context switches around
 * it (hostload.h, from rc->load0 and rc->load1).
 */
#ifndef IB_LAUNCH_H
#define IB_LAUNCH_H

#include <time.h>

#include <jansson.h>

#include "host/launch/campaign.h"
#include "host/launch/cpulock.h"
#include "host/launch/cpuwatch.h"
#include "host/launch/hostload.h"
#include "host/boot/console.h"
#include "host/boot/qemu.h"
#include "host/launch/runopts.h"

struct ib_run_ctx {
	struct ib_run_opts *o;
	int kind;                   /* IB_KERNEL_*, 0 for native */
	const char *launcher;       /* qemu, uml, native */
	char knobs[4096];           /* initbench.K=V words */
	char kconfig[4096];         /* the kernel's .config, "" if none was found */
	unsigned kconfig_crc;
	struct ib_accel_state accel;
	char *label_dir;
	struct ib_campaign *camp;   /* NULL outside a campaign */
	unsigned pos;               /* 1-based position in camp */
	double est_s;               /* wall time of the label's last complete boot, -1: none */
	char fs_img[4096];          /* this boot's --fs disk image (host/boot/fsimage.h), or "" */
	const struct ib_cpulock *lock;   /* the run's host CPU locks (o->nhost_cpus of them, in
					  * the order of o->host_cpus), NULL when none */
	struct ib_cpuwatch watch;   /* this boot's samples of others on our CPU */
	struct ib_hostload load0, load1;   /* the host's load at the boot's start and end */
};

void ib_launch_kernel_config(struct ib_run_ctx *rc, const char *dir);
json_t *ib_launch_json(struct ib_run_ctx *rc, unsigned num, char *const *argv,
		       const struct ib_console_result *r, const char *probe_log, int verdict,
		       time_t started);

#endif
