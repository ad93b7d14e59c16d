/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_ctx.c - context switch time in a ring of N processes, each summing K KB.
 *
 * Contract (bench/lib/bench.h): ib_run_ctx_<N>p_<K>k() emits two metrics:
 *  - ctx_overhead (param size_kb=K): one process, one pipe; one operation is the same token
 *    write + read and the same sum over a cache-hot K-KB array that a ring member does;
 *  - ctx_hop (params procs=N size_kb=K): one operation is one hop of the token from one ring
 *    member to the next plus that member's work, nothing subtracted;
 *  - ctx_<N>p_<K>k (same params): ctx_hop's samples minus the least ctx_overhead sample of
 *    the two baselines (measured before and after the ring), so what is left is the switch
 *    and the cache refill it causes.
 *
 * The ring is set up once per benchmark (ib_measure_timed): N pipes, the benchmark process
 * is member 0 and forks members 1..N-1. Member i reads pipe i-1 and writes pipe i. Every
 * member allocates and touches its own K-KB array after the fork. All of them inherit the
 * CPU affinity the harness set before run(): none by default (pin=0), so the scheduler
 * places them as it does lmbench's; pin=1 puts them all on one CPU.
 *
 * Placement (bench/lib/place.h): ctx_2p_0k_same and ctx_2p_0k_cross are 2p/0K with member 0
 * pinned (before its baselines) and member 1 pinned right after its fork, both to one CPU
 * or to two, each checking where it ran; the metric is the benchmark's name, its records
 * (ctx_overhead, ctx_hop too) carry placement= and cpus=.
 *
 * A sample of n switches: member 0 reads the clock and sends a token saying "n hops left".
 * Whoever receives a live token sums its array, counts the hop down and passes it on; the
 * member that does the last hop reads the clock into the token and turns it into a stop
 * token, which the rest of the ring forwards untouched back to member 0. So exactly n
 * switches lie inside the interval whatever n is (n need not be a multiple of N), which is
 * lap time / N as lmbench defines it.
 *
 * Every exit path kills (SIGKILL) and reaps every ring member; members also die with
 * member 0 (PR_SET_PDEATHSIG) and on EOF of their input pipe.
 */

//bench: 130 ctx_2p_0k IB_BENCH_CTX_2P_0K ctxsw
//bench: 140 ctx_2p_16k IB_BENCH_CTX_2P_16K ctxsw
//bench: 150 ctx_2p_64k IB_BENCH_CTX_2P_64K ctxsw
//bench: 160 ctx_8p_16k IB_BENCH_CTX_8P_16K ctxsw
//bench: 170 ctx_8p_64k IB_BENCH_CTX_8P_64K ctxsw
//bench: 180 ctx_16p_16k IB_BENCH_CTX_16P_16K ctxsw
//bench: 190 ctx_16p_64k IB_BENCH_CTX_16P_64K ctxsw
//bench: 610 ctx_2p_0k_same IB_BENCH_CTX_2P_0K_SAME placement
//bench: 615 ctx_2p_0k_cross IB_BENCH_CTX_2P_0K_CROSS placement
//
//config:config IB_BENCH_CTX_2P_0K
//config:	bool "2p/0K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_2P_16K
//config:	bool "2p/16K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_2P_64K
//config:	bool "2p/64K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_8P_16K
//config:	bool "8p/16K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_8P_64K
//config:	bool "8p/64K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_16P_16K
//config:	bool "16p/16K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_16P_64K
//config:	bool "16p/64K ctxsw"
//config:	default y
//
//config:config IB_BENCH_CTX_2P_0K_SAME
//config:	bool "2p/0K ctxsw, both processes pinned to one CPU"
//config:	default y
//
//config:config IB_BENCH_CTX_2P_0K_CROSS
//config:	bool "2p/0K ctxsw, the two processes pinned to two CPUs"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/place.h"

#define MAX_PROCS 16

struct token {
	uint64_t left;   /* hops still to do; 0 = stop token */
	uint64_t end_ns; /* set by the member that did the last hop */
};

struct ring {
	unsigned procs;
	size_t words;            /* array length in uint64_t */
	uint64_t *array;         /* member 0's own array */
	int in, out;             /* member 0's ends */
	pid_t pid[MAX_PROCS];    /* pid[0] unused */
};

/* the one summing routine, the same code in the ring and in the overhead loop */
static __attribute__((noinline)) uint64_t sum_words(const uint64_t *a, size_t words)
{
	uint64_t s = 0;

	for (size_t i = 0; i < words; i++)
		s += a[i];
	return s;
}

static uint64_t *alloc_array(size_t words, uint64_t seed)
{
	uint64_t *a;

	if (!words)
		return NULL;
	a = aligned_alloc(64, words * sizeof(*a));
	if (!a)
		return NULL;
	for (size_t i = 0; i < words; i++)   /* touch: the pages become this process's own */
		a[i] = seed + i;
	return a;
}

static int write_token(int fd, const struct token *t)
{
	ssize_t w = write(fd, t, sizeof(*t));

	if (w == (ssize_t)sizeof(*t))
		return 0;
	return w < 0 ? -errno : -EIO;
}

/* 0 on a full token, -EPIPE on EOF (a member died), -errno otherwise */
static int read_token(int fd, struct token *t)
{
	ssize_t r;

	do
		r = read(fd, t, sizeof(*t));
	while (r < 0 && errno == EINTR);
	if (r == (ssize_t)sizeof(*t))
		return 0;
	return r < 0 ? -errno : -EPIPE;
}

/* one live hop by the member holding token t: its work, then the count down */
static void hop(struct token *t, const uint64_t *array, size_t words)
{
	ib_sink = sum_words(array, words);
	if (t->left == 1) {
		t->end_ns = ib_now_ns();
		t->left = 0;
	} else {
		t->left--;
	}
}

static void __attribute__((noreturn)) member(int in, int out, size_t words, unsigned idx,
					     pid_t parent, struct ib_place *place)
{
	uint64_t *array;
	struct token t;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	/* a pinning error is in the shared page: member 0's check names it */
	if (place && idx == 1 && ib_place_enter(place, 1))
		_exit(1);
	array = alloc_array(words, idx * 0x9e3779b97f4a7c15ull);
	if (words && !array)
		_exit(1);
	for (;;) {
		if (read_token(in, &t))
			_exit(0);
		if (t.left)
			hop(&t, array, words);
		if (write_token(out, &t))
			_exit(0);
	}
}

static void ring_stop(struct ring *r)
{
	if (r->in >= 0)
		close(r->in);
	if (r->out >= 0)
		close(r->out);
	r->in = r->out = -1;
	for (unsigned i = 1; i < r->procs; i++)
		if (r->pid[i] > 0)
			kill(r->pid[i], SIGKILL);
	for (unsigned i = 1; i < r->procs; i++) {
		if (r->pid[i] <= 0)
			continue;
		while (waitpid(r->pid[i], NULL, 0) < 0 && errno == EINTR)
			;
		r->pid[i] = 0;
	}
	free(r->array);
	r->array = NULL;
}

static int ring_start(struct ring *r, unsigned procs, size_t words, struct ib_place *place)
{
	int p[MAX_PROCS][2];
	pid_t self = getpid();
	int err = 0;

	memset(r, 0, sizeof(*r));
	r->procs = procs;
	r->words = words;
	r->in = r->out = -1;
	for (unsigned i = 0; i < procs; i++)
		p[i][0] = p[i][1] = -1;
	for (unsigned i = 0; i < procs; i++)
		if (pipe2(p[i], O_CLOEXEC) < 0) {
			err = -errno;
			goto fail;
		}
	for (unsigned i = 1; i < procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			err = -errno;
			goto fail;
		}
		if (pid == 0) {
			for (unsigned j = 0; j < procs; j++) {
				if (j != i - 1)
					close(p[j][0]);
				if (j != i)
					close(p[j][1]);
			}
			member(p[i - 1][0], p[i][1], words, i, self, place);
		}
		r->pid[i] = pid;
	}
	r->in = p[procs - 1][0];
	r->out = p[0][1];
	p[procs - 1][0] = p[0][1] = -1;
	for (unsigned j = 0; j < procs; j++) {
		if (p[j][0] >= 0)
			close(p[j][0]);
		if (p[j][1] >= 0)
			close(p[j][1]);
	}
	r->array = alloc_array(words, 0);
	if (words && !r->array) {
		ring_stop(r);
		return -ENOMEM;
	}
	return 0;
fail:
	for (unsigned j = 0; j < procs; j++) {
		if (p[j][0] >= 0)
			close(p[j][0]);
		if (p[j][1] >= 0)
			close(p[j][1]);
	}
	ring_stop(r);
	return err;
}

static int ring_timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct ring *r = arg;
	struct token t = { n, 0 };
	uint64_t start;
	int err;

	*elapsed_ns = 0;
	if (!n)
		return 0;
	start = ib_now_ns();
	err = write_token(r->out, &t);
	while (!err) {
		err = read_token(r->in, &t);
		if (err)
			break;
		if (t.left)
			hop(&t, r->array, r->words);
		if (t.left == 0) {   /* either we did the last hop or the stop came round */
			*elapsed_ns = t.end_ns - start;
			return 0;
		}
		err = write_token(r->out, &t);
	}
	return err;
}

struct ovh_arg {
	int p[2];
	const uint64_t *array;
	size_t words;
};

static int overhead_loop(void *arg, uint64_t n)
{
	struct ovh_arg *a = arg;
	struct token t = { 2, 0 };

	for (uint64_t i = 0; i < n; i++) {
		int err = write_token(a->p[1], &t);

		if (!err)
			err = read_token(a->p[0], &t);
		if (err)
			return err;
		/* the same work as a live hop that is not the last one */
		ib_sink = sum_words(a->array, a->words);
		t.left = 2;
	}
	return 0;
}

/* where: " placement=... cpus=..." for a Placement benchmark, else "" */
static int measure_overhead(unsigned size_kb, const char *where, double *least)
{
	char params[96];
	struct ib_metric m = { "ctx_overhead", "us", 0.0, params, 0 };
	struct ovh_arg a;
	struct ib_result r;
	size_t words = (size_t)size_kb * 1024 / sizeof(uint64_t);
	uint64_t *array;
	int err;

	snprintf(params, sizeof(params), "size_kb=%u%s", size_kb, where);
	array = alloc_array(words, 1);
	if (words && !array)
		return -ENOMEM;
	if (pipe2(a.p, O_CLOEXEC) < 0) {
		err = -errno;
		free(array);
		return err;
	}
	a.array = array;
	a.words = words;
	err = ib_measure(&m, overhead_loop, &a, &r);
	close(a.p[0]);
	close(a.p[1]);
	free(array);
	if (!err)
		*least = r.min;
	return err;
}

/*
 * The switch cost is a small difference of two large numbers where a syscall is dear (UML:
 * a hop is ~50 us, the switch a few): a burst during the baseline alone would make it
 * negative. So the baseline is measured before and after the ring and its least sample is
 * subtracted (interference only ever adds time); the ring's raw per-hop time is
 * its own record (ctx_hop), so the subtraction can be redone from the records.
 * place: NULL, or the Placement benchmark's CPUs (member 0 is on its CPU already).
 */
static int ring_measure(unsigned procs, unsigned size_kb, const char *name, struct ib_place *place)
{
	char params[96], where[64] = "";
	struct ib_metric hop = { "ctx_hop", "us", 0.0, params, 0 };
	struct ib_metric m = { name, "us", 0.0, params, 0 };
	struct sigaction saved;
	struct ring r;
	struct ib_result res;
	size_t words = (size_t)size_kb * 1024 / sizeof(uint64_t);
	double before, after;
	int err;

	if (place) {
		where[0] = ' ';
		ib_place_params(place, where + 1, sizeof(where) - 1);
	}
	snprintf(params, sizeof(params), "procs=%u size_kb=%u%s", procs, size_kb, where);
	err = measure_overhead(size_kb, where, &before);
	if (err) {
		ib_reason("ctx_overhead: %s", strerror(-err));
		return IB_FAIL;
	}
	/* a member that dies must turn into an error here, not kill us with SIGPIPE */
	ib_ignore_sigpipe(&saved);
	err = ring_start(&r, procs, words, place);
	if (err) {
		ib_reason("ring of %u: %s", procs, strerror(-err));
		sigaction(SIGPIPE, &saved, NULL);
		return IB_FAIL;
	}
	err = ib_measure_timed(&hop, ring_timed, &r, &res);
	ring_stop(&r);
	sigaction(SIGPIPE, &saved, NULL);
	if (err) {
		/* a peer that could not be pinned died at once: say so, not "died" */
		if (place && ib_place_check(place) != IB_OK)
			return IB_FAIL;
		ib_reason("%s: %s", name, err == -EPIPE ? "a ring member died" : strerror(-err));
		return IB_FAIL;
	}
	err = measure_overhead(size_kb, where, &after);
	if (err) {
		ib_reason("ctx_overhead: %s", strerror(-err));
		return IB_FAIL;
	}
	if (place && ib_place_check(place) != IB_OK)
		return IB_FAIL;
	m.overhead = before < after ? before : after;
	for (unsigned i = 0; i < res.nsamples; i++)
		res.samples[i] -= m.overhead;
	res.median -= m.overhead;
	res.min -= m.overhead;
	err = ib_emit_result(&m, &res);
	if (err) {
		ib_reason("%s: %s", name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

static int run_ctx(unsigned procs, unsigned size_kb)
{
	char name[24];

	snprintf(name, sizeof(name), "ctx_%up_%uk", procs, size_kb);
	return ring_measure(procs, size_kb, name, NULL);
}

/* 2p/0K with both members on one CPU or on two (ib_place_run) */
static int run_placed(struct ib_place *place, void *name)
{
	return ring_measure(2, 0, name, place);
}

int ib_run_ctx_2p_0k(void) { return run_ctx(2, 0); }
int ib_run_ctx_2p_16k(void) { return run_ctx(2, 16); }
int ib_run_ctx_2p_64k(void) { return run_ctx(2, 64); }
int ib_run_ctx_8p_16k(void) { return run_ctx(8, 16); }
int ib_run_ctx_8p_64k(void) { return run_ctx(8, 64); }
int ib_run_ctx_16p_16k(void) { return run_ctx(16, 16); }
int ib_run_ctx_16p_64k(void) { return run_ctx(16, 64); }
int ib_run_ctx_2p_0k_same(void) { return ib_place_run(0, run_placed, "ctx_2p_0k_same"); }
int ib_run_ctx_2p_0k_cross(void) { return ib_place_run(1, run_placed, "ctx_2p_0k_cross"); }
