/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_export.c - `initbench export` (report/export/export.h) on the fixture boots of
 * tests/data/summary: CSV quoting and one row per sample, JSON holding every sample and
 * each boot's environment, and the HTML directory (escaping; with gnuplot installed, every
 * image the page names exists and is not empty; without it, that part is skipped).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/testdata.h"

#include "report/export/export.h"
#include "report/store/store.h"

static void load(struct ib_set *set)
{
	char *const labels[] = { "orig", "uml" };
	assert_int_equal(ib_store_load(data("summary"), labels, 2, set, "test"), 0);
	assert_int_equal(set->n, 4);
}

/* every sample of every measurement of the set (of its boots with that integrity status) */
static long count_samples_of(const struct ib_set *set, const char *status)
{
	long n = 0;
	for (size_t b = 0; b < set->n; b++) {
		size_t i;
		json_t *m;
		const char *st = json_string_value(json_object_get(json_object_get(
			set->boots[b].res, "integrity"), "status"));
		if (status && (!st || strcmp(st, status)))
			continue;
		json_array_foreach(json_object_get(set->boots[b].res, "measurements"), i, m)
			n += (long)json_array_size(json_object_get(m, "samples"));
	}
	return n;
}

static long count_samples(const struct ib_set *set)
{
	return count_samples_of(set, NULL);
}

static char *to_string(void (*fn)(FILE *, const char *), const char *in)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	fn(f, in);
	fclose(f);
	return out;
}

static char *cell(const char *in, size_t max)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	ib_csv_field(f, in, max);
	fclose(f);
	return out;
}

static void test_csv_field(void **state)
{
	static const char *const cases[][2] = {
		{ "plain", "plain" }, { "", "" }, { "a b", "a b" },
		{ "a,b", "\"a,b\"" }, { "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "two\nlines", "\"two\nlines\"" }, { "cr\r", "\"cr\r\"" }, { "\"", "\"\"\"\"" },
		/* no cell a spreadsheet would run: = + - @ TAB CR first, unless a plain number */
		{ "=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\"" },
		{ "+HYPERLINK(\"http://x\",\"y\")", "\"'+HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
		{ "-2+3", "\"'-2+3\"" }, { "@SUM(A1)", "\"'@SUM(A1)\"" },
		{ "\t=1", "\"'\t=1\"" }, { "\r=1", "\"'\r=1\"" }, { "-", "\"'-\"" },
		{ "-inf", "\"'-inf\"" }, { "+nan", "\"'+nan\"" }, { "-0x10", "\"'-0x10\"" },
		{ "-1", "-1" }, { "+5", "+5" }, { "-1.5e-05", "-1.5e-05" }, { "-.5", "-.5" },
		{ "-5.", "-5." }, { "-1e", "\"'-1e\"" }, { "a=b", "a=b" }, { "x-1", "x-1" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = cell(cases[i][0], 1000);
		if (strcmp(s, cases[i][1]))
			fail_msg("'%s' -> '%s', want '%s'", cases[i][0], s, cases[i][1]);
		free(s);
	}
}

/* a cell is cut to its column's maximum, never inside a UTF-8 sequence */
static void test_csv_cut(void **state)
{
	char *s;
	(void)state;
	s = cell("abcdef", 3);
	assert_string_equal(s, "abc");
	free(s);
	s = cell("ab\xc3\xa9z", 3);     /* "abéz": é is 2 bytes at 2..3 */
	assert_string_equal(s, "ab");
	free(s);
	s = cell("=a,b", 2);
	assert_string_equal(s, "\"'=a\"");
	free(s);
}

static void test_html_text(void **state)
{
	(void)state;
	char *s = to_string(ib_html_text, "<a href=\"x\">R&D's</a>");
	assert_string_equal(s, "&lt;a href=&quot;x&quot;&gt;R&amp;D&#39;s&lt;/a&gt;");
	free(s);
}

/* the CSV text as records of fields (RFC 4180), checking CRLF ends and quotes */
static size_t records(char *text, size_t nfields)
{
	size_t lines = 0;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t fields = 1;
		int quoted = 0;
		assert_int_equal(line[strlen(line) - 1], '\r');
		for (char *p = line; *p; p++) {
			if (*p == '"')
				quoted = !quoted;   /* a doubled quote toggles twice */
			else if (*p == ',' && !quoted)
				fields++;
		}
		assert_false(quoted);
		assert_int_equal(fields, nfields);
		lines++;
	}
	return lines;
}

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static char *table(const struct ib_set *set, enum ib_csv_table t, long *rows, size_t *len)
{
	char *out = NULL;
	FILE *f = open_memstream(&out, len);
	*rows = ib_export_csv(f, set, t);
	fclose(f);
	/* the stated bound: one header row plus ib_csv_row_max() per row */
	assert_true(*len <= (size_t)(*rows + 1) * ib_csv_row_max(t));
	return out;
}

static void test_csv_rows(void **state)
{
	struct ib_set set;
	char *out;
	size_t len, nmeas = 0;
	long rows;
	(void)state;
	load(&set);
	for (size_t b = 0; b < set.n; b++)
		nmeas += json_array_size(json_object_get(set.boots[b].res, "measurements"));

	/* samples: one row per sample, six fields */
	out = table(&set, IB_CSV_SAMPLES, &rows, &len);
	assert_true(rows > 100);
	assert_int_equal(rows, count_samples(&set));
	assert_true(starts(out, "label,boot,m,metric,sample,value\r\n"));
	assert_non_null(strstr(out, "\r\norig,1,0,"));
	assert_int_equal(records(out, 6), (size_t)rows + 1);
	free(out);

	/* measurements: one per measurement; lat_mem's guesses=L1:32K,L2:512K are quoted */
	out = table(&set, IB_CSV_MEASUREMENTS, &rows, &len);
	assert_int_equal(rows, (long)nmeas);
	assert_true(starts(out, "label,boot,m,metric,bench,unit,params,iters,overhead,cpu,"
			   "samples,median,min,outcome,integrity\r\n"));
	assert_non_null(strstr(out, ",\"buffer_kb=65536;guesses=L1:32K,L2:512K,"));
	assert_non_null(strstr(out, "\r\norig,1,1,null_call,null_call,us,"));
	assert_non_null(strstr(out, ",ok,complete\r\n"));
	assert_int_equal(records(out, 15), (size_t)rows + 1);
	free(out);

	/* boots: one per boot, the environment once */
	out = table(&set, IB_CSV_BOOTS, &rows, &len);
	assert_int_equal(rows, 4);
	assert_true(starts(out, "label,boot,integrity,uname_r,uname_m,hypervisor,clocksource,"
			   "cpu_model,ncpu,cmdline,launcher,accel,host_cpu\r\n"));
	assert_non_null(strstr(out, "\r\numl,2,"));
	assert_int_equal(records(out, 13), (size_t)rows + 1);
	free(out);
	ib_set_free(&set);
}

/* a label that needs quoting comes out quoted in every one of its rows; strings longer than
 * any log could hold (a hand-made store) are cut to the column, so the bound holds */
static void test_csv_quoted_label(void **state)
{
	struct ib_set set = { 0 };
	char *out, *big = malloc(100001), *doc;
	size_t len;
	long rows;
	json_error_t err;
	(void)state;
	memset(big, 'A', 100000);
	big[100000] = '\0';
	assert_true(asprintf(&doc, "{\"env\":{\"uname_r\":\"6.1,x\",\"hypervisor\":\"=cmd\","
			     "\"clocksource\":\"%s\"},"
			     "\"launch\":{\"accel\":\"tcg\",\"host_cpu\":1},"
			     "\"integrity\":{\"status\":\"incomplete\"},"
			     "\"measurements\":[{\"bench\":\"b\",\"metric\":\"%s\",\"unit\":\"us\","
			     "\"iters\":10,\"params\":{\"z\":1,\"a\":\"q\\\"\"},"
			     "\"samples\":[1.5,-0.1]}]}", big, big) > 0);
	json_t *res = json_loads(doc, 0, &err);
	assert_non_null(res);
	assert_int_equal(ib_set_add(&set, "x,\"y\"", 3, res), 0);
	out = table(&set, IB_CSV_SAMPLES, &rows, &len);
	assert_int_equal(rows, 2);
	assert_non_null(strstr(out, "\r\n\"x,\"\"y\"\"\",3,0,AAAA"));
	assert_non_null(strstr(out, ",1,-0.1\r\n"));
	assert_true(len < 400);
	free(out);
	out = table(&set, IB_CSV_MEASUREMENTS, &rows, &len);
	assert_non_null(strstr(out, ",b,us,\"a=q\"\";z=1\",10,,,2,,,,incomplete\r\n"));
	free(out);
	out = table(&set, IB_CSV_BOOTS, &rows, &len);
	assert_non_null(strstr(out, "\r\n\"x,\"\"y\"\"\",3,incomplete,\"6.1,x\",,\"'=cmd\","));
	assert_true(len < 1000);
	free(out);
	free(doc);
	free(big);
	ib_set_free(&set);
}

static void test_json(void **state)
{
	struct ib_set set;
	long samples = 0;
	size_t i, k;
	json_t *l, *b;
	(void)state;
	load(&set);
	json_t *j = ib_export_json(&set);
	assert_non_null(j);
	assert_int_equal(json_integer_value(json_object_get(j, "format")), 1);
	json_t *labels = json_object_get(j, "labels");
	assert_int_equal(json_array_size(labels), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(labels, 0), "label")), "orig");
	assert_string_equal(json_string_value(json_object_get(json_array_get(labels, 1), "label")), "uml");
	json_array_foreach(labels, i, l) {
		assert_int_equal(json_array_size(json_object_get(l, "boots")), 2);
		json_array_foreach(json_object_get(l, "boots"), k, b) {
			size_t m;
			json_t *x;
			assert_int_equal(json_integer_value(json_object_get(b, "boot")), (json_int_t)k + 1);
			assert_true(json_is_object(json_object_get(b, "env")));
			assert_non_null(json_object_get(b, "launch"));
			assert_true(json_is_object(json_object_get(b, "integrity")));
			assert_string_equal(json_string_value(json_object_get(json_object_get(b, "env"),
							"hypervisor")), i ? "UML" : "TCG");
			json_array_foreach(json_object_get(b, "measurements"), m, x)
				samples += (long)json_array_size(json_object_get(x, "samples"));
		}
	}
	assert_int_equal(samples, count_samples(&set));
	/* and it survives a round trip through text */
	char *text = json_dumps(j, 0);
	json_t *back = json_loads(text, 0, NULL);
	assert_true(json_equal(j, back));
	free(text);
	json_decref(back);
	json_decref(j);
	ib_set_free(&set);
}

static int have_gnuplot(void)
{
	const char *path = getenv("PATH");
	char buf[4096];
	for (const char *p = path ? path : "/usr/bin:/bin"; *p; ) {
		size_t n = strcspn(p, ":");
		snprintf(buf, sizeof(buf), "%.*s/gnuplot", (int)n, p);
		if (!access(buf, X_OK))
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&s, &len);
	int c;
	assert_non_null(f);
	while ((c = fgetc(f)) != EOF)
		fputc(c, m);
	fclose(m);
	fclose(f);
	return s;
}

/* the page's <img src> files: how many, every one present and not empty */
static int check_images(const char *dir, const char *html)
{
	int n = 0;
	for (const char *p = html; (p = strstr(p, "<img src=\"")); n++) {
		char rel[256], path[512];
		struct stat st;
		p += 10;
		size_t len = strcspn(p, "\"");
		assert_true(len < sizeof(rel));
		snprintf(rel, sizeof(rel), "%.*s", (int)len, p);
		assert_true(rel[0] != '/' && !strstr(rel, ".."));
		snprintf(path, sizeof(path), "%s/%s", dir, rel);
		if (stat(path, &st))
			fail_msg("%s: missing", path);
		assert_true(st.st_size > 0);
	}
	return n;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void test_html(void **state)
{
	char dir[] = "/tmp/test_export.XXXXXX", out[600], path[700];
	struct ib_set set;
	json_error_t err;
	(void)state;
	load(&set);
	json_t *cmp = json_load_file(data("export/compare.json"), 0, &err);
	assert_non_null(cmp);
	assert_non_null(mkdtemp(dir));

	/* an existing file is not a directory to write into */
	snprintf(out, sizeof(out), "%s/file", dir);
	FILE *f = fopen(out, "w");
	fclose(f);
	assert_int_equal(ib_export_html(out, &set, NULL, NULL), -1);

	/* no gnuplot: the page is written all the same, without images, and says so */
	snprintf(out, sizeof(out), "%s/none/deeper", dir);
	assert_int_equal(ib_export_html(out, &set, cmp, "/nonexistent/gnuplot"), 1);
	snprintf(path, sizeof(path), "%s/index.html", out);
	char *html = slurp(path);
	assert_non_null(strstr(html, "gnuplot was not found"));
	assert_int_equal(check_images(out, html), 0);
	/* the compare file's text is escaped: a flag "clock<tsc>", a section "File & ..." */
	assert_non_null(strstr(html, "clock&lt;tsc&gt;"));
	assert_null(strstr(html, "clock<tsc>"));
	assert_non_null(strstr(html, "<h2>File &amp; VM system latencies</h2>"));
	assert_non_null(strstr(html, "<h2>File system variants</h2>"));
	/* each boot's file system, as the report's fsdir line */
	assert_non_null(strstr(html, "<td class=\"long\">ext4 (rw,relatime) at /mnt/fs on /dev/ubdb: "
				     "fs=ext4</td>"));
	/* and the size of lmbench's bandwidth buffers, as the report's bw size line */
	assert_non_null(strstr(html, "<td>64M, Bcopy 32M; LLC 32M (guessed)</td>"));
	free(html);

	if (!have_gnuplot()) {
		fprintf(stderr, "# gnuplot not installed: HTML plots not checked\n");
	} else {
		snprintf(out, sizeof(out), "%s/page", dir);
		assert_int_equal(ib_export_html(out, &set, cmp, NULL), 0);
		snprintf(path, sizeof(path), "%s/index.html", out);
		html = slurp(path);
		/* per metric of the summary, and a ratio chart per section of the compare file */
		assert_true(check_images(out, html) >= 44 + 3);
		assert_non_null(strstr(html, "plots/02-null_call.png"));
		assert_non_null(strstr(html, "plots/ratio-01-Processor__Processes.png"));
		assert_null(strstr(html, "no plot"));
		/* significant rows are marked */
		assert_non_null(strstr(html, "<tr class=\"sig\"><td>null_call</td>"));
		assert_non_null(strstr(html, "<tr class=\"noise\"><td>fork_proc</td>"));
		free(html);
		/* again into the same directory: fine, and the plots are drawn anew */
		assert_int_equal(ib_export_html(out, &set, NULL, NULL), 0);
	}
	json_decref(cmp);
	ib_set_free(&set);
	assert_int_equal(nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_field),
		cmocka_unit_test(test_csv_cut),
		cmocka_unit_test(test_html_text),
		cmocka_unit_test(test_csv_rows),
		cmocka_unit_test(test_csv_quoted_label),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_html),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
