/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_measure.c - sizing, sampling, subtraction and the `m` record (bench/lib/measure.c,
 * bench/lib/timer.c), on the host clock.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

/*
 * The sizing and subtraction arithmetic is checked on a pretend clock, so that its bounds are
 * exact and the host's speed cannot move them: this binary is linked with
 * -Wl,--wrap=ib_now_ns (Makefile), so every clock read of measure.c and of this file goes
 * through __wrap_ib_now_ns() below. While pretend_clock is set, a read returns the pretend
 * time and then advances it by pretend_read_ns (what a read costs), and one operation of
 * spin_us() advances it by exactly 1 us. Otherwise a read is the real clock: timer.c's own
 * reads (ib_timer_measure) are never wrapped, and test_real_clock runs the loop path on the
 * real clock with only the bound a preempted host cannot break (an op is never under 1 us).
 */
uint64_t __real_ib_now_ns(void);
uint64_t __wrap_ib_now_ns(void);

static int pretend_clock;
static uint64_t pretend_now = 1000000000, pretend_read_ns;

uint64_t __wrap_ib_now_ns(void)
{
	if (!pretend_clock)
		return __real_ib_now_ns();
	uint64_t t = pretend_now;
	pretend_now += pretend_read_ns;
	return t;
}

static void use_pretend_clock(uint64_t read_ns)
{
	pretend_clock = 1;
	pretend_read_ns = read_ns;
}

#include "bench/lib/bench.h"
#include "bench/lib/measure.h"
#include "bench/lib/timer.h"

static struct ib_timer real_timer, fake_timer;
static struct ib_opts opts = { .reps = 5, .budget_ms = 2, .timeout_s = 10, .pin = 0, .cpu = 0 };
static int fds[2];
static char rec[IB_REC_MAX + 2];

/* every test starts on the real clock */
static int real_clock(void **state)
{
	(void)state;
	pretend_clock = 0;
	return 0;
}

static int setup(void **state)
{
	(void)state;
	if (pipe2(fds, O_NONBLOCK))
		return -1;
	ib_opts = &opts;
	ib_timer = &real_timer;
	ib_harness_begin(fds[1], "unit");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	close(fds[0]);
	close(fds[1]);
	return 0;
}

/* the one record the last call emitted ("" if none) */
static const char *last_record(void)
{
	ssize_t n = read(fds[0], rec, sizeof(rec) - 1);

	rec[n > 0 ? n : 0] = '\0';
	return rec;
}

static void field(const char *r, const char *key, char *buf, size_t cap)
{
	char pat[64];
	const char *p;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(r, pat);
	assert_non_null(p);
	p += strlen(pat);
	size_t n = strcspn(p, " \n");
	assert_true(n < cap);
	memcpy(buf, p, n);
	buf[n] = '\0';
}

static unsigned parse_list(const char *s, double *v, unsigned max)
{
	unsigned n = 0;
	char *end;

	while (*s && n < max) {
		v[n++] = strtod(s, &end);
		s = *end == ',' ? end + 1 : end;
		if (end == s && *s != ',')
			break;
	}
	return n;
}

/* one operation: 1 us, exactly on the pretend clock; busy until 1 us has passed on the real
 * one, so n ops last at least n us */
static int spin_us(void *arg, uint64_t n)
{
	(void)arg;
	for (uint64_t i = 0; i < n; i++) {
		if (pretend_clock) {
			pretend_now += 1000;
		} else {
			uint64_t t = ib_now_ns();
			while (ib_now_ns() - t < 1000)
				;
		}
		ib_sink++;
	}
	return 0;
}

static void test_timer(void **state)
{
	(void)state;
	assert_int_equal(ib_timer_measure(&real_timer), 0);
	assert_true(real_timer.cost_ns > 0);
	assert_true(real_timer.cost_ns < 10000);
	assert_true(real_timer.res_ns >= 1);
	assert_true(real_timer.res_ns < 1e6);
	uint64_t a = ib_now_ns(), b = ib_now_ns();
	assert_true(b >= a);
}

static void test_sizing_and_samples(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "spin", "us", 0.0, "procs=2 size_kb=16", 0 };
	double target, raw[IB_MAX_REPS], s[IB_MAX_REPS];
	char buf[4096];

	(void)state;
	fake_timer.cost_ns = 40;
	fake_timer.res_ns = 1;
	ib_timer = &fake_timer;
	use_pretend_clock(40);
	target = ib_target_ns();
	assert_true(target == 2e6);
	assert_int_equal(ib_measure(&m, spin_us, NULL, &r), 0);
	assert_int_equal(r.nsamples, opts.reps);
	/* n ops of 1 us last at least the target, and growth overshoots it by 10 % at most */
	assert_true((double)r.iters * 1000.0 >= target);
	assert_true((double)r.iters * 1000.0 <= 1.1 * target + 1000.0);
	const char *line = last_record();
	assert_memory_equal(line, "m bench=unit metric=spin unit=us iters=", 39);
	assert_non_null(strstr(line, " cpu=-1 procs=2 size_kb=16\n"));
	field(line, "raw_ns", buf, sizeof(buf));
	assert_int_equal(parse_list(buf, raw, IB_MAX_REPS), opts.reps);
	field(line, "samples", buf, sizeof(buf));
	assert_int_equal(parse_list(buf, s, IB_MAX_REPS), opts.reps);
	for (unsigned i = 0; i < opts.reps; i++) {
		/* an interval is the n ops plus one clock read, and the read comes off again */
		assert_true(raw[i] == (double)r.iters * 1000.0 + 40.0);
		assert_true(s[i] == 1.0 && r.samples[i] == 1.0);
	}
	assert_true(r.min == 1.0 && r.median == 1.0);
}

/* the loop path on the real clock: each op spans >= 1 us between two reads of a monotonic
 * clock, so no sample can be below 1 us less the clock cost that is subtracted */
static void test_real_clock(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "spin", "us", 0.0, NULL, 0 };
	double raw[IB_MAX_REPS];
	char buf[4096];

	(void)state;
	ib_timer = &real_timer;
	assert_int_equal(ib_measure(&m, spin_us, NULL, &r), 0);
	assert_int_equal(r.nsamples, opts.reps);
	assert_true(r.iters > 0);
	const char *line = last_record();
	field(line, "raw_ns", buf, sizeof(buf));
	assert_int_equal(parse_list(buf, raw, IB_MAX_REPS), opts.reps);
	for (unsigned i = 0; i < opts.reps; i++) {
		assert_true(raw[i] >= (double)r.iters * 1000.0);
		assert_true(r.samples[i] >=
			    1.0 - (double)real_timer.cost_ns / (double)r.iters / 1000.0 - 1e-9);
	}
}

/* a big clock cost must both raise the target (100 x cost) and be subtracted */
static void test_clock_cost_subtracted(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "spin", "us", 0.25, NULL, 0 };
	double raw[IB_MAX_REPS], ovh;
	char buf[4096];

	(void)state;
	fake_timer.cost_ns = 50000;
	fake_timer.res_ns = 1;
	ib_timer = &fake_timer;
	use_pretend_clock(50000);
	assert_true(ib_target_ns() == 5e6);
	assert_int_equal(ib_measure(&m, spin_us, NULL, &r), 0);
	assert_true((double)r.iters * 1000.0 >= 5e6);
	const char *line = last_record();
	field(line, "raw_ns", buf, sizeof(buf));
	assert_int_equal(parse_list(buf, raw, IB_MAX_REPS), opts.reps);
	for (unsigned i = 0; i < opts.reps; i++) {
		assert_true(raw[i] == (double)r.iters * 1000.0 + 50000.0);
		assert_true(r.samples[i] == 0.75);
	}
	field(line, "overhead", buf, sizeof(buf));
	ovh = strtod(buf, NULL);
	assert_true(fabs(ovh - (50.0 / (double)r.iters + 0.25)) < 1e-5);
	assert_null(strstr(line, " procs="));
}

/* fn reports exactly n us: the samples are exactly 1 us minus the metric overhead */
static int fake_timed(void *arg, uint64_t n, uint64_t *ns)
{
	(void)arg;
	*ns = n * 1000;
	return 0;
}

static void test_timed(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "fake", "ns", 100.0, NULL, 0 };
	char buf[64];

	(void)state;
	fake_timer.cost_ns = 300;
	fake_timer.res_ns = 1;
	ib_timer = &fake_timer;
	assert_int_equal(ib_measure_timed(&m, fake_timed, NULL, &r), 0);
	assert_true((double)r.iters * 1000.0 >= ib_target_ns());
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(r.samples[i] == 900.0);
	assert_true(r.median == 900.0 && r.min == 900.0);
	field(last_record(), "overhead", buf, sizeof(buf));
	assert_string_equal(buf, "100");
}

/* the first call is slow (cold): the warm-up must notice and size n again */
static int cold_calls;
static int cold_timed(void *arg, uint64_t n, uint64_t *ns)
{
	(void)arg;
	*ns = cold_calls++ ? n * 1000 : 50000000;
	return 0;
}

static void test_cold_first_interval(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "cold", "us", 0, NULL, 0 };

	(void)state;
	ib_timer = &real_timer;
	cold_calls = 0;
	assert_int_equal(ib_measure_timed(&m, cold_timed, NULL, &r), 0);
	assert_true((double)r.iters * 1000.0 >= ib_target_ns());
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(r.samples[i] == 1.0);
	last_record();
}

/* an fn whose interval never grows must not keep the sizing going */
static int zero_timed(void *arg, uint64_t n, uint64_t *ns)
{
	(void)arg;
	(void)n;
	*ns = 0;
	return 0;
}

static void test_sizing_bounded(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "zero", "us", 0, NULL, 0 };
	uint64_t t0 = ib_now_ns();

	(void)state;
	assert_int_equal(ib_measure_timed(&m, zero_timed, NULL, &r), 0);
	assert_true(ib_now_ns() - t0 < 1000000000u);
	assert_true(r.iters > 0);
	last_record();
}

/* MB/s: fake_timed takes exactly 1 us per op, so 64 KiB per op is 65536 bytes/us = 65536 MB/s */
static void test_bandwidth_timed(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "bw_fake", "MB/s", 7.0, "size_kb=64", 65536 };
	char buf[4096];
	double s[IB_MAX_REPS];

	(void)state;
	fake_timer.cost_ns = 300;
	fake_timer.res_ns = 1;
	ib_timer = &fake_timer;
	assert_int_equal(ib_measure_timed(&m, fake_timed, NULL, &r), 0);
	/* sizing unchanged: an interval lasts at least the target */
	assert_true((double)r.iters * 1000.0 >= ib_target_ns());
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(fabs(r.samples[i] - 65536.0) < 1e-6);
	assert_true(fabs(r.median - 65536.0) < 1e-6 && fabs(r.min - 65536.0) < 1e-6);
	const char *line = last_record();
	assert_non_null(strstr(line, " unit=MB/s "));
	field(line, "overhead", buf, sizeof(buf));
	assert_string_equal(buf, "0");
	field(line, "bytes", buf, sizeof(buf));
	assert_string_equal(buf, "65536");
	field(line, "samples", buf, sizeof(buf));
	assert_int_equal(parse_list(buf, s, IB_MAX_REPS), opts.reps);
	assert_true(fabs(s[0] - 65536.0) < 1e-3);
	assert_non_null(strstr(line, " size_kb=64\n"));
}

/* MB/s through ib_measure: the clock cost comes off the interval, not off the rate */
static void test_bandwidth_clock_cost(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "bw_spin", "MB/s", 0.0, NULL, 1000 };
	double raw[IB_MAX_REPS];
	char buf[4096];

	(void)state;
	fake_timer.cost_ns = 50000;
	fake_timer.res_ns = 1;
	ib_timer = &fake_timer;
	use_pretend_clock(50000);
	assert_int_equal(ib_measure(&m, spin_us, NULL, &r), 0);
	const char *line = last_record();
	field(line, "raw_ns", buf, sizeof(buf));
	assert_int_equal(parse_list(buf, raw, IB_MAX_REPS), opts.reps);
	for (unsigned i = 0; i < opts.reps; i++) {
		/* 1000 bytes per op of exactly 1 us: 1000 bytes/us = 1000 MB/s once the
		 * clock read is off the interval (with it on, 5 MB intervals would read ~990) */
		assert_true(raw[i] == (double)r.iters * 1000.0 + 50000.0);
		assert_true(r.samples[i] == 1000.0);
	}
	field(line, "overhead", buf, sizeof(buf));
	assert_string_equal(buf, "0");
}

static int failing(void *arg, uint64_t n)
{
	(void)arg;
	(void)n;
	return -EIO;
}

static void test_errors(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "bad", "us", 0, NULL, 0 };
	struct ib_metric bw = { "bw", "MB/s", 0, NULL, 0 };
	struct ib_metric bwneg = { "bw", "MB/s", 0, NULL, -1 };
	struct ib_metric furlong = { "f", "furlong", 0, NULL, 1 };
	struct ib_metric badp = { "p", "us", 0, "novalue", 0 };

	(void)state;
	ib_reason_clear();
	assert_int_equal(ib_measure(&m, failing, NULL, &r), -EIO);
	assert_non_null(strstr(ib_reason_text(), "bad"));
	assert_string_equal(last_record(), "");
	assert_int_equal(ib_measure(&bw, spin_us, NULL, &r), -EINVAL);
	assert_int_equal(ib_measure(&bwneg, spin_us, NULL, &r), -EINVAL);
	assert_int_equal(ib_measure(&furlong, spin_us, NULL, &r), -EINVAL);
	opts.budget_ms = 1;
	assert_int_equal(ib_measure(&badp, spin_us, NULL, &r), -EINVAL);
	opts.budget_ms = 2;
	assert_string_equal(last_record(), "");
}

/* ib_measure_count: exactly the n asked, in every interval, warm-up included; no sizing */
static uint64_t count_calls, count_bad_n;
static int count_timed(void *arg, uint64_t n, uint64_t *ns)
{
	count_calls++;
	if (n != *(uint64_t *)arg)
		count_bad_n++;
	*ns = n * 3000;   /* 3 us per operation */
	return 0;
}

static void test_count(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "flat", "us", 0, "size_kb=0", 0 };
	uint64_t n = 1000;
	char buf[256];

	(void)state;
	fake_timer.cost_ns = 20;
	fake_timer.res_ns = 1;
	ib_timer = &fake_timer;
	count_calls = count_bad_n = 0;
	/* 1000 x 3 us = 3 ms, above the 2 ms budget, and n=1000 still: no sizing */
	assert_int_equal(ib_measure_count(&m, count_timed, &n, n, &r), 0);
	assert_int_equal(count_calls, opts.reps + 1);
	assert_int_equal(count_bad_n, 0);
	assert_int_equal(r.iters, 1000);
	assert_int_equal(r.nsamples, opts.reps);
	for (unsigned i = 0; i < r.nsamples; i++)
		assert_true(r.samples[i] == 3.0);
	field(last_record(), "raw_ns", buf, sizeof(buf));
	assert_string_equal(buf, "3000000,3000000,3000000,3000000,3000000");

	/* below the budget the count is kept all the same (the budget is not its business) */
	n = 100;
	count_calls = 0;
	assert_int_equal(ib_measure_count(&m, count_timed, &n, n, &r), 0);
	assert_int_equal(count_calls, opts.reps + 1);
	assert_int_equal(r.iters, 100);
	last_record();

	/* but not below the clock's precision: 1 op of 3 us < 1000 x 5 ns resolution */
	fake_timer.res_ns = 5;
	n = 1;
	ib_reason_clear();
	assert_int_equal(ib_measure_count(&m, count_timed, &n, n, &r), -ERANGE);
	assert_non_null(strstr(ib_reason_text(), "precision"));
	assert_string_equal(last_record(), "");
	n = 0;
	assert_int_equal(ib_measure_count(&m, count_timed, &n, n, &r), -EINVAL);
	assert_string_equal(last_record(), "");
}

static void test_emit_result(void **state)
{
	static struct ib_result r;
	struct ib_metric m = { "null_io", "us", 0, NULL, 0 };

	(void)state;
	r.iters = 10;
	r.nsamples = 3;
	r.samples[0] = 1;
	r.samples[1] = 2.5;
	r.samples[2] = 3;
	assert_int_equal(ib_emit_result(&m, &r), 0);
	assert_string_equal(last_record(), "m bench=unit metric=null_io unit=us iters=10 overhead=0 "
					   "samples=1,2.5,3 raw_ns= cpu=-1\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_timer, real_clock),
		cmocka_unit_test_setup(test_sizing_and_samples, real_clock),
		cmocka_unit_test_setup(test_real_clock, real_clock),
		cmocka_unit_test_setup(test_clock_cost_subtracted, real_clock),
		cmocka_unit_test_setup(test_timed, real_clock),
		cmocka_unit_test_setup(test_cold_first_interval, real_clock),
		cmocka_unit_test_setup(test_sizing_bounded, real_clock),
		cmocka_unit_test_setup(test_bandwidth_timed, real_clock),
		cmocka_unit_test_setup(test_bandwidth_clock_cost, real_clock),
		cmocka_unit_test_setup(test_errors, real_clock),
		cmocka_unit_test_setup(test_count, real_clock),
		cmocka_unit_test_setup(test_emit_result, real_clock),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
