/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_select.c - select() over 100 TCP socket descriptors ("selct TCP") and its variants.
 *
 * Contract (bench/lib/bench.h). Every benchmark builds 100 descriptors: one open file or
 * socket and 99 dup()s of it, all in one fd_set, nfds = the highest of them + 1. One
 * operation is one select() with a zero timeout on a fresh copy of that set (the 128-byte
 * copy is inside the loop, as in lmbench). Each select() must return what the benchmark
 * expects, else the benchmark fails: a result that changed is another quantity.
 *  - select_tcp_wr ("selct TCP", lmbench 2.0's lat_select tcp 100): the set is the WRITE set;
 *    the descriptor is a TCP socket connected over 127.0.0.1 to our own listener (the
 *    accepted end stays open, so the connection stays established); all 100 are writable,
 *    so select() returns 100.
 *  - select_tcp: the same sockets in the READ set; nothing is readable, so it returns 0.
 *  - select_file_wr (lmbench 2.0's lat_select file 100): the write set over a one-byte
 *    regular file created in opts->tmpdir (unlinked as soon as it is open); a regular file
 *    is always ready, so it returns 100.
 * The TCP ones skip with "no AF_INET" when the kernel has no IPv4 and "no loopback" when
 * 127.0.0.1 cannot be reached (lo down). Everything opened is closed on every path.
 */

//bench: 60 select_tcp_wr IB_BENCH_SELECT_TCP_WR processes
//bench: 720 select_tcp IB_BENCH_SELECT_TCP variants
//bench: 730 select_file_wr IB_BENCH_SELECT_FILE_WR variants
//
//config:config IB_BENCH_SELECT_TCP_WR
//config:	bool "selct TCP: select() on the write set of 100 TCP socket fds"
//config:	default y
//
//config:config IB_BENCH_SELECT_TCP
//config:	bool "select() on the read set of 100 TCP socket fds, none ready"
//config:	default y
//
//config:config IB_BENCH_SELECT_FILE_WR
//config:	bool "select() on the write set of 100 regular-file fds"
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
	int write_set;  /* 1: the set is select()'s write set, 0: its read set */
	int expect;     /* what every select() must return */
};

static int select_loop(void *p, uint64_t n)
{
	const struct select_arg *a = p;

	for (uint64_t i = 0; i < n; i++) {
		fd_set set = a->set;            /* select() overwrites its sets */
		struct timeval tv = { 0, 0 };   /* and Linux its timeout */
		int r = a->write_set ? select(a->nfds, NULL, &set, NULL, &tv) :
				       select(a->nfds, &set, NULL, NULL, &tv);

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

static int run_select_tcp(const struct ib_metric *m, int write_set)
{
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
	a.write_set = write_set;
	a.expect = write_set ? SELECT_FDS : 0;
	if (fill_set(&a, fds, &nfd))
		goto out;
	err = ib_measure(m, select_loop, &a, &r);
	if (err) {
		ib_reason("select: %s", err != -EPROTO ? strerror(-err) : write_set ?
			  "not every socket was writable" : "a socket became readable");
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

int ib_run_select_tcp_wr(void)
{
	static const struct ib_metric m = { "select_tcp_wr", "us", 0.0, "fds=100 set=write", 0 };

	return run_select_tcp(&m, 1);
}

int ib_run_select_tcp(void)
{
	static const struct ib_metric m = { "select_tcp", "us", 0.0, "fds=100 set=read", 0 };

	return run_select_tcp(&m, 0);
}

int ib_run_select_file_wr(void)
{
	static const struct ib_metric m = { "select_file_wr", "us", 0.0, "fds=100 set=write", 0 };
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
	a.write_set = 1;
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
