/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.c - median, minimum, sort (contract in stats.h).
 *
 * Insertion sort: n is at most a hundred or so, and it is obviously correct and stable.
 */
#include <math.h>
#include <string.h>

#include "bench/base/stats.h"

/* a strictly before b, with NaN after every number */
static int before(double a, double b)
{
	if (isnan(a))
		return 0;
	if (isnan(b))
		return 1;
	return a < b;
}

void ib_sort_dbl(double *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double x = v[i];
		size_t j = i;
		while (j > 0 && before(x, v[j - 1])) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

double ib_median(const double *v, size_t n)
{
	double tmp[IB_STATS_MAX];

	if (n == 0 || n > IB_STATS_MAX)
		return NAN;
	memcpy(tmp, v, n * sizeof(*v));
	ib_sort_dbl(tmp, n);
	if (n % 2)
		return tmp[n / 2];
	return (tmp[n / 2 - 1] + tmp[n / 2]) / 2.0;
}

double ib_min(const double *v, size_t n)
{
	double m = NAN;

	for (size_t i = 0; i < n; i++)
		if (isnan(m) || before(v[i], m))
			m = v[i];
	return m;
}
