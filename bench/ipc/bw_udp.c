/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_udp.c - UDP bandwidth over loopback (lmbench 3's bw_udp, which lmbench 2.0 lacks).
 *
 * Contract (bench/lib/bench.h): ib_run_bw_udp(), metric bw_udp in MB/s (MB = 10^6 bytes,
 * as every bandwidth here). lmbench 3's exchange: the client sends the server a control
 * message (how many bytes to move, in datagrams of what size), the server sendto()s that
 * many bytes back in datagrams of that size, the client recv()s them; the bandwidth is the
 * payload bytes received (UDP's user data, no headers) per second. One operation here is
 * one such exchange: one 8-byte request (two 32-bit counts in network order: datagrams,
 * bytes per datagram), MSGS datagrams of MSG bytes back, each recv() checked to return
 * MSG bytes. The metric's bytes per operation are MSGS x MSG.
 *
 * Sizes. lmbench 3 moves 10 MiB per request with a message size given by -m, whose default
 * (the whole move in one datagram) UDP cannot send; its scripts never run bw_udp. We send
 * the largest datagram IPv4 carries, 65507 bytes (65535 less the IP and UDP headers; one
 * packet on loopback, whose MTU is 64 KiB), and ask for as many per request as the client's
 * receive buffer surely holds, at most MSGS (1 MB): UDP drops what does not fit, and a
 * lost datagram would leave lmbench's client waiting for ever. The buffer is asked for with
 * SO_RCVBUFFORCE (root), else SO_RCVBUF (capped by net.core.rmem_max); the record says how
 * many datagrams per request (chunks=) and the buffer granted (rcvbuf=). A datagram still
 * missing after RECV_WAIT_S fails the benchmark ("datagrams lost").
 *
 * The server is a child forked once, bound to 127.0.0.1 on an ephemeral port before the
 * fork; the client's socket is connect()ed to it, so a dead server's ICMP port-unreachable
 * fails the next recv() (ECONNREFUSED: "server died"), and so does a server found reaped
 * when a wait times out (killed while we waited: no ICMP then). The server dies with its parent
 * (PR_SET_PDEATHSIG); on every path the parent closes its sockets, SIGKILLs and reaps it
 * (ib_kill_child). Skips with "no AF_INET" or "no loopback", as lat_udp.
 */

//bench: 795 bw_udp IB_BENCH_BW_UDP bw_local
//
//config:config IB_BENCH_BW_UDP
//config:	bool "UDP bandwidth: 64 KB datagrams on loopback (lmbench 3)"
//config:	default y
//config:	help
//config:	  lmbench 3's bw_udp: the client asks a server on 127.0.0.1 for
//config:	  a burst of 65507-byte datagrams and receives them. MB/s of
//config:	  payload (MB = 10^6 bytes). Skipped without CONFIG_INET.

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#define MSG 65507          /* the largest UDP payload over IPv4 */
#define MSGS 16            /* datagrams per request at most: 1 MB */
#define RCVBUF (4 << 20)   /* asked for: the kernel doubles it for its bookkeeping */
#define RECV_WAIT_S 5

struct udp {
	int srv, cli;      /* the server's socket (until the fork), the client's */
	unsigned msgs;     /* datagrams per request */
	int rcvbuf;        /* the client's receive buffer as granted (getsockopt) */
	char *buf;
	pid_t pid;
};

static void udp_stop(struct udp *u)
{
	if (u->srv >= 0)
		close(u->srv);
	if (u->cli >= 0)
		close(u->cli);
	u->srv = u->cli = -1;
	ib_kill_child(&u->pid);
	free(u->buf);
	u->buf = NULL;
}

static void __attribute__((noreturn)) server(int fd, char *buf, pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	for (;;) {
		struct sockaddr_in from;
		socklen_t len = sizeof(from);
		uint32_t req[2];
		ssize_t got = recvfrom(fd, req, sizeof(req), 0, (struct sockaddr *)&from, &len);
		uint32_t n, size;

		if (got < 0 && errno == EINTR)
			continue;
		if (got != sizeof(req))
			_exit(1);
		n = ntohl(req[0]);
		size = ntohl(req[1]);
		if (size > MSG)
			_exit(1);
		for (uint32_t i = 0; i < n; i++)
			if (sendto(fd, buf, size, 0, (struct sockaddr *)&from, len) != (ssize_t)size)
				_exit(1);
	}
}

static int transfers(void *arg, uint64_t n)
{
	const struct udp *u = arg;
	uint32_t req[2] = { htonl(u->msgs), htonl(MSG) };

	for (uint64_t i = 0; i < n; i++) {
		if (send(u->cli, req, sizeof(req), 0) != sizeof(req))
			return -errno;
		for (unsigned k = 0; k < u->msgs; k++) {
			ssize_t got = recv(u->cli, u->buf, MSG, 0);

			if (got == MSG)
				continue;
			if (got < 0 && errno == EINTR) {
				k--;
				continue;
			}
			if (got >= 0)
				return -EPROTO;
			return errno == EAGAIN || errno == EWOULDBLOCK ? -ETIMEDOUT : -errno;
		}
	}
	return 0;
}

/* the server's socket bound to 127.0.0.1, the client's connected to it; reason set */
static int udp_open(struct udp *u, struct sockaddr_in *sa)
{
	socklen_t len = sizeof(*sa);
	struct timeval wait = { RECV_WAIT_S, 0 };
	int want = RCVBUF, got = 0;
	socklen_t glen = sizeof(got);

	u->srv = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (u->srv < 0) {
		if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) {
			ib_reason("no AF_INET");
			return IB_SKIP;
		}
		ib_reason("socket(AF_INET): %s", strerror(errno));
		return IB_FAIL;
	}
	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(u->srv, (struct sockaddr *)sa, sizeof(*sa)) < 0 ||
	    getsockname(u->srv, (struct sockaddr *)sa, &len) < 0) {
		if (errno == EADDRNOTAVAIL) {
			ib_reason("no loopback");
			return IB_SKIP;
		}
		ib_reason("bind 127.0.0.1: %s", strerror(errno));
		return IB_FAIL;
	}
	u->cli = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (u->cli < 0) {
		ib_reason("socket(AF_INET): %s", strerror(errno));
		return IB_FAIL;
	}
	if (connect(u->cli, (struct sockaddr *)sa, sizeof(*sa)) < 0) {
		if (errno == ENETUNREACH || errno == EADDRNOTAVAIL) {
			ib_reason("no loopback");
			return IB_SKIP;
		}
		ib_reason("connect 127.0.0.1: %s", strerror(errno));
		return IB_FAIL;
	}
	if (setsockopt(u->cli, SOL_SOCKET, SO_RCVBUFFORCE, &want, sizeof(want)) < 0)
		setsockopt(u->cli, SOL_SOCKET, SO_RCVBUF, &want, sizeof(want));
	if (getsockopt(u->cli, SOL_SOCKET, SO_RCVBUF, &got, &glen) < 0 ||
	    setsockopt(u->cli, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait)) < 0) {
		ib_reason("socket options: %s", strerror(errno));
		return IB_FAIL;
	}
	/* what the buffer holds is charged per datagram with the kernel's overhead: count
	 * each at twice its size, which leaves a margin */
	u->rcvbuf = got;
	u->msgs = (unsigned)got / (2u * MSG);
	if (u->msgs > MSGS)
		u->msgs = MSGS;
	if (u->msgs < 1) {
		ib_reason("receive buffer of %d bytes holds no 64 KB datagram", got);
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_bw_udp(void)
{
	struct udp u = { .srv = -1, .cli = -1 };
	struct sockaddr_in sa;
	struct ib_metric m = { "bw_udp", "MB/s", 0.0, NULL, 0 };
	struct ib_result r;
	char params[96];
	pid_t self = getpid();
	int ret, err;

	ret = udp_open(&u, &sa);
	if (ret != IB_OK)
		goto out;
	ret = IB_FAIL;
	u.buf = calloc(1, MSG);
	if (!u.buf) {
		ib_reason("bw_udp: no memory");
		goto out;
	}
	u.pid = fork();
	if (u.pid == 0)
		server(u.srv, u.buf, self);
	if (u.pid < 0) {
		u.pid = 0;
		ib_reason("fork: %s", strerror(errno));
		goto out;
	}
	close(u.srv);
	u.srv = -1;
	snprintf(params, sizeof(params), "msg_bytes=%d chunks=%u rcvbuf=%d", MSG, u.msgs,
		 u.rcvbuf);
	m.params = params;
	m.bytes = (double)u.msgs * MSG;
	err = transfers(&u, 1);   /* untimed: a loopback that loses everything fails here */
	if (!err)
		err = ib_measure(&m, transfers, &u, &r);
	/* a server killed while we wait makes no ICMP error: the wait times out; tell it */
	if (err == -ETIMEDOUT && waitpid(u.pid, NULL, WNOHANG) == u.pid) {
		u.pid = 0;
		err = -ECONNREFUSED;
	}
	if (!err)
		ret = IB_OK;
	else if (err == -ETIMEDOUT)
		ib_reason("bw_udp: datagrams lost (none within %d s)", RECV_WAIT_S);
	else if (err == -ECONNREFUSED)
		ib_reason("bw_udp: server died");
	else if (err == -EPROTO)
		ib_reason("bw_udp: a datagram of the wrong size");
	else
		ib_reason("bw_udp: %s", strerror(-err));
out:
	udp_stop(&u);
	return ret;
}
