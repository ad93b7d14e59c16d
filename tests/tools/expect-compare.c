/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * expect-compare - assert what `initbench compare --json` concluded about one row.
 *
 * Usage: expect-compare COMPARE.JSON VARIANT METRIC higher|lower|same|above|below|up|down
 *        expect-compare COMPARE.JSON VARIANT METRIC within PCT
 *   higher: the row is significant and new/base > 1 with the whole CI above 1 (the CI
 *           that decided: paired_ci when the row's "by" is "paired", else ratio_ci);
 *   lower:  significant, whole CI below 1;
 *   same:   not significant;
 *   above, below: new/base > 1 (< 1) and the Mann-Whitney p (p_mw) at most 0.1: at 3 boots
 *           against 3 (where 0.1 is its smallest value) every boot of one arm beyond every
 *           boot of the other. The direction when boots spread too much for the t-interval
 *           (a shared, loaded host) but not so much that the arms overlap;
 *   up, down: new/base > 1 (< 1), the geometric means' ratio alone: the direction where
 *           one disturbed boot may overlap the other arm;
 *   within PCT: new/base between 1/(1 + PCT/100) and 1 + PCT/100, significant or not: a
 *           change too small to matter beside one that moved other rows many times over
 *           (pti=on leaves the vDSO clock read alone while a system call costs 15x).
 * Exit 0 when it holds, 1 (one line saying what was found) when not, 2 on bad input.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	json_error_t err;
	json_t *root, *row;
	size_t i;

	double within = 0;
	char *end = NULL;

	if (argc == 6 && !strcmp(argv[4], "within"))
		within = strtod(argv[5], &end);
	if ((argc == 6 && (!end || *end || !(within > 0))) ||
	    (argc != 5 && argc != 6) ||
	    (argc == 5 && strcmp(argv[4], "higher") && strcmp(argv[4], "lower") && strcmp(argv[4], "same") &&
	     strcmp(argv[4], "above") && strcmp(argv[4], "below") && strcmp(argv[4], "up") &&
	     strcmp(argv[4], "down"))) {
		fprintf(stderr, "usage: expect-compare COMPARE.JSON VARIANT METRIC "
			"higher|lower|same|above|below|up|down | within PCT\n");
		return 2;
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		fprintf(stderr, "expect-compare: %s: %s\n", argv[1], err.text);
		return 2;
	}
	json_array_foreach(json_object_get(root, "rows"), i, row) {
		const char *v = json_string_value(json_object_get(row, "variant"));
		const char *m = json_string_value(json_object_get(row, "metric"));
		json_t *ci = json_object_get(row, "ratio_ci");
		double ratio = json_number_value(json_object_get(row, "ratio"));
		double lo = json_number_value(json_array_get(ci, 0)), hi = json_number_value(json_array_get(ci, 1));
		int sig = json_is_true(json_object_get(row, "significant")), ok;
		const char *by = json_string_value(json_object_get(row, "by"));
		json_t *dci = by && !strcmp(by, "paired") ? json_object_get(row, "paired_ci") : ci;
		double dlo = json_number_value(json_array_get(dci, 0)), dhi = json_number_value(json_array_get(dci, 1));

		if (!v || !m || strcmp(v, argv[2]) || strcmp(m, argv[3]))
			continue;
		double p_mw = json_number_value(json_object_get(row, "p_mw"));

		if (within > 0)
			ok = ratio > 0 && ratio <= 1 + within / 100 && ratio >= 1 / (1 + within / 100);
		else if (!strcmp(argv[4], "same"))
			ok = !sig;
		else if (!strcmp(argv[4], "up") || !strcmp(argv[4], "down"))
			ok = argv[4][0] == 'u' ? ratio > 1 : ratio < 1;
		else if (!strcmp(argv[4], "above") || !strcmp(argv[4], "below"))
			ok = (argv[4][0] == 'a' ? ratio > 1 : ratio < 1) &&
			     json_is_number(json_object_get(row, "p_mw")) && p_mw <= 0.1 + 1e-9;
		else if (!strcmp(argv[4], "higher"))
			ok = sig && json_is_array(dci) && dlo > 1 && ratio > 1;
		else
			ok = sig && json_is_array(dci) && dhi < 1 && ratio < 1;
		printf("expect-compare: %s %s: ratio %.4g [%.4g, %.4g], %s, p_mw %.3g; expected %s: %s\n",
		       v, m, ratio, lo, hi, sig ? "significant" : "not significant", p_mw, argv[4],
		       ok ? "ok" : "FAILED");
		if (within > 0)
			printf("expect-compare: (within %g%%)\n", within);
		json_decref(root);
		return ok ? 0 : 1;
	}
	printf("expect-compare: no row for variant %s metric %s\n", argv[2], argv[3]);
	json_decref(root);
	return 1;
}
