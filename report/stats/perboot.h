/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perboot.h - the statistics that can turn one boot's samples of a metric into the boot's
 * figure, for judging which gives the steadiest figure across boots of one kernel
 * (tests/tools/stat-eval, docs/compare.md "The per-boot statistic").
 *
 *  - ib_perboot_stat(x, n, k, bigger_better): statistic k of the n samples, NaNs left out;
 *    NaN when no sample is a number. IB_PB_MEDIAN is ib_stat_median's; IB_PB_BEST the best
 *    sample (lmbench's choice: the smallest time, or the largest rate when bigger_better);
 *    IB_PB_BEST10 and IB_PB_BEST25 the quantile 10 % and 25 % in from the best end (linear
 *    interpolation between order statistics, as GSL's quantile); IB_PB_TRIM20 the mean of
 *    what is left after floor(0.2 n) samples are cut from each end; IB_PB_MEAN the mean.
 *  - ib_perboot_name[k]: its short name as printed ("median", "best", "best10", "best25",
 *    "trim20", "mean").
 */
#ifndef IB_REPORT_PERBOOT_H
#define IB_REPORT_PERBOOT_H

#include <stddef.h>

enum ib_perboot {
	IB_PB_MEDIAN,
	IB_PB_BEST,
	IB_PB_BEST10,
	IB_PB_BEST25,
	IB_PB_TRIM20,
	IB_PB_MEAN,
	IB_PB_N
};

extern const char *const ib_perboot_name[IB_PB_N];

double ib_perboot_stat(const double *x, size_t n, enum ib_perboot k, int bigger_better);

#endif
