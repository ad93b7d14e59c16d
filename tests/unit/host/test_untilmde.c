/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_untilmde.c - the --until-mde stopping rule: the judge over compare's JSON rows, the
 * blinded MDEs it reads (report/stats) against hand-computed values, and the false-positive
 * rate the rule keeps on simulated A/A campaigns, paired by block and Welch: a campaign adds
 * blocks until the blinded MDE is at most a target, then the usual test at 0.05 is made.
 */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "host/launch/untilmde.h"
#include "report/stats/stats.h"

static void judge_rows(void **state)
{
	struct ib_until_mde j;
	json_t *root;

	(void)state;
	root = json_loads("{\"rows\":[{\"metric\":\"null_call\",\"variant\":\"B\",\"stop_mde_pct\":4.0},"
			  "{\"metric\":\"stat\",\"variant\":\"B\",\"stop_mde_pct\":6.5}]}", 0, NULL);
	assert_non_null(root);
	assert_int_equal(ib_until_mde_judge(root, 5, &j), 0);
	assert_int_equal(j.rows, 2);
	assert_int_equal(j.above, 1);
	assert_float_equal(j.worst_pct, 6.5, 1e-12);
	assert_string_equal(j.worst, "stat (B)");
	assert_int_equal(ib_until_mde_judge(root, 6.5, &j), 1);
	assert_int_equal(j.above, 0);
	json_decref(root);

	/* a row without an MDE (one boot in an arm) keeps the campaign going */
	root = json_loads("{\"rows\":[{\"metric\":\"a\",\"variant\":\"B\",\"stop_mde_pct\":1.0},"
			  "{\"metric\":\"b\",\"variant\":\"C\",\"stop_mde_pct\":null}]}", 0, NULL);
	assert_int_equal(ib_until_mde_judge(root, 1000, &j), 0);
	assert_true(isinf(j.worst_pct));
	assert_string_equal(j.worst, "b (C)");
	json_decref(root);

	root = json_loads("{\"rows\":[]}", 0, NULL);
	assert_int_equal(ib_until_mde_judge(root, 1000, &j), 0);
	json_decref(root);
	root = json_loads("{\"format\":1}", 0, NULL);
	assert_int_equal(ib_until_mde_judge(root, 1000, &j), -1);
	json_decref(root);
}

static void blinded_by_hand(void **state)
{
	/* logs {0, 0, 0.2, 0.2} lumped: sd sqrt(0.04 / 3) = 0.1154700538; at n = 2 (df 2)
	 * (t_0.975 + t_0.8) sqrt(2) sd / sqrt(2) = (4.302652730 + 1.060660172) sd */
	double a[] = { 1, 1 }, b[] = { exp(0.2), exp(0.2) };
	struct ib_paired r = { 1, 4, exp(0.1), NAN, NAN, NAN, 0.2, NAN };

	(void)state;
	assert_float_equal(ib_stat_mde_blinded(a, 2, b, 2), 5.363312902 * 0.1154700538, 1e-6);
	/* the unblinded Welch spread is 0 here: the blinded one holds the difference */
	assert_float_equal(ib_stat_mde(ib_stat_logsd(a, 2), 2), 0, 1e-12);
	/* paired, n 4, sd 0.2, mean 0.1: sqrt((3 * 0.04 + 4 * 0.01) / 4) = 0.2 exactly */
	assert_float_equal(ib_stat_mde_blinded_paired(&r), ib_stat_mde_paired(0.2, 4), 1e-12);
	assert_float_equal(ib_stat_mde_paired(0.2, 4), (3.182446305 + 0.978472312) * 0.1, 1e-6);
	/* no difference: the root mean square is below the sd (n - 1 over n) */
	r.ratio = 1;
	assert_float_equal(ib_stat_mde_blinded_paired(&r), ib_stat_mde_paired(0.2 * sqrt(0.75), 4),
			   1e-12);
	r.n = 1;
	assert_true(isnan(ib_stat_mde_blinded_paired(&r)));
	assert_true(isnan(ib_stat_mde_blinded(a, 1, b, 2)));
}

/* splitmix64 and Box-Muller: the same draws on every machine */
static uint64_t rng = 0x1b873593u;

static double uniform(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return ((double)(z >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

#define CAMPAIGNS 20000
#define MAX_BLOCKS 10

/*
 * A/A campaigns: per block a drift shared by both arms (sd 0.3 in logs, the host's speed
 * modes) and a boot's own noise (sd 0.1). Paired: from 3 blocks (IB_PAIRED_MIN) the paired
 * interval decides; Welch: from 2 boots per arm, drift left out (it is what pairing removes).
 * The target 25 % stops most campaigns between 3 and 8 blocks. Returns the false-positive
 * rate at 0.05; *unblinded the same with the rule reading the unblinded MDE.
 */
static double fpr(int paired, double *unblinded, double *mean_blocks)
{
	double a[MAX_BLOCKS], b[MAX_BLOCKS], target = 0.25;
	unsigned fp = 0, fp_u = 0, blocks = 0;

	for (unsigned c = 0; c < CAMPAIGNS; c++) {
		int done = 0, done_u = 0;

		for (unsigned k = 1; k <= MAX_BLOCKS && !(done && done_u); k++) {
			double drift = paired ? 0.3 * gauss() : 0;
			double p, mde, mde_u;

			a[k - 1] = exp(drift + 0.1 * gauss());
			b[k - 1] = exp(drift + 0.1 * gauss());
			if (k < (paired ? 3u : 2u))
				continue;
			if (paired) {
				struct ib_paired r;

				ib_stat_paired_log(a, b, k, 0.95, &r);
				p = r.p, mde = ib_stat_mde_blinded_paired(&r), mde_u = r.mde;
			} else {
				struct ib_welch w;

				ib_stat_welch_log(a, k, b, k, 0.95, &w);
				p = w.p, mde = ib_stat_mde_blinded(a, k, b, k);
				double sa = ib_stat_logsd(a, k), sb = ib_stat_logsd(b, k);
				mde_u = ib_stat_mde(sqrt((sa * sa + sb * sb) / 2), k);
			}
			if (!done && (mde <= target || k == MAX_BLOCKS)) {
				done = 1, fp += p < 0.05, blocks += k;
			}
			if (!done_u && (mde_u <= target || k == MAX_BLOCKS))
				done_u = 1, fp_u += p < 0.05;
		}
	}
	*unblinded = (double)fp_u / CAMPAIGNS;
	*mean_blocks = (double)blocks / CAMPAIGNS;
	return (double)fp / CAMPAIGNS;
}

static void aa_false_positives(void **state)
{
	double u, blocks;

	(void)state;
	for (int paired = 1; paired >= 0; paired--) {
		double f = fpr(paired, &u, &blocks);

		printf("# %s: false-positive rate %.4f with the blinded rule (%.2f blocks on average), "
		       "%.4f with the unblinded one, %d A/A campaigns of at most %d blocks, target 25%%\n",
		       paired ? "paired" : "Welch", f, blocks, u, CAMPAIGNS, MAX_BLOCKS);
		/* 0.05 nominal; 20000 campaigns give a standard error of 0.0015 */
		assert_true(f <= 0.06);
		assert_true(f >= 0.035);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(judge_rows),
		cmocka_unit_test(blinded_by_hand),
		cmocka_unit_test(aa_false_positives),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
