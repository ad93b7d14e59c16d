/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_inject.c - the inject_ns knob's busy-wait inside measure.c's intervals: its length,
 * which metrics get it (the benchmark's in inject_bench, not a baseline), and what it adds to
 * a sample of ib_measure() and of ib_measure_timed().
 *
 * As in test_measure.c the clock is a pretend one (linked with -Wl,--wrap=ib_now_ns,
 * Makefile): a read returns the pretend time and advances it by pretend_read_ns, an operation
 * of spin() by exactly 1 us, so the arithmetic is checked exactly, whatever the host's speed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench/lib/bench.h"
#include "bench/lib/measure.h"

uint64_t __wrap_ib_now_ns(void);

static uint64_t pretend_now = 1000000000, pretend_read_ns = 50, reads;

uint64_t __wrap_ib_now_ns(void)
{
	uint64_t t = pretend_now;

	pretend_now += pretend_read_ns;
	reads++;
	return t;
}

static struct ib_timer timer = { .cost_ns = 50, .res_ns = 1 };
static struct ib_opts opts = { .reps = 5, .budget_ms = 2, .timeout_s = 10, .inject_ns = 1000,
			       .inject_bench = "other,unit" };
static int fds[2];

static int setup(void **state)
{
	(void)state;
	if (pipe2(fds, O_NONBLOCK))
		return -1;
	ib_opts = &opts;
	ib_timer = &timer;
	ib_harness_begin(fds[1], "unit");
	return 0;
}

static int teardown(void **state)
{
	char drain[IB_REC_MAX + 2];

	(void)state;
	while (read(fds[0], drain, sizeof(drain)) > 0)
		;
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int spin(void *arg, uint64_t n)
{
	(void)arg;
	pretend_now += n * 1000;
	return 0;
}

static int spin_timed(void *arg, uint64_t n, uint64_t *ns)
{
	uint64_t t0 = ib_now_ns();

	(void)arg;
	pretend_now += n * 1000;
	*ns = ib_now_ns() - t0;
	return 0;
}

static void test_wait_length(void **state)
{
	(void)state;
	/* 3 x 1000 ns on a clock of 50 ns reads: exactly 3000 (a multiple of the step) */
	assert_int_equal(ib_inject_wait(3, 1000), 3000);
	/* 3 x 1001: the first read at or past 3003, i.e. 3050 */
	assert_int_equal(ib_inject_wait(3, 1001), 3050);
	/* nothing to wait: no clock read at all */
	reads = 0;
	assert_int_equal(ib_inject_wait(0, 1000), 0);
	assert_int_equal(ib_inject_wait(5, 0), 0);
	assert_int_equal(reads, 0);
}

static void test_who_is_injected(void **state)
{
	struct ib_metric m = { "spin", "us", 0.0, NULL, 0 };

	(void)state;
	assert_int_equal(ib_inject_per_op(&m), 1000);
	for (const char *const *b = (const char *const[]){ "lat_tcp_conn_base",
		"page_fault_base", "prot_fault_base", "mhz_base", "sig_kill0", "ctx_overhead",
		"prot_fault_kill0", NULL }; *b; b++) {
		m.name = *b;
		assert_true(ib_metric_is_baseline(*b));
		assert_int_equal(ib_inject_per_op(&m), 0);
	}
	for (const char *const *b = (const char *const[]){ "null_call", "ctx_hop", "sig_hndl",
		"prot_fault", "page_fault_pass", "base", "_base", NULL }; *b; b++)
		assert_false(ib_metric_is_baseline(*b));
	m.name = "spin";
	ib_harness_begin(fds[1], "unitx");   /* not in the list: an item, not a prefix */
	assert_int_equal(ib_inject_per_op(&m), 0);
	ib_harness_begin(fds[1], "unit");
	opts.inject_ns = 0;
	assert_int_equal(ib_inject_per_op(&m), 0);
	opts.inject_ns = 1000;
}

/*
 * One sample of n ops: the harness's two reads cost 50 (one inside, subtracted as the clock
 * cost), n x 1000 of ops, and the wait: n x 1000 plus its own first read, 50. So an injected
 * sample is 2 + 50 / (n x 1000) us, where the same metric without injection is exactly 1 us.
 */
static void test_loop_sample(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "spin", "us", 0.0, NULL, 0 };

	(void)state;
	assert_int_equal(ib_measure(&m, spin, NULL, &r), 0);
	assert_true(r.iters * 2000 >= 2000000);   /* sized for the slower op: 2 ms budget */
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(fabs(r.samples[i] - (2.0 + 50.0 / (double)r.iters / 1000.0)) < 1e-12);
	m.name = "spin_base";
	assert_int_equal(ib_measure(&m, spin, NULL, &r), 0);
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(fabs(r.samples[i] - 1.0) < 1e-12);
}

/* ib_measure_timed: fn's own interval (one read inside: 50) plus exactly n x 1000 of wait;
 * nothing is subtracted, so 2 + 50 / (n x 1000) us against 1 + 50 / (n x 1000) */
static void test_timed_sample(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "spin", "us", 0.0, NULL, 0 };

	(void)state;
	assert_int_equal(ib_measure_timed(&m, spin_timed, NULL, &r), 0);
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(fabs(r.samples[i] - (2.0 + 50.0 / (double)r.iters / 1000.0)) < 1e-12);
	assert_int_equal(ib_measure_count(&m, spin_timed, NULL, 100, &r), 0);
	assert_int_equal(r.iters, 100);
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(fabs(r.samples[i] - (2.0 + 50.0 / 100000.0)) < 1e-12);
	opts.inject_ns = 0;
	assert_int_equal(ib_measure_timed(&m, spin_timed, NULL, &r), 0);
	opts.inject_ns = 1000;
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(fabs(r.samples[i] - (1.0 + 50.0 / (double)r.iters / 1000.0)) < 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wait_length),
		cmocka_unit_test(test_who_is_injected),
		cmocka_unit_test(test_loop_sample),
		cmocka_unit_test(test_timed_sample),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
