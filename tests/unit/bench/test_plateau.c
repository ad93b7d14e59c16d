/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_plateau.c - cache plateaus of a latency curve (bench/mem/plateau.c): synthetic curves
 * built from a random-chase model, and curves recorded by lat_mem on this machine kind.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench/mem/plateau.h"

#define MAXP 64

/* lat_mem's sizes: 1, 2, 3, 4, 6, 8, 12 ... KB up to max_kb */
static unsigned sizes(double max_kb, double *kb)
{
	unsigned n = 0;

	for (double p = 1; p <= max_kb; p *= 2) {
		kb[n++] = p;
		if (p >= 2 && p * 1.5 <= max_kb)
			kb[n++] = p * 1.5;
	}
	return n;
}

/*
 * A random chase over b KB with caches cap[0] < cap[1] < ... of latency lat[0..levels-1]
 * and memory lat[levels]: a load hits level k with probability
 * min(1, cap[k]/b) - min(1, cap[k-1]/b) (the lines of the buffer a level holds).
 */
static double model(double b, const double *cap, const double *lat, unsigned levels)
{
	double v = 0, below = 0;

	for (unsigned k = 0; k < levels; k++) {
		double in = cap[k] / b < 1 ? cap[k] / b : 1;

		v += (in - below) * lat[k];
		below = in;
	}
	return v + (1 - below) * lat[levels];
}

static const double cap3[] = { 32, 512, 32768 };
static const double lat3[] = { 1.3, 4.0, 15.0, 100.0 };

static unsigned curve3(double max_kb, double *kb, double *y)
{
	unsigned n = sizes(max_kb, kb);

	for (unsigned i = 0; i < n; i++)
		y[i] = model(kb[i], cap3, lat3, 3);
	return n;
}

static void expect_guesses(const double *kb, const double *y, unsigned n, const char *want,
			   struct ib_plateaus *pl)
{
	char buf[128];

	assert_int_equal(ib_plateau_detect(kb, y, n, pl), 0);
	assert_true(ib_plateau_guesses(pl, kb, n, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, want);
}

static void test_clean_three_levels(void **state)
{
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = curve3(262144, kb, y); /* 8 x L3: main memory flattens out */

	(void)state;
	expect_guesses(kb, y, n, "L1:32K,L2:512K,L3:32M", &pl);
	assert_int_equal(pl.count, 4);
	assert_true(fabs(pl.p[0].level - 1.3) < 1e-9);
	assert_true(pl.p[1].level > 3.0 && pl.p[1].level < 4.0);
	assert_true(pl.p[2].level > 12 && pl.p[2].level < 15);
	assert_true(pl.p[3].level > 70);
	assert_true(ib_plateau_is_cache(&pl, 2, n));
	assert_false(ib_plateau_is_cache(&pl, 3, n));
	/* the point a figure is read from lies inside its plateau, below the edge */
	for (unsigned k = 0; k < pl.count; k++) {
		assert_true(pl.p[k].first <= pl.p[k].rep && pl.p[k].rep <= pl.p[k].last);
		assert_true(pl.p[k].last <= pl.p[k].edge);
		if (k)
			assert_true(pl.p[k - 1].edge < pl.p[k].first);
	}
	assert_true(kb[pl.p[0].rep] <= 32);
}

/* lat_mem's usual range, 4 x LLC: the curve still rises at its end, memory is no plateau */
static void test_curve_ends_rising(void **state)
{
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = curve3(131072, kb, y);

	(void)state;
	expect_guesses(kb, y, n, "L1:32K,L2:512K,L3:32M", &pl);
	assert_int_equal(pl.count, 3);
	assert_true(ib_plateau_is_cache(&pl, 2, n));
}

static void test_noisy(void **state)
{
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	uint32_t seed = 12345;
	unsigned n = curve3(262144, kb, y);

	(void)state;
	for (unsigned i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		double u = (double)(seed >> 8) / (double)(1u << 24) * 2 - 1; /* [-1, 1) */
		y[i] *= 1 + 0.06 * u;
	}
	y[13] *= 2.0; /* one disturbed point inside the L2 plateau (128 KB) */
	y[3] *= 1.8;  /* and one inside L1 (4 KB) */
	expect_guesses(kb, y, n, "L1:32K,L2:512K,L3:32M", &pl);
	assert_int_equal(pl.count, 4);
}

/* a spike in a short plateau: the running median keeps the plateau and its edge */
static void test_spike_in_short_plateau(void **state)
{
	static const double cap[] = { 8, 512, 32768 };
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = sizes(262144, kb);

	(void)state;
	for (unsigned i = 0; i < n; i++)
		y[i] = model(kb[i], cap, lat3, 3);
	y[3] *= 2.5; /* 4 KB */
	expect_guesses(kb, y, n, "L1:8K,L2:512K,L3:32M", &pl);
	assert_true(fabs(pl.p[0].level - 1.3) < 1e-9);
}

static void test_two_levels_no_l3(void **state)
{
	static const double cap[] = { 32, 1024 };
	static const double lat[] = { 1.0, 5.0, 80.0 };
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = sizes(65536, kb);

	(void)state;
	for (unsigned i = 0; i < n; i++)
		y[i] = model(kb[i], cap, lat, 2);
	expect_guesses(kb, y, n, "L1:32K,L2:1M", &pl);
	assert_int_equal(pl.count, 3);
	assert_false(ib_plateau_is_cache(&pl, 2, n));
}

static void test_monotone_no_plateau(void **state)
{
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = sizes(65536, kb);

	(void)state;
	for (unsigned i = 0; i < n; i++)
		y[i] = pow(1.15, (double)i); /* 1.32 per 2 points: no 3 points within the band */
	expect_guesses(kb, y, n, "none", &pl);
	assert_int_equal(pl.count, 0);
}

static void test_flat(void **state)
{
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = sizes(4096, kb);

	(void)state;
	for (unsigned i = 0; i < n; i++)
		y[i] = 5.0 + 0.1 * (i % 3);
	expect_guesses(kb, y, n, "flat", &pl);
	assert_int_equal(pl.count, 1);
	assert_int_equal(pl.p[0].edge, n - 1);
	assert_false(ib_plateau_is_cache(&pl, 0, n));
}

/* one high last point (a disturbed sample, the TLB) is not a new level */
static void test_last_point_spike(void **state)
{
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = curve3(262144, kb, y);

	(void)state;
	y[n - 1] *= 1.7;
	expect_guesses(kb, y, n, "L1:32K,L2:512K,L3:32M", &pl);
}

static void test_single_point_and_bad_input(void **state)
{
	double kb[] = { 1, 2, 3 }, y[] = { 1.3, 1.3, 1.3 };
	double bad_order[] = { 1, 3, 2 }, bad_lat[] = { 1.3, -1, 1.3 };
	struct ib_plateaus pl;
	char buf[16];

	(void)state;
	assert_int_equal(ib_plateau_detect(kb, y, 1, &pl), 0);
	assert_int_equal(pl.count, 0);
	assert_true(ib_plateau_guesses(&pl, kb, 1, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "none");
	assert_int_equal(ib_plateau_detect(kb, y, 0, &pl), 0);
	assert_int_equal(pl.count, 0);
	assert_int_equal(ib_plateau_detect(kb, y, 2, &pl), 0);
	assert_int_equal(pl.count, 0); /* fewer than IB_PLATEAU_MIN_PTS */
	assert_int_equal(ib_plateau_detect(bad_order, y, 3, &pl), -1);
	assert_int_equal(ib_plateau_detect(kb, bad_lat, 3, &pl), -1);
	assert_int_equal(pl.count, 0);
	assert_int_equal(ib_plateau_detect(NULL, y, 3, &pl), -1);
	assert_int_equal(ib_plateau_detect(kb, y, 3, NULL), -1);
	/* too small a buffer gives 0, never a cut text */
	assert_int_equal(ib_plateau_detect(kb, y, 3, &pl), 0);
	assert_int_equal(ib_plateau_guesses(&pl, kb, 3, buf, 4), 0);
	assert_true(ib_plateau_guesses(&pl, kb, 3, buf, 5) == 4);
	assert_string_equal(buf, "flat");
}

static void test_guess_sizes_format(void **state)
{
	static const double cap[] = { 48, 1536, 24576 };
	double kb[MAXP], y[MAXP];
	struct ib_plateaus pl;
	unsigned n = sizes(262144, kb);

	(void)state;
	for (unsigned i = 0; i < n; i++)
		y[i] = model(kb[i], cap, lat3, 3);
	expect_guesses(kb, y, n, "L1:48K,L2:1536K,L3:24M", &pl);
}

/*
 * Curves lat_mem recorded (random chase, each point's minimum sample, ns): natively on this
 * AMD EPYC VM (sysfs L1d 32K, L2 512K, L3 32M) twice, with other work on the CPU during the
 * second, and under QEMU TCG. Besides the detection, the plausibility a reader checks: the
 * L1 level is 3..6 cycles at the Mhz measured in the same run, and L1 < L2 < Main mem.
 */
static const double rec_kb[] = {
	1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536,
	2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536, 98304, 131072,
};
static const double native1[] = {
	1.27, 1.26, 1.25, 1.26, 1.27, 1.26, 1.25, 1.28, 1.27, 1.31, 3.78, 3.77, 3.77, 3.78, 3.76,
	3.79, 5.16, 7.69, 12.9, 14.8, 16.2, 17.5, 16.8, 17.3, 19.7, 103, 126, 123, 136, 143, 142,
	151, 151, 185,
};
static const double native2[] = {
	1.37, 1.39, 1.39, 1.4, 1.4, 1.39, 1.38, 1.45, 1.74, 3.13, 3.98, 3.83, 3.83, 3.87, 3.91,
	3.9, 5.53, 6.65, 12.6, 14.6, 15.9, 16.7, 18.5, 22.2, 145, 122, 129, 133, 143, 142, 153,
	182, 158, 159,
};
static const double native3[] = { /* past the L3 the page walks rise in two steps */
	1.25, 1.25, 1.25, 1.24, 1.25, 1.25, 1.25, 1.25, 1.25, 1.55, 3.74, 3.76, 3.77, 3.8, 3.98,
	4.9, 6.5, 8.38, 11.8, 13.7, 15, 15.6, 16.3, 16.7, 103, 102, 123, 137, 139, 140, 147, 147,
	149, 148,
};
static const double tcg[] = { /* 512 MB guest: the curve stops at 64 MB */
	3.88, 3.84, 3.83, 3.82, 3.81, 3.82, 3.81, 3.81, 4, 4.25, 6.34, 6.44, 6.46, 6.5, 6.47, 7.1,
	8.73, 10.1, 16, 17.5, 19.3, 20.1, 21.9, 25.1, 102, 130, 134, 159, 156, 158, 160, 175,
};

static void check_recorded(const double *y, unsigned n, const char *want, double mhz,
			   double mem_ns)
{
	struct ib_plateaus pl;

	expect_guesses(rec_kb, y, n, want, &pl);
	assert_true(pl.count >= 3);
	double l1 = y[pl.p[0].rep], l2 = y[pl.p[1].rep];
	if (mhz > 0) {
		double cycles = l1 * mhz / 1000;

		assert_true(cycles >= 3 && cycles <= 6);
	}
	assert_true(l1 < l2 && l2 < mem_ns);
	assert_true(ib_plateau_is_cache(&pl, 1, n));
	assert_false(ib_plateau_is_cache(&pl, pl.count - 1, n));
}

static void test_recorded_native(void **state)
{
	(void)state;
	/* Mhz measured beside them: 2898, 2950, 3190 */
	check_recorded(native1, sizeof(native1) / sizeof(native1[0]), "L1:32K,L2:256K,L3:6M",
		       2898, native1[33]);
	check_recorded(native2, sizeof(native2) / sizeof(native2[0]), "L1:24K,L2:256K,L3:3M",
		       2950, native2[33]);
	check_recorded(native3, sizeof(native3) / sizeof(native3[0]), "L1:32K,L2:256K,L3:4M",
		       3190, native3[33]);
}

static void test_recorded_tcg(void **state)
{
	(void)state;
	/* no cycle check: under TCG a guest load is a soft-MMU lookup, not a hardware load */
	check_recorded(tcg, sizeof(tcg) / sizeof(tcg[0]), "L1:32K,L2:256K,L3:4M", 0, tcg[31]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean_three_levels),
		cmocka_unit_test(test_curve_ends_rising),
		cmocka_unit_test(test_noisy),
		cmocka_unit_test(test_spike_in_short_plateau),
		cmocka_unit_test(test_two_levels_no_l3),
		cmocka_unit_test(test_monotone_no_plateau),
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_last_point_spike),
		cmocka_unit_test(test_single_point_and_bad_input),
		cmocka_unit_test(test_guess_sizes_format),
		cmocka_unit_test(test_recorded_native),
		cmocka_unit_test(test_recorded_tcg),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
