/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-cells.c - a variant's boots and one metric's figures (contract in compare-int.h).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <jansson.h>

#include "report/store/bootdata.h"
#include "report/compare/compare-int.h"
#include "report/stats/stats.h"

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

static double env_num(const json_t *res, const char *key)
{
	const char *s = str(json_object_get(res, "env"), key);
	char *e;
	double v = strtod(s, &e);
	return *s && !*e ? v : NAN;
}

int ib_cmp_cell_fill(struct cell *c, const struct variant *v, const char *metric)
{
	size_t nb = v->n, pooled_n = 0, cap = 0;
	double *pooled = NULL, *cvs = calloc(nb + 1, sizeof(double)), *rho = calloc(nb + 1, sizeof(double));
	size_t *ns = calloc(nb + 1, sizeof(size_t)), ncv = 0;
	memset(c, 0, sizeof(*c));
	c->med = calloc(nb + 1, sizeof(double));
	c->vals = calloc(nb + 1, sizeof(double));
	c->unit = "";
	if (!c->med || !c->vals || !cvs || !rho || !ns)
		return -1;
	for (size_t b = 0; b < nb; b++) {
		const json_t *res = v->boot[b]->res, *m;
		size_t ns_b = 0, nraw = 0;
		double *s, *raw;
		m = ib_boot_samples(res, metric, &s, &ns_b, &raw, &nraw, NULL);
		c->med[b] = rho[b] = NAN;
		if (!m || !s || !ns_b) {
			free(s), free(raw);
			continue;
		}
		c->unit = str(m, "unit");
		c->med[b] = ib_perboot_stat(s, ns_b, v->per_boot, ib_cmp_bigger_better(c->unit));
		c->vals[c->n++] = c->med[b];
		if (ns_b >= 2)
			cvs[ncv++] = ib_stat_cv(s, ns_b);
		rho[b] = ib_stat_spearman(s, ns_b);
		ns[b] = ns_b;
		/* outliers against the boot's own median, so that boots apart are not outliers */
		unsigned char *keep = malloc(ns_b);
		c->outliers += ib_stat_outliers(s, ns_b, keep);
		if (pooled_n + ns_b > cap) {
			cap = 2 * (pooled_n + ns_b);
			double *p = realloc(pooled, cap * sizeof(*p));
			if (!p) {
				free(keep), free(s), free(raw);
				continue;
			}
			pooled = p;
		}
		for (size_t i = 0; keep && i < ns_b; i++)
			if (keep[i])
				pooled[pooled_n++] = s[i];
		free(keep);
		/* an interval too short for the clock of that boot (docs/methods.md: Timing) */
		double res_ns = env_num(res, "timer_res_ns"), cost = env_num(res, "timer_cost_ns");
		for (size_t i = 0; raw && i < nraw; i++)
			if ((!isnan(res_ns) && raw[i] < 1000 * res_ns) || (!isnan(cost) && raw[i] < 100 * cost))
				c->timer = 1;
		free(raw);
		free(s);
	}
	c->gmean = ib_stat_gmean(c->vals, c->n);
	c->min = ib_stat_min(c->vals, c->n);
	c->iqr = ib_stat_iqr(c->vals, c->n);
	c->cv_within = ib_stat_median(cvs, ncv);
	c->cv_between = ib_stat_cv(c->vals, c->n);
	c->lo = c->hi = NAN;
	if (c->n >= 2 && c->gmean > 0) {
		double t = gsl_cdf_tdist_Pinv(0.975, (double)(c->n - 1));
		double h = t * ib_stat_logsd(c->vals, c->n) / sqrt((double)c->n);
		c->lo = c->gmean * exp(-h);
		c->hi = c->gmean * exp(h);
	}
	c->bimodal = pooled_n >= BIMODAL_MIN_N && ib_stat_bimodality(pooled, pooled_n) > IB_BIMODAL_BC;
	double dp = ib_stat_drift_p(rho, ns, nb);
	c->drift = !isnan(dp) && dp < DRIFT_P;
	ib_cmp_round_drift(c, v, metric);
	free(pooled), free(cvs), free(rho), free(ns);
	return 0;
}

void ib_cmp_cell_free(struct cell *c)
{
	free(c->med);
	free(c->vals);
}

/* split a set into variants by label, leaving out incomplete boots (listed on f, if any) */
int ib_cmp_variants(const struct ib_set *set, char *const *labels, size_t nl,
		    enum ib_perboot per_boot, struct variant *v, FILE *f)
{
	for (size_t l = 0; l < nl; l++) {
		v[l] = (struct variant){ labels[l], calloc(set->n + 1, sizeof(*v[l].boot)), 0, 0, NULL,
					 NULL, 0, 0, per_boot };
		if (!v[l].boot)
			return -1;
		for (size_t i = 0; i < set->n; i++) {
			const struct ib_boot *b = &set->boots[i];
			const json_t *in = json_object_get(b->res, "integrity");
			if (strcmp(b->label, labels[l]))
				continue;
			if (strcmp(str(in, "status"), "complete")) {
				if (f)
					fprintf(f, "excluded: %s/%lu: %s%s%s\n", b->label, b->num,
						*str(in, "status") ? str(in, "status") : "no integrity",
						*str(in, "summary") ? ": " : "", str(in, "summary"));
				v[l].excluded++;
				continue;
			}
			const char *cs = str(json_object_get(b->res, "env"), "clocksource");
			const char *ac = str(json_object_get(b->res, "launch"), "accel");
			v[l].clocksource = !v[l].clocksource || !strcmp(v[l].clocksource, cs) ? cs : "mixed";
			v[l].accel = !v[l].accel || !strcmp(v[l].accel, ac) ? ac : "mixed";
			const json_t *d = json_object_get(json_object_get(b->res, "launch"),
							  "disturbance");
			v[l].unpinned += json_is_true(json_object_get(d, "unpinned"));
			v[l].cpu_shared += json_is_true(json_object_get(d, "cpu_shared"));
			v[l].boot[v[l].n++] = b;
		}
		if (!v[l].clocksource)
			v[l].clocksource = v[l].accel = "";
	}
	return 0;
}

