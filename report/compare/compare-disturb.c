/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-disturb.c - which compared boots were disturbed, and what the comparison says
 * without them (docs/compare.md, "Disturbed boots").
 *
 * Per boot, the counters of ib_dist_counter() (from the begin and end records' dist.*
 * fields and launch.disturbance); per counter, over every complete boot of every label
 * compared that has it (at least IB_DIST_MIN of them), a boot is flagged when its value is
 * above median + IB_DIST_K x max(1.4826 x MAD, floor), the floor being the counter's
 * absolute floor or its relative floor times the median, whichever is larger (so that a
 * tight cluster does not flag a boot 2 % off it). Only the high side: less disturbance is
 * never suspect. A boot whose launch.disturbance says unpinned is flagged too; cpu_shared is
 * judged as a counter (the share of cpuwatch's samples), since on a host where every boot
 * shares its CPU alike, sharing tells no boot from another.
 *
 *  - ib_dist_counter(res, k): counter k of a results.json, NaN when the boot lacks it.
 *  - ib_dist_limit(x, n, k, &median, &limit): the rule's median and limit over n values of
 *    counter k; -1 (both NaN) below IB_DIST_MIN values.
 *  - ib_dist_find(v, nl, d): every flag over the variants' boots; ib_dist_free(d).
 *  - ib_dist_print(f, d) and ib_dist_json(d): the flags (one line when there is none).
 *  - ib_dist_without(f, d, v, nl, rows, nrows, jrows): with a flagged boot, each
 *    row again without the flagged boots (the same rule between paired and Welch, BH over
 *    these rows), the rows that change printed, every row's figures into jrows[i]'s
 *    "without_flagged" (jrows parallel to rows).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/compare/compare-int.h"
#include "report/stats/stats.h"

#define FDR_Q 0.05

static const struct {
	const char *name;
	double abs_floor, rel_floor;
} counter[IB_DIST_NCOUNTERS] = {
	{ "guest_steal_pct", 1.0, 0 },     /* percentage points of the guest's CPU time */
	{ "guest_other_cs_s", 1.0, 0.25 }, /* context switches of other tasks per second */
	{ "guest_intr_s", 1.0, 0.25 },
	{ "guest_softirq_s", 1.0, 0.25 },
	{ "host_steal_pct", 1.0, 0 },
	{ "vm_nivcsw_s", 1.0, 0.25 },      /* involuntary switches of QEMU/UML per second */
	/* seconds QEMU/UML waited runnable for a host CPU per second it ran: unbounded, unlike
	 * a share of the time, so a loaded host's median does not leave no room above it */
	{ "vm_delay_ratio", 0.1, 0.25 },
	{ "cpu_shared_pct", 5.0, 0 },      /* of cpuwatch's samples that found another run */
};

const char *ib_dist_name(int k)
{
	return k >= 0 && k < IB_DIST_NCOUNTERS ? counter[k].name : "?";
}

/* a dist.* field of an env or end object as a number, NaN when absent or not one */
static double field(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	char *e;
	double v;

	if (!s || !*s)
		return NAN;
	v = strtod(s, &e);
	return *e ? NAN : v;
}

static double delta(const json_t *a, const json_t *b, const char *key)
{
	return field(b, key) - field(a, key);
}

static double jnum(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

double ib_dist_counter(const json_t *res, int k)
{
	const json_t *a = json_object_get(res, "env"), *b = json_object_get(res, "end");
	const json_t *l = json_object_get(res, "launch"), *d = json_object_get(l, "disturbance");
	double dt = delta(a, b, "dist.t_ns") / 1e9, v = NAN;

	if (!(dt > 0))
		dt = NAN;
	switch (k) {
	case 0:
		v = delta(a, b, "dist.steal") * 100 / delta(a, b, "dist.cpu_ticks");
		break;
	case 1:
		v = (delta(a, b, "dist.ctxt") - delta(a, b, "dist.nvcsw") -
		     delta(a, b, "dist.nivcsw")) / dt;
		break;
	case 2:
		v = delta(a, b, "dist.intr") / dt;
		break;
	case 3:
		v = delta(a, b, "dist.softirqs") / dt;
		break;
	case 4:
		v = jnum(d, "host_steal_ticks") * 100 / jnum(d, "host_cpu_ticks");
		break;
	case 5:
		v = jnum(d, "guest_nivcsw") / jnum(l, "wall_s");
		break;
	case 6:
		v = jnum(d, "guest_delay_s") / jnum(d, "guest_run_s");
		break;
	case 7:
		v = jnum(d, "shared_samples") * 100 / jnum(d, "samples");
		break;
	}
	return isfinite(v) ? v : NAN;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int ib_dist_limit(const double *x, size_t n, int k, double *median, double *limit)
{
	double *dev = n >= IB_DIST_MIN ? malloc(n * sizeof(*dev)) : NULL, mad, fl;

	*median = *limit = NAN;
	if (!dev)
		return -1;
	*median = ib_stat_median(x, n);
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs(x[i] - *median);
	qsort(dev, n, sizeof(*dev), cmp_dbl);
	mad = ib_stat_median(dev, n) * 1.4826;
	free(dev);
	fl = counter[k].abs_floor;
	if (counter[k].rel_floor * fabs(*median) > fl)
		fl = counter[k].rel_floor * fabs(*median);
	*limit = *median + IB_DIST_K * (mad > fl ? mad : fl);
	return 0;
}

static int add_flag(struct ib_dist *d, const struct ib_boot *b, const char *name, double val,
		    double med, double lim)
{
	struct ib_dist_flag *f = realloc(d->flag, (d->nflag + 1) * sizeof(*f));
	size_t i;

	if (!f)
		return -1;
	d->flag = f;
	f[d->nflag++] = (struct ib_dist_flag){ b, name, val, med, lim };
	for (i = 0; i < d->nbad && d->bad[i] != b; i++)
		;
	if (i == d->nbad)
		d->bad[d->nbad++] = b;
	return 0;
}

int ib_dist_find(const struct variant *v, size_t nl, struct ib_dist *d)
{
	size_t n = 0;
	double *x;
	const struct ib_boot **all;

	memset(d, 0, sizeof(*d));
	for (size_t l = 0; l < nl; l++)
		n += v[l].n;
	x = calloc(n + 1, sizeof(*x));
	all = calloc(n + 1, sizeof(*all));
	d->bad = calloc(n + 1, sizeof(*d->bad));
	if (!x || !all || !d->bad) {
		free(x), free(all);
		return -1;
	}
	for (size_t l = 0; l < nl; l++)
		for (size_t i = 0; i < v[l].n; i++)
			all[d->nboots++] = v[l].boot[i];
	for (size_t i = 0; i < d->nboots; i++) {
		const json_t *w = json_object_get(json_object_get(all[i]->res, "launch"),
						   "disturbance");

		if (json_is_true(json_object_get(w, "unpinned")) &&
		    add_flag(d, all[i], "unpinned", 1, NAN, NAN))
			goto oom;
	}
	for (int k = 0; k < IB_DIST_NCOUNTERS; k++) {
		size_t m = 0;

		for (size_t i = 0; i < d->nboots; i++)
			if (!isnan(x[m] = ib_dist_counter(all[i]->res, k)))
				m++;
		d->used[k] = m;
		if (ib_dist_limit(x, m, k, &d->median[k], &d->limit[k]))
			continue;
		for (size_t i = 0; i < d->nboots; i++) {
			double c = ib_dist_counter(all[i]->res, k);

			if (c > d->limit[k] && add_flag(d, all[i], counter[k].name, c, d->median[k],
						       d->limit[k]))
				goto oom;
		}
	}
	free(x), free(all);
	return 0;
oom:
	free(x), free(all);
	return -1;
}

void ib_dist_free(struct ib_dist *d)
{
	free(d->flag);
	free(d->bad);
	memset(d, 0, sizeof(*d));
}

void ib_dist_print(FILE *f, const struct ib_dist *d)
{
	int judged = 0;

	for (int k = 0; k < IB_DIST_NCOUNTERS; k++)
		judged += d->used[k] >= IB_DIST_MIN;
	if (!d->nflag) {
		fprintf(f, "disturbance: no boot flagged (%zu boots; %d of %d counters judged, a "
			"counter needs >= %d boots that have it)\n", d->nboots, judged,
			IB_DIST_NCOUNTERS, IB_DIST_MIN);
		return;
	}
	fprintf(f, "disturbance: %zu of %zu boots flagged (a counter above median + %.1f x "
		"max(1.4826 MAD, floor) over all compared boots, or unpinned):\n",
		d->nbad, d->nboots, IB_DIST_K);
	for (size_t i = 0; i < d->nflag; i++) {
		const struct ib_dist_flag *x = &d->flag[i];

		if (isnan(x->limit))
			fprintf(f, "  DISTURBED %s/%lu: %s\n", x->b->label, x->b->num, x->counter);
		else
			fprintf(f, "  DISTURBED %s/%lu: %s %.4g (median %.4g, limit %.4g)\n",
				x->b->label, x->b->num, x->counter, x->value, x->median, x->limit);
	}
}

json_t *ib_dist_json(const struct ib_dist *d)
{
	json_t *a = json_array(), *c = json_object();

	for (size_t i = 0; i < d->nflag; i++) {
		const struct ib_dist_flag *x = &d->flag[i];

		json_array_append_new(a, json_pack("{s:s,s:I,s:s,s:o,s:o,s:o}", "label",
						   x->b->label, "boot", (json_int_t)x->b->num,
						   "counter", x->counter, "value",
						   ib_cmp_jnum(x->value), "median",
						   ib_cmp_jnum(x->median), "limit",
						   ib_cmp_jnum(x->limit)));
	}
	for (int k = 0; k < IB_DIST_NCOUNTERS; k++)
		json_object_set_new(c, counter[k].name,
				    json_pack("{s:I,s:o,s:o}", "boots", (json_int_t)d->used[k],
					      "median", ib_cmp_jnum(d->median[k]), "limit",
					      ib_cmp_jnum(d->limit[k])));
	return json_pack("{s:f,s:I,s:I,s:o,s:o}", "k", IB_DIST_K, "boots",
			 (json_int_t)d->nboots, "flagged_boots", (json_int_t)d->nbad, "flags", a,
			 "counters", c);
}

static int is_bad(const struct ib_dist *d, const struct ib_boot *b)
{
	for (size_t i = 0; i < d->nbad; i++)
		if (d->bad[i] == b)
			return 1;
	return 0;
}

/* the deciding ratio and interval of a row: paired over blocks or Welch */
struct fig {
	double ratio, lo, hi, p, q;
	int sig;
	size_t na, nb;
};

int ib_dist_without(FILE *f, const struct ib_dist *d, const struct variant *v, size_t nl,
		    const struct cmp_row *rows, size_t nrows, json_t *jrows)
{
	struct variant w[64];
	struct fig *g = calloc(nrows + 1, sizeof(*g));
	double *p = calloc(nrows + 1, sizeof(*p)), *q = calloc(nrows + 1, sizeof(*q));
	size_t changed = 0;
	int rc = -1;

	if (!d->nbad || nl > 64) {
		free(g), free(p), free(q);
		return 0;
	}
	memset(w, 0, sizeof(w));
	for (size_t l = 0; g && p && q && l < nl; l++) {
		w[l] = v[l];
		if (!(w[l].boot = calloc(v[l].n + 1, sizeof(*w[l].boot))))
			goto out;
		w[l].n = 0;
		for (size_t i = 0; i < v[l].n; i++)
			if (!is_bad(d, v[l].boot[i]))
				w[l].boot[w[l].n++] = v[l].boot[i];
	}
	if (!g || !p || !q)
		goto out;
	for (size_t r = 0; r < nrows; r++) {
		const struct cmp_row *x = &rows[r];
		struct cell a, b;
		struct ib_welch wl = { 0, NAN, NAN, NAN, NAN, NAN, NAN };
		struct ib_paired pr = { 0, 0, NAN, NAN, NAN, NAN, NAN, NAN };

		if (ib_cmp_cell_fill(&a, &w[0], x->metric) || ib_cmp_cell_fill(&b, &w[x->v], x->metric))
			goto out;
		g[r].na = a.n, g[r].nb = b.n;
		if (a.n && b.n) {
			ib_stat_welch_log(a.vals, a.n, b.vals, b.n, 0.95, &wl);
			ib_cmp_paired(&w[0], &a, &w[x->v], &b, &pr);
		}
		if (ib_cmp_paired_decides(&pr))
			g[r] = (struct fig){ pr.ratio, pr.lo, pr.hi, pr.p, NAN, 0, a.n, b.n };
		else
			g[r] = (struct fig){ wl.ratio, wl.lo, wl.hi, wl.ok ? wl.p : NAN, NAN, 0, a.n,
					     b.n };
		p[r] = isnan(g[r].p) ? 1 : g[r].p;
		ib_cmp_cell_free(&a), ib_cmp_cell_free(&b);
	}
	ib_stat_bh(p, nrows, q);
	for (size_t r = 0; r < nrows; r++) {
		g[r].q = isnan(g[r].p) ? NAN : q[r];
		g[r].sig = !isnan(g[r].p) && q[r] <= FDR_Q && (g[r].lo > 1 || g[r].hi < 1) &&
			   fabs(g[r].ratio - 1) * 100 >= rows[r].floor_pct;
	}
	for (size_t r = 0; r < nrows; r++) {
		const struct cmp_row *x = &rows[r];
		double all = x->paired ? x->pr.ratio : x->w.ratio;
		int moved = g[r].sig != x->significant ||
			    !(fabs((g[r].ratio - all) * 100) < 1.0);
		char da[64], dw[64];

		if (jrows && json_array_get(jrows, r))
			json_object_set_new(json_array_get(jrows, r), "without_flagged",
				json_pack("{s:I,s:I,s:o,s:o,s:o,s:b}", "boots_base",
					  (json_int_t)g[r].na, "boots_new", (json_int_t)g[r].nb,
					  "ratio", ib_cmp_jnum(g[r].ratio), "ratio_ci",
					  ib_cmp_jci(g[r].lo, g[r].hi), "q", ib_cmp_jnum(g[r].q),
					  "significant", g[r].sig));
		if (!moved)
			continue;
		if (!changed++)
			fprintf(f, "\nwithout the %zu flagged boot%s (the rows whose mark changes or whose "
				"delta moves by >= 1 point; all rows in --json's without_flagged):\n"
				"  %-14s %-10s %-28s %-4s %-28s %s\n", d->nbad, d->nbad == 1 ? "" : "s",
				"metric", "variant", "all boots: delta% [95% CI]", "sig",
				"without: delta% [95% CI]", "sig");
		ib_cmp_pct_ci(da, sizeof(da), all, x->paired ? x->pr.lo : x->w.lo,
			      x->paired ? x->pr.hi : x->w.hi);
		if (!g[r].na || !g[r].nb)
			snprintf(dw, sizeof(dw), "- (no boot of %s left)", g[r].na ? "new" : "base");
		else
			ib_cmp_pct_ci(dw, sizeof(dw), g[r].ratio, g[r].lo, g[r].hi);
		fprintf(f, "  %-14s %-10s %-28s %-4s %-28s %s\n", x->metric, v[x->v].label, da,
			x->significant ? "*" : "", dw, g[r].sig ? "*" : "");
	}
	if (!changed)
		fprintf(f, "\nwithout the %zu flagged boot%s: no row changes its mark or moves by "
			">= 1 point (--json: without_flagged)\n", d->nbad, d->nbad == 1 ? "" : "s");
	rc = 0;
out:
	for (size_t l = 0; l < nl; l++)
		free(w[l].boot);
	free(g), free(p), free(q);
	return rc;
}
