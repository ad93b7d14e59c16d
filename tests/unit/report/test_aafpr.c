/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_aafpr.c - resampled A/A false-positive rates (report/stats/aafpr.h) on boots drawn
 * here from one lognormal (every flag false): 20 rows of 40 boots at B = 5, 4000 resamples.
 * Welch's per-row rate must be near alpha (0.03-0.07 on the mean: the Monte Carlo error
 * at 80000 row decisions is 0.0008, the rest is how one data set's splits fall), at least
 * one raw p < 0.05 among 20 rows is common (1 - 0.95^20 = 0.64 for independent rows), and
 * BH holds the share of resamples with any flag near alpha. A row whose boots are of two
 * kinds (half 20 % slower: bimodal) is still an A/A under random splits and stays near
 * alpha; a row with too few boots is not judged; the same seed repeats; bad B is refused.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "report/stats/aafpr.h"

#define M 20
#define N 40

static double *boots(unsigned long seed)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	double *x = malloc(M * N * sizeof(*x));

	gsl_rng_set(rng, seed);
	for (size_t i = 0; i < M * N; i++)
		x[i] = gsl_ran_lognormal(rng, 0, 0.05);
	gsl_rng_free(rng);
	return x;
}

static void test_null(void **state)
{
	double *x = boots(7);
	struct ib_aafpr r;

	(void)state;
	assert_int_equal(ib_aa_resample(x, M, N, 5, 4000, 1, 0.05, &r), 0);
	assert_int_equal(r.rows_judged, M);
	assert_true(r.mean_fpr > 0.03 && r.mean_fpr < 0.07);
	for (size_t i = 0; i < M; i++)
		assert_true(r.row_fpr[i] > 0.005 && r.row_fpr[i] < 0.12);
	assert_true(r.any_raw > 0.4 && r.any_raw < 0.8);
	assert_true(r.any_bh < 0.09);
	ib_aafpr_free(&r);
	free(x);
}

static void test_shift_rows_and_seed(void **state)
{
	double *x = boots(8);
	struct ib_aafpr r, again;

	(void)state;
	for (size_t k = 0; k < N / 2; k++)
		x[0 * N + k] *= 1.2;         /* row 0: two kinds of boots */
	for (size_t k = 6; k < N; k++)
		x[1 * N + k] = NAN;          /* row 1: 6 boots, fewer than 2B */
	assert_int_equal(ib_aa_resample(x, M, N, 5, 2000, 3, 0.05, &r), 0);
	/* still one kernel: a random split draws both arms from the same mixture (0.042 seen) */
	assert_true(r.row_fpr[0] > 0.01 && r.row_fpr[0] < 0.09);
	assert_true(isnan(r.row_fpr[1]));
	assert_int_equal(r.rows_judged, M - 1);
	assert_int_equal(ib_aa_resample(x, M, N, 5, 2000, 3, 0.05, &again), 0);
	for (size_t i = 0; i < M; i++)
		assert_true((isnan(r.row_fpr[i]) && isnan(again.row_fpr[i])) ||
			    r.row_fpr[i] == again.row_fpr[i]);
	ib_aafpr_free(&r);
	ib_aafpr_free(&again);
	assert_int_equal(ib_aa_resample(x, M, N, 1, 10, 3, 0.05, &r), -1);
	ib_aafpr_free(&r);
	assert_int_equal(ib_aa_resample(x, M, N, 21, 10, 3, 0.05, &r), -1);
	ib_aafpr_free(&r);
	free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_null),
		cmocka_unit_test(test_shift_rows_and_seed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
