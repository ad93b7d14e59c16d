/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_rpc.c - RPC/UDP and RPC/TCP: one ONC RPC v2 call answered by a local server.
 *
 * Contract (bench/lib/bench.h): each benchmark emits one metric of the same name, in us per
 * round trip. One operation is one call of lmbench's procedure (program 404040, version 1,
 * procedure 1, AUTH_NONE) with a 4-byte XDR unsigned int argument, and its reply: the client
 * encodes the call, sends it, waits for the reply, decodes it and checks it. musl has no Sun
 * RPC, so the messages come from bench/ipc/oncrpc.c; there is no portmapper: the port is
 * handed over by fork().
 *
 *  - lat_rpc_udp_poll, lat_rpc_tcp_poll (the RPC/UDP and RPC/TCP columns): the system calls
 *    of lmbench's client and server, whose Sun RPC library (glibc's sunrpc, lmbench 2.0's
 *    time) polls before each read: the UDP client send()s, poll()s and recv()s
 *    (MSG_DONTWAIT); the UDP server poll()s (its dispatcher's, svc_run), recvfrom()s and
 *    sendto()s. The TCP client write()s, then poll()s before each read(); the TCP server
 *    poll()s as its dispatcher when it holds no unread bytes, then poll()s before each read()
 *    of the record (the transport's reader), and write()s the reply. Per call: UDP 3 + 3
 *    system calls, TCP 3 + 4.
 *  - lat_rpc_udp, lat_rpc_tcp (Process and IPC variants): the same calls without any poll():
 *    the RPC round trip alone, 2 + 2 system calls.
 *  - UDP: a server child owns a socket bound to 127.0.0.1:<ephemeral>; the client's socket
 *    is connect()ed to it; one datagram each way (44 bytes call, 28 bytes reply). No
 *    retransmission: on loopback a lost datagram is a failure, not something to time.
 *  - TCP: one loopback connection set up before timing, TCP_NODELAY on both ends; each
 *    message is one record-marked record in a single fragment (48 and 32 bytes with the
 *    4-byte marks); the readers keep a stream buffer, so a record split over several reads
 *    (or two in one) is handled too.
 *  - The server checks every call: rpcvers 2 (else MSG_DENIED RPC_MISMATCH 2..2), AUTH_NONE
 *    credential and verifier (else AUTH_ERROR AUTH_BADCRED/AUTH_BADVERF), program
 *    (PROG_UNAVAIL), version (PROG_MISMATCH 1..1), procedure (0 = the null procedure; 1
 *    echoes its argument; else PROC_UNAVAIL), the argument being exactly one XDR uint
 *    (GARBAGE_ARGS). A message it cannot read as a call is dropped (UDP) or ends the
 *    connection (TCP); it says why on stderr.
 *  - The client checks every reply: xid, REPLY, MSG_ACCEPTED, SUCCESS, exactly one uint
 *    equal to the argument sent (which changes every call). Anything else fails the
 *    benchmark with the reason; so does no reply within REPLY_TIMEOUT_S.
 *  - Skips with "no AF_INET" (no IPv4 in the kernel) or "no loopback" (127.0.0.1 cannot be
 *    bound). The server is SIGKILLed and reaped on every path; it also dies with the
 *    benchmark process (PR_SET_PDEATHSIG).
 */

//bench: 230 lat_rpc_udp_poll IB_BENCH_LAT_RPC_UDP_POLL lat_local
//bench: 250 lat_rpc_tcp_poll IB_BENCH_LAT_RPC_TCP_POLL lat_local
//bench: 740 lat_rpc_udp IB_BENCH_LAT_RPC_UDP variants
//bench: 750 lat_rpc_tcp IB_BENCH_LAT_RPC_TCP variants
//
//config:config IB_BENCH_LAT_RPC_UDP_POLL
//config:	bool "RPC/UDP: an ONC RPC v2 call over UDP, polling as lmbench's RPC library"
//config:	default y
//
//config:config IB_BENCH_LAT_RPC_TCP_POLL
//config:	bool "RPC/TCP: an ONC RPC v2 call over TCP, polling as lmbench's RPC library"
//config:	default y
//
//config:config IB_BENCH_LAT_RPC_UDP
//config:	bool "RPC/UDP without poll: the call and reply alone"
//config:	default y
//
//config:config IB_BENCH_LAT_RPC_TCP
//config:	bool "RPC/TCP without poll: the call and reply alone"
//config:	default y

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/measure.h"
#include "bench/ipc/oncrpc.h"

/* lmbench's XACT_PROG, XACT_VERS and RPC_XACT (its bench.h) */
#define XACT_PROG 404040u
#define XACT_VERS 1u
#define XACT_PROC 1u

#define MSG_MAX 512          /* far above our 48 bytes; anything longer is refused */
#define REPLY_TIMEOUT_S 10

struct link {
	int fd;
	int tcp;
	int poll;                /* poll before each read, as lmbench's RPC library */
	uint32_t xid;            /* of the next call */
	uint32_t arg;            /* argument of the next call */
	uint8_t in[MSG_MAX];     /* TCP stream buffer */
	size_t have;
};

/* ---- messages ------------------------------------------------------------------------- */

/* The server's answer to one message, encoded at x; 0, or -1 to drop the message. */
static int answer(const uint8_t *msg, size_t len, struct ib_xdr *x, const char **why)
{
	struct ib_rpc_reply r = { .reply_stat = IB_RPC_MSG_ACCEPTED, .stat = IB_RPC_SUCCESS };
	struct ib_rpc_call c;
	struct ib_xdr_in in;
	uint32_t arg = 0;
	int rc;

	ib_xdr_in_init(&in, msg, len);
	rc = ib_rpc_decode_call(&in, &c);
	r.xid = c.xid;
	if (rc == IB_RPC_ERPCVERS) {
		r.reply_stat = IB_RPC_MSG_DENIED;
		r.stat = IB_RPC_RPC_MISMATCH;
		r.low = r.high = IB_RPC_VERS;
	} else if (rc) {
		*why = ib_rpc_strerror(rc);
		return -1;
	} else if (c.cred.flavor != IB_RPC_AUTH_NONE || c.verf.flavor != IB_RPC_AUTH_NONE) {
		r.reply_stat = IB_RPC_MSG_DENIED;
		r.stat = IB_RPC_AUTH_ERROR;
		r.auth_stat = c.cred.flavor != IB_RPC_AUTH_NONE ? IB_RPC_AUTH_BADCRED
								 : IB_RPC_AUTH_BADVERF;
	} else if (c.prog != XACT_PROG) {
		r.stat = IB_RPC_PROG_UNAVAIL;
	} else if (c.vers != XACT_VERS) {
		r.stat = IB_RPC_PROG_MISMATCH;
		r.low = r.high = XACT_VERS;
	} else if (c.proc == 0) {
		if (ib_xdr_get_end(&in))
			r.stat = IB_RPC_GARBAGE_ARGS;
	} else if (c.proc != XACT_PROC) {
		r.stat = IB_RPC_PROC_UNAVAIL;
	} else if (ib_xdr_get_u32(&in, &arg) || ib_xdr_get_end(&in)) {
		r.stat = IB_RPC_GARBAGE_ARGS;
	}
	ib_rpc_encode_reply(x, &r);
	if (r.reply_stat == IB_RPC_MSG_ACCEPTED && r.stat == IB_RPC_SUCCESS && c.proc)
		ib_xdr_put_u32(x, arg);
	if (x->err) {
		*why = ib_rpc_strerror(x->err);
		return -1;
	}
	return 0;
}

/* the client's check of one reply; 0 or -EPROTO with the reason set */
static int check_reply(const struct link *l, const uint8_t *msg, size_t len)
{
	const char *proto = l->tcp ? "TCP" : "UDP";
	struct ib_rpc_reply r;
	struct ib_xdr_in in;
	uint32_t res;
	int rc;

	ib_xdr_in_init(&in, msg, len);
	rc = ib_rpc_decode_reply(&in, l->xid, &r);
	if (rc == IB_RPC_EACCEPT) {
		ib_reason("RPC/%s xid %#x: %s", proto, (unsigned)l->xid, ib_rpc_accept_name(r.stat));
		return -EPROTO;
	}
	if (rc == IB_RPC_EDENIED) {
		ib_reason("RPC/%s xid %#x: denied, %s %u", proto, (unsigned)l->xid,
			  r.stat == IB_RPC_RPC_MISMATCH ? "RPC_MISMATCH" : "AUTH_ERROR",
			  (unsigned)(r.stat == IB_RPC_RPC_MISMATCH ? r.low : r.auth_stat));
		return -EPROTO;
	}
	if (rc) {
		ib_reason("RPC/%s xid %#x (got %#x): %s", proto, (unsigned)l->xid,
			  (unsigned)r.xid, ib_rpc_strerror(rc));
		return -EPROTO;
	}
	if (r.verf.flavor != IB_RPC_AUTH_NONE) {
		ib_reason("RPC/%s xid %#x: verifier flavor %u", proto, (unsigned)l->xid,
			  (unsigned)r.verf.flavor);
		return -EPROTO;
	}
	if (ib_xdr_get_u32(&in, &res) || ib_xdr_get_end(&in)) {
		ib_reason("RPC/%s xid %#x: result: %s", proto, (unsigned)l->xid,
			  ib_rpc_strerror(in.err ? in.err : IB_RPC_ETRAILING));
		return -EPROTO;
	}
	if (res != l->arg) {
		ib_reason("RPC/%s xid %#x: sent %u, got back %u", proto, (unsigned)l->xid,
			  (unsigned)l->arg, (unsigned)res);
		return -EPROTO;
	}
	return 0;
}

/* ---- I/O -------------------------------------------------------------------------------- */

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * wait (poll_ms >= 0, or -1 for ever) until fd is readable: 0, -EAGAIN when poll_ms passed,
 * -errno
 */
static int wait_readable(int fd, int poll_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	for (;;) {
		int r = poll(&p, 1, poll_ms);

		if (r > 0)
			return 0;
		if (r == 0)
			return -EAGAIN;
		if (errno != EINTR)
			return -errno;
	}
}

/*
 * one whole record from the stream: its length, 0 on EOF, -errno (-EMSGSIZE: bad size).
 * polled: poll before each read() (waiting poll_ms, -1 for ever), as the RPC library's
 * record reader does.
 */
static ssize_t read_record(int fd, uint8_t *buf, size_t *have, uint8_t *out, int polled,
			   int poll_ms)
{
	for (;;) {
		size_t len, used;
		ssize_t r;
		int rc = ib_rm_extract(buf, *have, out, MSG_MAX, &len, &used);

		if (rc < 0)
			return -EMSGSIZE;
		if (rc == 1) {
			memmove(buf, buf + used, *have - used);
			*have -= used;
			return (ssize_t)len;
		}
		if (*have == MSG_MAX)
			return -EMSGSIZE;
		if (polled && (rc = wait_readable(fd, poll_ms)))
			return rc;
		r = read(fd, buf + *have, MSG_MAX - *have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			return 0;
		*have += (size_t)r;
	}
}

/* the record mark in front of a message encoded at out + 4: one, last, fragment */
static void mark(uint8_t *out, size_t msglen)
{
	ib_rm_put_header(out, (uint32_t)msglen, 1);
}

/* polled: the dispatcher's poll() before each recvfrom(), as svc_run's */
static void __attribute__((noreturn)) serve_udp(int fd, int polled)
{
	uint8_t msg[MSG_MAX], out[MSG_MAX];

	for (;;) {
		struct sockaddr_in peer;
		socklen_t plen = sizeof(peer);
		const char *why = NULL;
		struct ib_xdr x;
		ssize_t n;

		if (polled && wait_readable(fd, -1))
			_exit(1);
		n = recvfrom(fd, msg, sizeof(msg), MSG_TRUNC, (struct sockaddr *)&peer, &plen);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			_exit(1);
		}
		if ((size_t)n > sizeof(msg)) {
			fprintf(stderr, "lat_rpc server: dropped a %zd-byte datagram\n", n);
			continue;
		}
		ib_xdr_init(&x, out, sizeof(out));
		if (answer(msg, (size_t)n, &x, &why)) {
			fprintf(stderr, "lat_rpc server: dropped a datagram: %s\n", why);
			continue;
		}
		if (sendto(fd, out, x.pos, 0, (struct sockaddr *)&peer, plen) < 0 && errno != EINTR)
			_exit(1);
	}
}

/*
 * polled: the dispatcher's poll() whenever no unread byte is buffered (svc_run's; with bytes
 * left the next record is read at once), then the record reader's poll() before each read()
 */
static void __attribute__((noreturn)) serve_tcp(int fd, int polled)
{
	static uint8_t buf[MSG_MAX], msg[MSG_MAX], out[MSG_MAX];
	size_t have = 0;

	for (;;) {
		const char *why = NULL;
		struct ib_xdr x;
		ssize_t n;

		if (polled && !have && wait_readable(fd, -1))
			_exit(1);
		n = read_record(fd, buf, &have, msg, polled, -1);
		if (n == 0)
			_exit(0);
		if (n < 0) {
			fprintf(stderr, "lat_rpc server: %s\n",
				n == -EMSGSIZE ? ib_rpc_strerror(IB_RPC_EFRAG) : strerror((int)-n));
			_exit(1);
		}
		ib_xdr_init(&x, out + 4, sizeof(out) - 4);
		if (answer(msg, (size_t)n, &x, &why)) {
			fprintf(stderr, "lat_rpc server: closing: %s\n", why);
			_exit(1);
		}
		mark(out, x.pos);
		if (write_all(fd, out, 4 + x.pos))
			_exit(1);
	}
}

/* one datagram: its length (MSG_TRUNC: the whole datagram's), or -errno */
static ssize_t recv_reply(int fd, uint8_t *msg, size_t cap, int flags)
{
	ssize_t n;

	do
		n = recv(fd, msg, cap, MSG_TRUNC | flags);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n;
}

/* one call and its checked reply */
static int call_once(struct link *l)
{
	struct ib_rpc_call c = { .xid = l->xid, .prog = XACT_PROG, .vers = XACT_VERS,
				 .proc = XACT_PROC };
	uint8_t out[MSG_MAX], msg[MSG_MAX];
	size_t off = l->tcp ? 4 : 0;
	struct ib_xdr x;
	ssize_t n;
	int err;

	ib_xdr_init(&x, out + off, sizeof(out) - off);
	ib_rpc_encode_call(&x, &c);
	if (ib_xdr_put_u32(&x, l->arg)) {
		ib_reason("encoding the call: %s", ib_rpc_strerror(x.err));
		return -EPROTO;
	}
	if (l->tcp) {
		mark(out, x.pos);
		err = write_all(l->fd, out, 4 + x.pos);
		if (err)
			return err;
		n = read_record(l->fd, l->in, &l->have, msg, l->poll, REPLY_TIMEOUT_S * 1000);
		if (n == 0) {
			ib_reason("RPC/TCP: the server closed the connection");
			return -EPIPE;
		}
		if (n == -EMSGSIZE) {
			ib_reason("RPC/TCP: %s", ib_rpc_strerror(IB_RPC_EFRAG));
			return -EPROTO;
		}
	} else {
		n = send(l->fd, out, x.pos, 0);
		if (n >= 0 && (size_t)n != x.pos)
			return -EIO;
		if (n < 0)
			n = -errno;
		else if (!l->poll)
			n = recv_reply(l->fd, msg, sizeof(msg), 0);
		else
			/* as the library: poll, then a recv that does not wait (again if empty) */
			for (;;) {
				n = wait_readable(l->fd, REPLY_TIMEOUT_S * 1000);
				if (n)   /* -EAGAIN: the time is up */
					break;
				n = recv_reply(l->fd, msg, sizeof(msg), MSG_DONTWAIT);
				if (n != -EAGAIN)
					break;
			}
		if (n > (ssize_t)sizeof(msg)) {
			ib_reason("RPC/UDP: a %zd-byte reply", n);
			return -EPROTO;
		}
	}
	if (n == -EAGAIN || n == -EWOULDBLOCK) {
		ib_reason("RPC/%s: no reply within %d s", l->tcp ? "TCP" : "UDP", REPLY_TIMEOUT_S);
		return -ETIMEDOUT;
	}
	if (n < 0)
		return (int)n;
	err = check_reply(l, msg, (size_t)n);
	l->xid++;
	l->arg = l->arg * 1103515245u + 12345u;   /* a fresh value each call */
	return err;
}

static int rpc_loop(void *p, uint64_t n)
{
	struct link *l = p;

	for (uint64_t i = 0; i < n; i++) {
		int err = call_once(l);

		if (err)
			return err;
	}
	return 0;
}

/* ---- set-up ------------------------------------------------------------------------------ */

static void stop_server(pid_t pid)
{
	ib_kill_child(&pid);
}

static pid_t start_server(int srv, int cli, int tcp, int polled)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	close(cli);
	if (tcp)
		serve_tcp(srv, polled);
	serve_udp(srv, polled);
}

/* a socket bound to 127.0.0.1:0; -1 with the outcome in *ret */
static int bound_socket(int type, struct sockaddr_in *sa, int *ret)
{
	socklen_t len = sizeof(*sa);
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		*ret = (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) ? IB_SKIP : IB_FAIL;
		if (*ret == IB_SKIP)
			ib_reason("no AF_INET");
		else
			ib_reason("socket(AF_INET): %s", strerror(errno));
		return -1;
	}
	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)sa, sizeof(*sa)) < 0 ||
	    getsockname(fd, (struct sockaddr *)sa, &len) < 0) {
		*ret = errno == EADDRNOTAVAIL ? IB_SKIP : IB_FAIL;
		if (*ret == IB_SKIP)
			ib_reason("no loopback");
		else
			ib_reason("bind 127.0.0.1: %s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int run_rpc(const char *name, int tcp, int polled)
{
	/* [tcp][polled]: the message sizes on the wire (TCP with the record marks) */
	static const char *const params[2][2] = {
		{ "call_bytes=44 reply_bytes=28", "call_bytes=44 reply_bytes=28 poll=1" },
		{ "call_bytes=48 reply_bytes=32", "call_bytes=48 reply_bytes=32 poll=1" },
	};
	const struct ib_metric m = { name, "us", 0.0, params[tcp][polled], 0 };
	const char *proto = tcp ? "TCP" : "UDP";
	struct timeval tv = { REPLY_TIMEOUT_S, 0 };
	struct sigaction saved;
	struct sockaddr_in sa;
	struct ib_result res;
	static struct link l;
	int one = 1, ret = IB_FAIL, err;
	int srv, cli = -1, lst = -1;
	pid_t server = -1;

	memset(&l, 0, sizeof(l));
	l.tcp = tcp;
	l.poll = polled;
	l.xid = (uint32_t)getpid() << 16 ^ (uint32_t)time(NULL);
	l.arg = 1;
	srv = bound_socket(tcp ? SOCK_STREAM : SOCK_DGRAM, &sa, &ret);
	if (srv < 0)
		return ret;
	cli = socket(AF_INET, (tcp ? SOCK_STREAM : SOCK_DGRAM) | SOCK_CLOEXEC, 0);
	if (cli < 0) {
		ib_reason("socket(AF_INET): %s", strerror(errno));
		goto out;
	}
	if (tcp) {
		lst = srv;
		srv = -1;
		if (listen(lst, 1) < 0) {
			ib_reason("listen: %s", strerror(errno));
			goto out;
		}
	}
	if (connect(cli, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		ib_reason("connect 127.0.0.1: %s", strerror(errno));
		goto out;
	}
	if (tcp) {
		srv = accept4(lst, NULL, NULL, SOCK_CLOEXEC);
		if (srv < 0) {
			ib_reason("accept: %s", strerror(errno));
			goto out;
		}
		close(lst);
		lst = -1;
		if (setsockopt(cli, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0 ||
		    setsockopt(srv, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0) {
			ib_reason("TCP_NODELAY: %s", strerror(errno));
			goto out;
		}
	}
	if (setsockopt(cli, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) < 0) {
		ib_reason("SO_RCVTIMEO: %s", strerror(errno));
		goto out;
	}
	/* a dead server must turn into an error here, not kill us with SIGPIPE */
	ib_ignore_sigpipe(&saved);
	server = start_server(srv, cli, tcp, polled);
	if (server < 0) {
		ib_reason("fork: %s", strerror(errno));
		sigaction(SIGPIPE, &saved, NULL);
		goto out;
	}
	close(srv);
	srv = -1;
	l.fd = cli;
	err = ib_measure(&m, rpc_loop, &l, &res);
	sigaction(SIGPIPE, &saved, NULL);
	if (err) {
		/* keep the precise reason call_once gave; fill in a bare errno otherwise */
		if (!ib_reason_text()[0])
			ib_reason("RPC/%s: %s", proto, strerror(-err));
		goto out;
	}
	ret = IB_OK;
out:
	if (cli >= 0)
		close(cli);
	if (srv >= 0)
		close(srv);
	if (lst >= 0)
		close(lst);
	stop_server(server);
	return ret;
}

int ib_run_lat_rpc_udp_poll(void) { return run_rpc("lat_rpc_udp_poll", 0, 1); }
int ib_run_lat_rpc_tcp_poll(void) { return run_rpc("lat_rpc_tcp_poll", 1, 1); }
int ib_run_lat_rpc_udp(void) { return run_rpc("lat_rpc_udp", 0, 0); }
int ib_run_lat_rpc_tcp(void) { return run_rpc("lat_rpc_tcp", 1, 0); }
