/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * expect-compare - assert what `initbench compare --json` concluded about one row.
 *
 * Usage: expect-compare COMPARE.JSON VARIANT METRIC higher|lower|same|above|below|up|down
 *        expect-compare COMPARE.JSON VARIANT METRIC within PCT
 *   higher: the row is significant and new/base > 1 with the whole CI above 1 (the CI
 *           that decided: paired_ci when the row's "by" is "paired", else ratio_ci);
 *   lower:  significant, whole CI below 1;
 *   same:   not significant;
 *   above, below: new/base > 1 (< 1) and the Mann-Whitney p (p_mw) at most 0.1: at 3 boots
 *           against 3 (where 0.1 is its smallest value) every boot of one arm beyond every
 *           boot of the other. The direction when boots spread too much for the t-interval
 *           (a shared, loaded host) but not so much that the arms overlap;
 *   up, down: new/base > 1 (< 1), the geometric means' ratio alone: the direction where
 *           one disturbed boot may overlap the other arm;
 *   within PCT: new/base between 1/(1 + PCT/100) and 1 + PCT/100, significant or not: a
 *           change too small to matter beside one that moved other rows many times over
 *           (pti=on leaves the vDSO clock read alone while a system call costs 15x).
 *   covers RATIO LEVEL: the deciding interval at confidence LEVEL (%) holds RATIO. It is
 *           rebuilt from the JSON: paired, sd/sqrt(n) = ln(hi/lo) / 2 / t(0.975, n-1) of
 *           paired_ci over paired_n; Welch, each arm's se from its gmean interval the same
 *           way (n-1 df), se^2 their sum, Welch-Satterthwaite df; then ln(ratio) +- t(LEVEL)
 *           se. Several interval checks in one test each fail 5 % of the time at 95 %; at
 *           99.9 % five of them fail together 0.5 % of the time.
 * Exit 0 when it holds, 1 (one line saying what was found) when not, 2 on bad input.
 */
#include <gsl/gsl_cdf.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* an arm's or the pairs' se of the mean log from its 95 % t-interval over n values */
static double se_of(json_t *ci, double n)
{
	double lo = json_number_value(json_array_get(ci, 0)), hi = json_number_value(json_array_get(ci, 1));

	if (!json_is_array(ci) || !(n >= 2) || !(lo > 0) || !(hi >= lo))
		return NAN;
	return log(hi / lo) / 2 / gsl_cdf_tdist_Pinv(0.975, n - 1);
}

/* the deciding interval of row at level (0..1) into lo, hi; -1 when the JSON lacks a part */
static int interval_at(json_t *row, double level, double *lo, double *hi)
{
	const char *by = json_string_value(json_object_get(row, "by"));
	double se, df, r, q = 1 - (1 - level) / 2;

	if (by && !strcmp(by, "paired")) {
		double n = (double)json_integer_value(json_object_get(row, "paired_n"));

		se = se_of(json_object_get(row, "paired_ci"), n);
		df = n - 1;
		r = json_number_value(json_object_get(row, "paired_ratio"));
	} else {
		json_t *a = json_object_get(row, "base"), *b = json_object_get(row, "new");
		double na = (double)json_integer_value(json_object_get(a, "n"));
		double nb = (double)json_integer_value(json_object_get(b, "n"));
		double sa = se_of(json_object_get(a, "ci"), na), sb = se_of(json_object_get(b, "ci"), nb);

		se = sqrt(sa * sa + sb * sb);
		df = pow(se, 4) / (pow(sa, 4) / (na - 1) + pow(sb, 4) / (nb - 1));
		r = json_number_value(json_object_get(row, "ratio"));
	}
	if (isnan(se) || !(df > 0) || !(r > 0))
		return -1;
	*lo = r * exp(-gsl_cdf_tdist_Pinv(q, df) * se);
	*hi = r * exp(gsl_cdf_tdist_Pinv(q, df) * se);
	return 0;
}

int main(int argc, char **argv)
{
	json_error_t err;
	json_t *root, *row;
	size_t i;

	double within = 0, cover = NAN, level = NAN;
	char *end = NULL, *end2 = NULL;

	if (argc == 7 && !strcmp(argv[4], "covers")) {
		cover = strtod(argv[5], &end);
		level = strtod(argv[6], &end2) / 100;
		if (*end || *end2 || !(cover > 0) || !(level > 0 && level < 1)) {
			fprintf(stderr, "expect-compare: covers RATIO LEVEL: a ratio > 0, a level in %%\n");
			return 2;
		}
		argc = 5;   /* checked below as a mode of its own */
	}
	if (argc == 6 && !strcmp(argv[4], "within"))
		within = strtod(argv[5], &end);
	if ((argc == 6 && (!end || *end || !(within > 0))) ||
	    (argc != 5 && argc != 6) ||
	    (argc == 5 && strcmp(argv[4], "higher") && strcmp(argv[4], "lower") && strcmp(argv[4], "same") &&
	     strcmp(argv[4], "above") && strcmp(argv[4], "below") && strcmp(argv[4], "up") &&
	     strcmp(argv[4], "down") && strcmp(argv[4], "covers"))) {
		fprintf(stderr, "usage: expect-compare COMPARE.JSON VARIANT METRIC "
			"higher|lower|same|above|below|up|down | within PCT | covers RATIO LEVEL\n");
		return 2;
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "expect-compare: %s: %s\n", argv[1], err.text);
		return 2;
	}
	json_array_foreach(json_object_get(root, "rows"), i, row) {
		const char *v = json_string_value(json_object_get(row, "variant"));
		const char *m = json_string_value(json_object_get(row, "metric"));
		json_t *ci = json_object_get(row, "ratio_ci");
		double ratio = json_number_value(json_object_get(row, "ratio"));
		double lo = json_number_value(json_array_get(ci, 0)), hi = json_number_value(json_array_get(ci, 1));
		int sig = json_is_true(json_object_get(row, "significant")), ok;
		const char *by = json_string_value(json_object_get(row, "by"));
		json_t *dci = by && !strcmp(by, "paired") ? json_object_get(row, "paired_ci") : ci;
		double dlo = json_number_value(json_array_get(dci, 0)), dhi = json_number_value(json_array_get(dci, 1));

		if (!v || !m || strcmp(v, argv[2]) || strcmp(m, argv[3]))
			continue;
		double p_mw = json_number_value(json_object_get(row, "p_mw"));

		if (!isnan(cover)) {
			double clo, chi, c95lo, c95hi;

			ok = !interval_at(row, level, &clo, &chi) && clo <= cover && cover <= chi;
			/* the rebuilt 95 % interval must be compare's own */
			if (!interval_at(row, 0.95, &c95lo, &c95hi) &&
			    (fabs(c95lo / dlo - 1) > 1e-6 || fabs(c95hi / dhi - 1) > 1e-6)) {
				printf("expect-compare: %s %s: the rebuilt 95%% interval [%.6g, %.6g] is not "
				       "compare's [%.6g, %.6g]\n", v, m, c95lo, c95hi, dlo, dhi);
				ok = 0;
			}
			printf("expect-compare: %s %s: ratio %.4g, %g%% interval [%.4g, %.4g] (by %s); "
			       "covers %.4g: %s\n", v, m, by && !strcmp(by, "paired") ?
			       json_number_value(json_object_get(row, "paired_ratio")) : ratio,
			       level * 100, clo, chi, by ? by : "?", cover, ok ? "ok" : "FAILED");
			json_decref(root);
			return ok ? 0 : 1;
		}
		if (within > 0)
			ok = ratio > 0 && ratio <= 1 + within / 100 && ratio >= 1 / (1 + within / 100);
		else if (!strcmp(argv[4], "same"))
			ok = !sig;
		else if (!strcmp(argv[4], "up") || !strcmp(argv[4], "down"))
			ok = argv[4][0] == 'u' ? ratio > 1 : ratio < 1;
		else if (!strcmp(argv[4], "above") || !strcmp(argv[4], "below"))
			ok = (argv[4][0] == 'a' ? ratio > 1 : ratio < 1) &&
			     json_is_number(json_object_get(row, "p_mw")) && p_mw <= 0.1 + 1e-9;
		else if (!strcmp(argv[4], "higher"))
			ok = sig && json_is_array(dci) && dlo > 1 && ratio > 1;
		else
			ok = sig && json_is_array(dci) && dhi < 1 && ratio < 1;
		printf("expect-compare: %s %s: ratio %.4g [%.4g, %.4g], %s, p_mw %.3g; expected %s: %s\n",
		       v, m, ratio, lo, hi, sig ? "significant" : "not significant", p_mw, argv[4],
		       ok ? "ok" : "FAILED");
		if (within > 0)
			printf("expect-compare: (within %g%%)\n", within);
		json_decref(root);
		return ok ? 0 : 1;
	}
	printf("expect-compare: no row for variant %s metric %s\n", argv[2], argv[3]);
	json_decref(root);
	return 1;
}
