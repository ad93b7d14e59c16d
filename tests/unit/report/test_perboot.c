/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_perboot.c - the candidate per-boot statistics (report/stats/perboot.h) on samples
 * whose answers are worked out by hand: order does not matter, NaNs are left out, "best"
 * follows the unit's direction, the trimmed mean cuts floor(0.2 n) from each end; and the
 * section name helper stat-eval prints (report/summary/sectime.h).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "report/stats/perboot.h"
#include "report/summary/sectime.h"

/* 1..10 shuffled, one sample failed (NaN), and a stray one far out (100) */
static const double shuffled[] = { 7, 3, NAN, 10, 1, 100, 5, 9, 2, 8, 4, 6 };
#define N (sizeof(shuffled) / sizeof(shuffled[0]))

static void test_times(void **state)
{
	(void)state;
	/* 11 numbers: 1..10 and 100 */
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_MEDIAN, 0), 6, 1e-12);
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_BEST, 0), 1, 1e-12);
	/* quantile 0.1 of 11 sorted: index 1.0 -> 2; 0.25: index 2.5 -> 3.5 */
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_BEST10, 0), 2, 1e-12);
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_BEST25, 0), 3.5, 1e-12);
	/* floor(0.2 * 11) = 2 cut from each end: 3..9, mean 6; the 100 is gone */
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_TRIM20, 0), 6, 1e-12);
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_MEAN, 0), 155.0 / 11, 1e-12);
}

static void test_rates(void **state)
{
	(void)state;
	/* a rate's best is its largest sample, 10 % and 25 % in from the top */
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_BEST, 1), 100, 1e-12);
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_BEST10, 1), 10, 1e-12);
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_BEST25, 1), 8.5, 1e-12);
	/* direction changes nothing else */
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_MEDIAN, 1), 6, 1e-12);
	assert_float_equal(ib_perboot_stat(shuffled, N, IB_PB_TRIM20, 1), 6, 1e-12);
}

static void test_edges(void **state)
{
	const double none[] = { NAN, NAN }, one[] = { 4.5 };

	(void)state;
	for (int k = 0; k < IB_PB_N; k++) {
		assert_true(isnan(ib_perboot_stat(none, 2, k, 0)));
		assert_true(isnan(ib_perboot_stat(NULL, 0, k, 0)));
		assert_float_equal(ib_perboot_stat(one, 1, k, k % 2), 4.5, 1e-12);
		assert_non_null(ib_perboot_name[k]);
	}
	assert_string_equal(ib_perboot_name[IB_PB_BEST25], "best25");
}

static void test_section_name(void **state)
{
	char buf[IB_SECTIME_NAME];

	(void)state;
	ib_sectime_name(-1, buf);
	assert_string_equal(buf, "other");
	ib_sectime_name(ib_sectime_table("null_call", NULL), buf);
	assert_string_equal(buf, "Processor, Processes");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_section_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
