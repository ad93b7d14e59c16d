/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report/stats/stats.h - the statistics behind `initbench compare` (docs/compare.md). Pure
 * functions: no I/O, no global state; inputs are never changed. Distributions come from
 * GSL (gsl_cdf_*), never from hand-written quantiles.
 *
 * Descriptive (NaN for n == 0, or when the value is undefined for n):
 *  - ib_stat_median(): the middle value, mean of the two middle ones for even n. Every
 *    median and quantile on the host comes from here (GSL's, on a sorted copy).
 *  - ib_stat_quantile(): the f quantile (0 <= f <= 1), linear interpolation between order
 *    statistics (R type 7), as ib_stat_iqr() uses.
 *  - NaN policy of both, and of ib_stat_iqr(), the same as the guest's ib_median(): a NaN
 *    sorts after every number and still counts, so it becomes the result only when the
 *    order statistics it needs reach it (a median is NaN when at least half are NaN). Equal data give
 *    bit-identical results on both sides.
 *  - ib_stat_gmean(): exp(mean(ln x)); NaN when any x <= 0.
 *  - ib_stat_iqr(): Q3 - Q1 with linear interpolation between order statistics (R type 7).
 *  - ib_stat_cv(): sample sd (n - 1) / mean; NaN for n < 2.
 *
 * Comparison of two arms, each given as per-boot values (medians), on the log scale:
 *  ib_stat_welch_log() fills a `struct ib_welch`: the ratio exp(mean ln b - mean ln a), its
 *  95% (or `level`) confidence interval from a Welch t-interval with Welch-Satterthwaite
 *  degrees of freedom, and the two-sided p of H0: ratio == 1. Needs na, nb >= 2 and every
 *  value > 0, else ok = 0 and ci/p/df are NaN (ratio is still set when both arms have a
 *  value). Both arms without spread: ci = [ratio, ratio], p = 1 if the ratio is 1, else 0.
 *
 *  ib_stat_paired_log() fills a `struct ib_paired` from n pairs (a[i], b[i]), one per block
 *  of a campaign (both arms booted back to back): d_i = ln b[i] - ln a[i]; the ratio
 *  exp(mean d), its `level` t-interval with n - 1 degrees of freedom, the two-sided p of
 *  H0: ratio == 1, and its own MDE as a fraction, (t_0.975 + t_0.8) * sd(d) / sqrt(n), df
 *  n - 1 (ib_stat_mde_paired()). A pair with a NaN on either side is a block that lacks the
 *  metric and is skipped (n counts the rest); any value <= 0 (or inf) leaves everything NaN,
 *  ok = 0, as the Welch one does. Needs n >= 2 pairs for ci/p/mde (ratio is set from one).
 *  No spread in d: ci = [ratio, ratio], p = 1 if the ratio is 1, else 0, mde 0.
 *
 *  ib_stat_bh() writes Benjamini-Hochberg adjusted p-values (q-values): a test is
 *  significant at FDR q when its adjusted value is <= q. NaN p-values are left out of the
 *  count and get NaN.
 *
 *  ib_stat_mann_whitney() returns the two-sided p of the Mann-Whitney U test: exact
 *  (enumerated distribution of U) when there are no ties and na, nb <= IB_MW_EXACT_MAX,
 *  else the normal approximation with tie and continuity corrections. NaN if an arm is
 *  empty. At 3 vs 3 the smallest p it can give is 0.10.
 *
 *  ib_stat_mde() is the minimum detectable effect, as a fraction (0.02 = 2%), of a two-arm
 *  comparison with b boots per arm whose log values spread sigma (sd) between boots, at
 *  two-sided alpha 0.05 and power 0.8: (t_0.975 + t_0.8) * sqrt(2) * sigma / sqrt(b), t with
 *  2(b - 1) degrees of freedom; NaN for b < 2.
 *
 *  The blinded MDEs are what a campaign may stop on (`initbench run --until-mde`): each is
 *  the MDE above with a spread that holds the difference between the arms only squared,
 *  added to the spread, so a campaign that stops when it is small never stops for having
 *  drawn a small spread beside a difference (Kieser and Friede's blinded sample size
 *  review). ib_stat_mde_blinded(): ib_stat_mde() of the sd of the log values of both arms
 *  lumped, labels ignored, at the smaller arm's n. ib_stat_mde_blinded_paired():
 *  ib_stat_mde_paired() of sqrt(((n - 1) sd^2 + n m^2) / n), the root mean square of the
 *  per-block log ratios (m their mean, log(r->ratio)). NaN where the others are.
 *
 * Flags (docs/compare.md says why these rules):
 *  - ib_stat_bimodality(): Sarle's bimodality coefficient (G1^2 + 1) / (G2 + 3(n-1)^2 /
 *    ((n-2)(n-3))) with the sample-size-corrected skewness G1 and excess kurtosis G2; > 5/9
 *    (IB_BIMODAL_BC) suggests two modes. NaN for n < 4 or no spread.
 *  - ib_stat_outliers(): how many values lie more than 3 scaled MADs (1.4826 * MAD) from
 *    the median; 0 when the MAD is 0. If keep is not NULL, keep[i] = 1 for the others.
 *  - ib_stat_spearman(): Spearman's rank correlation of x with its order 0..n-1 (ties get
 *    mid-ranks); NaN for n < 3 or no spread.
 *  - ib_stat_drift_p(): the two-sided p that k series (boots) with rank correlations rho[i]
 *    over n[i] samples share no trend with sample order: Stouffer's z = sum(rho_i *
 *    sqrt(n_i - 1)) / sqrt(k), each term ~N(0,1) under H0; series with NaN rho are left out;
 *    NaN when none is left.
 */
#ifndef IB_REPORT_STATS_H
#define IB_REPORT_STATS_H

#include <stddef.h>

#define IB_MW_EXACT_MAX 20
#define IB_BIMODAL_BC (5.0 / 9.0)
#define IB_OUTLIER_MADS 3.0

double ib_stat_median(const double *x, size_t n);
double ib_stat_quantile(const double *x, size_t n, double f);
double ib_stat_gmean(const double *x, size_t n);
double ib_stat_min(const double *x, size_t n);
double ib_stat_iqr(const double *x, size_t n);
double ib_stat_cv(const double *x, size_t n);
/* sd of ln x (n - 1); NaN for n < 2 or any x <= 0 */
double ib_stat_logsd(const double *x, size_t n);

struct ib_welch {
	int ok;             /* ci, p and df are set */
	double ratio;       /* exp(mean ln b - mean ln a) */
	double lo, hi;      /* confidence interval of the ratio */
	double p;           /* two-sided */
	double df;          /* Welch-Satterthwaite */
	double se;          /* standard error of the log ratio */
};

void ib_stat_welch_log(const double *a, size_t na, const double *b, size_t nb, double level,
		       struct ib_welch *w);
struct ib_paired {
	int ok;             /* ci, p and mde are set */
	size_t n;           /* pairs used */
	double ratio;       /* exp(mean d) */
	double lo, hi;      /* confidence interval of the ratio */
	double p;           /* two-sided, df n - 1 */
	double sd;          /* sd of d (n - 1) */
	double mde;         /* fraction, at this n */
};

void ib_stat_paired_log(const double *a, const double *b, size_t n, double level,
			struct ib_paired *r);
double ib_stat_mde_paired(double sd, size_t n);
void ib_stat_bh(const double *p, size_t n, double *q);
double ib_stat_mann_whitney(const double *a, size_t na, const double *b, size_t nb);
double ib_stat_mde(double sigma, size_t b);
double ib_stat_mde_blinded(const double *a, size_t na, const double *b, size_t nb);
double ib_stat_mde_blinded_paired(const struct ib_paired *r);

double ib_stat_bimodality(const double *x, size_t n);
size_t ib_stat_outliers(const double *x, size_t n, unsigned char *keep);
double ib_stat_spearman(const double *x, size_t n);
double ib_stat_drift_p(const double *rho, const size_t *n, size_t k);

#endif
