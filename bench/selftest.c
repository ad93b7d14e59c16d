/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * selftest.c - test-only benchmarks that misbehave on purpose, so that the fault tests
 * (tests/integration/fault/fault-bench.sh) can prove the harness survives them: each runs in the
 * child the runner forks (bench/lib/runner.h), and the parent turns its end into an outcome
 * record and goes on. Built in only with CONFIG_IB_BENCH_SELFTEST (default n, never in a
 * profile of configs/); even then `bench=all` leaves them out: they run only when named.
 *
 *  - selftest_segv: one measurement, then a store through a null pointer: failed: SIGSEGV,
 *    with the measurement kept.
 *  - selftest_exit: exits with status 3 without returning: failed: exit 3.
 *  - selftest_hang: ignores SIGTERM and SIGINT, forks a grandchild that does the same, and
 *    both sleep forever: timeout after timeout_s, and the runner kills the whole group.
 *  - selftest_oom:  makes itself the OOM killer's first choice (oom_score_adj 1000), then
 *    touches 1 MiB after 1 MiB until the kernel kills it: failed: SIGKILL. Under our PID 1
 *    only: natively it would exhaust the host's memory, so it is skipped there.
 */

//bench: 420 selftest_segv IB_BENCH_SELFTEST test named
//bench: 430 selftest_exit IB_BENCH_SELFTEST test named
//bench: 440 selftest_hang IB_BENCH_SELFTEST test named
//bench: 450 selftest_oom IB_BENCH_SELFTEST test named
//
//config:config IB_BENCH_SELFTEST
//config:	bool "Benchmarks that crash, hang or exhaust memory on purpose (fault tests)"
//config:	default n
//config:	help
//config:	  Adds selftest_segv, selftest_exit, selftest_hang and selftest_oom
//config:	  (bench/selftest.c) to the registry. They never run as part of
//config:	  bench=all, only when named, and exist so that make check can prove
//config:	  that a crash, a hang or an OOM kill gives an outcome record and the
//config:	  suite goes on. Say N: no profile in configs/ enables it.

#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/runner.h"

static int getpid_loop(void *arg, uint64_t n)
{
	uint64_t acc = 0;
	(void)arg;
	for (uint64_t i = 0; i < n; i++)
		acc += (uint64_t)getpid();
	ib_sink = acc;
	return 0;
}

int ib_run_selftest_segv(void)
{
	static const struct ib_metric m = { "selftest_getpid", "us", 0, NULL, 0 };
	struct ib_result r;
	if (ib_measure(&m, getpid_loop, NULL, &r))
		return IB_FAIL;
	volatile int *volatile p = NULL;
	*p = 1;
	return IB_OK;
}

int ib_run_selftest_exit(void)
{
	_exit(3);
}

static void ignore_polite_signals(void)
{
	signal(SIGTERM, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
}

int ib_run_selftest_hang(void)
{
	ignore_polite_signals();
	if (fork() == 0)
		ignore_polite_signals();
	for (;;)
		pause();
}

int ib_run_selftest_oom(void)
{
	if (!ib_runner_drop_caches) {   /* set only in init mode: the machine is ours */
		ib_reason("native mode: it would exhaust this host's memory");
		return IB_SKIP;
	}
	int fd = open("/proc/self/oom_score_adj", O_WRONLY);
	if (fd >= 0) {   /* without it the kernel still picks the largest process: us */
		ssize_t w = write(fd, "1000", 4);
		(void)w;
		close(fd);
	}
	for (;;) {
		char *p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			ib_reason("mmap failed before the OOM killer came");
			return IB_FAIL;
		}
		memset(p, 0x5a, 1 << 20);
	}
}
