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
	assert_int_equal(ib_store_load(data("summary"), labels, 2, set), 0);
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

static void test_csv_field(void **state)
{
	static const char *const cases[][2] = {
		{ "plain", "plain" }, { "", "" }, { "a b", "a b" },
		{ "a,b", "\"a,b\"" }, { "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "two\nlines", "\"two\nlines\"" }, { "cr\r", "\"cr\r\"" }, { "\"", "\"\"\"\"" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = to_string(ib_csv_field, cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
}

static void test_html_text(void **state)
{
	(void)state;
	char *s = to_string(ib_html_text, "<a href=\"x\">R&D's</a>");
	assert_string_equal(s, "&lt;a href=&quot;x&quot;&gt;R&amp;D&#39;s&lt;/a&gt;");
	free(s);
}

static void test_csv_rows(void **state)
{
	struct ib_set set;
	char *out = NULL, *line, *save = NULL;
	size_t len = 0;
	long rows, lines = 0, orig = 0, quotes = 0, whole = 0;
	(void)state;
	load(&set);
	FILE *f = open_memstream(&out, &len);
	rows = ib_export_csv(f, &set);
	fclose(f);
	assert_true(rows > 100);
	assert_int_equal(rows, count_samples(&set));
	assert_non_null(strstr(out, "label,boot,metric,bench,params,unit,sample,value,iters,outcome,"
				    "uname_r,hypervisor,clocksource,accel,host_cpu,integrity\r\n"));
	/* every record ends in CRLF and has 16 fields (RFC 4180: commas inside quotes, such as
	 * lat_mem's guesses=L1:32K,L2:512K, do not count) */
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int fields = 1, quoted = 0;
		assert_int_equal(line[strlen(line) - 1], '\r');
		for (char *p = line; *p; p++) {
			if (*p == '"')
				quoted = !quoted;   /* a doubled quote toggles twice */
			else if (*p == ',' && !quoted)
				fields++;
		}
		assert_false(quoted);
		assert_int_equal(fields, 16);
		orig += !strncmp(line, "orig,1,null_call,null_call,,us,", 31);
		quotes += !!strstr(line, ",\"guesses=");
		whole += strlen(line) > 10 && !strcmp(line + strlen(line) - 10, ",complete\r");
		lines++;
	}
	assert_int_equal(lines, rows + 1);
	assert_true(orig >= 2);   /* one row per sample, not per measurement */
	assert_true(quotes > 0);
	assert_true(whole > 0);
	assert_int_equal(whole, count_samples_of(&set, "complete"));
	free(out);
	ib_set_free(&set);
}

/* a label that needs quoting comes out quoted in every one of its rows */
static void test_csv_quoted_label(void **state)
{
	struct ib_set set = { 0 };
	char *out = NULL;
	size_t len = 0;
	json_error_t err;
	json_t *res = json_loads("{\"env\":{\"uname_r\":\"6.1,x\",\"hypervisor\":\"none\"},"
				 "\"launch\":{\"accel\":\"tcg\",\"host_cpu\":1},"
				 "\"integrity\":{\"status\":\"incomplete\"},"
				 "\"measurements\":[{\"bench\":\"b\",\"metric\":\"m\",\"unit\":\"us\","
				 "\"iters\":10,\"params\":{\"z\":1,\"a\":\"q\\\"\"},"
				 "\"samples\":[1.5,0.1]}]}", 0, &err);
	(void)state;
	assert_non_null(res);
	assert_int_equal(ib_set_add(&set, "x,\"y\"", 3, res), 0);
	FILE *f = open_memstream(&out, &len);
	assert_int_equal(ib_export_csv(f, &set), 2);
	fclose(f);
	assert_non_null(strstr(out, "\r\n\"x,\"\"y\"\"\",3,m,b,\"a=q\"\";z=1\",us,0,1.5,10,,"
				    "\"6.1,x\",none,,tcg,1,incomplete\r\n"));
	assert_non_null(strstr(out, ",us,1,0.1,10,"));
	free(out);
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
		cmocka_unit_test(test_html_text),
		cmocka_unit_test(test_csv_rows),
		cmocka_unit_test(test_csv_quoted_label),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_html),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
