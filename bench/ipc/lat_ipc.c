/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_ipc.c - round trip of one byte between two local processes ("Pipe", "AF UNIX").
 *
 * Contract (bench/lib/bench.h):
 *  - ib_run_lat_pipe(): two pipes, one each way; metric lat_pipe.
 *  - ib_run_lat_unix(): one SOCK_STREAM socketpair(AF_UNIX), both directions on it; metric
 *    lat_unix. Skips with "no AF_UNIX" when the kernel has no AF_UNIX.
 * One operation is one round trip: the benchmark process writes one byte, the echo child
 * (forked once per benchmark, before anything is timed) reads it and writes it back, the
 * benchmark process reads it and checks it is the byte it sent. So an operation is two
 * writes, two reads and two wake-ups. The child inherits the affinity the harness set:
 * none by default (pin=0), so the scheduler places the two as it does lmbench's (on two
 * CPUs mostly apart: cross-CPU wake-ups). Nothing is subtracted but the clock read.
 *
 * Placement (bench/lib/place.h): lat_pipe_same/_cross and lat_unix_same/_cross are the same
 * round trips with the benchmark process pinned (before the fork) and the echo child pinned
 * right after it, to one CPU or to two; each checks where it ran, and the records carry
 * placement= and cpus=.
 *
 * The child dies with its parent (PR_SET_PDEATHSIG) and on EOF; on every path the parent
 * closes its ends, SIGKILLs and reaps it. A child that dies early shows as EOF or EPIPE
 * (SIGPIPE is ignored during the run) and fails the benchmark with "echo child died".
 */

//bench: 200 lat_pipe IB_BENCH_LAT_PIPE lat_local
//bench: 210 lat_unix IB_BENCH_LAT_UNIX lat_local
//bench: 620 lat_pipe_same IB_BENCH_LAT_PIPE_SAME placement
//bench: 625 lat_pipe_cross IB_BENCH_LAT_PIPE_CROSS placement
//bench: 630 lat_unix_same IB_BENCH_LAT_UNIX_SAME placement
//bench: 635 lat_unix_cross IB_BENCH_LAT_UNIX_CROSS placement
//
//config:config IB_BENCH_LAT_PIPE
//config:	bool "Pipe: 1-byte hot potato over two pipes"
//config:	default y
//
//config:config IB_BENCH_LAT_UNIX
//config:	bool "AF UNIX: the same over a stream socketpair"
//config:	default y
//
//config:config IB_BENCH_LAT_PIPE_SAME
//config:	bool "Pipe latency, both processes pinned to one CPU"
//config:	default y
//
//config:config IB_BENCH_LAT_PIPE_CROSS
//config:	bool "Pipe latency, the two processes pinned to two CPUs"
//config:	default y
//
//config:config IB_BENCH_LAT_UNIX_SAME
//config:	bool "AF UNIX latency, both processes pinned to one CPU"
//config:	default y
//
//config:config IB_BENCH_LAT_UNIX_CROSS
//config:	bool "AF UNIX latency, the two processes pinned to two CPUs"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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

struct peer {
	int out, in;   /* the benchmark process's ends (the same fd for a socketpair) */
	pid_t pid;     /* the echo child, 0 when none */
	struct ib_place *place;  /* a Placement benchmark's CPUs, else NULL */
};

static void __attribute__((noreturn)) echo_child(int in, int out, pid_t parent,
						 struct ib_place *place)
{
	char c;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)   /* the parent died before the prctl */
		_exit(1);
	if (place && ib_place_enter(place, 1))
		_exit(1);   /* the error is in the shared page: the parent's check names it */
	for (;;) {
		ssize_t r = read(in, &c, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r != 1 || write(out, &c, 1) != 1)
			_exit(0);
	}
}

static void peer_stop(struct peer *p)
{
	ib_close_ends(&p->out, &p->in);
	ib_kill_child(&p->pid);
}

/*
 * Fork the echo child. child_in/child_out are the child's ends, closed here in the parent
 * (and my_in/my_out in the child) whatever happens; on failure returns -errno.
 */
static int peer_start(struct peer *p, int my_in, int my_out, int child_in, int child_out)
{
	pid_t self = getpid();
	pid_t pid = fork();

	if (pid == 0) {
		close(my_in);
		if (my_out != my_in)
			close(my_out);
		echo_child(child_in, child_out, self, p->place);
	}
	close(child_in);
	if (child_out != child_in)
		close(child_out);
	p->in = my_in;
	p->out = my_out;
	p->pid = pid > 0 ? pid : 0;
	return pid < 0 ? -errno : 0;
}

int ib_echo_round_trips(int out, int in, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		char c = (char)i, got;
		ssize_t r;

		if (write(out, &c, 1) != 1)
			return -errno;
		do
			r = read(in, &got, 1);
		while (r < 0 && errno == EINTR);
		if (r < 0)
			return -errno;
		if (r == 0)
			return -EPIPE;
		if (got != c)
			return -EPROTO;
	}
	return 0;
}

static int round_trip_loop(void *arg, uint64_t n)
{
	const struct peer *p = arg;

	return ib_echo_round_trips(p->out, p->in, n);
}

/* measure m over an echo child already started; always stops the child */
static int measure_peer(const struct ib_metric *m, struct peer *p)
{
	struct sigaction saved;
	struct ib_result r;
	int err;

	ib_ignore_sigpipe(&saved);
	err = ib_measure(m, round_trip_loop, p, &r);
	peer_stop(p);
	sigaction(SIGPIPE, &saved, NULL);
	if (p->place && ib_place_check(p->place) != IB_OK)
		return IB_FAIL;   /* the placement's reason says more than "echo child died" */
	if (!err)
		return IB_OK;
	if (err == -EPIPE || err == -ECONNRESET)
		ib_reason("%s: echo child died", m->name);
	else if (err == -EPROTO)
		ib_reason("%s: echoed byte differs", m->name);
	else
		ib_reason("%s: %s", m->name, strerror(-err));
	return IB_FAIL;
}

void ib_close_ends(int *a, int *b)
{
	if (*a >= 0)
		close(*a);
	if (*b >= 0 && *b != *a)
		close(*b);
	*a = *b = -1;
}

int ib_two_pipes(int a[2], int b[2])
{
	if (pipe2(a, O_CLOEXEC) < 0) {
		ib_reason("pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe2(b, O_CLOEXEC) < 0) {
		ib_reason("pipe: %s", strerror(errno));
		close(a[0]);
		close(a[1]);
		return -1;
	}
	return 0;
}

static int run_pipe(const struct ib_metric *m, struct ib_place *place)
{
	struct peer p = { -1, -1, 0, place };
	int to_child[2], from_child[2], err;

	if (ib_two_pipes(to_child, from_child))
		return IB_FAIL;
	err = peer_start(&p, from_child[0], to_child[1], to_child[0], from_child[1]);
	if (err) {
		ib_reason("fork: %s", strerror(-err));
		peer_stop(&p);
		return IB_FAIL;
	}
	return measure_peer(m, &p);
}

static int run_unix(const struct ib_metric *m, struct ib_place *place)
{
	struct peer p = { -1, -1, 0, place };
	int sv[2], err;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) {
			ib_reason("no AF_UNIX");
			return IB_SKIP;
		}
		ib_reason("socketpair(AF_UNIX): %s", strerror(errno));
		return IB_FAIL;
	}
	err = peer_start(&p, sv[0], sv[0], sv[1], sv[1]);
	if (err) {
		ib_reason("fork: %s", strerror(-err));
		peer_stop(&p);
		return IB_FAIL;
	}
	return measure_peer(m, &p);
}

struct placed {
	const char *name;
	int (*run)(const struct ib_metric *, struct ib_place *);
};

static int placed_run(struct ib_place *place, void *arg)
{
	const struct placed *a = arg;
	char params[80] = "msg_bytes=1 ";
	struct ib_metric m = { a->name, "us", 0.0, params, 0 };

	ib_place_params(place, params + strlen(params), sizeof(params) - strlen(params));
	return a->run(&m, place);
}

/* run(name) with the benchmark process and the echo child on one CPU (cross 0) or two */
static int run_placed(const char *name, int cross,
		      int (*run)(const struct ib_metric *, struct ib_place *))
{
	struct placed a = { name, run };

	return ib_place_run(cross, placed_run, &a);
}

int ib_run_lat_pipe(void)
{
	static const struct ib_metric m = { "lat_pipe", "us", 0.0, "msg_bytes=1", 0 };

	return run_pipe(&m, NULL);
}

int ib_run_lat_unix(void)
{
	static const struct ib_metric m = { "lat_unix", "us", 0.0, "msg_bytes=1", 0 };

	return run_unix(&m, NULL);
}

int ib_run_lat_pipe_same(void) { return run_placed("lat_pipe_same", 0, run_pipe); }
int ib_run_lat_pipe_cross(void) { return run_placed("lat_pipe_cross", 1, run_pipe); }
int ib_run_lat_unix_same(void) { return run_placed("lat_unix_same", 0, run_unix); }
int ib_run_lat_unix_cross(void) { return run_placed("lat_unix_cross", 1, run_unix); }
