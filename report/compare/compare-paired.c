/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-paired.c - the paired analysis of `initbench compare`: a campaign boots its arms
 * in blocks, back to back (host/launch/campaign.c; each results.json has launch.campaign
 * and launch.block), so a slow change of the host hits both boots of a block alike. Per
 * row, the boots of BASE and NEW that share (campaign, block) and both have the metric
 * give one log ratio each, and ib_stat_paired_log() (report/stats/stats.h) the ratio over
 * blocks with its t-interval, p and MDE (docs/compare.md, "Paired by block").
 *
 *  - ib_cmp_paired(a, ca, b, cb, r): the paired estimate of cell cb (variant b) against ca
 *    (variant a); r->n = 0 when no block holds both arms (not one campaign).
 *  - ib_cmp_blocks(a, b): how many blocks of a campaign hold a boot of each arm.
 *  - ib_cmp_paired_decides(r): the rule: the paired interval decides a row with at least
 *    IB_PAIRED_MIN complete pairs, else the Welch one.
 *  - ib_cmp_paired_table(f, v, vi, cells, metric, nm, rows, nrows): the "paired by block"
 *    table under a variant's main table; nothing when no row has a pair.
 *  - ib_cmp_paired_json(o, x): the row's paired fields into its JSON object.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/compare/compare-int.h"
#include "report/stats/stats.h"

/* launch.campaign and launch.block of a boot; 0 when it was not booted by a campaign */
static int block_of(const struct ib_boot *b, const char **camp, json_int_t *block)
{
	json_t *l = json_object_get(b->res, "launch");
	json_t *c = json_object_get(l, "campaign"), *k = json_object_get(l, "block");
	if (!json_is_string(c) || !json_is_integer(k))
		return 0;
	*camp = json_string_value(c);
	*block = json_integer_value(k);
	return 1;
}

/* the boot of v in the same block as boot i of u, or -1 */
static long partner(const struct variant *u, size_t i, const struct variant *v)
{
	const char *ca, *cb;
	json_int_t ka, kb;
	if (!block_of(u->boot[i], &ca, &ka))
		return -1;
	for (size_t k = 0; k < v->n; k++)
		if (block_of(v->boot[k], &cb, &kb) && kb == ka && !strcmp(ca, cb))
			return (long)k;
	return -1;
}

size_t ib_cmp_blocks(const struct variant *a, const struct variant *b)
{
	size_t n = 0;
	for (size_t i = 0; i < a->n; i++)
		n += partner(a, i, b) >= 0;
	return n;
}

void ib_cmp_paired(const struct variant *a, const struct cell *ca, const struct variant *b,
		   const struct cell *cb, struct ib_paired *r)
{
	double *x = calloc(2 * a->n + 1, sizeof(double)), *y = x ? x + a->n : NULL;
	size_t n = 0;
	if (!x) {
		ib_stat_paired_log(NULL, NULL, 0, 0.95, r);
		return;
	}
	for (size_t i = 0; i < a->n; i++) {
		long k = partner(a, i, b);
		if (k >= 0) {
			x[n] = ca->med[i];
			y[n++] = cb->med[k];
		}
	}
	ib_stat_paired_log(x, y, n, 0.95, r);
	free(x);
}

int ib_cmp_paired_decides(const struct ib_paired *r)
{
	return r->ok && r->n >= IB_PAIRED_MIN;
}

void ib_cmp_paired_table(FILE *f, const struct variant *v, size_t vi, struct cell **cells,
			 const char **metric, size_t nm, const struct cmp_row *rows, size_t nrows)
{
	char dl[64], p[16], mde[16];
	size_t any = 0;
	for (size_t r = 0; r < nrows; r++)
		any += rows[r].v == vi && rows[r].pr.n;
	if (!any) {
		fprintf(f, "\npaired by block: %s and %s share no block of a campaign: every row by welch\n",
			v[vi].label, v[0].label);
		return;
	}
	fprintf(f, "\npaired by block: %s/%s over the %zu blocks holding both (by: the interval that "
		"decides sig, paired from %d pairs)\n", v[vi].label, v[0].label,
		ib_cmp_blocks(&v[0], &v[vi]), IB_PAIRED_MIN);
	fprintf(f, "  %-14s %-5s %-26s %-6s %-3s %-6s %-6s %s\n", "metric", "unit", "delta% [95% CI]",
		"p", "n", "MDE%", "by", "sig");
	for (size_t r = 0; r < nrows; r++) {
		const struct cmp_row *x = &rows[r];
		size_t j = 0;
		if (x->v != vi)
			continue;
		while (j + 1 < nm && strcmp(metric[j], x->metric))
			j++;
		ib_cmp_pct_ci(dl, sizeof(dl), x->pr.ratio, x->pr.lo, x->pr.hi);
		snprintf(p, sizeof(p), isnan(x->pr.p) ? "-" : x->pr.p < 0.001 ? "<0.001" : "%.3f", x->pr.p);
		snprintf(mde, sizeof(mde), isnan(x->pr.mde) ? "-" : "%.1f", x->pr.mde * 100);
		const char *mark = x->significant ? "*" : x->within ? "~" : "";
		/* the mark last, padded only when there is one: no trailing blanks */
		fprintf(f, "  %-14s %-5s %-26s %-6s %-3zu %-6s %-*s%s\n", x->metric, cells[0][j].unit,
			dl, p, x->pr.n, mde, *mark ? 7 : 0, x->paired ? "paired" : "welch", mark);
	}
}

void ib_cmp_paired_json(json_t *o, const struct cmp_row *x)
{
	if (!o)
		return;
	json_object_set_new(o, "by", json_string(x->paired ? "paired" : "welch"));
	json_object_set_new(o, "paired_ratio", ib_cmp_jnum(x->pr.ratio));
	json_object_set_new(o, "paired_ci", ib_cmp_jci(x->pr.lo, x->pr.hi));
	json_object_set_new(o, "paired_p", ib_cmp_jnum(x->pr.p));
	json_object_set_new(o, "paired_n", json_integer((json_int_t)x->pr.n));
	json_object_set_new(o, "paired_mde_pct", ib_cmp_jnum(x->pr.mde * 100));
	json_object_set_new(o, "mde_pct", ib_cmp_jnum(x->mde * 100));
	json_object_set_new(o, "stop_mde_pct", ib_cmp_jnum(x->stop_mde * 100));
}
