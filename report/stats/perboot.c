/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perboot.c - candidate per-boot statistics (report/stats/perboot.h). GSL computes them on a
 * sorted copy from which the NaNs are left out (a sample that failed is no sample).
 */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "host/lib/hostutil.h"
#include "report/stats/perboot.h"

const char *const ib_perboot_name[IB_PB_N] = {
	[IB_PB_MEDIAN] = "median", [IB_PB_BEST] = "best", [IB_PB_BEST10] = "best10",
	[IB_PB_BEST25] = "best25", [IB_PB_TRIM20] = "trim20", [IB_PB_MEAN] = "mean",
};

double ib_perboot_stat(const double *x, size_t n, enum ib_perboot k, int bigger_better)
{
	double *s = n ? ib_xmalloc(n * sizeof(*s)) : NULL, v = NAN;
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			s[m++] = x[i];
	if (!m) {
		free(s);
		return NAN;
	}
	gsl_sort(s, 1, m);
	switch (k) {
	case IB_PB_MEDIAN: v = gsl_stats_median_from_sorted_data(s, 1, m); break;
	case IB_PB_BEST: v = bigger_better ? s[m - 1] : s[0]; break;
	case IB_PB_BEST10:
		v = gsl_stats_quantile_from_sorted_data(s, 1, m, bigger_better ? 0.90 : 0.10);
		break;
	case IB_PB_BEST25:
		v = gsl_stats_quantile_from_sorted_data(s, 1, m, bigger_better ? 0.75 : 0.25);
		break;
	case IB_PB_TRIM20: v = gsl_stats_trmean_from_sorted_data(0.2, s, 1, m); break;
	case IB_PB_MEAN: v = gsl_stats_mean(s, 1, m); break;
	case IB_PB_N: break;
	}
	free(s);
	return v;
}
