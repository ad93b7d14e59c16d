/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_compare_stats.c - report/stats/stats.c and `initbench compare` (report/compare/compare.c).
 *
 * Known values: the Welch example of the Wikipedia article "Welch's t-test" (A1, A2: df
 * 24.99, p 0.02138, CI of the difference [0.3492, 3.9841], computed here independently by
 * numerical integration of the t density); Benjamini & Hochberg's (1995) 15 p-values (four
 * rejected at q = 0.05); exact Mann-Whitney p (3 vs 3 separated: 2/20 = 0.10). Simulations
 * (fixed seed): a known effect is found with its sign; A/A data stay within the nominal
 * false-positive level. Paired over blocks: a hand-computed 3-block case (closed-form t
 * with 2 df), n < 2, zero, negative and NaN values; and `compare` over the fixture's boots
 * made one campaign in a temporary store (every row paired, 3 blocks; split, Welch). Golden: the compare table of the fixture boots under
 * tests/data/compare (base: 3 complete boots and an incomplete 4th; new: null_call +10%
 * with rising samples, ctx_2p_0k +3%, bw_pipe +20%, lat_mem +0.4% with intervals below 100
 * timer costs, one stat outlier; base2: base again but ctx_2p_0k +4%, the A/A partner)
 * must print exactly tests/data/compare-golden.txt.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <jansson.h>

#include "tests/unit/testdata.h"

#include "report/results.h"
#include "report/stats/stats.h"
#include "bench/base/stats.h"   /* the guest's ib_median(), to hold both to one policy */

#define NEAR(a, b, tol) do { double a_ = (a), b_ = (b); \
	if (!(fabs(a_ - b_) <= (tol))) fail_msg("%s = %.10g, want %.10g +- %g", #a, a_, b_, (double)(tol)); \
} while (0)

static void test_descriptive(void **state)
{
	const double x[] = { 4, 1, 3, 2 }, y[] = { 1, 10, 100 }, z[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	(void)state;
	NEAR(ib_stat_median(x, 4), 2.5, 1e-12);
	NEAR(ib_stat_median(x, 3), 3, 1e-12);
	NEAR(ib_stat_gmean(y, 3), 10, 1e-12);
	NEAR(ib_stat_min(x, 4), 1, 0);
	/* R: IQR(c(2,4,4,4,5,5,7,9)) = 5.5 - 4 */
	NEAR(ib_stat_iqr(z, 8), 1.5, 1e-12);
	/* sd(z) = sqrt(32/7), mean 5 */
	NEAR(ib_stat_cv(z, 8), sqrt(32.0 / 7) / 5, 1e-12);
	NEAR(ib_stat_logsd(y, 3), log(10), 1e-12);
	assert_true(isnan(ib_stat_median(x, 0)));
	assert_true(isnan(ib_stat_cv(x, 1)));
	const double neg[] = { 1, -1 };
	assert_true(isnan(ib_stat_gmean(neg, 2)));
}

/*
 * The host's median (GSL on a sorted copy) and the guest's (bench/base/stats.c) give the
 * same bits for the same data, even counts and NaN included: before they were one helper
 * per side, the host's qsort copies made {1, NaN, 2} NaN and {NaN, 3, 1, 2} 1.5, its GSL
 * copy {NaN, NaN, 5} 5.
 */
static void test_median_one_policy(void **state)
{
	const double a[] = { 1, NAN, 2 }, b[] = { NAN, 3, 1, 2 }, c[] = { NAN, NAN, 5 },
		     d[] = { 0.62, 0.6138, 0.6324, 0.6262 }, e[] = { 1, 2, 3, 4, NAN };
	double v[64], h, g;
	uint32_t x = 4242;
	(void)state;

	assert_true(ib_stat_median(a, 3) == 2 && ib_median(a, 3) == 2);
	assert_true(ib_stat_median(b, 4) == 2.5 && ib_median(b, 4) == 2.5);
	assert_true(isnan(ib_stat_median(c, 3)) && isnan(ib_median(c, 3)));
	h = ib_stat_median(d, 4);
	g = ib_median(d, 4);
	assert_memory_equal(&h, &g, sizeof(h));
	assert_true(h == (0.62 + 0.6262) / 2);
	/* quantiles see the NaN after every number: Q1 is a number, Q3 interpolates into NaN */
	assert_true(ib_stat_quantile(e, 5, 0.25) == 2);
	assert_true(ib_stat_quantile(e, 5, 0) == 1);
	assert_true(isnan(ib_stat_iqr(e, 5)));
	for (int t = 0; t < 2000; t++) {
		size_t n = 1 + (size_t)t % 63;

		for (size_t i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			v[i] = t % 3 ? (double)(x >> 20) / 7 : (double)(x >> 29);   /* ties too */
			if (t % 17 == 0 && i % 5 == 1)
				v[i] = NAN;
		}
		h = ib_stat_median(v, n);
		g = ib_median(v, n);
		assert_memory_equal(&h, &g, sizeof(h));
	}
}

static void test_welch_known(void **state)
{
	static const double a1[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6,
				     23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double a2[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2,
				     21.9, 22.1, 22.9, 20.5, 24.4 };
	double ea[15], eb[15];
	struct ib_welch w;
	(void)state;
	/* the test works on logs: give it exp() of the example so that the logs are the data */
	for (int i = 0; i < 15; i++)
		ea[i] = exp(a1[i]), eb[i] = exp(a2[i]);
	ib_stat_welch_log(ea, 15, eb, 15, 0.95, &w);
	assert_true(w.ok);
	NEAR(log(w.ratio), 2.1666666667, 1e-9);
	NEAR(w.se, 0.88242451, 1e-7);
	NEAR(w.df, 24.98853, 1e-4);
	NEAR(w.p, 0.021378, 2e-5);
	NEAR(log(w.lo), 0.349237, 1e-4);
	NEAR(log(w.hi), 3.984096, 1e-4);
	/* swapped arms: the reciprocal ratio, the same p */
	struct ib_welch s;
	ib_stat_welch_log(eb, 15, ea, 15, 0.95, &s);
	NEAR(s.ratio * w.ratio, 1, 1e-9);
	NEAR(s.p, w.p, 1e-12);
	/* one boot: a ratio, but no interval */
	ib_stat_welch_log(ea, 1, eb, 3, 0.95, &w);
	assert_false(w.ok);
	NEAR(log(w.ratio), (a2[0] + a2[1] + a2[2]) / 3 - a1[0], 1e-9);
	assert_true(isnan(w.lo) && isnan(w.p));
}

static void test_bh_textbook(void **state)
{
	/* Benjamini & Hochberg (1995), section 4: 15 p-values, four rejected at 0.05 */
	static const double p[] = { 0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
				    0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000 };
	double q[15], shuffled[16], qs[16];
	int rejected = 0;
	(void)state;
	ib_stat_bh(p, 15, q);
	for (int i = 0; i < 15; i++)
		rejected += q[i] <= 0.05;
	assert_int_equal(rejected, 4);
	NEAR(q[0], 0.0015, 1e-12);
	NEAR(q[1], 0.003, 1e-12);
	NEAR(q[2], 0.0095, 1e-12);
	NEAR(q[3], 0.035625, 1e-12);
	NEAR(q[4], 0.0603, 1e-12);
	NEAR(q[14], 1, 1e-12);
	/* order does not matter, and a NaN is left out of the count */
	for (int i = 0; i < 15; i++)
		shuffled[i] = p[(i * 7) % 15];
	shuffled[15] = NAN;
	ib_stat_bh(shuffled, 16, qs);
	for (int i = 0; i < 15; i++)
		NEAR(qs[i], q[(i * 7) % 15], 1e-12);
	assert_true(isnan(qs[15]));
}

static void test_mann_whitney(void **state)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	const double c[] = { 1, 2, 4 }, d[] = { 3, 5, 6 };
	(void)state;
	NEAR(ib_stat_mann_whitney(a, 3, b, 3), 0.10, 1e-12);   /* 2 / C(6,3) */
	NEAR(ib_stat_mann_whitney(b, 3, a, 3), 0.10, 1e-12);
	NEAR(ib_stat_mann_whitney(a, 4, b, 4), 2.0 / 70, 1e-12);
	NEAR(ib_stat_mann_whitney(a, 5, b, 5), 2.0 / 252, 1e-12);
	NEAR(ib_stat_mann_whitney(c, 3, d, 3), 0.20, 1e-12);   /* U = 1: 2 of 20 each side */
	NEAR(ib_stat_mann_whitney(a, 5, a, 5), 1, 1e-12);      /* ties: normal approximation */
}

static void test_mde(void **state)
{
	(void)state;
	/* docs/methods.md: about 2% at B = 5 when boots spread 1% (t_0.975,8 = 2.306, t_0.8,8 = 0.8889) */
	NEAR(ib_stat_mde(0.01, 5), (2.306004 + 0.888889) * sqrt(2) * 0.01 / sqrt(5), 1e-5);
	assert_true(ib_stat_mde(0.01, 10) < ib_stat_mde(0.01, 5));
	assert_true(isnan(ib_stat_mde(0.01, 1)));
}

/*
 * Paired over blocks, by hand: the blocks' bases spread 4x (1, 2, 4) but each block's new
 * boot is e^0.1, e^0.2, e^0.3 times its base: d = 0.1, 0.2, 0.3, mean 0.2, sd 0.1, se
 * 0.1/sqrt(3), df 2. With 2 df the t distribution has a closed form, F(t) = 1/2 +
 * t / (2 sqrt(t^2 + 2)): t_0.975 = sqrt(2 * 0.95^2 / (1 - 0.95^2)) = 4.302653, t_0.8 =
 * sqrt(2 * 0.6^2 / (1 - 0.6^2)) = 1.060660, and the two-sided p of t = 0.2/se = sqrt(12) is
 * 1 - t / sqrt(t^2 + 2) = 1 - sqrt(12/14) = 0.0741799. The Welch interval over the same
 * boots, unpaired, sees the 4x spread of the bases and cannot exclude 1.
 */
static void test_paired(void **state)
{
	const double a[] = { 1, 2, 4 }, b[] = { exp(0.1), 2 * exp(0.2), 4 * exp(0.3) };
	const double t975 = sqrt(2 * 0.9025 / 0.0975), t8 = sqrt(2 * 0.36 / 0.64), se = 0.1 / sqrt(3);
	struct ib_paired r;
	struct ib_welch w;
	(void)state;
	ib_stat_paired_log(a, b, 3, 0.95, &r);
	assert_true(r.ok);
	assert_int_equal(r.n, 3);
	NEAR(r.ratio, exp(0.2), 1e-12);
	NEAR(r.sd, 0.1, 1e-12);
	NEAR(r.lo, exp(0.2 - t975 * se), 1e-9);
	NEAR(r.hi, exp(0.2 + t975 * se), 1e-9);
	NEAR(r.p, 1 - sqrt(12.0 / 14), 1e-9);
	NEAR(r.mde, (t975 + t8) * se, 1e-9);
	NEAR(ib_stat_mde_paired(0.1, 3), r.mde, 1e-12);
	ib_stat_welch_log(a, 3, b, 3, 0.95, &w);
	assert_true(w.lo < 1 && w.hi > 1);
	/* n < 2: the ratio of the one pair, nothing else */
	ib_stat_paired_log(a, b, 1, 0.95, &r);
	assert_false(r.ok);
	assert_int_equal(r.n, 1);
	NEAR(r.ratio, exp(0.1), 1e-12);
	assert_true(isnan(r.lo) && isnan(r.p) && isnan(r.mde));
	ib_stat_paired_log(a, b, 0, 0.95, &r);
	assert_false(r.ok);
	assert_true(isnan(r.ratio));
	assert_true(isnan(ib_stat_mde_paired(0.1, 1)));
	/* a zero or negative value: no log, nothing computed */
	const double z[] = { 1, 0, 4 }, neg[] = { 1, 2, -4 };
	ib_stat_paired_log(z, b, 3, 0.95, &r);
	assert_false(r.ok);
	assert_true(isnan(r.ratio));
	ib_stat_paired_log(a, neg, 3, 0.95, &r);
	assert_false(r.ok);
	assert_true(isnan(r.ratio));
	/* NaN: a block lacking the metric drops out of the pairs; the rest still pair */
	const double an[] = { 1, NAN, 2, 4 }, bn[] = { exp(0.1), 7, 2 * exp(0.2), 4 * exp(0.3) };
	ib_stat_paired_log(an, bn, 4, 0.95, &r);
	assert_true(r.ok);
	assert_int_equal(r.n, 3);
	NEAR(r.p, 1 - sqrt(12.0 / 14), 1e-9);
	/* no spread in d: the point estimate only */
	const double c[] = { 2, 4, 8 };
	ib_stat_paired_log(a, c, 3, 0.95, &r);
	NEAR(r.ratio, 2, 1e-12);
	NEAR(r.lo, 2, 1e-12);
	NEAR(r.p, 0, 1e-12);
}

static void test_flags(void **state)
{
	double two[40], one[40], rise[11], out[] = { 1, 1.01, 0.99, 1.02, 0.98, 1.0, 5 };
	unsigned char keep[7];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	(void)state;
	gsl_rng_set(r, 7);
	for (int i = 0; i < 40; i++) {
		two[i] = (i % 2 ? 1.0 : 1.2) + gsl_ran_gaussian(r, 0.005);
		one[i] = 1.0 + gsl_ran_gaussian(r, 0.01);
	}
	assert_true(ib_stat_bimodality(two, 40) > IB_BIMODAL_BC);
	assert_true(ib_stat_bimodality(one, 40) < IB_BIMODAL_BC);
	assert_int_equal(ib_stat_outliers(out, 7, keep), 1);
	assert_int_equal(keep[6], 0);
	assert_int_equal(keep[0], 1);
	assert_int_equal(ib_stat_outliers(out, 6, NULL), 0);
	/* scaled MAD 0.014826 around 1.00: 3 MADs is 0.0445 */
	double edge[] = { 1.00, 1.01, 0.99, 1.01, 0.99, 1.00, 1.00, 1.05 };
	assert_int_equal(ib_stat_outliers(edge, 8, NULL), 1);
	edge[7] = 1.04;
	assert_int_equal(ib_stat_outliers(edge, 8, NULL), 0);
	for (int i = 0; i < 11; i++)
		rise[i] = 1 + 0.01 * i + (i == 5 ? 0.001 : 0);
	NEAR(ib_stat_spearman(rise, 11), 1, 1e-12);
	double rho[3] = { 1, 1, 1 }, flat[3] = { 0.1, -0.2, 0.05 };
	size_t n[3] = { 5, 5, 5 };
	assert_true(ib_stat_drift_p(rho, n, 3) < 0.01);
	assert_true(ib_stat_drift_p(flat, n, 3) > 0.5);
	gsl_rng_free(r);
}

/* B boots of a lognormal metric with sd sigma around mu */
static void boots(gsl_rng *r, double mu, double sigma, size_t b, double *x)
{
	for (size_t i = 0; i < b; i++)
		x[i] = mu * exp(gsl_ran_gaussian(r, sigma));
}

static void test_known_effect(void **state)
{
	double a[5], b[5];
	struct ib_welch w;
	int up = 0, down = 0;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	(void)state;
	gsl_rng_set(r, 1);
	for (int t = 0; t < 200; t++) {
		boots(r, 1.0, 0.01, 5, a);
		boots(r, 1.05, 0.01, 5, b);
		ib_stat_welch_log(a, 5, b, 5, 0.95, &w);
		up += w.ok && w.lo > 1 && w.ratio > 1.03 && w.p < 0.05;
		ib_stat_welch_log(b, 5, a, 5, 0.95, &w);
		down += w.ok && w.hi < 1 && w.ratio < 0.97;
	}
	/* 5% is 2.5 times the MDE at B = 5: essentially always found, with its sign */
	assert_true(up >= 196);
	assert_true(down >= 196);
	gsl_rng_free(r);
}

/*
 * A/A: 2000 runs of 10 metrics, both arms from the same noise model (B = 5, 1% boots).
 * Per test, CI excluding 1 must happen at about the 5% level (not never: a p that is always
 * 1 would pass the family check below); per run, any BH rejection at q = 0.05 is a false
 * discovery, and under the global null that rate is at most q.
 */
static void test_aa_false_positives(void **state)
{
	enum { TRIALS = 2000, METRICS = 10, B = 5 };
	double a[B], b[B], p[METRICS], q[METRICS];
	size_t excl = 0, runs_fp = 0;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	(void)state;
	gsl_rng_set(r, 20240501);
	for (int t = 0; t < TRIALS; t++) {
		int any = 0;
		for (int m = 0; m < METRICS; m++) {
			struct ib_welch w;
			boots(r, 1.0 + m, 0.01, B, a);
			boots(r, 1.0 + m, 0.01, B, b);
			ib_stat_welch_log(a, B, b, B, 0.95, &w);
			excl += w.lo > 1 || w.hi < 1;
			p[m] = w.p;
		}
		ib_stat_bh(p, METRICS, q);
		for (int m = 0; m < METRICS; m++)
			any |= q[m] <= 0.05;
		runs_fp += any;
	}
	double per_test = (double)excl / (TRIALS * METRICS), per_run = (double)runs_fp / TRIALS;
	print_message("A/A: CI excludes 1 in %.2f%% of tests, BH discovery in %.2f%% of runs\n",
		      per_test * 100, per_run * 100);
	assert_true(per_test >= 0.04 && per_test <= 0.06);
	assert_true(per_run <= 0.07);
	gsl_rng_free(r);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	char *s = malloc(1 << 20);
	assert_non_null(s);
	*len = fread(s, 1, (1 << 20) - 1, f);
	s[*len] = 0;
	fclose(f);
	return s;
}

/* what ib_cmd_compare prints on stdout for argv, and its exit code */
static char *run_compare(char **argv, int argc, int *rc, size_t *len)
{
	char path[] = "/tmp/ib-compare-out-XXXXXX";
	int fd = mkstemp(path), saved = dup(1);
	assert_true(fd >= 0 && saved >= 0);
	fflush(stdout);
	dup2(fd, 1);
	*rc = ib_cmd_compare(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	close(fd);
	char *out = slurp(path, len);
	unlink(path);
	return out;
}

static void test_golden(void **state)
{
	char json[] = "/tmp/ib-compare-json-XXXXXX";
	int fd = mkstemp(json), rc;
	size_t len, glen;
	(void)state;
	assert_true(fd >= 0);
	close(fd);
	char *argv[] = { "compare", "--results", (char *)data("compare"), "--json", json, "base", "new", NULL };
	char *out = run_compare(argv, 7, &rc, &len);
	/* base/4 is incomplete: left out and listed, the table printed, never called done */
	assert_int_equal(rc, 6);
	char *golden = slurp(data("compare-golden.txt"), &glen);
	if (len != glen || memcmp(out, golden, len)) {
		FILE *g = fopen("/tmp/compare-actual.txt", "w");
		if (g) {
			fwrite(out, 1, len, g);
			fclose(g);
		}
		fail_msg("compare output differs from compare-golden.txt (actual in /tmp/compare-actual.txt)");
	}
	free(out);
	free(golden);

	/* the JSON export says the same */
	json_error_t err;
	json_t *j = json_load_file(json, 0, &err), *row;
	size_t i, seen = 0;
	assert_non_null(j);
	assert_int_equal(json_integer_value(json_object_get(j, "format")), 1);
	assert_string_equal(json_string_value(json_object_get(j, "base")), "base");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "boots"), "base")), 3);
	assert_true(json_number_value(json_object_get(j, "mde_pct")) > 1);
	json_array_foreach(json_object_get(j, "rows"), i, row) {
		const char *m = json_string_value(json_object_get(row, "metric"));
		int sig = json_is_true(json_object_get(row, "significant"));
		double d = json_number_value(json_object_get(row, "delta_pct"));
		char *fl = json_dumps(json_object_get(row, "flags"), 0);
		assert_int_equal(json_array_size(json_object_get(row, "ratio_ci")), 2);
		assert_int_equal(json_integer_value(json_object_get(json_object_get(row, "new"), "n")), 3);
		if (!strcmp(m, "null_call")) {
			assert_true(sig && d > 9.9 && d < 10.1);
			assert_non_null(strstr(fl, "\"drift\""));
			assert_non_null(strstr(fl, "\"incomplete\""));
			seen++;
		} else if (!strcmp(m, "bw_pipe")) {
			assert_true(sig && d > 19.9 && d < 20.1);
			assert_string_equal(json_string_value(json_object_get(row, "section")),
					    "*Local* Communication bandwidths");
			seen++;
		} else if (!strcmp(m, "stat")) {
			assert_true(!sig && json_is_true(json_object_get(row, "within_noise")));
			assert_non_null(strstr(fl, "\"outliers\""));
			seen++;
		} else if (!strcmp(m, "lat_mem")) {
			assert_non_null(strstr(fl, "\"timer-limited\""));
			seen++;
		} else if (!strcmp(m, "ctx_2p_0k")) {
			assert_true(sig);
			seen++;
		}
		free(fl);
	}
	assert_int_equal(seen, 5);
	assert_int_equal(json_array_size(json_object_get(j, "overall")), 1);
	json_decref(j);
	unlink(json);

	/* with the A/A pair, ctx_2p_0k's +3% is inside its +4% noise floor */
	char *aa[] = { "compare", "--results", (char *)data("compare"), "--aa", "base", "base2",
		       "base", "new", NULL };
	out = run_compare(aa, 8, &rc, &len);
	assert_int_equal(rc, 6);   /* base/4 again */
	const char *ctx = strstr(out, "  ctx_2p_0k ");
	assert_non_null(ctx);
	assert_non_null(strstr(out, "  null_call "));
	char line[400];
	snprintf(line, sizeof(line), "%.*s", (int)(strchr(ctx, '\n') - ctx), ctx);
	assert_null(strstr(line, " * "));
	assert_non_null(strstr(line, " ~ "));
	/* the incomplete boot is named once */
	const char *ex = strstr(out, "excluded: base/4: incomplete");
	assert_non_null(ex);
	assert_null(strstr(ex + 1, "excluded: base/4"));
	free(out);

	/* usage errors */
	char *bad[] = { "compare", "base", NULL };
	out = run_compare(bad, 2, &rc, &len);
	assert_int_equal(rc, 2);
	free(out);
	char *nope[] = { "compare", "--results", (char *)data("compare"), "base", "nope", NULL };
	out = run_compare(nope, 5, &rc, &len);
	assert_int_equal(rc, 2);   /* usage: a label that is not stored */
	free(out);
	/* a label never starts with '-'; every command takes -- before its labels */
	char *dash[] = { "compare", "--results", (char *)data("compare"), "--", "base", "-x", NULL };
	out = run_compare(dash, 6, &rc, &len);
	assert_int_equal(rc, 2);
	free(out);
	char *dd[] = { "compare", "--results", (char *)data("compare"), "--", "base", "base2", NULL };
	out = run_compare(dd, 6, &rc, &len);
	assert_int_equal(rc, 6);   /* base/4 is incomplete */
	assert_non_null(strstr(out, "base2 vs base"));
	free(out);
}

/*
 * The fixture's complete boots as one campaign: boot k of base and of new in block k (new's
 * 3rd in campaign `c3`, block 3, when split). Every row then pairs all 3 blocks and, with
 * equal arms, exp(mean d) equals the ratio of the gmeans exactly; split, only 2 pairs are
 * left and Welch decides.
 */
static void campaign_store(char *dir, int split)
{
	char path[512];
	const char *label[] = { "base", "new" };
	assert_non_null(mkdtemp(dir));
	for (int l = 0; l < 2; l++) {
		snprintf(path, sizeof(path), "%s/%s", dir, label[l]);
		assert_int_equal(mkdir(path, 0755), 0);
		for (int k = 1; k <= 3; k++) {
			char src[64];
			json_error_t err;
			snprintf(src, sizeof(src), "compare/%s/%d/results.json", label[l], k);
			json_t *j = json_load_file(data(src), 0, &err);
			assert_non_null(j);
			json_t *launch = json_object_get(j, "launch");
			json_object_set_new(launch, "campaign",
					    json_string(split && l && k == 3 ? "c3" : "c1"));
			json_object_set_new(launch, "block", json_integer(k));
			snprintf(path, sizeof(path), "%s/%s/%d", dir, label[l], k);
			assert_int_equal(mkdir(path, 0755), 0);
			snprintf(path, sizeof(path), "%s/%s/%d/results.json", dir, label[l], k);
			assert_int_equal(json_dump_file(j, path, 0), 0);
			json_decref(j);
		}
	}
}

static void rm_store(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_paired_store(void **state)
{
	char dir[] = "/tmp/ib-compare-paired-XXXXXX", json[] = "/tmp/ib-compare-pjson-XXXXXX";
	int fd = mkstemp(json), rc;
	size_t len, i, rows = 0;
	json_error_t err;
	json_t *j, *row;
	(void)state;
	assert_true(fd >= 0);
	close(fd);
	campaign_store(dir, 0);
	char *argv[] = { "compare", "--results", dir, "--json", json, "base", "new", NULL };
	char *out = run_compare(argv, 7, &rc, &len);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "paired by block: new/base over the 3 blocks holding both"));
	assert_non_null(strstr(out, "paired minimum detectable effect: "));
	free(out);
	j = json_load_file(json, 0, &err);
	assert_non_null(j);
	assert_true(json_is_number(json_object_get(j, "paired_mde_pct")));
	json_array_foreach(json_object_get(j, "rows"), i, row) {
		assert_string_equal(json_string_value(json_object_get(row, "by")), "paired");
		assert_int_equal(json_integer_value(json_object_get(row, "paired_n")), 3);
		NEAR(json_number_value(json_object_get(row, "paired_ratio")),
		     json_number_value(json_object_get(row, "ratio")), 1e-9);
		rows++;
	}
	assert_true(rows > 0);
	json_decref(j);
	rm_store(dir);

	char dir2[] = "/tmp/ib-compare-paired-XXXXXX";
	campaign_store(dir2, 1);
	argv[2] = dir2;
	out = run_compare(argv, 7, &rc, &len);
	assert_int_equal(rc, 0);
	assert_null(strstr(out, "paired minimum detectable effect"));
	free(out);
	j = json_load_file(json, 0, &err);
	assert_non_null(j);
	json_array_foreach(json_object_get(j, "rows"), i, row) {
		assert_string_equal(json_string_value(json_object_get(row, "by")), "welch");
		assert_int_equal(json_integer_value(json_object_get(row, "paired_n")), 2);
	}
	json_decref(j);
	rm_store(dir2);
	unlink(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_descriptive),
		cmocka_unit_test(test_median_one_policy),
		cmocka_unit_test(test_welch_known),
		cmocka_unit_test(test_bh_textbook),
		cmocka_unit_test(test_mann_whitney),
		cmocka_unit_test(test_mde),
		cmocka_unit_test(test_paired),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_known_effect),
		cmocka_unit_test(test_aa_false_positives),
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_paired_store),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
