/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * poll.c - waiting on many descriptors: poll(), select() and epoll_wait() over 10, 100 and
 * 1000 descriptors of which one is ready (LEBench's poll/select/epoll at its sizes).
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per call:
 *  - poll_N, select_N, epoll_N for N in 10, 100, 1000: one call with timeout 0 over a set of
 *    N eventfds, the last of which holds a count (readable) and the others none, so every
 *    call scans the whole set and returns 1. The set is built once per benchmark, before
 *    anything is timed; epoll's interest list is registered once (EPOLLIN, level-triggered,
 *    as an event loop keeps it), so epoll_wait's cost is the ready list, not N: the figure
 *    kernel developers read against poll and select's scan. The readiness of every call is
 *    checked (a call that does not return exactly 1, with the last descriptor, fails the
 *    benchmark): nothing is timed that did not wait on the whole set.
 * Params: `fds=N ready=1`. Eventfds, one descriptor each, so 1000 of them stay below
 * select()'s FD_SETSIZE (1024) with the suite's few own descriptors; pipes would need two
 * per waited descriptor. The soft RLIMIT_NOFILE is raised to the hard one when it is lower
 * than N plus a margin; a hard limit too low is a skip ("too few descriptors"), as is a
 * descriptor number at or above FD_SETSIZE for select. No eventfd (ENOSYS, EINVAL) and no
 * epoll (ENOSYS) are skips with the reason. Every descriptor is closed on every path.
 * Counts, checked with strace -c (tests/integration/counts/check-core.sh): one poll (ppoll),
 * select (pselect6) or epoll_wait (epoll_pwait) per operation.
 */

//bench: 940 poll_10 IB_BENCH_POLL core
//bench: 941 poll_100 IB_BENCH_POLL core
//bench: 942 poll_1000 IB_BENCH_POLL core
//bench: 945 select_10 IB_BENCH_POLL core
//bench: 946 select_100 IB_BENCH_POLL core
//bench: 947 select_1000 IB_BENCH_POLL core
//bench: 950 epoll_10 IB_BENCH_POLL core
//bench: 951 epoll_100 IB_BENCH_POLL core
//bench: 952 epoll_1000 IB_BENCH_POLL core
//
//config:config IB_BENCH_POLL
//config:	bool "poll, select and epoll_wait over 10, 100 and 1000 descriptors"
//config:	default y
//config:	help
//config:	  Nine rows: each call waits, with timeout 0, on N eventfds of
//config:	  which one is readable. poll and select scan all N; epoll_wait
//config:	  reads its ready list. Microseconds per call.

#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#define MAX_FDS 1000
#define FD_MARGIN 32   /* the suite's own descriptors and a few spare */

enum waiter { BY_POLL, BY_SELECT, BY_EPOLL };

struct set {
	int n;
	int fd[MAX_FDS];
	struct pollfd pfd[MAX_FDS];
	fd_set rd;
	int maxfd;
	int ep;   /* the epoll instance, -1 if none */
};

static void close_set(struct set *s)
{
	for (int i = 0; i < s->n; i++)
		close(s->fd[i]);
	if (s->ep >= 0)
		close(s->ep);
	s->n = 0;
	s->ep = -1;
}

/* enough descriptors for n of ours: the soft limit raised as far as the hard one allows */
static int room_for(int n)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return -errno;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)(n + FD_MARGIN)) {
		if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < (rlim_t)(n + FD_MARGIN))
			return -EMFILE;
		rl.rlim_cur = (rlim_t)(n + FD_MARGIN);
		if (setrlimit(RLIMIT_NOFILE, &rl))
			return -errno;
	}
	return 0;
}

/* n eventfds, the last one readable; IB_OK, or a skip/failure with its reason */
static int open_set(struct set *s, int n, enum waiter how)
{
	uint64_t one = 1;
	int err = room_for(n);

	s->n = 0;
	s->ep = -1;
	s->maxfd = -1;
	FD_ZERO(&s->rd);
	if (err) {
		if (err == -EMFILE)
			ib_reason("too few descriptors: the hard RLIMIT_NOFILE is below %d",
				  n + FD_MARGIN);
		else
			ib_reason("RLIMIT_NOFILE: %s", strerror(-err));
		return IB_SKIP;
	}
	for (int i = 0; i < n; i++) {
		int fd = eventfd(0, EFD_CLOEXEC);

		if (fd < 0) {
			int e = errno;

			close_set(s);
			ib_reason("%seventfd: %s", e == ENOSYS || e == EINVAL ? "no " : "",
				  strerror(e));
			return e == ENOSYS || e == EINVAL ? IB_SKIP : IB_FAIL;
		}
		s->fd[s->n++] = fd;
		s->pfd[i] = (struct pollfd){ .fd = fd, .events = POLLIN };
		if (fd > s->maxfd)
			s->maxfd = fd;
	}
	if (write(s->fd[n - 1], &one, sizeof(one)) != (ssize_t)sizeof(one)) {
		ib_reason("eventfd write: %s", strerror(errno));
		close_set(s);
		return IB_FAIL;
	}
	if (how == BY_SELECT) {
		if (s->maxfd >= FD_SETSIZE) {
			ib_reason("descriptor %d is beyond select's FD_SETSIZE (%d)", s->maxfd,
				  FD_SETSIZE);
			close_set(s);
			return IB_SKIP;
		}
		for (int i = 0; i < n; i++)
			FD_SET(s->fd[i], &s->rd);
	}
	if (how == BY_EPOLL) {
		s->ep = epoll_create1(EPOLL_CLOEXEC);
		if (s->ep < 0) {
			int e = errno;

			close_set(s);
			ib_reason("%sepoll: %s", e == ENOSYS ? "no " : "", strerror(e));
			return e == ENOSYS ? IB_SKIP : IB_FAIL;
		}
		for (int i = 0; i < n; i++) {
			struct epoll_event ev = { .events = EPOLLIN, .data.u32 = (uint32_t)i };

			if (epoll_ctl(s->ep, EPOLL_CTL_ADD, s->fd[i], &ev)) {
				ib_reason("epoll_ctl: %s", strerror(errno));
				close_set(s);
				return IB_FAIL;
			}
		}
	}
	return IB_OK;
}

static int poll_loop(void *arg, uint64_t n)
{
	struct set *s = arg;

	for (uint64_t i = 0; i < n; i++) {
		int got = poll(s->pfd, (nfds_t)s->n, 0);

		if (got != 1 || !(s->pfd[s->n - 1].revents & POLLIN))
			return got < 0 ? -errno : -EPROTO;
	}
	return 0;
}

static int select_loop(void *arg, uint64_t n)
{
	struct set *s = arg;
	int last = s->fd[s->n - 1];

	for (uint64_t i = 0; i < n; i++) {
		fd_set rd = s->rd;   /* select overwrites its set: copied as every caller does */
		struct timeval zero = { 0, 0 };
		int got = select(s->maxfd + 1, &rd, NULL, NULL, &zero);

		if (got != 1 || !FD_ISSET(last, &rd))
			return got < 0 ? -errno : -EPROTO;
	}
	return 0;
}

static int epoll_loop(void *arg, uint64_t n)
{
	struct set *s = arg;
	struct epoll_event ev[4];

	for (uint64_t i = 0; i < n; i++) {
		int got = epoll_wait(s->ep, ev, 4, 0);

		if (got != 1 || ev[0].data.u32 != (uint32_t)(s->n - 1))
			return got < 0 ? -errno : -EPROTO;
	}
	return 0;
}

static int run_set(const char *name, int nfds, enum waiter how)
{
	static const ib_loop_fn loops[] = { poll_loop, select_loop, epoll_loop };
	static struct set s;   /* 1000 pollfds and fds: off the stack */
	char params[32];
	struct ib_metric m = { name, "us", 0.0, params, 0 };
	struct ib_result r;
	int ret = open_set(&s, nfds, how), err;

	if (ret != IB_OK)
		return ret;
	snprintf(params, sizeof(params), "fds=%d ready=1", nfds);
	err = ib_measure(&m, loops[how], &s, &r);
	close_set(&s);
	if (err) {
		if (err == -EPROTO)
			ib_reason("%s: a call did not find the one ready descriptor", name);
		else
			ib_reason("%s: %s", name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_poll_10(void) { return run_set("poll_10", 10, BY_POLL); }
int ib_run_poll_100(void) { return run_set("poll_100", 100, BY_POLL); }
int ib_run_poll_1000(void) { return run_set("poll_1000", 1000, BY_POLL); }
int ib_run_select_10(void) { return run_set("select_10", 10, BY_SELECT); }
int ib_run_select_100(void) { return run_set("select_100", 100, BY_SELECT); }
int ib_run_select_1000(void) { return run_set("select_1000", 1000, BY_SELECT); }
int ib_run_epoll_10(void) { return run_set("epoll_10", 10, BY_EPOLL); }
int ib_run_epoll_100(void) { return run_set("epoll_100", 100, BY_EPOLL); }
int ib_run_epoll_1000(void) { return run_set("epoll_1000", 1000, BY_EPOLL); }
