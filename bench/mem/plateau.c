/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plateau.c - plateaus of a latency curve (contract in plateau.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench/mem/plateau.h"
#include "bench/base/stats.h"

struct run {
	unsigned first, last;
};

static double median3(double a, double b, double c)
{
	const double v[3] = { a, b, c };

	return ib_median(v, 3);
}

_Static_assert(IB_PLATEAU_MAX_PTS <= IB_STATS_MAX, "ib_median() must take a whole curve");

/* median of v[first..last]; valid() holds a curve to IB_PLATEAU_MAX_PTS points */
static double median_range(const double *v, unsigned first, unsigned last)
{
	return ib_median(v + first, last - first + 1);
}

static int valid(const double *size, const double *lat, unsigned n)
{
	if (n > IB_PLATEAU_MAX_PTS || (n && (!size || !lat)))
		return 0;
	for (unsigned i = 0; i < n; i++) {
		if (!isfinite(lat[i]) || lat[i] <= 0 || !isfinite(size[i]))
			return 0;
		if (i && size[i] <= size[i - 1])
			return 0;
	}
	return 1;
}

/* greedy runs over the smoothed log latencies s; returns how many */
static unsigned find_runs(const double *s, unsigned n, struct run *runs)
{
	const double band = log(IB_PLATEAU_BAND) + 1e-9;
	unsigned count = 0, i = 0;

	while (i < n) {
		double lo = s[i], hi = s[i];
		unsigned j = i;

		while (j + 1 < n) {
			double v = s[j + 1];
			double nlo = v < lo ? v : lo, nhi = v > hi ? v : hi;

			if (nhi - nlo > band)
				break;
			lo = nlo;
			hi = nhi;
			j++;
		}
		if (j - i + 1 >= IB_PLATEAU_MIN_PTS) {
			runs[count].first = i;
			runs[count].last = j;
			count++;
			i = j + 1;
		} else {
			i++;
		}
	}
	return count;
}

/* merge neighbours whose levels differ by less than IB_PLATEAU_MIN_STEP; returns the count */
static unsigned merge_runs(const double *lat, struct run *runs, unsigned count)
{
	int merged = 1;

	while (merged && count > 1) {
		merged = 0;
		for (unsigned k = 0; k + 1 < count; k++) {
			double a = median_range(lat, runs[k].first, runs[k].last);
			double b = median_range(lat, runs[k + 1].first, runs[k + 1].last);
			double ratio = a > b ? a / b : b / a;

			if (ratio < IB_PLATEAU_MIN_STEP) {
				runs[k].last = runs[k + 1].last;
				memmove(&runs[k + 1], &runs[k + 2], (count - k - 2) * sizeof(*runs));
				count--;
				merged = 1;
				break;
			}
		}
	}
	return count;
}

int ib_plateau_detect(const double *size, const double *lat, unsigned n,
		      struct ib_plateaus *out)
{
	double s[IB_PLATEAU_MAX_PTS];
	struct run runs[IB_PLATEAU_MAX_PTS];
	unsigned count;

	if (!out)
		return -1;
	memset(out, 0, sizeof(*out));
	if (!valid(size, lat, n))
		return -1;
	for (unsigned i = 0; i < n; i++)
		s[i] = log(lat[i]);
	for (unsigned i = 1; i + 1 < n; i++)
		s[i] = median3(log(lat[i - 1]), log(lat[i]), log(lat[i + 1]));

	count = merge_runs(lat, runs, find_runs(s, n, runs));
	if (count > IB_PLATEAU_MAX)
		count = IB_PLATEAU_MAX;
	for (unsigned k = 0; k < count; k++) {
		struct ib_plateau *p = &out->p[k];
		unsigned limit = k + 1 < count ? runs[k + 1].first : n;

		p->first = runs[k].first;
		p->last = runs[k].last;
		p->rep = (p->first + p->last) / 2;
		p->level = median_range(lat, p->first, p->last);
		p->edge = p->last;
		while (p->edge + 1 < limit && lat[p->edge + 1] <= p->level * IB_PLATEAU_EDGE)
			p->edge++;
	}
	out->count = count;
	return 0;
}

int ib_plateau_is_cache(const struct ib_plateaus *pl, unsigned k, unsigned n)
{
	if (!pl || k >= pl->count || pl->p[k].edge >= n)
		return 0;
	return k + 1 < pl->count || pl->p[k].edge + IB_PLATEAU_AFTER < n;
}

static int put(char *buf, size_t cap, size_t *len, const char *fmt, double v, unsigned lvl)
{
	int w = snprintf(buf + *len, cap - *len, fmt, lvl, v);

	if (w < 0 || (size_t)w >= cap - *len)
		return -1;
	*len += (size_t)w;
	return 0;
}

size_t ib_plateau_guesses(const struct ib_plateaus *pl, const double *size, unsigned n,
			  char *buf, size_t cap)
{
	size_t len = 0;
	unsigned level = 0;

	if (!buf || !cap || !pl)
		return 0;
	buf[0] = '\0';
	for (unsigned k = 0; k < pl->count; k++) {
		const struct ib_plateau *p = &pl->p[k];
		double kb;
		const char *sep = level ? "," : "";
		char fmt[32];

		if (!ib_plateau_is_cache(pl, k, n) || !size)
			continue;
		kb = size[p->edge];
		level++;
		if (kb >= 1024 && fmod(kb, 1024) == 0) {
			snprintf(fmt, sizeof(fmt), "%sL%%u:%%.0fM", sep);
			kb /= 1024;
		} else if (kb == floor(kb)) {
			snprintf(fmt, sizeof(fmt), "%sL%%u:%%.0fK", sep);
		} else {
			snprintf(fmt, sizeof(fmt), "%sL%%u:%%gK", sep);
		}
		if (put(buf, cap, &len, fmt, kb, level))
			return 0;
	}
	if (!level) {
		const char *word = pl->count ? "flat" : "none";

		if (strlen(word) >= cap)
			return 0;
		strcpy(buf, word);
		len = strlen(word);
	}
	return len;
}
