/* SPDX-License-Identifier: GPL-2.0-or-later */
/* aafpr.c - resampled A/A false-positive rates (report/stats/aafpr.h) */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "host/lib/hostutil.h"
#include "report/stats/aafpr.h"
#include "report/stats/stats.h"

void ib_aafpr_free(struct ib_aafpr *r)
{
	free(r->row_fpr);
	r->row_fpr = NULL;
}

int ib_aa_resample(const double *x, size_t m, size_t n, size_t b, size_t resamples,
		   unsigned long seed, double alpha, struct ib_aafpr *out)
{
	gsl_rng *rng;
	size_t *have = ib_xmalloc((m + 1) * sizeof(*have)), *hits = ib_xmalloc((m + 1) * sizeof(*hits));
	size_t *order = ib_xmalloc((n + 1) * sizeof(*order));
	double *draw = ib_xmalloc((2 * b + 1) * sizeof(*draw));
	double *p = ib_xmalloc((m + 1) * sizeof(*p)), *q = ib_xmalloc((m + 1) * sizeof(*q));
	size_t any_raw = 0, any_bh = 0;

	*out = (struct ib_aafpr){ ib_xmalloc((m + 1) * sizeof(double)), 0, NAN, NAN, NAN, resamples };
	for (size_t i = 0; i < m; i++) {
		have[i] = hits[i] = 0;
		for (size_t k = 0; k < n; k++)
			have[i] += !isnan(x[i * n + k]) && x[i * n + k] > 0;
		out->rows_judged += have[i] >= 2 * b;
	}
	if (b < 2 || 2 * b > n || !out->rows_judged || !resamples ||
	    !(rng = gsl_rng_alloc(gsl_rng_mt19937))) {
		free(have), free(hits), free(order), free(draw), free(p), free(q);
		for (size_t i = 0; i < m; i++)
			out->row_fpr[i] = NAN;
		return -1;
	}
	gsl_rng_set(rng, seed);
	for (size_t k = 0; k < n; k++)
		order[k] = k;
	for (size_t r = 0; r < resamples; r++) {
		size_t np = 0, raw = 0;

		/* one split of the boots for every row, as compare's arms are whole boots */
		gsl_ran_shuffle(rng, order, n, sizeof(*order));
		for (size_t i = 0; i < m; i++) {
			struct ib_welch w;
			size_t c = 0;

			if (have[i] < 2 * b)
				continue;
			for (size_t k = 0; k < n && c < 2 * b; k++) {
				double v = x[i * n + order[k]];

				if (!isnan(v) && v > 0)
					draw[c++] = v;
			}
			ib_stat_welch_log(draw, b, draw + b, b, 0.95, &w);
			p[np] = w.ok ? w.p : 1;
			if (p[np] < alpha) {
				hits[i]++;
				raw = 1;
			}
			np++;
		}
		ib_stat_bh(p, np, q);
		any_raw += raw;
		for (size_t j = 0; j < np; j++)
			if (q[j] <= alpha) {
				any_bh++;
				break;
			}
	}
	double sum = 0;
	for (size_t i = 0; i < m; i++) {
		out->row_fpr[i] = have[i] >= 2 * b ? (double)hits[i] / (double)resamples : NAN;
		if (have[i] >= 2 * b)
			sum += out->row_fpr[i];
	}
	out->mean_fpr = sum / (double)out->rows_judged;
	out->any_raw = (double)any_raw / (double)resamples;
	out->any_bh = (double)any_bh / (double)resamples;
	gsl_rng_free(rng);
	free(have), free(hits), free(order), free(draw), free(p), free(q);
	return 0;
}
