/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vm.c - process and address-space operations of LEBench (Ren et al., SOSP 2019): a fork of
 * a big process, a process's exit and reap, mapping and unmapping anonymous memory, and
 * mprotect.
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per operation:
 *  - big_fork: fork(), the child _exit(0)s, waitpid(): lmbench's fork proc, by a parent that
 *    holds BIG_MB of private anonymous memory, every 4 KB page of it touched (MADV_NOHUGEPAGE,
 *    so the fork copies one page-table entry per page: LEBench's "big fork"). Params
 *    touched_mb, pages, trial_kb, trial_ms, shrunk_from_mb: touched_mb is 64 or 16 where
 *    touching BIG_MB would take over FORK_SLOW_MS (trials()). Skipped when MemAvailable is
 *    under BIG_MB + HEADROOM_MB.
 *  - exit_wait: a child's exit and its reap, without its fork. The child is made by
 *    clone(CLONE_VFORK | SIGCHLD) without CLONE_VM: a forked copy of this process (its own
 *    mm, as fork's) whose parent sleeps in the kernel until the child's mm is released. The
 *    child reads the clock, stores it in a shared page and _exit(0)s; the parent, woken,
 *    waitpid()s and reads the clock: the interval (one clock read subtracted) is the child's
 *    whole exit (mm teardown, files, the SIGCHLD, becoming a zombie) and the parent's reap,
 *    plus the parent's return from clone(), whatever the placement: after a plain fork the
 *    parent's return from fork() falls inside the interval or not depending on who runs
 *    first and where (bench/README.md).
 *  - mmap_4k, mmap_4k_touch, mmap_256m, mmap_256m_touch: mmap() of a private anonymous
 *    read-write region and munmap(); the _touch ones madvise(MADV_NOHUGEPAGE) it (where the
 *    kernel has THP) and store one byte per 4 KB page between the two. Params size_kb,
 *    touched (0|1), pages. mmap_256m_touch maps MMAP_BIG_KB, or TRIAL_MB where one
 *    operation at MMAP_BIG_KB would take over MAP_SLOW_MS (trials(): an emulated CPU, or
 *    a host whose faults are dear), or PRE_TRIAL_MB where even TRIAL_MB would take over
 *    PRE_SLOW_MS (UML); its params add trial_kb, trial_ms and, when it was
 *    shrunk, shrunk_from_kb. The touched 256 MB
 *    is skipped when MemAvailable is under its size + HEADROOM_MB, and every size when
 *    its untimed trial operation's mmap() is refused with ENOMEM (overcommit's heuristic
 *    refuses a mapping larger than RAM + swap).
 *  - mprotect: one mprotect() of a PROT_SIZE region, every page touched, flipping
 *    PROT_READ|PROT_WRITE and PROT_READ in turn (each call changes every entry). The region
 *    sits between PROT_NONE guard pages so that no flip merges it with a neighbour or splits
 *    one. Params size_kb.
 * Every child's exit status is checked (anything but exit 0 fails the benchmark).
 * Counts, checked with strace -f -c (tests/integration/counts/check-core.sh): one clone and
 * one wait4 per big fork and per exit_wait, one mmap and one munmap per mmap operation, one
 * mprotect per mprotect.
 */

//bench: 962 big_fork IB_BENCH_BIG_FORK core
//bench: 964 exit_wait IB_BENCH_EXIT_WAIT core
//bench: 966 mmap_4k IB_BENCH_MMAP_ANON core
//bench: 967 mmap_4k_touch IB_BENCH_MMAP_ANON core
//bench: 968 mmap_256m IB_BENCH_MMAP_ANON core
//bench: 969 mmap_256m_touch IB_BENCH_MMAP_ANON core
//bench: 972 mprotect IB_BENCH_MPROTECT core
//
//config:config IB_BENCH_BIG_FORK
//config:	bool "big fork: fork() + _exit() + wait with 256 MB touched"
//config:	default y
//config:	help
//config:	  lmbench's fork proc by a parent holding 256 MB of touched
//config:	  anonymous memory in 4 KB pages. Needs 320 MB available.
//
//config:config IB_BENCH_EXIT_WAIT
//config:	bool "exit + wait: a child's exit and its reap, without the fork"
//config:	default y
//
//config:config IB_BENCH_MMAP_ANON
//config:	bool "mmap + munmap of anonymous memory, 4 KB and 256 MB"
//config:	default y
//config:	help
//config:	  Each size untouched and with one store per page. Microseconds
//config:	  per mmap + munmap.
//
//config:config IB_BENCH_MPROTECT
//config:	bool "mprotect() of a small touched region"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/base/sysinfo.h"

#define BIG_MB 256
#define HEADROOM_MB 64           /* left to the rest of the guest while we hold the region */
#define MMAP_BIG_KB (256u << 10)
#define TRIAL_MB 16              /* the untimed trial that sizes the touched regions */
#define PRE_TRIAL_MB 1           /* a cheaper trial first, where faults are very dear */
#define PRE_SLOW_MS 400          /* TRIAL_MB projected beyond this: PRE_TRIAL_MB it is */
#define MAP_SLOW_MS 120          /* longest projected mmap_256m_touch operation */
#define FORK_SLOW_MS 2500        /* longest projected touch of big_fork's region */
#define PROT_SIZE (16u << 10)

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* IB_SKIP with "needs N MB of memory, M MB available" when MemAvailable is short */
static int need_memory(const char *who, size_t mb)
{
	long avail = ib_mem_available_kb();

	if (avail >= 0 && (size_t)avail / 1024 < mb) {
		ib_reason("%s needs %zu MB of memory, %ld MB available", who, mb, avail / 1024);
		return IB_SKIP;
	}
	return IB_OK;
}

static void no_huge(void *p, size_t size)
{
#ifdef MADV_NOHUGEPAGE
	madvise(p, size, MADV_NOHUGEPAGE);   /* EINVAL without THP: 4 KB pages anyway */
#else
	(void)p;
	(void)size;
#endif
}

static void touch(char *p, size_t size, size_t page)
{
	for (size_t off = 0; off < size; off += page)
		p[off] = 1;
}

/* waitpid(pid) through EINTR; 0, -ECHILD for a status other than exit 0, or -errno */
static int reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -ECHILD;
}

/* ---- mmap + munmap ---- */

struct map_op {
	size_t size;
	int touched;
};

static int map_loop(void *arg, uint64_t n)
{
	const struct map_op *o = arg;
	size_t page = page_size();

	for (uint64_t i = 0; i < n; i++) {
		char *p = mmap(NULL, o->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			       -1, 0);

		if (p == MAP_FAILED)
			return -errno;
		if (o->touched) {
			no_huge(p, o->size);
			touch(p, o->size, page);
		}
		if (munmap(p, o->size) < 0)
			return -errno;
	}
	return 0;
}

/*
 * The touched sizes, by time: an untimed mmap + touch of every page + munmap of TRIAL_MB,
 * the faster of two (the first may pay for memory the host has not given the guest yet),
 * projects what BIG_MB costs (x16). A real CPU touches 256 MB in tens of ms; under QEMU TCG
 * it took 0.5-1.4 s per operation, under UML (~0.4 ms a fault) it would take ~26 s.
 * mmap_256m_touch maps BIG_MB when the projection is within MAP_SLOW_MS, else TRIAL_MB:
 * two sizes far apart, so that load on an emulating host does not flip it between them.
 * big_fork holds BIG_MB when touching it is projected within FORK_SLOW_MS (TCG's is), else
 * 64 MB if that is, else TRIAL_MB. A trial of PRE_TRIAL_MB comes first: where it projects
 * TRIAL_MB beyond PRE_SLOW_MS (UML: 1.6 s) the TRIAL_MB trial is not made (under UML its
 * two rounds took 3.2 s of each benchmark), mmap_256m_touch maps PRE_TRIAL_MB and big_fork
 * holds TRIAL_MB; a real CPU (16 MB in 3-10 ms), this PVM guest (77-146 ms) and TCG (28 ms)
 * stay far below it. Returns 0 with *ns and *kb (the trial's size), or -errno.
 */
static int trial_ns(size_t mb, uint64_t *ns)
{
	struct map_op o = { mb << 20, 1 };

	*ns = UINT64_MAX;
	for (int i = 0; i < 2; i++) {
		uint64_t t0 = ib_now_ns(), t1;
		int err = map_loop(&o, 1);

		t1 = ib_now_ns();
		if (err)
			return err;
		if (t1 - t0 < *ns)
			*ns = t1 - t0;
	}
	return 0;
}

static int trials(uint64_t *ns, unsigned *kb)
{
	int err = trial_ns(PRE_TRIAL_MB, ns);

	*kb = PRE_TRIAL_MB << 10;
	if (err || *ns * (TRIAL_MB / PRE_TRIAL_MB) > (uint64_t)PRE_SLOW_MS * 1000000)
		return err;
	*kb = TRIAL_MB << 10;
	return trial_ns(TRIAL_MB, ns);
}

/* ---- big fork ---- */

static int fork_loop(void *arg, uint64_t n)
{
	(void)arg;
	for (uint64_t i = 0; i < n; i++) {
		pid_t pid = fork();
		int err;

		if (pid < 0)
			return -errno;
		if (pid == 0)
			_exit(0);
		if ((err = reap(pid)))
			return err;
	}
	return 0;
}

int ib_run_big_fork(void)
{
	static char params[128];
	static const struct ib_metric m = { "big_fork", "us", 0.0, params, 0 };
	const uint64_t limit = (uint64_t)FORK_SLOW_MS * 1000000;
	size_t size;
	uint64_t trial;
	unsigned mb, trial_kb;
	char *p;
	int ret;

	if ((ret = need_memory("big_fork", BIG_MB + HEADROOM_MB)) != IB_OK)
		return ret;
	if ((ret = trials(&trial, &trial_kb))) {
		ib_reason("big_fork: trial: %s", strerror(-ret));
		return IB_FAIL;
	}
	if (trial_kb < (TRIAL_MB << 10))
		mb = TRIAL_MB;
	else
		mb = trial * (BIG_MB / TRIAL_MB) <= limit ? BIG_MB :
		     trial * 4 <= limit ? 4 * TRIAL_MB : TRIAL_MB;
	size = (size_t)mb << 20;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		ib_reason("big_fork: mmap %u MB: %s", mb, strerror(errno));
		return IB_FAIL;
	}
	no_huge(p, size);
	touch(p, size, page_size());
	snprintf(params, sizeof(params), "touched_mb=%u pages=%zu trial_kb=%u trial_ms=%llu", mb,
		 size / page_size(), trial_kb, (unsigned long long)(trial / 1000000));
	if (mb < BIG_MB)
		snprintf(params + strlen(params), sizeof(params) - strlen(params),
			 " shrunk_from_mb=%d", BIG_MB);
	ret = ib_measure_run(&m, fork_loop, NULL);
	munmap(p, size);
	return ret;
}

/* ---- exit + wait ---- */

static int exit_timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	volatile uint64_t *stamp = arg;
	double ns = 0;

	for (uint64_t i = 0; i < n; i++) {
		uint64_t t1;
		long pid;
		int err;

		*stamp = 0;
		/* the parent sleeps in clone() until the child's mm is released (CLONE_VFORK) */
		pid = syscall(SYS_clone, CLONE_VFORK | SIGCHLD, NULL, NULL, NULL, NULL);
		if (pid < 0)
			return -errno;
		if (pid == 0) {
			*stamp = 1;            /* the shared page's fault, before the clock read */
			*stamp = ib_now_ns();
			_exit(0);
		}
		err = reap((pid_t)pid);
		t1 = ib_now_ns();
		if (err)
			return err;
		if (*stamp <= 1 || *stamp > t1)
			return -EPROTO;
		ns += (double)(t1 - *stamp) - ib_timer->cost_ns;
	}
	*elapsed_ns = ns > 1 ? (uint64_t)(ns + 0.5) : 1;
	return 0;
}

int ib_run_exit_wait(void)
{
	static const struct ib_metric m = { "exit_wait", "us", 0.0, "clone=vfork_no_vm", 0 };
	struct ib_result r;
	uint64_t *stamp = mmap(NULL, page_size(), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int err;

	if (stamp == MAP_FAILED) {
		ib_reason("exit_wait: mmap: %s", strerror(errno));
		return IB_FAIL;
	}
	err = ib_measure_timed(&m, exit_timed, stamp, &r);
	munmap(stamp, page_size());
	if (err) {
		ib_reason("exit_wait: %s", err == -ECHILD ? "a child did not exit 0" :
			  err == -EPROTO ? "the child's clock read is missing" : strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

/* ---- mmap + munmap: the four benchmarks ---- */

static int run_map(const char *metric, size_t size_kb, int touched, int may_shrink)
{
	static char params[128];
	struct ib_metric m = { metric, "us", 0.0, params, 0 };
	struct map_op o = { size_kb << 10, touched };
	char shrunk[96] = "";
	int ret;

	/* a touched page or few need no check; a touched 256 MB needs the memory */
	if (touched && o.size >= (1u << 20) &&
	    (ret = need_memory(metric, (o.size >> 20) + HEADROOM_MB)) != IB_OK)
		return ret;
	if (may_shrink) {
		uint64_t trial;
		unsigned trial_kb;
		size_t mb;
		int err = trials(&trial, &trial_kb);

		if (err) {
			ib_reason("%s: trial: %s", metric, strerror(-err));
			return IB_FAIL;
		}
		if (trial_kb < (TRIAL_MB << 10))
			mb = PRE_TRIAL_MB;
		else
			mb = trial * (BIG_MB / TRIAL_MB) <= (uint64_t)MAP_SLOW_MS * 1000000 ? BIG_MB :
			     TRIAL_MB;
		snprintf(shrunk, sizeof(shrunk), " trial_kb=%u trial_ms=%llu", trial_kb,
			 (unsigned long long)(trial / 1000000));
		if ((mb << 10) < size_kb) {
			snprintf(shrunk + strlen(shrunk), sizeof(shrunk) - strlen(shrunk),
				 " shrunk_from_kb=%zu", size_kb);
			o.size = (size_t)mb << 20;
		}
	}
	{
		/* one untimed operation: may the kernel map this much at all? */
		int err = map_loop(&o, 1);

		if (err == -ENOMEM) {
			/* overcommit's heuristic refuses one mapping larger than RAM + swap */
			ib_reason("%s: the kernel refused to map %zu MB (ENOMEM): too little memory",
				  metric, o.size >> 20);
			return IB_SKIP;
		}
		if (err) {
			ib_reason("%s: %s", metric, strerror(-err));
			return IB_FAIL;
		}
	}
	snprintf(params, sizeof(params), "size_kb=%zu touched=%d pages=%zu%s", o.size >> 10,
		 touched, o.size / page_size(), shrunk);
	return ib_measure_run(&m, map_loop, &o);
}

int ib_run_mmap_4k(void) { return run_map("mmap_4k", 4, 0, 0); }
int ib_run_mmap_4k_touch(void) { return run_map("mmap_4k_touch", 4, 1, 0); }
int ib_run_mmap_256m(void) { return run_map("mmap_256m", MMAP_BIG_KB, 0, 0); }
int ib_run_mmap_256m_touch(void) { return run_map("mmap_256m_touch", MMAP_BIG_KB, 1, 1); }

/* ---- mprotect ---- */

struct prot_region {
	char *p;
	int writable;   /* what the last call left, so that every call flips it */
};

static int prot_loop(void *arg, uint64_t n)
{
	struct prot_region *r = arg;

	for (uint64_t i = 0; i < n; i++) {
		r->writable = !r->writable;
		if (mprotect(r->p, PROT_SIZE, r->writable ? PROT_READ | PROT_WRITE : PROT_READ) < 0)
			return -errno;
	}
	return 0;
}

int ib_run_mprotect(void)
{
	static char params[32];
	static const struct ib_metric m = { "mprotect", "us", 0.0, params, 0 };
	size_t page = page_size(), size = PROT_SIZE + 2 * page;
	char *p = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct prot_region r;
	int ret;

	if (p == MAP_FAILED) {
		ib_reason("mprotect: mmap: %s", strerror(errno));
		return IB_FAIL;
	}
	r.p = p + page;
	r.writable = 1;
	if (mprotect(p + page, PROT_SIZE, PROT_READ | PROT_WRITE) < 0) {
		ib_reason("mprotect: %s", strerror(errno));
		munmap(p, size);
		return IB_FAIL;
	}
	touch(p + page, PROT_SIZE, page);
	snprintf(params, sizeof(params), "size_kb=%u", PROT_SIZE >> 10);
	ret = ib_measure_run(&m, prot_loop, &r);
	munmap(p, size);
	return ret;
}
