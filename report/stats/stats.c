/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report/stats/stats.c - comparison statistics (report/stats/stats.h). GSL does the sorting, the
 * quantiles and every distribution function; what is written here is only bookkeeping.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "host/lib/hostutil.h"
#include "report/stats/stats.h"

/*
 * A sorted copy of x (caller frees), NaNs after every number as the guest's ib_sort_dbl()
 * puts them (gsl_sort's order of a NaN is undefined); NULL when n == 0.
 */
static double *sorted(const double *x, size_t n)
{
	double *s = n ? ib_xmalloc(n * sizeof(*s)) : NULL;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			s[k++] = x[i];
	gsl_sort(s, 1, k);
	for (size_t i = k; i < n; i++)
		s[i] = NAN;
	return s;
}

double ib_stat_median(const double *x, size_t n)
{
	double *s = sorted(x, n), m;
	if (!s)
		return NAN;
	m = gsl_stats_median_from_sorted_data(s, 1, n);
	free(s);
	return m;
}

double ib_stat_quantile(const double *x, size_t n, double f)
{
	double *s = sorted(x, n), q;
	if (!s)
		return NAN;
	q = gsl_stats_quantile_from_sorted_data(s, 1, n, f);
	free(s);
	return q;
}

double ib_stat_min(const double *x, size_t n)
{
	return n ? gsl_stats_min(x, 1, n) : NAN;
}

double ib_stat_gmean(const double *x, size_t n)
{
	double sum = 0;
	if (!n)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return NAN;
		sum += log(x[i]);
	}
	return exp(sum / (double)n);
}

double ib_stat_iqr(const double *x, size_t n)
{
	double *s = sorted(x, n), r;
	if (!s)
		return NAN;
	r = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.75) -
	    gsl_stats_quantile_from_sorted_data(s, 1, n, 0.25);   /* one sort for both */
	free(s);
	return r;
}

double ib_stat_cv(const double *x, size_t n)
{
	if (n < 2)
		return NAN;
	return gsl_stats_sd(x, 1, n) / gsl_stats_mean(x, 1, n);
}

/* ln of each x into y (n values); 0, or -1 when some x <= 0 */
static int logs(const double *x, size_t n, double *y)
{
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return -1;
		y[i] = log(x[i]);
	}
	return 0;
}

double ib_stat_logsd(const double *x, size_t n)
{
	double *y, sd = NAN;
	if (n < 2 || !(y = malloc(n * sizeof(*y))))
		return NAN;
	if (!logs(x, n, y))
		sd = gsl_stats_sd(y, 1, n);
	free(y);
	return sd;
}

void ib_stat_welch_log(const double *a, size_t na, const double *b, size_t nb, double level,
		       struct ib_welch *w)
{
	double *ya = malloc((na + nb + 1) * sizeof(double)), *yb = ya ? ya + na : NULL;
	*w = (struct ib_welch){ 0, NAN, NAN, NAN, NAN, NAN, NAN };
	if (!ya || !na || !nb || logs(a, na, ya) || logs(b, nb, yb)) {
		free(ya);
		return;
	}
	double ma = gsl_stats_mean(ya, 1, na), mb = gsl_stats_mean(yb, 1, nb), d = mb - ma;
	w->ratio = exp(d);
	if (na < 2 || nb < 2) {
		free(ya);
		return;
	}
	double va = gsl_stats_variance_m(ya, 1, na, ma) / (double)na;
	double vb = gsl_stats_variance_m(yb, 1, nb, mb) / (double)nb;
	free(ya);
	w->ok = 1;
	w->se = sqrt(va + vb);
	if (w->se == 0) {
		/* no spread at all: the data cannot say more than the point estimate */
		w->lo = w->hi = w->ratio;
		w->p = d == 0 ? 1 : 0;
		w->df = (double)(na + nb - 2);
		return;
	}
	w->df = (va + vb) * (va + vb) /
		(va * va / (double)(na - 1) + vb * vb / (double)(nb - 1));
	double t = gsl_cdf_tdist_Pinv(0.5 + level / 2, w->df);
	w->lo = exp(d - t * w->se);
	w->hi = exp(d + t * w->se);
	w->p = 2 * gsl_cdf_tdist_Q(fabs(d) / w->se, w->df);
	if (w->p > 1)
		w->p = 1;
}

void ib_stat_paired_log(const double *a, const double *b, size_t n, double level,
			struct ib_paired *r)
{
	double *d = malloc((n + 1) * sizeof(double));
	size_t k = 0;
	*r = (struct ib_paired){ 0, 0, NAN, NAN, NAN, NAN, NAN, NAN };
	if (!d)
		return;
	for (size_t i = 0; i < n; i++) {
		if (isnan(a[i]) || isnan(b[i]))
			continue;          /* a block without this metric: no pair */
		if (!(a[i] > 0) || !(b[i] > 0) || isinf(a[i]) || isinf(b[i])) {
			free(d);
			return;
		}
		d[k++] = log(b[i]) - log(a[i]);
	}
	r->n = k;
	if (!k) {
		free(d);
		return;
	}
	double m = gsl_stats_mean(d, 1, k);
	r->ratio = exp(m);
	if (k < 2) {
		free(d);
		return;
	}
	r->sd = gsl_stats_sd_m(d, 1, k, m);
	free(d);
	r->ok = 1;
	r->mde = ib_stat_mde_paired(r->sd, k);
	double se = r->sd / sqrt((double)k), df = (double)(k - 1);
	if (se == 0) {
		r->lo = r->hi = r->ratio;
		r->p = m == 0 ? 1 : 0;
		return;
	}
	double t = gsl_cdf_tdist_Pinv(0.5 + level / 2, df);
	r->lo = exp(m - t * se);
	r->hi = exp(m + t * se);
	r->p = 2 * gsl_cdf_tdist_Q(fabs(m) / se, df);
	if (r->p > 1)
		r->p = 1;
}

double ib_stat_mde_paired(double sd, size_t n)
{
	if (n < 2 || isnan(sd))
		return NAN;
	double df = (double)(n - 1);
	return (gsl_cdf_tdist_Pinv(0.975, df) + gsl_cdf_tdist_Pinv(0.8, df)) * sd / sqrt((double)n);
}

void ib_stat_bh(const double *p, size_t n, double *q)
{
	size_t *idx = malloc((n + 1) * sizeof(*idx)), m = 0;
	double *ps = calloc(n + 1, sizeof(*ps));
	if (!idx || !ps) {
		for (size_t i = 0; i < n; i++)
			q[i] = NAN;
		free(idx);
		free(ps);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		q[i] = NAN;
		if (!isnan(p[i]))
			ps[m++] = p[i];
	}
	/* gsl_sort_index orders the finite p-values; idx[k] says which of ps is k-th */
	gsl_sort_index(idx, ps, 1, m);
	double *adj = malloc((m + 1) * sizeof(*adj)), run = 1;
	if (adj) {
		/* step-up: q_(k) = min over j >= k of p_(j) * m / j */
		for (size_t k = m; k-- > 0;) {
			double v = ps[idx[k]] * (double)m / (double)(k + 1);
			if (v < run)
				run = v;
			adj[idx[k]] = run;
		}
		for (size_t i = 0, j = 0; i < n; i++)
			if (!isnan(p[i]))
				q[i] = adj[j++];
	}
	free(adj);
	free(idx);
	free(ps);
}

/*
 * Exact null distribution of U for sizes (na, nb) without ties: cnt[u] is how many of the
 * C(na+nb, na) orderings give U = u, built by adding one observation of each arm at a time
 * (f(i, j, u) = f(i-1, j, u-j) + f(i, j-1, u)).
 */
static double exact_mw_p(size_t na, size_t nb, double u)
{
	size_t top = na * nb;
	double *f = calloc((na + 1) * (nb + 1) * (top + 1), sizeof(*f)), p = NAN;
	if (!f)
		return NAN;
#define F(i, j, k) f[((i) * (nb + 1) + (j)) * (top + 1) + (k)]
	for (size_t i = 0; i <= na; i++)
		for (size_t j = 0; j <= nb; j++) {
			if (!i || !j) {
				F(i, j, 0) = 1;
				continue;
			}
			for (size_t k = 0; k <= i * j; k++)
				F(i, j, k) = (k >= j ? F(i - 1, j, k - j) : 0) + F(i, j - 1, k);
		}
	double total = 0, le = 0, ge = 0;
	for (size_t k = 0; k <= top; k++) {
		double c = F(na, nb, k);
		total += c;
		if ((double)k <= u + 1e-9)
			le += c;
		if ((double)k >= u - 1e-9)
			ge += c;
	}
#undef F
	p = 2 * (le < ge ? le : ge) / total;
	free(f);
	return p > 1 ? 1 : p;
}

double ib_stat_mann_whitney(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb;
	double *all, *rank;
	size_t *idx;
	int ties = 0;
	if (!na || !nb)
		return NAN;
	all = malloc(n * sizeof(*all));
	rank = malloc(n * sizeof(*rank));
	idx = malloc(n * sizeof(*idx));
	if (!all || !rank || !idx) {
		free(all), free(rank), free(idx);
		return NAN;
	}
	memcpy(all, a, na * sizeof(*a));
	memcpy(all + na, b, nb * sizeof(*b));
	gsl_sort_index(idx, all, 1, n);
	double tie_term = 0;   /* sum of t^3 - t over groups of ties */
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j + 1 < n && all[idx[j + 1]] == all[idx[i]])
			j++;
		double t = (double)(j - i + 1);
		if (t > 1) {
			ties = 1;
			tie_term += t * t * t - t;
		}
		for (size_t k = i; k <= j; k++)
			rank[idx[k]] = (double)(i + j) / 2 + 1;
		i = j + 1;
	}
	double ra = 0;
	for (size_t i = 0; i < na; i++)
		ra += rank[i];
	free(all), free(rank), free(idx);
	double u = ra - (double)na * (double)(na + 1) / 2;
	if (!ties && na <= IB_MW_EXACT_MAX && nb <= IB_MW_EXACT_MAX)
		return exact_mw_p(na, nb, u);
	double mu = (double)na * (double)nb / 2;
	double var = (double)na * (double)nb / 12 *
		     ((double)(n + 1) - tie_term / ((double)n * (double)(n - 1)));
	if (!(var > 0))
		return 1;
	double z = (fabs(u - mu) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return 2 * gsl_cdf_ugaussian_Q(z);
}

double ib_stat_mde(double sigma, size_t b)
{
	if (b < 2 || isnan(sigma))
		return NAN;
	double df = 2.0 * (double)(b - 1);
	return (gsl_cdf_tdist_Pinv(0.975, df) + gsl_cdf_tdist_Pinv(0.8, df)) * sqrt(2.0) * sigma /
	       sqrt((double)b);
}

double ib_stat_mde_blinded(const double *a, size_t na, const double *b, size_t nb)
{
	double *ab, sd;
	if (na < 2 || nb < 2 || !(ab = malloc((na + nb) * sizeof(*ab))))
		return NAN;
	memcpy(ab, a, na * sizeof(*ab));
	memcpy(ab + na, b, nb * sizeof(*ab));
	sd = ib_stat_logsd(ab, na + nb);
	free(ab);
	return ib_stat_mde(sd, na < nb ? na : nb);
}

double ib_stat_mde_blinded_paired(const struct ib_paired *r)
{
	if (!r->ok || r->n < 2 || isnan(r->sd) || !(r->ratio > 0))
		return NAN;
	double n = (double)r->n, m = log(r->ratio);
	return ib_stat_mde_paired(sqrt(((n - 1) * r->sd * r->sd + n * m * m) / n), r->n);
}

double ib_stat_bimodality(const double *x, size_t n)
{
	if (n < 4)
		return NAN;
	double dn = (double)n, m = gsl_stats_mean(x, 1, n), m2 = 0, m3 = 0, m4 = 0;
	for (size_t i = 0; i < n; i++) {
		double d = x[i] - m;
		m2 += d * d;
		m3 += d * d * d;
		m4 += d * d * d * d;
	}
	m2 /= dn, m3 /= dn, m4 /= dn;
	if (!(m2 > 0))
		return NAN;
	double g1 = m3 / pow(m2, 1.5), g2 = m4 / (m2 * m2) - 3;
	double G1 = g1 * sqrt(dn * (dn - 1)) / (dn - 2);
	double G2 = ((dn + 1) * g2 + 6) * (dn - 1) / ((dn - 2) * (dn - 3));
	return (G1 * G1 + 1) / (G2 + 3 * (dn - 1) * (dn - 1) / ((dn - 2) * (dn - 3)));
}

size_t ib_stat_outliers(const double *x, size_t n, unsigned char *keep)
{
	double med = ib_stat_median(x, n), *dev, mad;
	size_t out = 0;
	if (keep)
		memset(keep, 1, n);
	if (!n || !(dev = malloc(n * sizeof(*dev))))
		return 0;
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs(x[i] - med);
	mad = 1.4826 * ib_stat_median(dev, n);
	for (size_t i = 0; mad > 0 && i < n; i++)
		if (dev[i] > IB_OUTLIER_MADS * mad) {
			out++;
			if (keep)
				keep[i] = 0;
		}
	free(dev);
	return out;
}

double ib_stat_spearman(const double *x, size_t n)
{
	double *buf = n >= 3 ? malloc(4 * n * sizeof(*buf)) : NULL, r;
	if (!buf)
		return NAN;
	for (size_t i = 0; i < n; i++)
		buf[i] = (double)i;
	memcpy(buf + n, x, n * sizeof(*x));
	if (gsl_stats_variance(buf + n, 1, n) == 0) {
		free(buf);
		return NAN;
	}
	r = gsl_stats_spearman(buf, 1, buf + n, 1, n, buf + 2 * n);
	free(buf);
	return r;
}

double ib_stat_drift_p(const double *rho, const size_t *n, size_t k)
{
	double z = 0;
	size_t used = 0;
	for (size_t i = 0; i < k; i++) {
		if (isnan(rho[i]) || n[i] < 3)
			continue;
		z += rho[i] * sqrt((double)(n[i] - 1));
		used++;
	}
	if (!used)
		return NAN;
	z /= sqrt((double)used);
	return 2 * gsl_cdf_ugaussian_Q(fabs(z));
}
