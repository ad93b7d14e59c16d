/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stat-eval - which per-boot statistic gives the steadiest figure across boots of one kernel
 * (issue 18 item 3; docs/compare.md, "The per-boot statistic").
 *
 * Usage: stat-eval [--min-boots N] RESULTS.JSON...
 *   every file one boot of the same kernel and image (a label's boots); N (default 4) the
 *   fewest boots a metric must have to be judged.
 * For each metric the boots measured: each boot's samples (every round's, pooled as
 * ib_boot_samples() pools them for report and compare) reduced by each statistic of
 * report/stats/perboot.h (best = the smallest time or the largest rate, by the unit), then the spread of those figures across the boots: the standard
 * deviation of their logarithms, in % (what compare's log-ratio analysis and its MDE see).
 * Then per summary section (the metric's first table, sectime.h), the median over its
 * metrics of each statistic's spread, and the statistic with the smallest; "other" holds the
 * metrics no table prints (the memory curve's points, the TLB chase).
 * Output: "metric" lines (section, boots, one spread per statistic), then "section" lines
 * (name, metrics, one median spread per statistic, the smallest's name and its spread
 * against the median's). Exit 0, 2 on bad usage or no file read.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/lib/hostutil.h"
#include "report/compare/compare-int.h"
#include "report/stats/perboot.h"
#include "report/stats/stats.h"
#include "report/store/bootdata.h"
#include "report/summary/sections.h"
#include "report/summary/sectime.h"

#define MAX_METRICS 2048

struct metric_eval {
	char *name;
	int table;
	double spread[IB_PB_N];   /* sd of ln(figure) across boots, %; NaN when not judged */
	size_t boots;
};

static int already(struct metric_eval *m, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(m[i].name, name) == 0)
			return 1;
	return 0;
}

static void eval_metric(json_t **boot, size_t nboot, struct metric_eval *e, size_t min_boots)
{
	double *fig[IB_PB_N];

	for (int k = 0; k < IB_PB_N; k++) {
		fig[k] = ib_xmalloc((nboot + 1) * sizeof(double));
		e->spread[k] = NAN;
	}
	e->boots = 0;
	for (size_t b = 0; b < nboot; b++) {
		double *s;
		size_t ns, nrec;
		const json_t *first = ib_boot_samples(boot[b], e->name, &s, &ns, NULL, NULL, &nrec);
		const char *unit = json_string_value(json_object_get(first, "unit"));

		if (!first || !ns) {
			free(s);
			continue;
		}
		for (int k = 0; k < IB_PB_N; k++)
			fig[k][e->boots] = ib_perboot_stat(s, ns, k, unit && ib_cmp_bigger_better(unit));
		e->boots++;
		free(s);
	}
	for (int k = 0; k < IB_PB_N; k++) {
		if (e->boots >= min_boots)
			e->spread[k] = 100 * ib_stat_logsd(fig[k], e->boots);
		free(fig[k]);
	}
}

static void print_section(int table, struct metric_eval *m, size_t nm)
{
	char name[IB_SECTIME_NAME];
	double *col = ib_xmalloc((nm + 1) * sizeof(double)), med[IB_PB_N];
	size_t used = 0;
	int best = -1;

	for (int k = 0; k < IB_PB_N; k++) {
		size_t c = 0;

		for (size_t i = 0; i < nm; i++)
			if (m[i].table == table && !isnan(m[i].spread[IB_PB_MEDIAN]) && !isnan(m[i].spread[k]))
				col[c++] = m[i].spread[k];
		med[k] = c ? ib_stat_median(col, c) : NAN;
		if (k == IB_PB_MEDIAN)
			used = c;
		/* a tie (to rounding) keeps the earlier statistic, the median first */
		if (!isnan(med[k]) && (best < 0 || med[k] < med[best] * (1 - 1e-9)))
			best = k;
	}
	free(col);
	if (!used)
		return;
	ib_sectime_name(table, name);
	printf("section %-28.28s %3zu", name, used);
	for (int k = 0; k < IB_PB_N; k++)
		printf(" %7.2f", med[k]);
	printf("  %s %.2f", ib_perboot_name[best], med[best]);
	if (med[IB_PB_MEDIAN] > 0)
		printf(" (median's x%.2f)", med[best] / med[IB_PB_MEDIAN]);
	printf("\n");
}

int main(int argc, char **argv)
{
	json_t **boot = ib_xmalloc((size_t)argc * sizeof(*boot));
	struct metric_eval *m = ib_xmalloc(MAX_METRICS * sizeof(*m));
	size_t nboot = 0, nm = 0, min_boots = 4;
	int a = 1;

	if (a + 1 < argc && strcmp(argv[a], "--min-boots") == 0) {
		min_boots = (size_t)strtoul(argv[a + 1], NULL, 10);
		a += 2;
	}
	if (a >= argc || min_boots < 2) {
		fprintf(stderr, "usage: stat-eval [--min-boots N>=2] RESULTS.JSON...\n");
		return 2;
	}
	for (; a < argc; a++) {
		json_error_t err;
		json_t *root = json_load_file(argv[a], 0, &err);

		if (!root) {
			fprintf(stderr, "stat-eval: %s: %s (left out)\n", argv[a], err.text);
			continue;
		}
		boot[nboot++] = root;
	}
	if (!nboot) {
		fprintf(stderr, "stat-eval: no results.json could be read\n");
		return 2;
	}
	for (size_t b = 0; b < nboot; b++) {
		size_t i;
		json_t *x;

		json_array_foreach(json_object_get(boot[b], "measurements"), i, x) {
			const char *name = json_string_value(json_object_get(x, "metric"));

			if (!name || nm == MAX_METRICS || already(m, nm, name))
				continue;
			m[nm].name = ib_xstrdup(name);
			m[nm].table = ib_sectime_table(name, NULL);
			nm++;
		}
	}
	printf("# stat-eval: %zu boots, %zu metrics; spread = sd of ln(per-boot figure) across "
	       "boots, %%; metrics judged with >= %zu boots\n", nboot, nm, min_boots);
	printf("# %-30s %-22s %5s", "metric", "section", "boots");
	for (int k = 0; k < IB_PB_N; k++)
		printf(" %7s", ib_perboot_name[k]);
	printf("\n");
	for (size_t i = 0; i < nm; i++) {
		char sec[IB_SECTIME_NAME];

		eval_metric(boot, nboot, &m[i], min_boots);
		if (isnan(m[i].spread[IB_PB_MEDIAN]))
			continue;
		ib_sectime_name(m[i].table, sec);
		printf("metric %-30.30s %-22.22s %5zu", m[i].name, sec, m[i].boots);
		for (int k = 0; k < IB_PB_N; k++)
			printf(" %7.2f", m[i].spread[k]);
		printf("\n");
	}
	printf("# %-36s %3s", "section (median spread over its metrics)", "n");
	for (int k = 0; k < IB_PB_N; k++)
		printf(" %7s", ib_perboot_name[k]);
	printf("  smallest\n");
	for (int t = 0; t < (int)ib_summary_nsections; t++) {
		char a_name[IB_SECTIME_NAME], b_name[IB_SECTIME_NAME];
		int first = 1;

		/* tables that share a section name ("Core operations") are printed once, merged */
		ib_sectime_name(t, a_name);
		for (int u = 0; u < t && first; u++) {
			ib_sectime_name(u, b_name);
			first = strcmp(a_name, b_name) != 0;
		}
		if (!first)
			continue;
		for (size_t i = 0; i < nm; i++) {
			ib_sectime_name(m[i].table, b_name);
			if (strcmp(a_name, b_name) == 0)
				m[i].table = t;
		}
		print_section(t, m, nm);
	}
	print_section(-1, m, nm);
	for (size_t i = 0; i < nm; i++)
		free(m[i].name);
	free(m);
	for (size_t b = 0; b < nboot; b++)
		json_decref(boot[b]);
	free(boot);
	return 0;
}
