/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hackbench.c - hackbench as `perf bench sched messaging` defines it: many tasks that write
 * small messages to each other, a load on the scheduler's wake-ups and the kernel's IPC.
 *
 * Contract (bench/lib/bench.h), Scheduler section. One run:
 *  - hackbench_groups groups (knob, perf's -g, default 10), each of 20 receivers and 20
 *    senders; a receiver has one channel, a socketpair(AF_UNIX, SOCK_STREAM) (perf's
 *    default) or a pipe (perf's -p), which all 20 senders of its group write to;
 *  - every sender writes hackbench_loops (knob, perf's -l, default 100) rounds of one
 *    100-byte message to each of its group's 20 receivers (a short write is continued);
 *    every receiver reads 20 x loops messages of 100 bytes (a short read is continued);
 *  - tasks are processes (fork, perf's default) or threads (perf's -t);
 *  - every task signals it is ready (one byte on a shared channel), then waits in poll()
 *    on a start channel; the clock starts when all are ready, before the start byte is
 *    written, and stops when every task has been reaped (waitpid, pthread_join): exits
 *    and reaping are in the time, as in perf's "Total time".
 * So one run moves groups x 20 x 20 x loops messages (400,000 at perf's defaults), with
 * 40 x groups tasks. Metrics, one sample per run (ib_measure_count, n = 1: the amount of
 * work is the definition, as perf's): hackbench_<variant> in s (perf's "Total time") and
 * hackbench_<variant>_mps, messages per second (the messages over the same run's time).
 * Variants: proc_sock (perf's default), proc_pipe, thread_sock. Threads get 64 KB stacks
 * (perf asks for PTHREAD_STACK_MIN, which is 2 KB in musl: too little to be safe for a
 * 100-byte buffer below libc's calls). The parameters are in every record.
 * The tasks run on opts->cpu when pinned (the suite's placement; a one-CPU guest runs them
 * on its one CPU either way). A run needs about 400 KB per process (page tables, stack,
 * socket buffers): less MemAvailable than that is a skip naming both figures; a soft
 * RLIMIT_NOFILE too small for the thread variant's fds (all in one process) is raised to
 * the hard limit, else a skip. The warm-up run sets the benchmark's time limit from its
 * own length (ib_time_limit), so a long run at perf's defaults under TCG is not killed.
 * A task that fails (a read or write error, an early end of file) exits non-zero or
 * records the error, and the run fails with it. Processes die with the benchmark
 * (PR_SET_PDEATHSIG); the runner kills the whole process group on its timeout.
 * Counts, checked with strace -f -c (tests/integration/counts/check-sched.sh): one write()
 * per message and one read() per message (100-byte messages are never split on this
 * path), plus one ready write() per task.
 */

//bench: 660 hackbench_proc_sock IB_BENCH_HACKBENCH sched
//bench: 665 hackbench_proc_pipe IB_BENCH_HACKBENCH sched
//bench: 670 hackbench_thread_sock IB_BENCH_HACKBENCH sched
//
//config:config IB_BENCH_HACKBENCH
//config:	bool "hackbench (perf bench sched messaging): sockets, pipes, threads"
//config:	default y
//config:	help
//config:	  Groups of 20 senders and 20 receivers; each sender writes loops
//config:	  100-byte messages to each receiver of its group. Processes over
//config:	  AF_UNIX socketpairs (perf's default), processes over pipes, and
//config:	  threads over socketpairs. Seconds per run and messages per
//config:	  second; groups and loops are the hackbench_groups and
//config:	  hackbench_loops knobs.

#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/base/stats.h"
#include "bench/base/sysinfo.h"
#include "bench/lib/bench.h"

#define FDS 20          /* receivers (and senders) per group, fixed by perf */
#define MSG 100         /* bytes per message, fixed by perf */
#define KB_PER_PROC 400
#define THREAD_STACK (64 * 1024)

struct hb {
	unsigned groups, loops;
	int pipes, threads;
	int ready[2], wake[2];
	uint64_t first_ns;      /* the warm-up's length (0: not run yet) */
	uint64_t start_ns;      /* when the benchmark began, for the time limit */
};

struct task {
	struct hb *hb;
	int in;                 /* a receiver's channel */
	const int *out;         /* a sender's FDS channels */
	int err;                /* a thread's failure (errno) */
};

static int channel(const struct hb *h, int fds[2])
{
	return (h->pipes ? pipe(fds) : socketpair(AF_UNIX, SOCK_STREAM, 0, fds)) ? -errno : 0;
}

static int wait_go(const struct hb *h)
{
	char c = 0;
	struct pollfd p = { .fd = h->wake[0], .events = POLLIN };

	if (write(h->ready[1], &c, 1) != 1)
		return errno ? errno : EIO;
	while (poll(&p, 1, -1) != 1)
		if (errno != EINTR)
			return errno;
	return 0;
}

static int xfer(int fd, char *buf, int wr)
{
	size_t done = 0;

	while (done < MSG) {
		ssize_t r = wr ? write(fd, buf + done, MSG - done) : read(fd, buf + done, MSG - done);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? errno : EPIPE;
		done += (size_t)r;
	}
	return 0;
}

static void *receiver(void *arg)
{
	struct task *t = arg;
	char buf[MSG];
	unsigned n = FDS * t->hb->loops;

	t->err = wait_go(t->hb);
	for (unsigned i = 0; i < n && !t->err; i++)
		t->err = xfer(t->in, buf, 0);
	return NULL;
}

static void *sender(void *arg)
{
	struct task *t = arg;
	char buf[MSG];

	memset(buf, 'h', sizeof(buf));
	t->err = wait_go(t->hb);
	for (unsigned i = 0; i < t->hb->loops && !t->err; i++)
		for (unsigned j = 0; j < FDS && !t->err; j++)
			t->err = xfer(t->out[j], buf, 1);
	return NULL;
}

/* a process task: keep only its own channels (so that a task that dies is an end of file
 * or EPIPE to the others, not a hang), run it, exit 0 or 1 */
static pid_t spawn(void *(*fn)(void *), struct task *t, const int *in, const int *out)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	signal(SIGPIPE, SIG_IGN);
	for (unsigned j = 0; j < FDS; j++) {
		if (in[j] >= 0 && in[j] != t->in)
			close(in[j]);
		if (fn == receiver && out[j] >= 0)
			close(out[j]);
	}
	fn(t);
	_exit(t->err ? 1 : 0);
}

/* one run: set up every task, time from the start byte to the last reap */
static int run_once(struct hb *h, uint64_t *elapsed)
{
	unsigned ntasks = 40 * h->groups, started = 0;
	struct task *tasks = calloc(ntasks, sizeof(*tasks));
	int *outs = calloc((size_t)FDS * h->groups, sizeof(int));
	int *ins = calloc((size_t)FDS * h->groups, sizeof(int));
	pid_t *pids = calloc(ntasks, sizeof(*pids));
	pthread_t *tids = calloc(ntasks, sizeof(*tids));
	pthread_attr_t attr;
	int err = 0;
	uint64_t t0 = 0;

	if (!tasks || !outs || !ins || !pids || !tids) {
		err = -ENOMEM;
		goto out;
	}
	for (unsigned i = 0; i < FDS * h->groups; i++)
		outs[i] = ins[i] = -1;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	for (unsigned g = 0; g < h->groups && !err; g++) {
		int *out = outs + (size_t)g * FDS, *in = ins + (size_t)g * FDS;

		for (unsigned j = 0; j < FDS && !err; j++) {
			int fds[2];

			err = channel(h, fds);
			if (err)
				break;
			in[j] = fds[0];
			out[j] = fds[1];
		}
		/* receivers, then senders, as perf starts them */
		for (unsigned k = 0; k < 2 * FDS && !err; k++) {
			struct task *t = &tasks[started];

			t->hb = h;
			t->in = k < FDS ? in[k] : -1;
			t->out = out;
			if (h->threads) {
				int e = pthread_create(&tids[started], &attr,
						       k < FDS ? receiver : sender, t);
				if (e) {
					err = -e;
					break;
				}
			} else {
				pids[started] = spawn(k < FDS ? receiver : sender, t, in, out);
				if (pids[started] < 0) {
					err = -errno;
					break;
				}
			}
			started++;
		}
		/* a process group's channels live in its tasks now: close the parent's copies,
		 * so that a dead task is an end of file, not a hang */
		for (unsigned j = 0; j < FDS && !h->threads; j++) {
			if (in[j] >= 0)
				close(in[j]);
			if (out[j] >= 0)
				close(out[j]);
			in[j] = out[j] = -1;
		}
	}
	pthread_attr_destroy(&attr);
	for (unsigned i = 0; i < started && !err; i++) {
		char c;
		ssize_t r = read(h->ready[0], &c, 1);

		if (r != 1)
			err = r < 0 ? -errno : -EPIPE;
	}
	t0 = ib_now_ns();
	{
		char c = 0;
		/* the start byte also releases tasks of a failed set-up, which then end */
		if (write(h->wake[1], &c, 1) != 1 && !err)
			err = -errno;
	}
	/* threads of a failed set-up share our fds: closing the senders' ends gives the
	 * receivers their end of file (and the senders EBADF), so the joins below return */
	for (unsigned i = 0; err && h->threads && i < FDS * h->groups; i++)
		if (outs[i] >= 0) {
			close(outs[i]);
			outs[i] = -1;
		}
	for (unsigned i = 0; i < started; i++) {
		if (h->threads) {
			pthread_join(tids[i], NULL);
			if (tasks[i].err && !err)
				err = -tasks[i].err;
		} else {
			int st;

			while (waitpid(pids[i], &st, 0) < 0 && errno == EINTR)
				;
			if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0) && !err)
				err = -EPROTO;
		}
	}
	*elapsed = ib_now_ns() - t0;
	/* take the start byte back for the next run */
	{
		char c;
		if (read(h->wake[0], &c, 1) != 1 && !err)
			err = -errno;
	}
out:
	for (unsigned i = 0; outs && ins && i < FDS * h->groups; i++) {
		if (outs[i] >= 0)
			close(outs[i]);
		if (ins[i] >= 0)
			close(ins[i]);
	}
	free(tasks);
	free(outs);
	free(ins);
	free(pids);
	free(tids);
	return err;
}

static int timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct hb *h = arg;
	uint64_t total = 0;

	for (uint64_t i = 0; i < n; i++) {
		uint64_t e;
		int err = run_once(h, &e);

		if (err)
			return err;
		total += e;
	}
	*elapsed_ns = total;
	if (!h->first_ns) {
		/* the warm-up: the samples to come take about as long each; allow twice */
		uint64_t s = (ib_now_ns() - h->start_ns) / 1000000000u + 2 * (ib_opts->reps + 1) *
			     (total / 1000000000u + 1) + 10;
		h->first_ns = total ? total : 1;
		ib_time_limit(s > IB_TIME_LIMIT_MAX_S ? IB_TIME_LIMIT_MAX_S : (unsigned)s);
	}
	return 0;
}

static int hackbench(const char *variant, int pipes, int threads)
{
	struct hb h = { .groups = ib_opts->hackbench_groups, .loops = ib_opts->hackbench_loops,
			.pipes = pipes, .threads = threads, .start_ns = ib_now_ns() };
	unsigned ntasks = 40 * h.groups;
	double msgs = (double)h.groups * FDS * FDS * h.loops;
	long avail = ib_mem_available_kb();
	char name[48], mname[48], params[160];
	struct ib_result r, rate;
	struct rlimit rl;
	int err;

	snprintf(params, sizeof(params), "groups=%u loops=%u fds=%u msg_bytes=%u ipc=%s "
		 "tasks=%s tasks_n=%u messages=%.0f", h.groups, h.loops, FDS, MSG,
		 pipes ? "pipe" : "socket", threads ? "thread" : "process", ntasks, msgs);
	if (!threads && avail >= 0 && avail < (long)ntasks * KB_PER_PROC) {
		ib_reason("MemAvailable %ld MB is under the %ld MB %u processes need",
			  avail / 1024, (long)ntasks * KB_PER_PROC / 1024, ntasks);
		return IB_SKIP;
	}
	if (threads && getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
	    rl.rlim_cur < (rlim_t)(2 * FDS * h.groups + 16)) {
		rl.rlim_cur = rl.rlim_max;
		if (rl.rlim_cur < (rlim_t)(2 * FDS * h.groups + 16) ||
		    setrlimit(RLIMIT_NOFILE, &rl)) {
			ib_reason("%u groups of threads need %u fds, RLIMIT_NOFILE allows %llu",
				  h.groups, 2 * FDS * h.groups + 16,
				  (unsigned long long)rl.rlim_max);
			return IB_SKIP;
		}
	}
	if (!pipes) {
		/* a kernel built without AF_UNIX: a skip with the reason, as lat_unix's */
		int sv[2];

		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
			err = errno;
			ib_reason(err == EAFNOSUPPORT ? "no AF_UNIX" : "socketpair: %s", strerror(err));
			return err == EAFNOSUPPORT ? IB_SKIP : IB_FAIL;
		}
		close(sv[0]);
		close(sv[1]);
	}
	if (pipe(h.ready) || pipe(h.wake)) {
		ib_reason("pipe: %s", strerror(errno));
		return IB_FAIL;
	}
	snprintf(name, sizeof(name), "hackbench_%s", variant);
	snprintf(mname, sizeof(mname), "hackbench_%s_mps", variant);
	struct ib_metric m = { name, "s", 0.0, params, 0 };
	struct ib_metric mr = { mname, "msg/s", 0.0, params, 0 };

	err = ib_measure_count(&m, timed, &h, 1, &r);
	if (!err) {
		rate = r;
		for (unsigned i = 0; i < r.nsamples; i++)
			rate.samples[i] = r.samples[i] > 0 ? msgs / r.samples[i] : 0;
		rate.median = ib_median(rate.samples, rate.nsamples);
		rate.min = ib_min(rate.samples, rate.nsamples);
		err = ib_emit_result(&mr, &rate);
	}
	close(h.ready[0]);
	close(h.ready[1]);
	close(h.wake[0]);
	close(h.wake[1]);
	if (err) {
		ib_reason("%s: %s", name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_hackbench_proc_sock(void)
{
	return hackbench("proc_sock", 0, 0);
}

int ib_run_hackbench_proc_pipe(void)
{
	return hackbench("proc_pipe", 1, 0);
}

int ib_run_hackbench_thread_sock(void)
{
	return hackbench("thread_sock", 0, 1);
}
