/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_unix_connect.c - connect to an AF_UNIX stream server and close (lmbench 3's
 * lat_unix_connect, "UNIX connection cost", which lmbench 2.0 lacks).
 *
 * Contract (bench/lib/bench.h): ib_run_lat_unix_connect(), metric lat_unix_connect, us per
 * connection. One operation: socket(AF_UNIX, SOCK_STREAM), connect() to the server's path,
 * close(), as lmbench 3's benchmark() with lib_unix.c's unix_connect(). The server child
 * loops as lmbench 3's server_main(): accept(), read() (which sees EOF once the client has
 * closed), close(). The client does not wait for the server: connect() completes once the
 * connection is queued, and blocks only while the listen backlog (100, as lmbench's) is
 * full, so the time per operation is the slower of the two loops. Nothing is subtracted but
 * the clock read.
 *
 * The socket is bound at <tmpdir>/ib-unix.XXXXXX/s (lmbench 3: /tmp/af_unix); the name must
 * stay for every connect, so the socket and the directory are removed after the run, on
 * every path; only a kill by the runner's time limit can leave them. The listening socket is
 * made before the fork and closed in the benchmark process, so a server that dies refuses
 * the next connect() (ECONNREFUSED) and the benchmark fails with "connection server died".
 * The server dies with its parent (PR_SET_PDEATHSIG); the parent SIGKILLs and reaps it
 * (ib_kill_child). No AF_UNIX in the kernel (socket() says EAFNOSUPPORT) is a skip "no
 * AF_UNIX".
 */

//bench: 790 lat_unix_connect IB_BENCH_LAT_UNIX_CONNECT lat_local
//
//config:config IB_BENCH_LAT_UNIX_CONNECT
//config:	bool "UNIX connect: connect() + close() to an AF_UNIX server (lmbench 3)"
//config:	default y
//config:	help
//config:	  lmbench 3's lat_unix_connect: socket(), connect() to a
//config:	  stream server bound to a path, close(); the server accepts,
//config:	  reads to EOF and closes. Microseconds per connection.
//config:	  Skipped without CONFIG_UNIX.

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#define BACKLOG 100

struct server {
	char dir[PATH_MAX];
	struct sockaddr_un sa;
	int named;      /* how many of dir, socket exist (removed in reverse order) */
	int lfd;        /* the listening socket, until the fork */
	pid_t pid;
};

static void server_stop(struct server *s)
{
	if (s->lfd >= 0)
		close(s->lfd);
	s->lfd = -1;
	ib_kill_child(&s->pid);
	if (s->named >= 2)
		unlink(s->sa.sun_path);
	if (s->named >= 1)
		rmdir(s->dir);
	s->named = 0;
}

static void __attribute__((noreturn)) server_loop(int lfd, pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	for (;;) {
		int fd = accept(lfd, NULL, NULL);
		char c;

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			_exit(1);
		}
		for (;;) {   /* lmbench's server reads until the client's close */
			ssize_t got = read(fd, &c, 1);

			if (got == 0 || (got < 0 && errno != EINTR))
				break;
		}
		close(fd);
	}
}

/* the directory, the bound and listening socket; IB_SKIP/IB_FAIL with the reason set */
static int server_make(struct server *s)
{
	const char *tmp = ib_opts && ib_opts->tmpdir && *ib_opts->tmpdir ? ib_opts->tmpdir : "/tmp";

	s->lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s->lfd < 0) {
		if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) {
			ib_reason("no AF_UNIX");
			return IB_SKIP;
		}
		ib_reason("socket(AF_UNIX): %s", strerror(errno));
		return IB_FAIL;
	}
	if (snprintf(s->dir, sizeof(s->dir), "%s/ib-unix.XXXXXX", tmp) >= (int)sizeof(s->dir) ||
	    strlen(s->dir) + 2 >= sizeof(s->sa.sun_path)) {
		ib_reason("tmpdir path too long for a socket name");
		return IB_FAIL;
	}
	if (!mkdtemp(s->dir)) {
		ib_reason("make a directory in %s: %s", tmp, strerror(errno));
		return IB_FAIL;
	}
	s->named = 1;
	s->sa.sun_family = AF_UNIX;
	snprintf(s->sa.sun_path, sizeof(s->sa.sun_path), "%s/s", s->dir);
	if (bind(s->lfd, (struct sockaddr *)&s->sa, sizeof(s->sa)) < 0) {
		ib_reason("bind %s: %s", s->sa.sun_path, strerror(errno));
		return IB_FAIL;
	}
	s->named = 2;
	if (listen(s->lfd, BACKLOG) < 0) {
		ib_reason("listen: %s", strerror(errno));
		return IB_FAIL;
	}
	return IB_OK;
}

static int connections(void *arg, uint64_t n)
{
	const struct server *s = arg;

	for (uint64_t i = 0; i < n; i++) {
		int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), err = 0;

		if (fd < 0)
			return -errno;
		while (connect(fd, (const struct sockaddr *)&s->sa, sizeof(s->sa)) < 0) {
			if (errno != EINTR) {
				err = -errno;
				break;
			}
		}
		close(fd);
		if (err)
			return err;
	}
	return 0;
}

int ib_run_lat_unix_connect(void)
{
	static const struct ib_metric m = { "lat_unix_connect", "us", 0.0, "backlog=100", 0 };
	struct server s = { .lfd = -1 };
	struct ib_result r;
	pid_t self = getpid();
	int ret, err;

	ret = server_make(&s);
	if (ret != IB_OK)
		goto out;
	ret = IB_FAIL;
	s.pid = fork();
	if (s.pid == 0)
		server_loop(s.lfd, self);
	if (s.pid < 0) {
		s.pid = 0;
		ib_reason("fork: %s", strerror(errno));
		goto out;
	}
	/* only the server holds the listener: its death refuses connections */
	close(s.lfd);
	s.lfd = -1;
	err = ib_measure(&m, connections, &s, &r);
	if (!err)
		ret = IB_OK;
	else if (err == -ECONNREFUSED)
		ib_reason("lat_unix_connect: connection server died");
	else
		ib_reason("lat_unix_connect: %s", strerror(-err));
out:
	server_stop(&s);
	return ret;
}
