/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_inet.c - loopback IPv4 latencies ("UDP", "TCP", "TCP conn").
 *
 * Contract (bench/lib/bench.h). Every server is a child forked once per benchmark, before
 * anything is timed, on 127.0.0.1 with an ephemeral port; it inherits the harness's CPU
 * affinity: none by default (pin=0, lmbench's placement), one CPU with pin=1.
 *  - ib_run_lat_udp(): metric lat_udp. One operation: send() a 4-byte sequence number on a
 *    connect()ed UDP socket, the server recvfrom()s and sendto()s it back, recv() it and
 *    check it. A datagram not answered within UDP_WAIT_S fails the benchmark.
 *  - ib_run_lat_tcp(): metric lat_tcp. One operation: write() 1 byte on an established
 *    loopback connection (TCP_NODELAY at both ends), the server read()s and write()s it
 *    back, read() it and check it.
 *  - ib_run_lat_tcp_conn(): metric lat_tcp_conn, baseline lat_tcp_conn_base. One operation:
 *    socket(), setsockopt(SO_LINGER {1, 0}), connect() to a server that accept()s and
 *    close()s, close(). The linger setting makes the close a reset, so no TIME_WAIT socket
 *    is left anywhere and one run cannot slow the next (bench/README.md). The setsockopt is
 *    not part of "connect + close": its cost, measured on one socket (lat_tcp_conn_base),
 *    is subtracted.
 *  - lat_tcp_same, lat_tcp_cross (Placement, bench/lib/place.h): lat_tcp with the benchmark
 *    process pinned before the fork and the server right after it, to one CPU or to two;
 *    each checks where it ran; the records carry placement= and cpus=.
 * Skips with "no AF_INET" (socket() says EAFNOSUPPORT/EPROTONOSUPPORT) or "no loopback"
 * (127.0.0.1 cannot be bound or reached: lo down). The server dies with its parent
 * (PR_SET_PDEATHSIG); on every path the parent closes its sockets, SIGKILLs and reaps it.
 */

//bench: 220 lat_udp IB_BENCH_LAT_UDP lat_local
//bench: 240 lat_tcp IB_BENCH_LAT_TCP lat_local
//bench: 260 lat_tcp_conn IB_BENCH_LAT_TCP_CONN lat_local
//bench: 640 lat_tcp_same IB_BENCH_LAT_TCP_SAME placement
//bench: 645 lat_tcp_cross IB_BENCH_LAT_TCP_CROSS placement
//
//config:config IB_BENCH_LAT_UDP
//config:	bool "UDP: a 4-byte datagram echoed on loopback"
//config:	default y
//
//config:config IB_BENCH_LAT_TCP
//config:	bool "TCP: 1 byte echoed on loopback"
//config:	default y
//
//config:config IB_BENCH_LAT_TCP_CONN
//config:	bool "TCP conn: connect() + close() to a loopback server"
//config:	default y
//
//config:config IB_BENCH_LAT_TCP_SAME
//config:	bool "TCP latency, both processes pinned to one CPU"
//config:	default y
//
//config:config IB_BENCH_LAT_TCP_CROSS
//config:	bool "TCP latency, the two processes pinned to two CPUs"
//config:	default y

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/place.h"
#include "bench/ipc/lat_ipc.h"

#define UDP_WAIT_S 5

struct server {
	pid_t pid;
	struct ib_place *place;  /* a Placement benchmark's CPUs, else NULL */
};

static void server_stop(struct server *s)
{
	ib_kill_child(&s->pid);
}

static void child_setup(pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)   /* the parent died before the prctl */
		_exit(1);
}

/* socket(AF_INET, type): IB_OK with *fd, or IB_SKIP/IB_FAIL with the reason set */
static int inet_socket(int type, int *fd)
{
	*fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);
	if (*fd >= 0)
		return IB_OK;
	if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) {
		ib_reason("no AF_INET");
		return IB_SKIP;
	}
	ib_reason("socket(AF_INET): %s", strerror(errno));
	return IB_FAIL;
}

/* bind fd to 127.0.0.1 on an ephemeral port and store the address in *sa */
static int bind_loopback(int fd, struct sockaddr_in *sa)
{
	socklen_t len = sizeof(*sa);

	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)sa, sizeof(*sa)) < 0) {
		if (errno == EADDRNOTAVAIL) {   /* 127.0.0.1 is not configured: lo down */
			ib_reason("no loopback");
			return IB_SKIP;
		}
		ib_reason("bind 127.0.0.1: %s", strerror(errno));
		return IB_FAIL;
	}
	if (getsockname(fd, (struct sockaddr *)sa, &len) < 0) {
		ib_reason("getsockname: %s", strerror(errno));
		return IB_FAIL;
	}
	return IB_OK;
}

static int connect_loopback(int fd, const struct sockaddr_in *sa)
{
	if (connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0)
		return IB_OK;
	if (errno == ENETUNREACH || errno == EADDRNOTAVAIL) {
		ib_reason("no loopback");
		return IB_SKIP;
	}
	ib_reason("connect 127.0.0.1: %s", strerror(errno));
	return IB_FAIL;
}

/* fork a server running fn(fd); the parent keeps fd open (its caller closes it) */
static int server_start(struct server *s, void (*fn)(int), int fd, int close_in_child)
{
	pid_t self = getpid();
	pid_t pid = fork();

	if (pid < 0) {
		ib_reason("fork: %s", strerror(errno));
		return IB_FAIL;
	}
	if (pid == 0) {
		child_setup(self);
		if (s->place && ib_place_enter(s->place, 1))
			_exit(1);   /* the error is in the shared page: the parent names it */
		if (close_in_child >= 0)
			close(close_in_child);
		fn(fd);
		_exit(0);
	}
	s->pid = pid;
	return IB_OK;
}

static int report(const char *name, int err)
{
	if (!err)
		return IB_OK;
	if (err == -EPIPE || err == -ECONNRESET)
		ib_reason("%s: server died", name);
	else if (err == -EPROTO)
		ib_reason("%s: echoed message differs", name);
	else if (err == -EAGAIN)
		ib_reason("%s: no answer within %d s", name, UDP_WAIT_S);
	else
		ib_reason("%s: %s", name, strerror(-err));
	return IB_FAIL;
}

/* ---- UDP ---- */

static void udp_server(int fd)
{
	char buf[64];

	for (;;) {
		struct sockaddr_in from;
		socklen_t len = sizeof(from);
		ssize_t r = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || sendto(fd, buf, (size_t)r, 0, (struct sockaddr *)&from, len) != r)
			return;
	}
}

static int udp_loop(void *arg, uint64_t n)
{
	int fd = *(const int *)arg;

	for (uint64_t i = 0; i < n; i++) {
		uint32_t seq = (uint32_t)i, got;
		ssize_t r;

		if (send(fd, &seq, sizeof(seq), 0) != (ssize_t)sizeof(seq))
			return -errno;
		do
			r = recv(fd, &got, sizeof(got), 0);
		while (r < 0 && errno == EINTR);
		if (r < 0)
			return errno == EWOULDBLOCK ? -EAGAIN : -errno;
		if (r != (ssize_t)sizeof(got) || got != seq)
			return -EPROTO;
	}
	return 0;
}

int ib_run_lat_udp(void)
{
	static const struct ib_metric m = { "lat_udp", "us", 0.0, "msg_bytes=4", 0 };
	struct timeval wait = { UDP_WAIT_S, 0 };
	struct server s = { 0, NULL };
	struct sockaddr_in sa;
	struct ib_result r;
	int srv, cli = -1, ret;

	ret = inet_socket(SOCK_DGRAM, &srv);
	if (ret != IB_OK)
		return ret;
	ret = bind_loopback(srv, &sa);
	if (ret == IB_OK)
		ret = inet_socket(SOCK_DGRAM, &cli);
	if (ret == IB_OK)
		ret = connect_loopback(cli, &sa);
	if (ret == IB_OK && setsockopt(cli, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait)) < 0) {
		ib_reason("SO_RCVTIMEO: %s", strerror(errno));
		ret = IB_FAIL;
	}
	if (ret == IB_OK)
		ret = server_start(&s, udp_server, srv, cli);
	close(srv);
	if (ret == IB_OK)
		ret = report(m.name, ib_measure(&m, udp_loop, &cli, &r));
	if (cli >= 0)
		close(cli);
	server_stop(&s);
	return ret;
}

/* ---- TCP round trip ---- */

static int set_nodelay(int fd)
{
	int one = 1;

	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) == 0)
		return IB_OK;
	ib_reason("TCP_NODELAY: %s", strerror(errno));
	return IB_FAIL;
}

static void tcp_echo_server(int fd)
{
	char c;

	for (;;) {
		ssize_t r = read(fd, &c, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r != 1 || write(fd, &c, 1) != 1)
			return;
	}
}

static int tcp_loop(void *arg, uint64_t n)
{
	int fd = *(const int *)arg;

	return ib_echo_round_trips(fd, fd, n);
}

static int run_tcp(const struct ib_metric *m, struct ib_place *place)
{
	struct sigaction saved;
	struct server s = { 0, place };
	struct sockaddr_in sa;
	struct ib_result r;
	int lst, cli = -1, srv = -1, ret, started;

	ret = inet_socket(SOCK_STREAM, &lst);
	if (ret != IB_OK)
		return ret;
	ret = bind_loopback(lst, &sa);
	if (ret == IB_OK && listen(lst, 1) < 0) {
		ib_reason("listen: %s", strerror(errno));
		ret = IB_FAIL;
	}
	if (ret == IB_OK)
		ret = inet_socket(SOCK_STREAM, &cli);
	if (ret == IB_OK)
		ret = set_nodelay(cli);
	if (ret == IB_OK)
		ret = connect_loopback(cli, &sa);
	if (ret == IB_OK && (srv = accept4(lst, NULL, NULL, SOCK_CLOEXEC)) < 0) {
		ib_reason("accept: %s", strerror(errno));
		ret = IB_FAIL;
	}
	close(lst);
	if (ret == IB_OK)
		ret = set_nodelay(srv);
	if (ret == IB_OK)
		ret = server_start(&s, tcp_echo_server, srv, cli);
	started = ret == IB_OK;
	if (srv >= 0)
		close(srv);
	if (ret == IB_OK) {
		/* a dead server must be an error here, not a SIGPIPE */
		ib_ignore_sigpipe(&saved);
		ret = report(m->name, ib_measure(m, tcp_loop, &cli, &r));
		sigaction(SIGPIPE, &saved, NULL);
	}
	if (cli >= 0)
		close(cli);
	server_stop(&s);
	/* both ends must have run where they should; a server that could not be pinned died,
	 * and the placement's reason says more than "server died" */
	if (place && started && ib_place_check(place) != IB_OK)
		return IB_FAIL;
	return ret;
}

int ib_run_lat_tcp(void)
{
	static const struct ib_metric m = { "lat_tcp", "us", 0.0, "msg_bytes=1 nodelay=1", 0 };

	return run_tcp(&m, NULL);
}

/* lat_tcp with the client and the server on one CPU or on two (ib_place_run) */
static int run_tcp_placed(struct ib_place *place, void *name)
{
	char params[96] = "msg_bytes=1 nodelay=1 ";
	struct ib_metric m = { name, "us", 0.0, params, 0 };

	ib_place_params(place, params + strlen(params), sizeof(params) - strlen(params));
	return run_tcp(&m, place);
}

int ib_run_lat_tcp_same(void) { return ib_place_run(0, run_tcp_placed, "lat_tcp_same"); }
int ib_run_lat_tcp_cross(void) { return ib_place_run(1, run_tcp_placed, "lat_tcp_cross"); }

/* ---- TCP connection ---- */

static const struct linger reset_on_close = { 1, 0 };

static void accept_close_server(int lst)
{
	for (;;) {
		int fd = accept4(lst, NULL, NULL, SOCK_CLOEXEC);

		if (fd >= 0)
			close(fd);
		else if (errno != EINTR && errno != ECONNABORTED)
			return;
	}
}

static int conn_loop(void *arg, uint64_t n)
{
	const struct sockaddr_in *sa = arg;

	for (uint64_t i = 0; i < n; i++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), err = 0;

		if (fd < 0)
			return -errno;
		if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset_on_close,
			       sizeof(reset_on_close)) < 0 ||
		    connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) < 0)
			err = -errno;
		close(fd);
		if (err)
			return err;
	}
	return 0;
}

/* the per-operation setsockopt of conn_loop, on one socket that never connects */
static int linger_loop(void *arg, uint64_t n)
{
	int fd = *(const int *)arg;

	for (uint64_t i = 0; i < n; i++)
		if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset_on_close,
			       sizeof(reset_on_close)) < 0)
			return -errno;
	return 0;
}

/* one untimed connection, so that an unreachable loopback is a skip, not a failure */
static int probe_connect(const struct sockaddr_in *sa)
{
	int fd, ret = inet_socket(SOCK_STREAM, &fd);

	if (ret != IB_OK)
		return ret;
	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset_on_close, sizeof(reset_on_close)) < 0) {
		ib_reason("SO_LINGER: %s", strerror(errno));
		ret = IB_FAIL;
	}
	if (ret == IB_OK)
		ret = connect_loopback(fd, sa);
	close(fd);
	return ret;
}

int ib_run_lat_tcp_conn(void)
{
	static const struct ib_metric base = { "lat_tcp_conn_base", "us", 0.0,
					       "op=setsockopt_so_linger", 0 };
	struct ib_metric m = { "lat_tcp_conn", "us", 0.0, "close=rst", 0 };
	struct server s = { 0, NULL };
	struct sockaddr_in sa;
	struct ib_result r;
	int lst, fd, ret;

	ret = inet_socket(SOCK_STREAM, &fd);
	if (ret != IB_OK)
		return ret;
	ret = report(base.name, ib_measure(&base, linger_loop, &fd, &r));
	close(fd);
	if (ret != IB_OK)
		return ret;
	m.overhead = r.min; /* the baseline at its least disturbed (bench/README.md) */
	ret = inet_socket(SOCK_STREAM, &lst);
	if (ret != IB_OK)
		return ret;
	ret = bind_loopback(lst, &sa);
	/* deep backlog: the server only runs when the client yields the one CPU */
	if (ret == IB_OK && listen(lst, 4096) < 0) {
		ib_reason("listen: %s", strerror(errno));
		ret = IB_FAIL;
	}
	if (ret == IB_OK)
		ret = server_start(&s, accept_close_server, lst, -1);
	close(lst);
	if (ret == IB_OK)
		ret = probe_connect(&sa);
	if (ret == IB_OK) {
		ret = report(m.name, ib_measure(&m, conn_loop, &sa, &r));
		if (ret == IB_FAIL && s.pid > 0 && waitpid(s.pid, NULL, WNOHANG) == s.pid) {
			s.pid = 0;
			ib_reason("%s: server died", m.name);
		}
	}
	server_stop(&s);
	return ret;
}
