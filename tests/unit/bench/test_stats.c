/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_stats.c - median, minimum and sort (bench/base/stats.c).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench/base/stats.h"

static void test_median_odd_even(void **state)
{
	const double odd[] = { 5, 1, 4, 2, 3 };
	const double even[] = { 10, 1, 4, 2 };
	const double one[] = { 7.25 };

	(void)state;
	assert_true(ib_median(odd, 5) == 3.0);
	assert_true(ib_median(even, 4) == 3.0);
	assert_true(ib_median(one, 1) == 7.25);
	assert_true(isnan(ib_median(odd, 0)));
}

static void test_median_keeps_input(void **state)
{
	double v[] = { 3, 2, 1 };

	(void)state;
	assert_true(ib_median(v, 3) == 2.0);
	assert_true(v[0] == 3 && v[1] == 2 && v[2] == 1);
}

static void test_min(void **state)
{
	const double v[] = { 3, -2.5, 1, -2.25 };
	const double nan_first[] = { NAN, 4, 2 };

	(void)state;
	assert_true(ib_min(v, 4) == -2.5);
	assert_true(ib_min(nan_first, 3) == 2.0);
	assert_true(isnan(ib_min(v, 0)));
}

static void test_sort(void **state)
{
	double v[] = { 9, 3, NAN, 7, 1, 3, -4, 100 };
	const double want[] = { -4, 1, 3, 3, 7, 9, 100 };

	(void)state;
	ib_sort_dbl(v, 8);
	for (int i = 0; i < 7; i++)
		assert_true(v[i] == want[i]);
	assert_true(isnan(v[7]));
}

static void test_sort_many(void **state)
{
	double v[101];
	uint32_t x = 12345;

	(void)state;
	for (int i = 0; i < 101; i++) {
		x = x * 1103515245u + 12345u;
		v[i] = (double)(x >> 8);
	}
	double med = ib_median(v, 101);
	ib_sort_dbl(v, 101);
	for (int i = 1; i < 101; i++)
		assert_true(v[i - 1] <= v[i]);
	assert_true(med == v[50]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median_odd_even),
		cmocka_unit_test(test_median_keeps_input),
		cmocka_unit_test(test_min),
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_sort_many),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
