/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpuwatch.h - did another benchmark run share our host CPU during a boot? (docs/usage.md
 * "Two runs at once")
 *
 * The CPU lock (cpulock.h) keeps two initbench runs of one lock directory apart; it cannot
 * stop an unpinned run (--host-cpu -1), an older initbench, a run with another lock directory,
 * or a hand-started QEMU. So during each boot ib_cpuwatch_tick() (called from the console's
 * tick, every ~50 ms) samples at most once a second: every thread of every other process whose
 * name (comm) starts with qemu-system, linux, vmlinux (UML), initbench or ibsuite is read from
 * /proc/PID/task/TID/stat, and counted when it is runnable (state R) and its processor field
 * (the CPU it last ran on) is ours. Ours are left out: this process, its children, and the
 * launcher's process group (launcher, its pid as console.c gives it, leads one). What is not
 * checked: processes of other names (a compile, a browser), threads that ran on our CPU between
 * two samples, and the host kernel's own work (interrupts, kthreads).
 * ib_cpuwatch_sample() takes one sample now; ib_cpuwatch_json() is the results.json
 * "disturbance" object (docs/launch.md): unpinned, cpu_shared, samples, shared_samples and
 * others ["PID COMM", ...] (at most IB_CPUWATCH_OTHERS), guest_run_s and guest_delay_s.
 *
 * The same tick, pinned or not, reads /proc/PID/task/TID/schedstat of every thread of the
 * launcher's process group (QEMU's threads, UML's processes): the time each ran and the time
 * it waited runnable on a host run queue (run_delay: what any other load on its CPU costs
 * it), kept per thread (at most IB_CPUWATCH_TASKS) and summed into guest_run_s and
 * guest_delay_s; null when the host has no schedstat (CONFIG_SCHED_INFO). A thread's last
 * second before it ended is not seen.
 */
#ifndef IB_CPUWATCH_H
#define IB_CPUWATCH_H

#include <sys/types.h>

#include <jansson.h>

#define IB_CPUWATCH_OTHERS 8
#define IB_CPUWATCH_TASKS 256

struct ib_cpuwatch {
	int cpu;                  /* -1: unpinned, nothing sampled */
	double last;              /* when the last sample was taken (monotonic s), 0 none */
	unsigned samples, shared; /* samples taken, those that found another on our CPU */
	unsigned nothers;
	struct { pid_t pid; char comm[16]; } other[IB_CPUWATCH_OTHERS];
	double dlast;             /* the last schedstat reading (monotonic s), 0 none */
	unsigned ntask;           /* threads of the guest seen in schedstat */
	struct { pid_t tid; unsigned long long run_ns, delay_ns; } task[IB_CPUWATCH_TASKS];
};

void ib_cpuwatch_start(struct ib_cpuwatch *w, int cpu);
void ib_cpuwatch_tick(struct ib_cpuwatch *w, pid_t launcher);
/* 1 when another was found on our CPU in this sample, 0 not, -1 /proc unreadable */
int ib_cpuwatch_sample(struct ib_cpuwatch *w, pid_t launcher);
json_t *ib_cpuwatch_json(const struct ib_cpuwatch *w, int unpinned);

#endif
