/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import.c - `initbench import` (report/import/import.c, docs/import.md). The round trip: an
 * lmbench summary imported into a fresh store and printed by `initbench report` must give
 * back every cell: the same text at the same place for a 2.0 summary (our layout is 2.0's),
 * the same value to the printed precision for 3.0 (other widths) and the alpha (integers).
 * Fixtures: tests/data/lmbench/ (summary-2.0.txt, summary-3.0.txt, summary-alpha.txt,
 * malformed.txt), written after posted summaries with figures of our own.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "tests/unit/testdata.h"
#include "tests/unit/report/import-util.h"

/* ---- tables of a summary text, read independently of the importer ---- */

struct table {
	char title[80];
	char rule[200];
	char rows[8][200];
	int n;
};

static int tables(const char *text, struct table *t, int max)
{
	static const char *const titles[] = { "Basic system parameters", "Processor, Processes",
		"Context switching", "*Local* Communication latencies", "File & VM system latencies",
		"*Local* Communication bandwidths", "Memory latencies" };
	char *copy = strdup(text), *rest = copy, *l;
	int n = -1, state = 0;
	while ((l = strsep(&rest, "\n"))) {
		int k;
		for (k = 0; k < 7 && strncmp(l, titles[k], strlen(titles[k])); k++)
			;
		if (k < 7 && n + 1 < max) {
			memset(&t[++n], 0, sizeof(t[0]));
			snprintf(t[n].title, sizeof(t[n].title), "%s", titles[k]);
			state = 1;
		} else if (state == 1 && !strncmp(l, "--------- ", 10)) {
			snprintf(t[n].rule, sizeof(t[n].rule), "%s", l);
			state = 2;
		} else if (state == 2 && !l[0]) {
			state = 0;   /* a table ends at a blank line */
		} else if (state == 2 && l[0] != ' ' && t[n].n < 8) {
			snprintf(t[n].rows[t[n].n++], sizeof(t[0].rows[0]), "%s", l);
		}
	}
	free(copy);
	return n + 1;
}

/*
 * Every cell of every row of the seven tables in orig must come back in rep: the same text
 * (exact), or the same value within both printings' precision. The Memory table's free-text
 * and extra columns (Guesses, 3.0's Rand mem) and 3.0's extra Basic columns are not ours.
 */
static void compare(const char *orig, const char *rep, int exact, int *cells)
{
	struct table to[8], tr[8];
	int no = tables(orig, to, 8), nr = tables(rep, tr, 8);
	assert_int_equal(no, 7);
	assert_int_equal(nr, 7);
	for (int s = 0; s < 7; s++) {
		int memory = !strcmp(to[s].title, "Memory latencies");
		int basic = !strcmp(to[s].title, "Basic system parameters");
		assert_string_equal(to[s].title, tr[s].title);
		assert_int_equal(to[s].n, tr[s].n);
		for (int r = 0; r < to[s].n; r++)
			for (int c = 1; c < 16; c++) {
				int po, pr, eo = rule_col(to[s].rule, c, &po), er = rule_col(tr[s].rule, c, &pr);
				char a[64], b[64];
				double va, vb;
				if (eo < 0 || er < 0 || (memory && c > 5) || (basic && c > 3))
					break;
				cellof(a, sizeof(a), to[s].rows[r], po + 1, eo);
				cellof(b, sizeof(b), tr[s].rows[r], pr + 1, er);
				if (exact || c == 1 || (basic && c == 2)) {
					if (strcmp(a, b))
						fail_msg("%s row %d column %d: '%s' came back as '%s'",
							 to[s].title, r + 1, c, a, b);
				} else {
					a[strcspn(a, " ")] = 0;   /* Main mem's field reaches into Guesses */
					b[strcspn(b, " ")] = 0;
					int ka = ib_import_cell(a, &va), kb = ib_import_cell(b, &vb);
					if (ka < 0 && *a)
						fail_msg("%s: cannot read '%s'", to[s].title, a);
					/* "-1", "-": lmbench's no data; Mhz can come from another table */
					if (ka == 0 && *a)
						continue;
					if (ka != kb && !(ka <= 0 && kb <= 0 && !*b))
						fail_msg("%s row %d column %d: '%s' came back as '%s'",
							 to[s].title, r + 1, c, a, b);
					if (ka == 1 && fabs(va - vb) > half_ulp(a) + half_ulp(b) + 1e-9)
						fail_msg("%s row %d column %d: %s came back as %s",
							 to[s].title, r + 1, c, a, b);
				}
				if (*a)
					(*cells)++;
			}
	}
}

/* ---- the tests ---- */

static void test_cells(void **state)
{
	double v = -1;
	(void)state;
	assert_int_equal(ib_import_cell("0.65", &v), 1), assert_true(v == 0.65);
	assert_int_equal(ib_import_cell("160.", &v), 1), assert_true(v == 160);
	assert_int_equal(ib_import_cell("1997", &v), 1), assert_true(v == 1997);
	assert_int_equal(ib_import_cell("13.K", &v), 1), assert_true(v == 13000);
	assert_int_equal(ib_import_cell("10K", &v), 1), assert_true(v == 10000);
	assert_int_equal(ib_import_cell("13.2K", &v), 1), assert_true(fabs(v - 13200) < 1e-6);
	assert_int_equal(ib_import_cell("1.2M", &v), 1), assert_true(fabs(v - 1.2e6) < 1e-3);
	assert_int_equal(ib_import_cell("0", &v), 1), assert_true(v == 0);
	assert_int_equal(ib_import_cell("1e-04", &v), 1), assert_true(fabs(v - 1e-4) < 1e-12);
	assert_int_equal(ib_import_cell("-1", &v), 0);
	assert_int_equal(ib_import_cell("-", &v), 0);
	for (const char *const *bad = (const char *const[]){ "1.0.4", "12x", "0x10", "nan",
			"inf", "K", "No", "3.1KB", ".", "", NULL }; *bad; bad++)
		if (ib_import_cell(*bad, &v) != -1)
			fail_msg("'%s' read as a cell", *bad);
}

static void test_labels(void **state)
{
	(void)state;
	assert_true(ib_label_ok("frodo"));
	assert_true(ib_label_ok("lucent.rd_2-x"));
	assert_false(ib_label_ok(""));
	assert_false(ib_label_ok(".."));
	assert_false(ib_label_ok(".hidden"));
	assert_false(ib_label_ok("-x"));   /* it would read as an option */
	assert_false(ib_label_ok("a/b"));
	assert_false(ib_label_ok("a b"));
	char *dir = tmpstore(), *esc;
	assert_int_equal(import(data("lmbench/summary-2.0.txt"), dir, "../escape"), 2);
	assert_true(asprintf(&esc, "%s/../escape", dir) > 0);
	assert_int_equal(access(esc, F_OK), -1);
	free(esc);
	free(dir);
}

static void test_roundtrip_20(void **state)
{
	char *const labels[] = { "frodo", "sam", "pippin" };
	char *dir = tmpstore(), *orig = slurp(data("lmbench/summary-2.0.txt")), *p;
	int cells = 0;
	(void)state;
	assert_int_equal(import(data("lmbench/summary-2.0.txt"), dir, NULL), 0);
	char *rep = report(dir, labels, 3);
	compare(orig, rep, 1, &cells);
	assert_true(cells > 100);
	/* the raw text is kept as it was, once (in the first row's boot), and every boot says
	 * where it came from and where that copy is */
	assert_true(asprintf(&p, "%s/frodo/1/lmbench-summary.txt", dir) > 0);
	char *kept = slurp(p);
	assert_string_equal(kept, orig);
	free(p), free(kept);
	assert_true(asprintf(&p, "%s/sam/1/lmbench-summary.txt", dir) > 0);
	assert_int_equal(access(p, F_OK), -1);
	free(p);
	assert_true(asprintf(&p, "%s/sam/1/results.json", dir) > 0);
	json_t *res = json_load_file(p, 0, NULL);
	assert_non_null(res);
	assert_string_equal(json_string_value(json_object_get(json_object_get(res, "import"),
							      "copy")), "frodo/1/lmbench-summary.txt");
	assert_string_equal(json_string_value(json_object_get(json_object_get(res, "integrity"),
								 "status")), "imported");
	json_t *env = json_object_get(res, "env");
	assert_string_equal(json_string_value(json_object_get(env, "uname_s")), "Linux");
	assert_string_equal(json_string_value(json_object_get(env, "uname_r")), "2.5.33");
	assert_string_equal(json_string_value(json_object_get(env, "cpu_model")), "i686-pc-linux-gnu");
	size_t i;
	json_t *m;
	int seen_sh = 0, seen_bw = 0;
	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		const char *id = json_string_value(json_object_get(m, "metric"));
		if (!strcmp(id, "sh_proc_dyn") || !strcmp(id, "lat_rpc_udp_poll"))
			seen_sh = 1;   /* blank in sam's row: no measurement */
		if (!strcmp(id, "bw_mem_fwr")) {
			seen_bw = 1;
			assert_string_equal(json_string_value(json_object_get(m, "unit")), "MB/s");
			assert_true(json_real_value(json_object_get(m, "median")) == 1422.);
			assert_string_equal(json_string_value(json_object_get(json_object_get(m, "params"),
				"imported")), "lmbench-2.0");
		}
	}
	assert_false(seen_sh);
	assert_true(seen_bw);
	json_decref(res);
	free(p), free(rep), free(orig), free(dir);
}

static void test_label_override(void **state)
{
	char *const labels[] = { "old" };
	char *dir = tmpstore(), *orig = slurp(data("lmbench/summary-2.0.txt"));
	int cells = 0;
	(void)state;
	assert_int_equal(import(data("lmbench/summary-2.0.txt"), dir, "old"), 0);
	char *rep = report(dir, labels, 1);
	assert_non_null(strstr(rep, "\nold        Linux 2.5.33 1002 0.31"));
	assert_non_null(strstr(rep, "old/3: imported"));
	free(rep);
	(void)cells;
	/* a second import appends boots, never rewrites */
	assert_int_equal(import(data("lmbench/summary-2.0.txt"), dir, "old"), 0);
	rep = report(dir, labels, 1);
	assert_non_null(strstr(rep, "old/6: imported"));
	free(rep), free(orig), free(dir);
}

static void test_roundtrip_30(void **state)
{
	char *const labels[] = { "merry", "fedora-th" };
	char *dir = tmpstore(), *orig = slurp(data("lmbench/summary-3.0.txt")), *p;
	int cells = 0;
	(void)state;
	assert_int_equal(import(data("lmbench/summary-3.0.txt"), dir, NULL), 0);
	char *rep = report(dir, labels, 2);
	compare(orig, rep, 0, &cells);
	assert_true(cells > 80);
	/* Mhz -1 in Processor: the Basic figure stands; 100fd selct is select_file_wr */
	assert_non_null(strstr(rep, "\nfedora-th Linux 5.15.3- 3193 0.46"));
	assert_true(asprintf(&p, "%s/fedora-th/1/results.json", dir) > 0);
	json_t *res = json_load_file(p, 0, NULL), *m;
	size_t i;
	int sel = 0;
	json_array_foreach(json_object_get(res, "measurements"), i, m)
		if (!strcmp(json_string_value(json_object_get(m, "metric")), "select_file_wr"))
			sel = json_real_value(json_object_get(m, "median")) == 1.21;
	assert_true(sel);
	assert_string_equal(json_string_value(json_object_get(json_object_get(res, "import"),
								 "guesses")), "No L1 cache?");
	json_decref(res);
	free(p), free(rep), free(orig), free(dir);
}

static void test_roundtrip_alpha(void **state)
{
	char *const labels[] = { "treebeard", "ent" };
	char *dir = tmpstore(), *orig = slurp(data("lmbench/summary-alpha.txt"));
	int cells = 0;
	(void)state;
	assert_int_equal(import(data("lmbench/summary-alpha.txt"), dir, NULL), 0);
	char *rep = report(dir, labels, 2);
	compare(orig, rep, 0, &cells);
	assert_true(cells > 60);
	/* the alpha's "0" is a figure (below 1), not a blank */
	assert_non_null(strstr(rep, "\ntreebeard Linux 2.4.0-t 0.000 3.0000"));
	free(rep), free(orig), free(dir);
}

static void test_refused(void **state)
{
	char err[1024], *dir = tmpstore(), *p;
	(void)state;
	assert_int_equal(import_err(data("lmbench/malformed.txt"), dir, err, sizeof(err)), 6);
	assert_non_null(strstr(err, "malformed.txt:44: cannot read '1.0.4'"));
	assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));   /* one line */
	assert_true(asprintf(&p, "%s/frodo", dir) > 0);
	assert_int_equal(access(p, F_OK), -1);   /* nothing written */
	free(p);
	/* neither a summary nor a capture: one line, nothing written */
	assert_true(asprintf(&p, "%s/notes.txt", dir) > 0);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs("Processor speed notes\nnull call was fast\n", f);
	fclose(f);
	assert_int_equal(import_err(p, dir, err, sizeof(err)), 6);
	assert_non_null(strstr(err, "neither an lmbench summary"));
	assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
	assert_true(access(data("lmbench/../x"), F_OK) == -1);
	free(p);
	assert_true(asprintf(&p, "%s/notes", dir) > 0);
	assert_int_equal(access(p, F_OK), -1);
	free(p);
	free(dir);
}

static void test_console(void **state)
{
	char *dir = tmpstore(), *p;
	(void)state;
	int rc = import(data("small.log"), dir, "cap");
	assert_true(rc == 0 || rc == 6);
	assert_true(asprintf(&p, "%s/cap/1/console.log", dir) > 0);
	char *a = slurp(p), *b = slurp(data("small.log"));
	assert_string_equal(a, b);
	free(p), free(a), free(b);
	assert_true(asprintf(&p, "%s/cap/1/results.json", dir) > 0);
	json_t *res = json_load_file(p, 0, NULL);
	assert_non_null(res);
	assert_string_equal(json_string_value(json_object_get(json_object_get(res, "launch"),
							      "launcher")), "import");
	json_decref(res);
	free(p), free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_roundtrip_20),
		cmocka_unit_test(test_label_override),
		cmocka_unit_test(test_roundtrip_30),
		cmocka_unit_test(test_roundtrip_alpha),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_console),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
