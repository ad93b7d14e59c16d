/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-rounds.c - drift within a boot from its rounds (contract in compare-int.h,
 * ib_cmp_round_drift(); docs/compare.md, "Drift across rounds").
 *
 * The suite runs its plan round-major (knob rounds): every benchmark once, then every one
 * again, so a metric's rounds are spread over the boot and what changes between them is the
 * boot changing (caches and allocators warming, the host's speed, a leak), not the order of
 * its samples. Per boot, the slope of ln(figure of round r) on r by least squares, each
 * round's figure the variant's per-boot statistic of that round's samples; over the arm's
 * boots, the mean slope with a t-interval on n - 1 df, as a percentage change per round.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <jansson.h>

#include "host/lib/hostutil.h"
#include "report/compare/compare-int.h"
#include "report/store/bootdata.h"

#define MAX_ROUNDS 32

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));

	return v ? v : "";
}

/* the slope of ln(figure) per round over this boot's good rounds; NaN below 2 rounds */
static double boot_slope(const json_t *res, const char *metric, enum ib_perboot stat)
{
	double *s[MAX_ROUNDS + 1] = { NULL }, x[MAX_ROUNDS + 1], y[MAX_ROUNDS + 1], slope = NAN;
	size_t ns[MAX_ROUNDS + 1] = { 0 }, cap[MAX_ROUNDS + 1] = { 0 }, k = 0, i;
	const json_t *first = NULL, *m;
	int rate = 0;

	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		long r = ib_round_of(json_object_get(m, "params"));
		const json_t *v;
		size_t j;

		if (strcmp(str(m, "metric"), metric) || r < 0 || r > MAX_ROUNDS ||
		    !ib_measurement_counts(res, m))
			continue;
		if (!first) {
			first = m;
			rate = ib_cmp_bigger_better(str(m, "unit"));
		} else if (!ib_same_params(first, m)) {
			continue;
		}
		json_array_foreach(json_object_get(m, "samples"), j, v) {
			if (!json_is_number(v))
				continue;
			if (ns[r] == cap[r]) {
				cap[r] = cap[r] ? 2 * cap[r] : 16;
				s[r] = ib_xrealloc(s[r], cap[r] * sizeof(double));
			}
			s[r][ns[r]++] = json_number_value(v);
		}
	}
	for (long r = 0; r <= MAX_ROUNDS; r++) {
		double f = ns[r] ? ib_perboot_stat(s[r], ns[r], stat, rate) : NAN;

		if (f > 0) {
			x[k] = (double)r;
			y[k++] = log(f);
		}
		free(s[r]);
	}
	if (k >= 2) {
		double mx = 0, my = 0, sxx = 0, sxy = 0;

		for (i = 0; i < k; i++)
			mx += x[i] / (double)k, my += y[i] / (double)k;
		for (i = 0; i < k; i++) {
			sxx += (x[i] - mx) * (x[i] - mx);
			sxy += (x[i] - mx) * (y[i] - my);
		}
		slope = sxx > 0 ? sxy / sxx : NAN;
	}
	return slope;
}

void ib_cmp_round_drift(struct cell *c, const struct variant *v, const char *metric)
{
	double *sl = ib_xmalloc((v->n + 1) * sizeof(*sl)), mean = 0, ss = 0;
	size_t n = 0;

	c->rdrift = c->rdrift_lo = c->rdrift_hi = NAN;
	for (size_t b = 0; b < v->n; b++) {
		double d = boot_slope(v->boot[b]->res, metric, v->per_boot);

		if (!isnan(d))
			sl[n++] = d;
	}
	c->rdrift_n = n;
	if (n) {
		for (size_t i = 0; i < n; i++)
			mean += sl[i] / (double)n;
		c->rdrift = 100 * (exp(mean) - 1);
	}
	if (n >= 2) {
		for (size_t i = 0; i < n; i++)
			ss += (sl[i] - mean) * (sl[i] - mean);
		double h = gsl_cdf_tdist_Pinv(0.975, (double)(n - 1)) * sqrt(ss / (double)(n - 1) / (double)n);
		c->rdrift_lo = 100 * (exp(mean - h) - 1);
		c->rdrift_hi = 100 * (exp(mean + h) - 1);
	}
	free(sl);
}

int ib_cmp_round_drifts(const struct cell *c)
{
	return c->rdrift_n >= 2 && !isnan(c->rdrift_lo) && (c->rdrift_lo > 0 || c->rdrift_hi < 0) &&
	       fabs(c->rdrift) >= IB_ROUND_DRIFT_MIN_PCT;
}
