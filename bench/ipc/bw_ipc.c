/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_ipc.c - Pipe, AF UNIX and TCP bandwidths: a child writes, the benchmark process reads.
 *
 * Contract (bench/lib/bench.h): each ib_run_* emits one `m` record in MB/s (MB = 10^6 bytes),
 * measured with ib_measure_timed(). The child is forked once per benchmark and inherits the
 * harness's CPU affinity: none by default (pin=0, lmbench's placement), one CPU with pin=1.
 * bw_pipe_same and bw_pipe_cross (Placement, bench/lib/place.h) are bw_pipe with the reader
 * pinned before the fork and the writer right after it, to one CPU or to two; each checks
 * where it ran; the record carries placement= and cpus=.
 *  - bw_pipe: one pipe; one operation is one 64 KB chunk (params chunk_kb=64 pipe_kb=<the
 *    pipe's capacity>), written with 64 KB write()s and read with 64 KB read()s;
 *  - bw_unix: the same over a SOCK_STREAM socketpair (params chunk_kb=64);
 *  - bw_tcp: a TCP connection over 127.0.0.1 to the child, which accepted it; one operation
 *    is one move of 10 MiB sent in 64 KB write()s and read in 64 KB read()s (params
 *    msg_kb=64 move_kb=10240: lmbench 2.0's bw_tcp, XFERSIZE reads and a 10 MB MINMOVE per
 *    timed transfer). Socket buffers are left to the kernel's autotuning. Skips with
 *    "no AF_INET" or "no loopback".
 * A sample of n operations: read the clock, send the child "n" (8 bytes: over a second pipe
 * for bw_pipe, over the same stream the other way for the sockets), read until exactly
 * n x bytes have arrived, read the clock. The child writes only what was asked, so nothing
 * is buffered in advance and every byte counted crossed inside the interval (the request
 * is one small write per interval of several ms). The child dies on EOF of its request
 * channel, with its parent (PR_SET_PDEATHSIG), and is killed and reaped on every exit path.
 */

//bench: 320 bw_pipe IB_BENCH_BW_PIPE bw_local
//bench: 330 bw_unix IB_BENCH_BW_UNIX bw_local
//bench: 340 bw_tcp IB_BENCH_BW_TCP bw_local
//bench: 650 bw_pipe_same IB_BENCH_BW_PIPE_SAME placement
//bench: 655 bw_pipe_cross IB_BENCH_BW_PIPE_CROSS placement
//
//config:config IB_BENCH_BW_PIPE
//config:	bool "Pipe bandwidth"
//config:	default y
//
//config:config IB_BENCH_BW_UNIX
//config:	bool "AF UNIX bandwidth"
//config:	default y
//
//config:config IB_BENCH_BW_TCP
//config:	bool "TCP bandwidth (loopback)"
//config:	default y
//
//config:config IB_BENCH_BW_PIPE_SAME
//config:	bool "Pipe bandwidth, both processes pinned to one CPU"
//config:	default y
//
//config:config IB_BENCH_BW_PIPE_CROSS
//config:	bool "Pipe bandwidth, the two processes pinned to two CPUs"
//config:	default y

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/place.h"
#include "bench/ipc/lat_ipc.h"

#define CHUNK (64 * 1024)
#define TCP_MOVE ((size_t)10 << 20)

struct stream {
	int rd;            /* our data end */
	int req;           /* where our requests go */
	pid_t child;
	size_t op_bytes;   /* bytes per operation */
	char *buf;         /* CHUNK bytes */
	struct ib_place *place;  /* a Placement benchmark's CPUs, else NULL */
};

static int write_all(int fd, const void *p, size_t len)
{
	const char *c = p;

	while (len) {
		ssize_t w = write(fd, c, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		c += w;
		len -= (size_t)w;
	}
	return 0;
}

/* the writer: for every request of n operations, write n x op_bytes in CHUNK writes */
static void __attribute__((noreturn)) writer(int out, int req, size_t op_bytes, pid_t parent,
					     struct ib_place *place)
{
	static char buf[CHUNK];
	uint64_t n;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	if (place && ib_place_enter(place, 1))
		_exit(1);   /* the error is in the shared page: the reader's check names it */
	memset(buf, 0x5a, sizeof(buf));
	for (;;) {
		ssize_t r = read(req, &n, sizeof(n));

		if (r < 0 && errno == EINTR)
			continue;
		if (r != (ssize_t)sizeof(n))
			_exit(0);
		for (uint64_t left = n * op_bytes; left;) {
			size_t len = left < CHUNK ? left : CHUNK;

			if (write_all(out, buf, len))
				_exit(0);
			left -= len;
		}
	}
}

static int stream_timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct stream *s = arg;
	uint64_t left = n * s->op_bytes, start, sum = 0;
	int err;

	start = ib_now_ns();
	err = write_all(s->req, &n, sizeof(n));
	if (err)
		return err;
	while (left) {
		ssize_t r = read(s->rd, s->buf, left < CHUNK ? left : CHUNK);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (r == 0)
			return -EPIPE;   /* the writer died */
		sum += (unsigned char)s->buf[r - 1];
		left -= (uint64_t)r;
	}
	*elapsed_ns = ib_now_ns() - start;
	ib_sink = sum;
	return 0;
}

static void stream_stop(struct stream *s)
{
	ib_close_ends(&s->rd, &s->req);
	ib_kill_child(&s->child);
	free(s->buf);
	s->buf = NULL;
}

/* fork the writer; child_out/child_req are its ends, closed here in the parent */
static int stream_fork(struct stream *s, int child_out, int child_req)
{
	pid_t self = getpid(), pid;

	s->buf = malloc(CHUNK);
	if (!s->buf)
		return -ENOMEM;
	memset(s->buf, 0, CHUNK);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		close(s->rd);
		if (s->req != s->rd)
			close(s->req);
		writer(child_out, child_req, s->op_bytes, self, s->place);
	}
	s->child = pid;
	close(child_out);
	if (child_req != child_out)
		close(child_req);
	return 0;
}

static int measure_stream(const char *name, struct stream *s, const char *params)
{
	struct ib_metric m = { name, "MB/s", 0.0, params, (double)s->op_bytes };
	struct sigaction saved;
	struct ib_result r;
	int err;

	/* a dead writer must be an error here, not SIGPIPE on our request write */
	ib_ignore_sigpipe(&saved);
	err = ib_measure_timed(&m, stream_timed, s, &r);
	stream_stop(s);
	sigaction(SIGPIPE, &saved, NULL);
	if (s->place && ib_place_check(s->place) != IB_OK)
		return IB_FAIL;
	if (err) {
		ib_reason("%s: %s", name, err == -EPIPE ? "the writer died" : strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

/* where: "" or " placement=... cpus=..." for the params */
static int run_bw_pipe(const char *name, struct ib_place *place, const char *where)
{
	struct stream s = { .rd = -1, .req = -1, .op_bytes = CHUNK, .place = place };
	int data[2], req[2], err;
	char params[112];

	if (ib_two_pipes(data, req))
		return IB_FAIL;
	snprintf(params, sizeof(params), "chunk_kb=64 pipe_kb=%d%s",
		 fcntl(data[0], F_GETPIPE_SZ) / 1024, where);
	s.rd = data[0];
	s.req = req[1];
	err = stream_fork(&s, data[1], req[0]);
	if (err) {
		close(data[1]);
		close(req[0]);
		stream_stop(&s);
		ib_reason("%s: %s", name, strerror(-err));
		return IB_FAIL;
	}
	return measure_stream(name, &s, params);
}

int ib_run_bw_pipe(void)
{
	return run_bw_pipe("bw_pipe", NULL, "");
}

/* bw_pipe with the reader and the writer on one CPU or on two (ib_place_run) */
static int run_bw_pipe_placed(struct ib_place *place, void *name)
{
	char where[64] = " ";

	ib_place_params(place, where + 1, sizeof(where) - 1);
	return run_bw_pipe(name, place, where);
}

int ib_run_bw_pipe_same(void) { return ib_place_run(0, run_bw_pipe_placed, "bw_pipe_same"); }
int ib_run_bw_pipe_cross(void) { return ib_place_run(1, run_bw_pipe_placed, "bw_pipe_cross"); }

int ib_run_bw_unix(void)
{
	struct stream s = { .rd = -1, .req = -1, .op_bytes = CHUNK };
	int sv[2], err;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		err = errno;
		ib_reason(err == EAFNOSUPPORT ? "no AF_UNIX" : "socketpair: %s", strerror(err));
		return err == EAFNOSUPPORT ? IB_SKIP : IB_FAIL;
	}
	s.rd = s.req = sv[0];
	err = stream_fork(&s, sv[1], sv[1]);
	if (err) {
		close(sv[1]);
		stream_stop(&s);
		ib_reason("bw_unix: %s", strerror(-err));
		return IB_FAIL;
	}
	return measure_stream("bw_unix", &s, "chunk_kb=64");
}

/* the child's side of bw_tcp: accept one connection, then be the writer on it */
static void __attribute__((noreturn)) tcp_server(int lfd, size_t op_bytes, pid_t parent)
{
	int c;

	do
		c = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	while (c < 0 && errno == EINTR);
	if (c < 0)
		_exit(1);
	close(lfd);
	writer(c, c, op_bytes, parent, NULL);
}

int ib_run_bw_tcp(void)
{
	struct stream s = { .rd = -1, .req = -1, .op_bytes = TCP_MOVE };
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	pid_t self = getpid();
	int lfd, cfd, err;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (lfd < 0) {
		err = errno;
		if (err == EAFNOSUPPORT || err == EPROTONOSUPPORT) {
			ib_reason("no AF_INET");
			return IB_SKIP;
		}
		ib_reason("socket: %s", strerror(err));
		return IB_FAIL;
	}
	if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(lfd, 1) < 0 ||
	    getsockname(lfd, (struct sockaddr *)&a, &alen) < 0) {
		ib_reason("no loopback (bind/listen 127.0.0.1: %s)", strerror(errno));
		close(lfd);
		return IB_SKIP;
	}
	s.buf = malloc(CHUNK);
	if (!s.buf) {
		close(lfd);
		ib_reason("bw_tcp: no memory");
		return IB_FAIL;
	}
	memset(s.buf, 0, CHUNK);
	s.child = fork();
	if (s.child < 0) {
		ib_reason("fork: %s", strerror(errno));
		close(lfd);
		s.child = 0;
		stream_stop(&s);
		return IB_FAIL;
	}
	if (s.child == 0)
		tcp_server(lfd, s.op_bytes, self);
	close(lfd);
	cfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (cfd < 0 || connect(cfd, (struct sockaddr *)&a, sizeof(a)) < 0) {
		ib_reason("no loopback (connect 127.0.0.1: %s)", strerror(errno));
		if (cfd >= 0)
			close(cfd);
		stream_stop(&s);
		return IB_SKIP;
	}
	s.rd = s.req = cfd;
	return measure_stream("bw_tcp", &s, "msg_kb=64 move_kb=10240 sockbuf=auto");
}
