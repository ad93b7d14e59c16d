/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_sig.c - signal handler installation and delivery ("sig inst", "sig hndl").
 *
 * Contract (bench/lib/bench.h):
 *  - ib_run_sig_inst(): one operation is one sigaction(SIGUSR1) installing a handler (the
 *    previous action is read back too, as a program saving it would). The original action
 *    is restored before returning.
 *  - ib_run_sig_hndl(): first metric sig_kill0, one kill(pid, 0) (the permission check and
 *    syscall without a signal; pid is getpid() read once, so no extra syscall is timed);
 *    then metric sig_hndl, one kill(pid, SIGUSR1) delivered to a handler, with overhead =
 *    the sig_kill0 minimum, i.e. what remains is queueing, delivery, the handler frame and
 *    sigreturn. The handler only counts (one store): the loop checks that exactly n signals
 *    arrived, so a lost or blocked signal fails the run instead of measuring a cheap kill.
 */

//bench: 80 sig_inst IB_BENCH_SIG_INST processes
//bench: 90 sig_hndl IB_BENCH_SIG_HNDL processes
//
//config:config IB_BENCH_SIG_INST
//config:	bool "sig inst: sigaction() installing a handler"
//config:	default y
//
//config:config IB_BENCH_SIG_HNDL
//config:	bool "sig hndl: a signal delivered to an empty handler"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/proc/lat_sig.h"

static volatile sig_atomic_t delivered;

static void count_handler(int sig)
{
	(void)sig;
	delivered++;
}

static void empty_handler(int sig)
{
	(void)sig;
}

static int sigaction_loop(void *arg, uint64_t n)
{
	const struct sigaction *sa = arg;
	struct sigaction old;

	for (uint64_t i = 0; i < n; i++)
		if (sigaction(SIGUSR1, sa, &old) < 0)
			return -errno;
	ib_sink = (uint64_t)(uintptr_t)old.sa_handler;
	return 0;
}

int ib_run_sig_inst(void)
{
	static const struct ib_metric m = { "sig_inst", "us", 0.0, NULL, 0 };
	struct sigaction sa, saved;
	struct ib_result r;
	int err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = empty_handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, NULL, &saved) < 0) {
		ib_reason("sigaction: %s", strerror(errno));
		return IB_FAIL;
	}
	err = ib_measure(&m, sigaction_loop, &sa, &r);
	sigaction(SIGUSR1, &saved, NULL);
	if (err) {
		ib_reason("sigaction: %s", strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_kill0_loop(void *arg, uint64_t n)
{
	pid_t pid = *(const pid_t *)arg;

	for (uint64_t i = 0; i < n; i++)
		if (kill(pid, 0) < 0)
			return -errno;
	return 0;
}

static int kill_usr1_loop(void *arg, uint64_t n)
{
	pid_t pid = *(const pid_t *)arg;
	unsigned before = (unsigned)delivered;

	for (uint64_t i = 0; i < n; i++)
		if (kill(pid, SIGUSR1) < 0)
			return -errno;
	/* a signal a process sends itself is delivered before kill() returns */
	/* compared modulo 2^32: sig_atomic_t is an int */
	if ((unsigned)delivered - before != (unsigned)n)
		return -EINTR;
	return 0;
}

int ib_run_sig_hndl(void)
{
	static const struct ib_metric m0 = { "sig_kill0", "us", 0.0, NULL, 0 };
	struct ib_metric mh = { "sig_hndl", "us", 0.0, NULL, 0 };
	struct sigaction sa, saved;
	struct ib_result r0, rh;
	sigset_t unblock;
	pid_t pid = getpid();
	int err, ret = IB_FAIL;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = count_handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, &saved) < 0) {
		ib_reason("sigaction: %s", strerror(errno));
		return IB_FAIL;
	}
	/* the harness may have inherited a blocked SIGUSR1; a blocked signal is not delivered */
	sigemptyset(&unblock);
	sigaddset(&unblock, SIGUSR1);
	sigprocmask(SIG_UNBLOCK, &unblock, NULL);

	err = ib_measure(&m0, ib_kill0_loop, &pid, &r0);
	if (err) {
		ib_reason("kill(pid, 0): %s", strerror(-err));
		goto out;
	}
	mh.overhead = r0.min; /* the baseline at its least disturbed (bench/README.md) */
	err = ib_measure(&mh, kill_usr1_loop, &pid, &rh);
	if (err) {
		ib_reason("kill(pid, SIGUSR1): %s",
			  err == -EINTR ? "signal count does not match" : strerror(-err));
		goto out;
	}
	ret = IB_OK;
out:
	sigaction(SIGUSR1, &saved, NULL);
	return ret;
}
