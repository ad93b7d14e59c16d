/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_select.c - select() over 100 TCP socket descriptors ("selct TCP") or 100 descriptors
 * of a regular file (select_file, the extra row).
 *
 * Contract (bench/lib/bench.h): ib_run_select_tcp() sets up a loopback TCP listener on
 * 127.0.0.1 (ephemeral port), one client socket connected to it (the accepted end is kept
 * open so the connection stays established), and dup()s the client socket until 100
 * descriptors refer to it. One operation is one select() with a zero timeout, the read set
 * holding those 100 descriptors and nfds = highest of them + 1 (lmbench passes the count
 * instead and so leaves out the top few). Nothing is ever readable, so select() returns 0;
 * anything else fails the benchmark. Skips with "no AF_INET" when the kernel has no IPv4
 * and "no loopback" when 127.0.0.1 cannot be reached (lo down); closes everything it opened.
 *
 * ib_run_select_file() does the same over a one-byte regular file it creates in
 * opts->tmpdir (unlinked as soon as it is open) and 99 dup()s of it. A regular file is
 * always ready, so every select() must return 100; anything else fails the benchmark.
 */

//bench: 60 select_tcp IB_BENCH_SELECT_TCP processes
//bench: 70 select_file IB_BENCH_SELECT_FILE select_file
//
//config:config IB_BENCH_SELECT_TCP
//config:	bool "selct TCP: select() over 100 TCP socket fds"
//config:	default y
//
//config:config IB_BENCH_SELECT_FILE
//config:	bool "select() over 100 fds of a regular file"
//config:	default y

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#define SELECT_FDS 100

struct select_arg {
	fd_set set;
	int nfds;
	int expect;     /* what every select() must return */
};

static int select_loop(void *p, uint64_t n)
{
	const struct select_arg *a = p;

	for (uint64_t i = 0; i < n; i++) {
		fd_set rd = a->set;             /* select() overwrites its sets */
		struct timeval tv = { 0, 0 };   /* and Linux its timeout */
		int r = select(a->nfds, &rd, NULL, NULL, &tv);

		if (r < 0)
			return -errno;
		if (r != a->expect)
			return -EPROTO; /* readiness changed: not what is measured */
	}
	return 0;
}

static void close_all(int *fds, int n)
{
	for (int i = 0; i < n; i++)
		if (fds[i] >= 0)
			close(fds[i]);
}

/* fds[0] is open and *nfd == 1: dup() it up to SELECT_FDS and put them all in a->set */
static int fill_set(struct select_arg *a, int *fds, int *nfd)
{
	FD_ZERO(&a->set);
	if (fds[0] >= FD_SETSIZE) {
		ib_reason("fd %d beyond FD_SETSIZE", fds[0]);
		return -1;
	}
	FD_SET(fds[0], &a->set);
	a->nfds = fds[0] + 1;
	for (; *nfd < SELECT_FDS; (*nfd)++) {
		int fd = dup(fds[0]);

		if (fd < 0) {
			ib_reason("dup: %s", strerror(errno));
			return -1;
		}
		fds[*nfd] = fd;
		if (fd >= FD_SETSIZE) {
			ib_reason("fd %d beyond FD_SETSIZE", fd);
			(*nfd)++;
			return -1;
		}
		FD_SET(fd, &a->set);
		if (fd + 1 > a->nfds)
			a->nfds = fd + 1;
	}
	return 0;
}

int ib_run_select_tcp(void)
{
	static const struct ib_metric m = { "select_tcp", "us", 0.0, NULL, 0 };
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	struct select_arg a;
	struct ib_result r;
	int lst, srv = -1, fds[SELECT_FDS], nfd = 0, ret = IB_FAIL, err;

	for (int i = 0; i < SELECT_FDS; i++)
		fds[i] = -1;
	lst = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (lst < 0) {
		if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) {
			ib_reason("no AF_INET");
			return IB_SKIP;
		}
		ib_reason("socket(AF_INET): %s", strerror(errno));
		return IB_FAIL;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = 0;
	if (bind(lst, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		/* no address on lo: 127.0.0.1 is not configured */
		if (errno == EADDRNOTAVAIL) {
			ib_reason("no loopback");
			ret = IB_SKIP;
		} else {
			ib_reason("bind 127.0.0.1: %s", strerror(errno));
		}
		goto out;
	}
	if (listen(lst, 1) < 0 || getsockname(lst, (struct sockaddr *)&sa, &len) < 0) {
		ib_reason("listen: %s", strerror(errno));
		goto out;
	}
	fds[0] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fds[0] < 0) {
		ib_reason("socket(AF_INET): %s", strerror(errno));
		goto out;
	}
	nfd = 1;
	if (connect(fds[0], (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		if (errno == ENETUNREACH || errno == EADDRNOTAVAIL) {
			ib_reason("no loopback");
			ret = IB_SKIP;
		} else {
			ib_reason("connect 127.0.0.1: %s", strerror(errno));
		}
		goto out;
	}
	srv = accept(lst, NULL, NULL);
	if (srv < 0) {
		ib_reason("accept: %s", strerror(errno));
		goto out;
	}
	a.expect = 0;
	if (fill_set(&a, fds, &nfd))
		goto out;
	err = ib_measure(&m, select_loop, &a, &r);
	if (err) {
		ib_reason("select: %s", err == -EPROTO ? "a socket became readable" : strerror(-err));
		goto out;
	}
	ret = IB_OK;
out:
	close_all(fds, nfd);
	if (srv >= 0)
		close(srv);
	close(lst);
	return ret;
}

int ib_run_select_file(void)
{
	static const struct ib_metric m = { "select_file", "us", 0.0, NULL, 0 };
	const char *dir = ib_opts && ib_opts->tmpdir && *ib_opts->tmpdir ? ib_opts->tmpdir : "/tmp";
	char path[PATH_MAX];
	struct select_arg a;
	struct ib_result r;
	int fds[SELECT_FDS], nfd = 0, ret = IB_FAIL, err;

	if (snprintf(path, sizeof(path), "%s/ib-select.XXXXXX", dir) >= (int)sizeof(path)) {
		ib_reason("tmpdir path too long");
		return IB_FAIL;
	}
	fds[0] = mkostemp(path, O_CLOEXEC);
	if (fds[0] < 0) {
		ib_reason("create file in %s: %s", dir, strerror(errno));
		return IB_FAIL;
	}
	nfd = 1;
	/* the open descriptors keep the file; nothing is left behind whatever happens next */
	unlink(path);
	if (write(fds[0], "x", 1) != 1) {
		ib_reason("write %s: %s", path, strerror(errno));
		goto out;
	}
	a.expect = SELECT_FDS;
	if (fill_set(&a, fds, &nfd))
		goto out;
	err = ib_measure(&m, select_loop, &a, &r);
	if (err) {
		ib_reason("select: %s", err == -EPROTO ? "not every file descriptor was ready" :
			  strerror(-err));
		goto out;
	}
	ret = IB_OK;
out:
	close_all(fds, nfd);
	return ret;
}
