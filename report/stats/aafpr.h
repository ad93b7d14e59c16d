/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aafpr.h - the false-positive rate of compare's Welch decision, measured on stored boots
 * of one kernel by resampling (issue 18 item 5; docs/compare.md, "Injected changes").
 *
 * ib_aa_resample(x, m, n, b, resamples, seed, alpha, out): x[i * n + k] is metric i's
 * figure in boot k (NaN where the boot lacks it). Each resample shuffles the boots (a GSL
 * mt19937 seeded with seed, so a run repeats) and, for every row alike, calls the first b
 * boots that have the row "base" and the next b "new" (compare's arms are whole boots, so
 * the rows of one resample share its split), and takes Welch's two-sided p on the logs
 * (ib_stat_welch_log); a row with fewer than 2b figures is not judged (its rate NaN). Over
 * the resamples: out->row_fpr[i] the share of resamples with p < alpha for row i (before
 * any correction); out->any_raw the share in which at least one row had p < alpha;
 * out->any_bh the share in which at least one row had a Benjamini-Hochberg q <= alpha
 * over the judged rows (what compare marks, less its noise floor); out->mean_fpr the
 * mean of the judged rows' rates. Every boot is one kernel, so every flag is false.
 * 0, or -1 when 2b > n, b < 2 or no row can be judged. ib_aafpr_free() frees row_fpr.
 */
#ifndef IB_REPORT_AAFPR_H
#define IB_REPORT_AAFPR_H

#include <stddef.h>

struct ib_aafpr {
	double *row_fpr;        /* m rates, NaN for a row not judged */
	size_t rows_judged;
	double mean_fpr, any_raw, any_bh;
	size_t resamples;
};

int ib_aa_resample(const double *x, size_t m, size_t n, size_t b, size_t resamples,
		   unsigned long seed, double alpha, struct ib_aafpr *out);
void ib_aafpr_free(struct ib_aafpr *r);

#endif
