/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aa-resample - the false-positive rate of compare's decision on stored boots of one kernel
 * (issue 18 item 5; docs/compare.md, "Injected changes").
 *
 * Usage: aa-resample [--b B] [--resamples R] [--per-boot STAT] RESULTS.JSON...
 *   every file one boot of the same kernel (one label's boots, or an A/A pair's together);
 *   B boots per arm (default 5), R resamples (default 2000), STAT compare's per-boot
 *   statistic (default best, report/stats/perboot.h; by the unit's direction).
 * The rows are compare's (the summary's metrics, ib_summary_metric()); each boot's figure of
 * a row is STAT of its samples, as compare takes it. report/stats/aafpr.h splits the boots
 * at random R times into two arms of B and counts Welch's p < 0.05 per row, any row, and any
 * row after Benjamini-Hochberg. Output: a "row" line per judged metric (its rate), then one
 * "aa" line: boots, B, resamples, rows judged, mean and largest row rate, the share of
 * resamples with any p < 0.05 and with any BH q <= 0.05. Exit 0, 2 on bad usage or when no
 * row can be judged (fewer than 2B boots).
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/lib/hostutil.h"
#include "report/compare/compare-int.h"
#include "report/stats/aafpr.h"
#include "report/stats/perboot.h"
#include "report/store/bootdata.h"
#include "report/summary/summary.h"

static double figure(json_t *res, const char *metric, enum ib_perboot stat)
{
	double *s, v = NAN;
	size_t ns, nrec;
	const json_t *m = ib_boot_samples(res, metric, &s, &ns, NULL, NULL, &nrec);

	if (m && ns)
		v = ib_perboot_stat(s, ns, stat,
				    ib_cmp_bigger_better(json_string_value(json_object_get(m, "unit")) ?
							 json_string_value(json_object_get(m, "unit")) : ""));
	free(s);
	return v;
}

int main(int argc, char **argv)
{
	size_t b = 5, resamples = 2000, n = 0, m = 0;
	enum ib_perboot stat = IB_PB_BEST;
	json_t **boot = ib_xmalloc((size_t)argc * sizeof(*boot));
	const char *metric[512], *title;
	int a = 1;

	for (; a + 1 < argc && !strncmp(argv[a], "--", 2); a += 2) {
		if (!strcmp(argv[a], "--b")) {
			b = strtoul(argv[a + 1], NULL, 10);
		} else if (!strcmp(argv[a], "--resamples")) {
			resamples = strtoul(argv[a + 1], NULL, 10);
		} else if (!strcmp(argv[a], "--per-boot")) {
			for (stat = 0; stat < IB_PB_N && strcmp(ib_perboot_name[stat], argv[a + 1]);)
				stat++;
			if (stat == IB_PB_N)
				break;
		} else {
			break;
		}
	}
	if (a >= argc || b < 2 || !resamples || stat == IB_PB_N || !strncmp(argv[a], "--", 2)) {
		fprintf(stderr, "usage: aa-resample [--b B>=2] [--resamples R] [--per-boot STAT] "
			"RESULTS.JSON...\n");
		return 2;
	}
	for (; a < argc; a++) {
		json_error_t err;
		json_t *root = json_load_file(argv[a], 0, &err);

		if (root)
			boot[n++] = root;
		else
			fprintf(stderr, "aa-resample: %s: %s (left out)\n", argv[a], err.text);
	}
	while (m < 512 && (metric[m] = ib_summary_metric(m, &title)))
		m++;
	double *x = ib_xmalloc((m * n + 1) * sizeof(*x));
	for (size_t i = 0; i < m; i++)
		for (size_t k = 0; k < n; k++)
			x[i * n + k] = figure(boot[k], metric[i], stat);
	struct ib_aafpr r;
	int rc = ib_aa_resample(x, m, n, b, resamples, 1, 0.05, &r);
	if (rc) {
		fprintf(stderr, "aa-resample: no row has 2 x %zu boots (%zu boots read)\n", b, n);
	} else {
		double worst = 0;

		for (size_t i = 0; i < m; i++)
			if (!isnan(r.row_fpr[i])) {
				printf("row %-20s %.4f\n", metric[i], r.row_fpr[i]);
				worst = r.row_fpr[i] > worst ? r.row_fpr[i] : worst;
			}
		printf("aa boots %zu b %zu resamples %zu rows %zu per-boot %s mean_fpr %.4f max_fpr %.4f "
		       "any_raw %.4f any_bh %.4f\n", n, b, resamples, r.rows_judged,
		       ib_perboot_name[stat], r.mean_fpr, worst, r.any_raw, r.any_bh);
	}
	ib_aafpr_free(&r);
	free(x);
	for (size_t k = 0; k < n; k++)
		json_decref(boot[k]);
	free(boot);
	return rc ? 2 : 0;
}
