/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * place.h - where the two processes of a Placement benchmark run, and the proof that they
 * ran there.
 *
 * The lmbench columns pin nothing (pin=0, the default): the scheduler places the processes.
 * The Placement benchmarks (2p/0K ctxsw, Pipe, AF UNIX, TCP latency, Pipe bandwidth) pin the
 * benchmark process and its peer themselves: both to one CPU ("same"), or to two different
 * CPUs ("cross"), whatever pin says.
 *
 *  - ib_place_remember(): keeps the calling process's affinity as the CPUs a benchmark may
 *    use. ib_pin_self() calls it before pin=1 pins the benchmark's child to one CPU, so that
 *    a pinned run still has its other CPUs for the cross variant.
 *  - ib_place_allowed(set): that remembered set, else the caller's affinity now; 0 or -errno.
 *  - ib_place_pick(allowed, prefer, cross, cpu): pure. cpu[0] is prefer when it is in the set,
 *    else the lowest CPU of the set; cpu[1] is cpu[0] (same), or the next CPU of the set after
 *    cpu[0], wrapping round (cross). Returns 0; -1 for an empty set; -2 when cross needs a
 *    second CPU and the set has one.
 *  - ib_place_count_list(list): pure. The number of CPUs in a kernel CPU list such as
 *    "0-3,6\n" (/sys/devices/system/cpu/online); -1 when it is not one.
 *  - ib_place_init(p, cross): picks with opts->cpu preferred and maps a shared page where
 *    each process says where it runs. IB_OK; IB_SKIP with the reason ("one CPU online", from
 *    /sys/devices/system/cpu/online, or "one CPU allowed" when the affinity, not the
 *    machine, leaves one); IB_FAIL (mmap).
 *  - ib_place_enter(p, who): the calling process (who 0: the benchmark process, before it
 *    forks its peer; who 1: the peer, first thing after the fork) pins itself to cpu[who]
 *    and stores what sched_getcpu() then says in the shared page (or the pinning error).
 *    who 0 also makes cpu[0] the `cpu` field of its `m` records. Returns 0 or -errno.
 *  - ib_place_check(p): after the measurement, in the benchmark process: both processes
 *    said they ran on their CPU, and sched_getcpu() still gives cpu[0] here. IB_OK, or
 *    IB_FAIL with the reason ("placement cross: the peer ran on CPU 0, not 1"; "... the peer
 *    never said where it ran").
 *  - ib_place_run(cross, fn, arg): a Placement benchmark's frame: ib_place_init(), this
 *    process onto cpu[0] (ib_place_enter(p, 0); failing that, the check's reason), then
 *    fn(p, arg), which forks the peer (that calls ib_place_enter(p, 1)), measures and returns
 *    ib_place_check()'s verdict or its own; then the page is freed. Returns IB_OK, IB_SKIP
 *    or IB_FAIL.
 *  - ib_place_params(p, buf, cap): "placement=same cpus=0,0" for the records; returns buf.
 *  - ib_place_free(p): unmaps the page (safe on a zeroed or freed struct).
 */
#ifndef IB_PLACE_H
#define IB_PLACE_H

#include <sched.h>   /* cpu_set_t: the includer defines _GNU_SOURCE */
#include <stddef.h>

struct ib_place {
	int cross;
	int cpu[2];          /* [0] the benchmark process, [1] its peer */
	volatile int *seen;  /* shared: sched_getcpu() of each, IB_PLACE_UNSEEN before */
};

#define IB_PLACE_UNSEEN (-1)
/* a pinning error -e is stored as IB_PLACE_ERR - e */
#define IB_PLACE_ERR (-1000)

void ib_place_remember(void);
int ib_place_allowed(cpu_set_t *set);
int ib_place_pick(const cpu_set_t *allowed, int prefer, int cross, int cpu[2]);
int ib_place_count_list(const char *list);
int ib_place_init(struct ib_place *p, int cross);
int ib_place_enter(struct ib_place *p, int who);
int ib_place_check(const struct ib_place *p);
int ib_place_run(int cross, int (*fn)(struct ib_place *p, void *arg), void *arg);
const char *ib_place_params(const struct ib_place *p, char *buf, size_t cap);
void ib_place_free(struct ib_place *p);

#endif
