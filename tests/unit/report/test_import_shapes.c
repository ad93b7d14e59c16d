/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import_shapes.c - lmbench summaries as they survive in mail and on web pages
 * (docs/import.md, "Tables as they survive"). The tables lmbench's own getsummary printed
 * (1.0, 1.1, 1.9, 2.0, 3.0 of 2001 and 3.0: tests/data/lmbench/getsummary-*.txt, see the
 * README there) are shaped here as they get passed on: quoted, quoted twice, whitespace
 * collapsed, each table on one line, the whole summary on one line. Each shape is imported
 * into a fresh store and printed by `initbench report`; every figure of the original must
 * come back, to the precision of both printings, in the report column that holds its
 * quantity (the table below, written from lmbench's scripts, not from the importer). Where
 * collapsing took away the blanks inside a row, the figures are expected in order with the
 * blanks last, which is what docs/import.md promises.
 */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "tests/unit/testdata.h"
#include "host/lib/exitcode.h"
#include "tests/unit/report/import-util.h"

static const char *const titles[] = { "Basic system parameters", "Processor, Processes",
	"Context switching", "*Local* Communication latencies", "File & VM system latencies",
	"*Local* Communication bandwidths", "Memory latencies" };
#define NTITLES 7

/*
 * Where each column of each lmbench layout shows in our report: report table (the order of
 * titles[]) * 100 + the column's dash run in the report's rule (2 is the first after OS);
 * 0 when the report has no such column. tcp: "TCP" under selct (-1: either).
 */
struct colmap {
	int title, ncols, tcp;
	short to[12];
};

static const struct colmap maps[] = {
	{ 0, 2, -1, { 2, 3 } },
	{ 0, 5, -1, { 2, 3 } },
	{ 0, 6, -1, { 2, 3 } },
	/* 1.0: Null Syscall is a write to /dev/null, lmbench 2.0 files it under null I/O */
	{ 1, 8, -1, { 102, 104, 110, 111, 112, 406, 202, 0 } },
	/* 1.1, 1.2: printed in the order sig inst, sig hndl, null call (a write) */
	{ 1, 7, -1, { 102, 108, 109, 104, 110, 111, 112 } },
	{ 1, 11, 1, { 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112 } },
	/* 1.9: selct over 100 file descriptors, not the report's TCP column */
	{ 1, 11, 0, { 102, 103, 104, 105, 106, 0, 108, 109, 110, 111, 112 } },
	{ 2, 7, -1, { 202, 203, 204, 205, 206, 207, 208 } },
	{ 3, 5, -1, { 303, 305, 306, 307, 308 } },
	{ 3, 7, -1, { 302, 303, 305, 306, 307, 308, 309 } },
	{ 3, 8, -1, { 302, 303, 304, 305, 306, 307, 308, 309 } },
	{ 4, 7, -1, { 402, 403, 404, 405, 406, 407, 408 } },
	{ 4, 8, -1, { 402, 403, 404, 405, 406, 407, 408, 0 } },
	{ 5, 8, -1, { 502, 504, 505, 506, 507, 508, 509, 510 } },
	{ 5, 9, -1, { 502, 503, 504, 505, 506, 507, 508, 509, 510 } },
	{ 6, 5, -1, { 602, 603, 604, 605, 0 } },
	{ 6, 6, -1, { 602, 603, 604, 605, 0, 0 } },
};

/* ---- tables of a summary, read independently of the importer ---- */

struct tab {
	int title, tcp, ncols;
	char rule[256];
	char rows[8][256];
	int n;
};

static int rule_runs(const char *l)
{
	int runs = 0;
	if (strncmp(l, "---------", 9) || strspn(l, "- ") != strlen(l))
		return 0;
	for (int i = 0; l[i]; i++)
		runs += l[i] == '-' && (i == 0 || l[i - 1] == ' ');
	return runs;
}

static int read_tables(const char *text, struct tab *t, int max)
{
	char *copy = strdup(text), *rest = copy, *l;
	int n = -1, state = 0;

	while ((l = strsep(&rest, "\n"))) {
		const char *s = l + strspn(l, " \t");
		int k;
		for (k = 0; k < NTITLES && strncmp(s, titles[k], strlen(titles[k])); k++)
			;
		if (k < NTITLES && n + 1 < max) {
			memset(&t[++n], 0, sizeof(t[0]));
			t[n].title = k;
			state = 1;
		} else if (state == 1 && rule_runs(l) >= 3) {
			snprintf(t[n].rule, sizeof(t[n].rule), "%s", l);
			t[n].ncols = rule_runs(l) - 2;
			state = 2;
		} else if (state == 1) {
			t[n].tcp |= strstr(l, " TCP ") != NULL;
		} else if (state == 2 && !l[0]) {
			state = 0;
		} else if (state == 2 && l[0] != ' ' && t[n].n < 8) {
			snprintf(t[n].rows[t[n].n++], sizeof(t[0].rows[0]), "%s", l);
		}
	}
	free(copy);
	return n + 1;
}

/*
 * The cells of a row after Host and OS: a row with a figure for every column is read word by
 * word (lmbench's too-wide figures push the columns right), else by the dash runs.
 */
static int row_cells(const struct tab *t, const char *row, char key[128], char cells[12][64])
{
	char os[64], tmp[256], *save, *w;
	int pe, e = rule_col(t->rule, 1, &pe), nw = 0, osw = 1;
	char words[24][64];

	cellof(os, sizeof(os), row, pe + 1, e);
	osw += strchr(os, ' ') != NULL;
	snprintf(key, 128, "%.*s %s", (int)strcspn(row, " ") % 64, row, os);
	snprintf(tmp, sizeof(tmp), "%s", row);
	for (w = strtok_r(tmp, " ", &save); w && nw < 24; w = strtok_r(NULL, " ", &save))
		snprintf(words[nw++], 64, "%s", w);
	/* figure words after OS, Memory's Guesses (its last column) not counted */
	int figs = 0, want = t->ncols - (t->title == 6);
	double v;
	while (1 + osw + figs < nw && ib_import_cell(words[1 + osw + figs], &v) >= 0)
		figs++;
	for (int c = 0; c < t->ncols; c++) {
		if (figs == want && c < want) {
			snprintf(cells[c], 64, "%s", words[1 + osw + c]);
			continue;
		}
		e = rule_col(t->rule, c + 2, &pe);
		cellof(cells[c], 64, row, pe + 1, e);
		cells[c][strcspn(cells[c], " ")] = 0;   /* Main mem's field reaches into Guesses */
	}
	return t->ncols;
}

static const struct colmap *map_of(const struct tab *t)
{
	for (size_t i = 0; i < sizeof(maps) / sizeof(maps[0]); i++)
		if (maps[i].title == t->title && maps[i].ncols == t->ncols &&
		    (maps[i].tcp < 0 || maps[i].tcp == t->tcp))
			return &maps[i];
	fail_msg("%s: no map for %d columns", titles[t->title], t->ncols);
	return NULL;
}

/* the report's cell of the row keyed key in report table rt, dash run c */
static void report_cell(const struct tab *rep, int nrep, int rt, int c, const char *key, char out[64])
{
	for (int i = 0; i < nrep; i++)
		for (int r = 0; rep[i].title == rt && r < rep[i].n; r++) {
			char k[128], cells[12][64];
			row_cells(&rep[i], rep[i].rows[r], k, cells);
			if (!strcmp(k, key)) {
				snprintf(out, 64, "%s", cells[c - 2]);
				return;
			}
		}
	fail_msg("no row '%s' in the report's %s", key, titles[rt]);
}

/*
 * Every figure of orig against the report. words: the blanks inside rows were lost, so a
 * row's figures are expected in order, blanks last. Returns the number of cells compared.
 */
static int compare(const char *orig, const char *rep, int words, const char *what)
{
	struct tab to[16], tr[8];
	int no = read_tables(orig, to, 16), nr = read_tables(rep, tr, 8), cells = 0;

	assert_int_equal(nr, NTITLES);
	for (int s = 0; s < no; s++) {
		const struct colmap *m = map_of(&to[s]);
		for (int r = 0; r < to[s].n; r++) {
			char key[128], c[12][64], got[64];
			int n = row_cells(&to[s], to[s].rows[r], key, c), j = 0;
			for (int k = 0; k < n; k++) {
				double va, vb;
				int desc = to[s].title == 0 && k == 0, ka = ib_import_cell(c[k], &va);
				if (!desc && ka < 0)   /* Guesses, or blank */
					continue;
				int at = words ? j++ : k;
				if (!m->to[at] || (!desc && ka == 0))
					continue;
				report_cell(tr, nr, m->to[at] / 100, m->to[at] % 100, key, got);
				/* both lmbench and our report cut figures to the width (20933 in
				 * four places is "20.K"): a unit of the last place on each side */
				if (desc ? strcmp(c[k], got) : ib_import_cell(got, &vb) != 1 ||
				    fabs(va - vb) > 2 * (half_ulp(c[k]) + half_ulp(got)) + 1e-9)
					fail_msg("%s: %s, %s, column %d: '%s' came back as '%s'", what,
						 titles[to[s].title], key, k + 1, c[k], got);
				cells++;
			}
		}
	}
	return cells;
}

/* ---- the shapes ---- */

enum shape { PRINTED, QUOTED, QUOTED_TWICE, COLLAPSED, FLAT_TABLES, ONE_LINE, NSHAPES };
static const char *const shape_name[] = { "as printed", "quoted", "quoted twice",
	"whitespace collapsed", "each table on one line", "all on one line" };

/* one line with tabs and runs of blanks made one blank, none at either end */
static void collapse(FILE *f, const char *l, size_t n)
{
	int blank = 1;   /* drops the leading ones */
	size_t out = 0;

	for (size_t i = 0; i < n; i++) {
		if (l[i] == ' ' || l[i] == '\t') {
			blank = 1;
			continue;
		}
		if (blank && out)
			fputc(' ', f);
		fputc(l[i], f);
		blank = 0;
		out++;
	}
}

static char *shaped(const char *text, enum shape sh)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	int started = 0;

	if (sh == QUOTED || sh == QUOTED_TWICE)
		fputs("On Tue, a kernel hacker wrote:\n", f);
	for (const char *l = text; *l;) {
		size_t n = strcspn(l, "\n");
		int empty = strspn(l, " \t") >= n;
		if (sh == QUOTED || sh == QUOTED_TWICE) {
			fputs(sh == QUOTED ? ">" : "> >", f);
			if (n)
				fputc(' ', f);
			fwrite(l, 1, n, f);
			fputc('\n', f);
		} else if (sh == COLLAPSED) {
			collapse(f, l, n);
			fputc('\n', f);
		} else if (sh == FLAT_TABLES || sh == ONE_LINE) {
			if (empty && sh == FLAT_TABLES && started)
				fputs("\n\n", f);
			else if (!empty && started)
				fputc(' ', f);
			if (!empty)
				collapse(f, l, n);
			started = !empty || (sh == ONE_LINE && started);
		} else
			fwrite(l, 1, n + (l[n] == '\n'), f);
		l += n + (l[n] == '\n');
	}
	if (sh == QUOTED || sh == QUOTED_TWICE)
		fputs("\nThanks, these look right.\n", f);
	else if (sh == FLAT_TABLES || sh == ONE_LINE)
		fputc('\n', f);
	fclose(f);
	return out;
}

static void roundtrip(const char *base, int min_cells)
{
	char *const labels[] = { "native", "tcg", "uml" };
	char *orig = slurp(data(base));

	for (int sh = 0; sh < NSHAPES; sh++) {
		char *dir = tmpstore(), *path, *text = shaped(orig, (enum shape)sh), what[128];
		assert_true(asprintf(&path, "%s/shaped.txt", dir) > 0);
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(text, f);
		fclose(f);
		assert_int_equal(import(path, dir, NULL), 0);
		char *rep = report(dir, labels, 3);
		snprintf(what, sizeof(what), "%s %s", base, shape_name[sh]);
		int cells = compare(orig, rep, sh >= COLLAPSED, what);
		if (cells < min_cells)
			fail_msg("%s: only %d cells compared", what, cells);
		free(rep), free(text), free(path), free(dir);
	}
	free(orig);
}

static void test_getsummary_10(void **state) { (void)state; roundtrip("lmbench/getsummary-1.0.txt", 30); }
static void test_getsummary_11(void **state) { (void)state; roundtrip("lmbench/getsummary-1.1.txt", 60); }
static void test_getsummary_19(void **state) { (void)state; roundtrip("lmbench/getsummary-1.9.txt", 70); }
static void test_getsummary_20(void **state) { (void)state; roundtrip("lmbench/getsummary-2.0.txt", 70); }
static void test_getsummary_30_2001(void **state) { (void)state; roundtrip("lmbench/getsummary-3.0-2001.txt", 70); }
static void test_getsummary_30(void **state) { (void)state; roundtrip("lmbench/getsummary-3.0.txt", 70); }

/* ---- rows the shapes above do not reach (figures of our own) ---- */

static char *write_text(const char *dir, const char *text)
{
	char *path;
	assert_true(asprintf(&path, "%s/in.txt", dir) > 0);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static json_t *boot(const char *dir, const char *label)
{
	char *p;
	assert_true(asprintf(&p, "%s/%s/1/results.json", dir, label) > 0);
	json_t *res = json_load_file(p, 0, NULL);
	if (!res)
		fail_msg("no boot %s", p);
	free(p);
	return res;
}

/* a metric's figure in a boot, NAN when it has none */
static double metric(const json_t *res, const char *name)
{
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(res, "measurements"), i, m)
		if (!strcmp(json_string_value(json_object_get(m, "metric")), name))
			return json_real_value(json_object_get(m, "median"));
	return NAN;
}

static const char *imported(const json_t *res, const char *key)
{
	return json_string_value(json_object_get(json_object_get(res, "import"), key));
}

static const char proc19_head[] =
	"Processor, Processes - times in microseconds - smaller is better\n"
	"----------------------------------------------------------------\n"
	"Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  \n"
	"                             call  I/O stat clos       inst hndl proc proc proc\n"
	"--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----\n";

/* collapsed rows, no title: OS of one word (the sysname fills lmbench's 13), of two whose
 * second looks like a figure, and a longer one typed by hand; a short row */
static void test_os_words(void **state)
{
	char *dir = tmpstore(), *text, *path;
	(void)state;
	assert_true(asprintf(&text, "%s%s", proc19_head,
		"sparky SunOS 5.5 167 4.1 9.5 31\n"
		"winbox CYGWIN_NT-5.1 2400 0.9 1.2 4 6 0.01K 1.0 3 0.1K 1K 2K\n"
		"hand Linux 2.6.13-rc4-mm1 797 0.40 0.56 3 4 0.02K 1.0 3 0.1K 1K 2K\n") > 0);
	path = write_text(dir, text);
	assert_int_equal(import(path, dir, NULL), 0);
	json_t *a = boot(dir, "sparky"), *b = boot(dir, "winbox"), *c = boot(dir, "hand");
	assert_string_equal(imported(a, "os"), "SunOS 5.5");
	assert_true(metric(a, "mhz") == 167 && metric(a, "stat") == 31 && isnan(metric(a, "open_close")));
	assert_string_equal(imported(b, "os"), "CYGWIN_NT-5.1");
	assert_true(metric(b, "mhz") == 2400 && metric(b, "select_file_wr") == 10 && metric(b, "sh_proc_dyn") == 2000);
	assert_string_equal(imported(c, "os"), "Linux 2.6.13-rc4-mm1");
	assert_true(metric(c, "null_call") == 0.40 && metric(c, "select_file_wr") == 20);
	/* no title: 1.9's layout is also 2.0's, so 2.0 */
	json_t *m = json_array_get(json_object_get(a, "measurements"), 0);
	assert_string_equal(json_string_value(json_object_get(json_object_get(m, "params"), "imported")),
			    "lmbench-2.0");
	json_decref(a), json_decref(b), json_decref(c);
	free(path), free(text), free(dir);
}

/* an aligned row with a figure wider than its column and a blank after it: the blank stays */
static void test_wide_figure(void **state)
{
	char *dir = tmpstore(), *text, *path;
	(void)state;
	assert_true(asprintf(&text, "%s%s", proc19_head,
		"uml       Linux 6.1.176   -1  73.1  80.   79  148       74.3   79 2.3K   4K  16K\n") > 0);
	path = write_text(dir, text);
	assert_int_equal(import(path, dir, NULL), 0);
	json_t *r = boot(dir, "uml");
	assert_true(metric(r, "null_call") == 73.1 && metric(r, "null_io") == 80 && metric(r, "stat") == 79);
	assert_true(isnan(metric(r, "select_file_wr")) && metric(r, "sig_inst") == 74.3);
	assert_true(metric(r, "sig_hndl") == 79 && metric(r, "sh_proc_dyn") == 16000);
	json_decref(r);
	free(path), free(text), free(dir);
}

/* selct: over 100 file descriptors in 1.9 (select_file_wr), over TCP sockets in 2.0 (select_tcp_wr) */
static void test_select_metric(void **state)
{
	char *dir = tmpstore(), *dir2 = tmpstore();
	(void)state;
	assert_int_equal(import(data("lmbench/getsummary-1.9.txt"), dir, NULL), 0);
	json_t *r = boot(dir, "tcg");
	assert_true(metric(r, "select_file_wr") == 10 && isnan(metric(r, "select_tcp_wr")));
	json_decref(r);
	assert_int_equal(import(data("lmbench/getsummary-2.0.txt"), dir2, NULL), 0);
	r = boot(dir2, "native");
	assert_true(metric(r, "select_tcp_wr") == 4 && isnan(metric(r, "select_file_wr")));
	json_decref(r);
	free(dir), free(dir2);
}

/* words that cannot be a row: one line each, nothing stored */
static void test_refused_words(void **state)
{
	static const char *const bad[][2] = {
		{ "x Linux 2.4.18 797 0.40 0.56 3 4 1 1.0 3 0.1K 1K 2K 9\n", "'9' lies past the last column" },
		{ "y Linux 2.4.18 797 0.40 abc\n", "cannot read 'abc' as a figure (null_io)" },
		{ NULL, "Context switching: 5 columns, not a layout" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *dir = tmpstore(), *text, *path, err[1024], *p;
		if (bad[i][0])
			assert_true(asprintf(&text, "%s%s", proc19_head, bad[i][0]) > 0);
		else
			text = strdup("Context switching - times in microseconds --- Host OS 2p/0K "
				      "--------- ------------- ----- ----- ----- ----- ----- "
				      "z Linux 2.4.18 1 2 3 4 5\n");
		path = write_text(dir, text);
		assert_int_equal(import_err(path, dir, err, sizeof(err)), IB_EXIT_BADDATA);
		if (!strstr(err, bad[i][1]))
			fail_msg("'%s' for '%s'", err, bad[i][1]);
		assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
		assert_true(asprintf(&p, "%s/x", dir) > 0 && access(p, F_OK) == -1);
		free(p), free(path), free(text), free(dir);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_getsummary_10),
		cmocka_unit_test(test_getsummary_11),
		cmocka_unit_test(test_getsummary_19),
		cmocka_unit_test(test_getsummary_20),
		cmocka_unit_test(test_getsummary_30_2001),
		cmocka_unit_test(test_getsummary_30),
		cmocka_unit_test(test_os_words),
		cmocka_unit_test(test_wide_figure),
		cmocka_unit_test(test_select_metric),
		cmocka_unit_test(test_refused_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
