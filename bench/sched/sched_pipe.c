/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sched_pipe.c - `perf bench sched pipe`: two tasks hand one int back and forth over two
 * pipes, so each operation is two wake-ups and two context switches on one CPU.
 *
 * Contract (bench/lib/bench.h), Scheduler section, µs per operation:
 *  - sched_pipe: one round trip between this process and a partner process: write(down,
 *    int), read(up, int); the partner read(down), write(up). perf's usecs/op is the same
 *    round trip (its loops count round trips), so this is lmbench's lat_pipe quantity with
 *    perf's 4-byte int instead of lmbench's one-word message: the figures should agree.
 *  - sched_pipe_thread: the same between two threads of one process (perf's -T): no
 *    address-space switch between the two.
 * perf runs a fixed 1,000,000 loops and times the partner's fork and exit too; here the
 * harness sizes the loop by time (bench/lib/measure.h) with the partner started outside
 * the timed part, as for lmbench's benchmarks: the set-up is amortised away either way.
 * The partner echoes the value incremented by one and we check it, so a lost or doubled
 * message fails the benchmark at once. A partner that dies closes its pipe ends: our
 * read() sees end of file and the benchmark fails ("partner gone").
 * Placement is the suite's (pin knob): pinned, both tasks share opts->cpu.
 * Counts, checked with strace -f -c (tests/integration/counts/check-sched.sh): two write()
 * and two read() per round trip (one each on either side).
 */

//bench: 680 sched_pipe IB_BENCH_SCHED_PIPE sched
//bench: 685 sched_pipe_thread IB_BENCH_SCHED_PIPE sched
//
//config:config IB_BENCH_SCHED_PIPE
//config:	bool "sched pipe (perf bench sched pipe): processes and threads"
//config:	default y
//config:	help
//config:	  An int handed back and forth over two pipes between two
//config:	  processes, then between two threads. Microseconds per round
//config:	  trip, as perf's usecs/op.

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

#include "bench/lib/bench.h"

struct pp {
	int down[2];   /* we write, the partner reads */
	int up[2];     /* the partner writes, we read */
	int val;
};

static int xfer(int fd, int *v, int wr)
{
	ssize_t r;

	do
		r = wr ? write(fd, v, sizeof(*v)) : read(fd, v, sizeof(*v));
	while (r < 0 && errno == EINTR);
	if (r == (ssize_t)sizeof(*v))
		return 0;
	return r < 0 ? -errno : -EPIPE;
}

/* the partner: echo every int plus one until end of file or an error */
static void *echo(void *arg)
{
	struct pp *p = arg;
	int v;

	while (!xfer(p->down[0], &v, 0)) {
		v++;
		if (xfer(p->up[1], &v, 1))
			break;
	}
	return NULL;
}

static int round_trips(void *arg, uint64_t n)
{
	struct pp *p = arg;

	for (uint64_t i = 0; i < n; i++) {
		int v = p->val, err = xfer(p->down[1], &v, 1);

		if (!err)
			err = xfer(p->up[0], &v, 0);
		if (err)
			return err;
		if (v != p->val + 1)
			return -EPROTO;
		p->val = v;
	}
	ib_sink = (uint64_t)p->val;
	return 0;
}

static int sched_pipe(const char *name, int threads)
{
	struct ib_metric m = { name, "us", 0.0, threads ? "tasks=thread msg_bytes=4" :
			       "tasks=process msg_bytes=4", 0 };
	struct pp p = { .val = 0 };
	struct ib_result r;
	struct sigaction saved;
	pthread_t tid;
	pid_t pid = 0;
	int err;

	if (pipe(p.down) || pipe(p.up)) {
		ib_reason("pipe: %s", strerror(errno));
		return IB_FAIL;
	}
	ib_ignore_sigpipe(&saved);
	if (threads) {
		err = pthread_create(&tid, NULL, echo, &p);
		if (err) {
			ib_reason("pthread_create: %s", strerror(err));
			return IB_FAIL;
		}
	} else {
		pid = fork();
		if (pid < 0) {
			ib_reason("fork: %s", strerror(errno));
			return IB_FAIL;
		}
		if (pid == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			close(p.down[1]);
			close(p.up[0]);
			echo(&p);
			_exit(0);
		}
		/* only the partner holds these now: its death is our end of file */
		close(p.down[0]);
		close(p.up[1]);
	}
	err = ib_measure(&m, round_trips, &p, &r);
	close(p.down[1]);   /* the partner's end of file: it returns */
	if (threads) {
		pthread_join(tid, NULL);
		close(p.down[0]);
		close(p.up[1]);
	} else {
		ib_kill_child(&pid);
	}
	close(p.up[0]);
	sigaction(SIGPIPE, &saved, NULL);
	if (err) {
		ib_reason("%s: %s", name, err == -EPIPE ? "partner gone" : strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_sched_pipe(void)
{
	return sched_pipe("sched_pipe", 0);
}

int ib_run_sched_pipe_thread(void)
{
	return sched_pipe("sched_pipe_thread", 1);
}
