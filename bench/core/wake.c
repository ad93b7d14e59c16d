/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wake.c - giving the CPU away and waking another process: sched_yield() and an eventfd
 * ping-pong, the cheapest wake-up a kernel offers between two processes.
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per operation:
 *  - sched_yield: one sched_yield() with nothing else runnable on the CPU (the suite runs
 *    alone): the system call plus one pass through the scheduler's pick, no switch.
 *  - eventfd_pp: one round trip between this process and an echo child through two
 *    eventfds (down, up; counters, not semaphores): write(down, 1), read(up); the child
 *    read(down), write(up, 1). Two writes and two reads of 8 bytes, two wake-ups per round
 *    trip, as lat_pipe's round trip but without a pipe's buffer. The value read back must
 *    be 1 (one post per turn), else the benchmark fails. A kernel without eventfd (ENOSYS
 *    or EINVAL from eventfd2) is a skip.
 *  - futex_pp: one round trip between this process and a partner through one 32-bit word
 *    in a shared anonymous mapping: we set it to the partner's turn and FUTEX_WAKE it, then
 *    FUTEX_WAIT while it is still the partner's turn; the partner does the reverse. Shared
 *    (not FUTEX_PRIVATE) futexes, as two processes need. Two wakes per round trip and up to
 *    two waits (a wait is not made, or returns EAGAIN at once, when the other side was
 *    quicker): the operation a mutex or condition variable hand-off costs between two
 *    processes, without a pipe or an eventfd. Each wait has a 1 s timeout so that a partner
 *    that died is seen (waitpid) and fails the benchmark ("futex partner died").
 * Placement is the suite's (pin knob): pinned, both processes share opts->cpu.
 * The child dies with its parent (PR_SET_PDEATHSIG) and on a read or write error; on every
 * path the parent SIGKILLs and reaps it (ib_kill_child). An eventfd has no end of file, so a
 * child that dies during the run would leave our read() waiting for ever: the SIGCHLD
 * handler posts PARTNER_GONE to `up` (write() is async-signal-safe), so the read returns
 * whatever instant the child died at, and the benchmark fails with "echo child died".
 * Counts, checked with strace -c (tests/integration/counts/check-core.sh): sched_yield one
 * call per operation; eventfd_pp two read() and two write() per round trip; futex_pp two
 * to four futex() per round trip.
 */

//bench: 920 sched_yield IB_BENCH_SCHED_YIELD core
//bench: 930 eventfd_pp IB_BENCH_EVENTFD_PP core
//bench: 935 futex_pp IB_BENCH_FUTEX_PP core
//
//config:config IB_BENCH_SCHED_YIELD
//config:	bool "sched_yield() with nothing else runnable"
//config:	default y
//config:	help
//config:	  One sched_yield() system call; the suite runs alone, so the
//config:	  scheduler picks the caller again. Microseconds per call.
//
//config:config IB_BENCH_EVENTFD_PP
//config:	bool "eventfd ping-pong between two processes"
//config:	default y
//config:	help
//config:	  A round trip through two eventfds: post one, wait on the
//config:	  other, an echo child doing the reverse. Skipped without
//config:	  eventfd. Microseconds per round trip.
//
//config:config IB_BENCH_FUTEX_PP
//config:	bool "futex wake/wait ping-pong between two processes"
//config:	default y
//config:	help
//config:	  A round trip through one shared futex word: wake the partner,
//config:	  wait for its answer. Skipped without futexes. Microseconds per
//config:	  round trip.

#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/lib/bench.h"

/* posted by the SIGCHLD handler: more than any count of ordinary posts can reach here */
#define PARTNER_GONE ((uint64_t)1 << 40)

static int up_fd = -1;   /* the handler's target */

static int yield_loop(void *arg, uint64_t n)
{
	(void)arg;
	for (uint64_t i = 0; i < n; i++)
		if (sched_yield())
			return -errno;
	return 0;
}

int ib_run_sched_yield(void)
{
	static const struct ib_metric m = { "sched_yield", "us", 0.0, NULL, 0 };

	return ib_measure_run(&m, yield_loop, NULL);
}

struct efd_pair {
	int down;   /* we post, the child waits */
	int up;     /* the child posts, we wait */
};

/* read one eventfd counter; a value other than one post is a protocol error */
static int take(int fd)
{
	uint64_t v;
	ssize_t got;

	do
		got = read(fd, &v, sizeof(v));
	while (got < 0 && errno == EINTR);
	if (got != (ssize_t)sizeof(v))
		return got < 0 ? -errno : -EPIPE;
	if (v >= PARTNER_GONE)
		return -ECHILD;
	return v == 1 ? 0 : -EPROTO;
}

static int post(int fd)
{
	uint64_t one = 1;

	return write(fd, &one, sizeof(one)) == (ssize_t)sizeof(one) ? 0 : (errno ? -errno : -EIO);
}

static void partner_died(int sig)
{
	uint64_t gone = PARTNER_GONE;
	int saved = errno;
	ssize_t put;

	(void)sig;
	put = write(up_fd, &gone, sizeof(gone));   /* if it fails, a handler can do nothing */
	(void)put;
	errno = saved;
}

static void echo_child(const struct efd_pair *p)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	signal(SIGCHLD, SIG_DFL);
	for (;;)
		if (take(p->down) || post(p->up))
			_exit(1);
}

static int round_trips(void *arg, uint64_t n)
{
	const struct efd_pair *p = arg;

	for (uint64_t i = 0; i < n; i++) {
		int err = post(p->down);

		if (err || (err = take(p->up)))
			return err;
	}
	return 0;
}

int ib_run_eventfd_pp(void)
{
	static const struct ib_metric m = { "eventfd_pp", "us", 0.0, "msg_bytes=8", 0 };
	struct sigaction sa, saved;
	struct efd_pair p;
	struct ib_result r;
	pid_t pid;
	int err, ret = IB_FAIL;

	p.down = eventfd(0, EFD_CLOEXEC);
	if (p.down < 0) {
		if (errno == ENOSYS || errno == EINVAL) {
			ib_reason("no eventfd: %s", strerror(errno));
			return IB_SKIP;
		}
		ib_reason("eventfd: %s", strerror(errno));
		return IB_FAIL;
	}
	p.up = eventfd(0, EFD_CLOEXEC);
	if (p.up < 0) {
		ib_reason("eventfd: %s", strerror(errno));
		close(p.down);
		return IB_FAIL;
	}
	up_fd = p.up;
	sa.sa_handler = partner_died;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, &saved);
	pid = fork();
	if (pid < 0) {
		ib_reason("fork: %s", strerror(errno));
		goto out;
	}
	if (pid == 0)
		echo_child(&p);
	err = ib_measure(&m, round_trips, &p, &r);
	if (err == -ECHILD || err == -EPIPE)
		ib_reason("eventfd_pp: echo child died");
	else if (err)
		ib_reason("eventfd_pp: %s", strerror(-err));
	if (!err)
		ret = IB_OK;
out:
	sigaction(SIGCHLD, &saved, NULL);   /* ib_kill_child's SIGKILL must not post */
	ib_kill_child(&pid);
	close(p.up);
	close(p.down);
	return ret;
}

/* the kernel's futex operations (uapi linux/futex.h: the guest is built without kernel
 * headers; these numbers are ABI) */
enum { FUTEX_WAIT = 0, FUTEX_WAKE = 1 };

/* whose turn it is, in the shared word */
enum { TURN_OURS, TURN_PARTNER };

struct futex_pair {
	uint32_t *word;
	pid_t partner;
};

static long futex(uint32_t *word, int op, uint32_t val, const struct timespec *timeout)
{
	return syscall(SYS_futex, word, op, val, timeout, NULL, 0);
}

/* hand the word to the other side and wait until it is handed back; mine is the turn value
 * this side waits for. 0, -ECHILD when the partner died, or -errno */
static int hand_over(struct futex_pair *p, uint32_t mine, uint32_t theirs)
{
	static const struct timespec second = { 1, 0 };

	__atomic_store_n(p->word, theirs, __ATOMIC_SEQ_CST);
	if (futex(p->word, FUTEX_WAKE, 1, NULL) < 0)
		return -errno;
	while (__atomic_load_n(p->word, __ATOMIC_SEQ_CST) != mine) {
		if (futex(p->word, FUTEX_WAIT, theirs, &second) < 0 && errno != EAGAIN &&
		    errno != EINTR) {
			if (errno != ETIMEDOUT)
				return -errno;
			if (p->partner > 0 && waitpid(p->partner, NULL, WNOHANG) != 0)
				return -ECHILD;
		}
	}
	return 0;
}

static int futex_round_trips(void *arg, uint64_t n)
{
	struct futex_pair *p = arg;

	for (uint64_t i = 0; i < n; i++) {
		int err = hand_over(p, TURN_OURS, TURN_PARTNER);

		if (err)
			return err;
	}
	return 0;
}

static void futex_partner(struct futex_pair *p)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	p->partner = 0;   /* the partner does not watch us: the death signal ends it */
	while (__atomic_load_n(p->word, __ATOMIC_SEQ_CST) != TURN_PARTNER)
		futex(p->word, FUTEX_WAIT, TURN_OURS, NULL);
	for (;;)
		if (hand_over(p, TURN_PARTNER, TURN_OURS))
			_exit(1);
}

int ib_run_futex_pp(void)
{
	static const struct ib_metric m = { "futex_pp", "us", 0.0, "shared=1", 0 };
	struct futex_pair p = { NULL, 0 };
	struct ib_result r;
	int err, ret = IB_FAIL;

	p.word = mmap(NULL, sizeof(*p.word), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		      -1, 0);
	if (p.word == MAP_FAILED) {
		ib_reason("mmap: %s", strerror(errno));
		return IB_FAIL;
	}
	*p.word = TURN_OURS;
	if (futex(p.word, FUTEX_WAKE, 1, NULL) < 0 && errno == ENOSYS) {
		ib_reason("no futex: %s", strerror(errno));
		munmap(p.word, sizeof(*p.word));
		return IB_SKIP;
	}
	p.partner = fork();
	if (p.partner < 0) {
		ib_reason("fork: %s", strerror(errno));
		goto out;
	}
	if (p.partner == 0)
		futex_partner(&p);
	err = ib_measure(&m, futex_round_trips, &p, &r);
	if (err == -ECHILD)
		ib_reason("futex partner died");
	else if (err)
		ib_reason("futex_pp: %s", strerror(-err));
	else
		ret = IB_OK;
out:
	ib_kill_child(&p.partner);
	munmap(p.word, sizeof(*p.word));
	return ret;
}
