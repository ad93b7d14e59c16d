/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-sections.c - the per-section and overall lines of `initbench compare` (the
 * geometric mean of the ratios, docs/compare.md "Sections and overall"), and the one rule
 * of which units are rates (compare-int.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/compare/compare-int.h"
#include "report/stats/stats.h"

/* the rates: MB/s, the macro workloads' requests and kilobytes per second, hackbench's
 * messages per second */
int ib_cmp_bigger_better(const char *unit)
{
	return !strcmp(unit, "MB/s") || !strcmp(unit, "req/s") || !strcmp(unit, "KB/s") ||
	       !strcmp(unit, "msg/s");
}

/*
 * Per boot, the mean over the metrics `use` of ln(value), negated for a rate when `time`
 * (so that a bigger score is always slower); as exp() so that ib_stat_welch_log() can take
 * it. A boot lacking one of the metrics gets no score.
 */
static size_t scores(const struct cell *c, const int *use, size_t nm, size_t nb, int time,
		     double *out)
{
	size_t k = 0;
	for (size_t b = 0; b < nb; b++) {
		double s = 0;
		size_t n = 0;
		for (size_t j = 0; j < nm; j++) {
			if (!use[j])
				continue;
			if (!(c[j].med[b] > 0))
				break;
			s += (time && ib_cmp_bigger_better(c[j].unit) ? -1 : 1) * log(c[j].med[b]);
			n++;
		}
		size_t want = 0;
		for (size_t j = 0; j < nm; j++)
			want += use[j] != 0;
		if (n == want && n)
			out[k++] = exp(s / (double)n);
	}
	return k;
}

void ib_cmp_aggregate(FILE *f, json_t *arr, const char *name, const char *variant,
		      struct cell *base, struct cell *neu, const int *use, size_t nm,
		      size_t nba, size_t nbb, int time, int bw)
{
	double *sa = calloc(nba + 1, sizeof(double)), *sb = calloc(nbb + 1, sizeof(double));
	size_t k = 0, na, nb;
	struct ib_welch w;
	char ci[96];
	for (size_t j = 0; j < nm; j++)
		k += use[j] != 0;
	if (!sa || !sb || !k) {
		free(sa), free(sb);
		return;
	}
	na = scores(base, use, nm, nba, time, sa);
	nb = scores(neu, use, nm, nbb, time, sb);
	ib_stat_welch_log(sa, na, sb, nb, 0.95, &w);
	free(sa), free(sb);
	ib_cmp_value_ci(ci, sizeof(ci), w.ratio, w.lo, w.hi);
	fprintf(f, "  %-34s %-32s %-7s %zu\n", name, ci,
		isnan(w.ratio) || w.ratio == 1 ? "" : (w.ratio > 1) == !bw ? "slower" : "faster", k);
	json_t *o = json_pack("{s:s,s:o,s:o,s:I}", "variant", variant, "gmean_ratio", ib_cmp_jnum(w.ratio),
			      "ci", ib_cmp_jci(w.lo, w.hi), "metrics", (json_int_t)k);
	if (strcmp(name, "overall"))
		json_object_set_new(o, "section", json_string(name));
	else
		json_object_set_new(o, "orientation", json_string("time"));
	json_array_append_new(arr, o);
}
