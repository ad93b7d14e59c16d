/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_summary.c - the result store and the lmbench 2.0 summary: the fixture boots under
 * tests/data/summary (written by tests/data/mkfixtures.c) must print exactly
 * tests/data/summary-golden.txt, whose layout was compared with lmbench 2.0's posted output;
 * test_layout checks titles, rules and column ends of the same output on its own.
 */
#define _GNU_SOURCE
#include <fcntl.h>
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

#include "tests/unit/testdata.h"

#include "report/results.h"
#include "report/store/store.h"
#include "report/summary/summary.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	char *s = malloc(1 << 20);
	assert_non_null(s);
	*len = fread(s, 1, (1 << 20) - 1, f);
	s[*len] = 0;
	fclose(f);
	return s;
}

/* the summary of the fixture boots, as ib_summary_print() writes it */
static char *print_fixtures(size_t *len)
{
	char *const labels[] = { "orig", "uml" };
	struct ib_set set;
	char *out = NULL;
	assert_int_equal(ib_store_load(data("summary"), labels, 2, &set), 0);
	assert_int_equal(set.n, 4);
	FILE *f = open_memstream(&out, len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	return out;
}

static void test_golden(void **state)
{
	size_t len = 0, glen;
	(void)state;
	char *out = print_fixtures(&len);
	char *golden = slurp(data("summary-golden.txt"), &glen);
	if (len != glen || memcmp(out, golden, len)) {
		FILE *g = fopen("/tmp/summary-actual.txt", "w");
		if (g) {
			fwrite(out, 1, len, g);
			fclose(g);
		}
		fail_msg("summary differs from summary-golden.txt (actual in /tmp/summary-actual.txt)");
	}
	free(out);
	free(golden);
}

/* lmbench 2.0's tables in its order; each title's rule is as long as the title */
static const char *const titles[] = {
	"Basic system parameters",
	"Processor, Processes - times in microseconds - smaller is better",
	"Context switching - times in microseconds - smaller is better",
	"*Local* Communication latencies in microseconds - smaller is better",
	"File & VM system latencies in microseconds - smaller is better",
	"*Local* Communication bandwidths in MB/s - bigger is better",
	"Memory latencies in nanoseconds - smaller is better",
	"Macro workloads - compile in seconds, HTTP in requests/s and ms/request",
};
#define NSECT (sizeof(titles) / sizeof(titles[0]))
#define MEM_SECT 7      /* Memory latencies: its WARNING line and its cells off the dashes */

static int dashes(const char *l, size_t n)
{
	return n > 0 && strspn(l, "-") == n;
}

/* ends (last column) of the runs of non-blanks of l from column `from` */
static size_t run_ends(const char *l, size_t n, size_t from, size_t *end, size_t cap)
{
	size_t k = 0;
	for (size_t i = from; i < n && k < cap; i++)
		if (l[i] != ' ' && l[i] != '\t' && (i + 1 == n || l[i + 1] == ' ' || l[i + 1] == '\t'))
			end[k++] = i;
	return k;
}

/*
 * Independent of the golden file: the titles come in lmbench's order with rules of their
 * length, and in every row each cell ends where its column's dashes end (a cell one too
 * wide or too narrow moves its end). In "Memory latencies" lmbench's cells do not sit under
 * the dashes: Mhz, L1 $, L2 $, Main mem end at columns 28, 34, 41, 48, then free text.
 */
static void test_layout(void **state)
{
	static const size_t mem_ends[] = { 28, 34, 41, 48 };
	size_t len = 0, sect = 0;
	(void)state;
	char *out = print_fixtures(&len);
	char *lines[400];
	size_t nl = 0;
	for (char *p = out, *e; *p && nl < 400; p = e + 1) {
		e = strchr(p, '\n');
		assert_non_null(e);
		*e = 0;
		lines[nl++] = p;
	}
	for (size_t i = 0; i + 2 < nl; i++) {
		if (sect < NSECT && !strcmp(lines[i], titles[sect])) {
			size_t r = i + 1 + (sect == MEM_SECT - 1);  /* the WARNING line comes first */
			if (sect == MEM_SECT - 1)
				assert_string_equal(lines[i + 1], "    (WARNING - may not be correct, check graphs)");
			if (sect > 0 && strlen(lines[r]) != strlen(titles[sect]))
				fail_msg("rule under \"%s\" is %zu long", titles[sect], strlen(lines[r]));
			assert_true(dashes(lines[r], strlen(lines[r])));
			sect++;
			continue;
		}
		if (strncmp(lines[i], "--------- -------------", 23))
			continue;
		if (sect == 1)
			continue;  /* Basic: the Description is free text */
		/* a column rule: the dash runs' ends, then every row up to the blank line */
		const char *rule = lines[i];
		size_t want[16], nw = run_ends(rule, strlen(rule), 24, want, 16), rows = 0;
		int mem = sect == MEM_SECT;
		if (mem) {
			memcpy(want, mem_ends, sizeof(mem_ends));
			nw = 4;
		}
		for (size_t j = i + 1; j < nl && *lines[j]; j++, rows++) {
			size_t n = strlen(lines[j]), got[16];
			if (mem && n > 49)
				n = 49;  /* Guesses: free text */
			size_t ng = run_ends(lines[j], n, 24, got, 16);
			for (size_t g = 0; g < ng; g++) {
				size_t w = 0;
				while (w < nw && want[w] != got[g])
					w++;
				if (w == nw)
					fail_msg("section %zu, row %zu: a cell ends at column %zu, off its column\n%s\n%s",
						 sect, rows + 1, got[g], rule, lines[j]);
			}
			/* orig/1 measured everything: every column holds a cell */
			if (rows == 0 && ng != nw)
				fail_msg("section %zu: the first row has %zu cells, want %zu\n%s", sect, ng, nw, lines[j]);
		}
		assert_int_equal(rows, 4);
	}
	assert_int_equal(sect, NSECT);
	free(out);
}

static void copy(const char *from, const char *to)
{
	size_t len;
	char *s = slurp(from, &len);
	FILE *f = fopen(to, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(s, 1, len, f), len);
	fclose(f);
	free(s);
}

/* labels in the order of their first boot; boots in numeric order (2 before 10) */
static void test_default_order(void **state)
{
	char dir[] = "/tmp/ib-store-XXXXXX", p[256];
	static const char *const boots[] = { "zeta/1", "zeta/10", "zeta/2", "alpha/1" };
	struct ib_set set;
	(void)state;
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 4; i++) {
		snprintf(p, sizeof(p), "%s/%.*s", dir, (int)(strchr(boots[i], '/') - boots[i]), boots[i]);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/%s", dir, boots[i]);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/%s/console.log", dir, boots[i]);
		copy(data("small.log"), p);
		/* zeta was measured first */
		struct timespec t[2] = { { 1000000 + i * 10, 0 }, { 1000000 + i * 10, 0 } };
		if (i == 3)
			t[0].tv_sec = t[1].tv_sec = 2000000;
		assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	}
	snprintf(p, sizeof(p), "%s/zeta/notaboot", dir);
	mkdir(p, 0755);
	assert_int_equal(ib_store_load(dir, NULL, 0, &set), 0);
	assert_int_equal(set.n, 4);
	assert_string_equal(set.boots[0].label, "zeta");
	assert_int_equal(set.boots[0].num, 1);
	assert_int_equal(set.boots[1].num, 2);
	assert_int_equal(set.boots[2].num, 10);
	assert_string_equal(set.boots[3].label, "alpha");
	ib_set_free(&set);
	/* a label asked for that is not there is an error, the others still load */
	char *const want[] = { "alpha", "nope" };
	assert_int_equal(ib_store_load(dir, want, 2, &set), -1);
	assert_int_equal(set.n, 1);
	ib_set_free(&set);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

static json_t *metric(json_t *r, const char *id)
{
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(r, "measurements"), i, m)
		if (!strcmp(json_string_value(json_object_get(m, "metric")), id))
			return m;
	fail_msg("no %s measurement", id);
	return NULL;
}

/* a boot that ran two benchmarks says which of the tables' benchmarks it did not run */
static void test_not_run(void **state)
{
	char dir[] = "/tmp/ib-notrun-XXXXXX", p[256], *out = NULL;
	struct ib_set set;
	size_t len = 0;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/x", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/x/1", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/x/1/console.log", dir);
	copy(data("small.log"), p);
	assert_int_equal(ib_store_load(dir, NULL, 0, &set), 0);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	const char *note = strstr(out, "\nx/1: not run: mhz, null_io, open_close, select_tcp,");
	assert_non_null(note);
	assert_non_null(strstr(note, ", lat_pipe, lat_unix,"));
	assert_non_null(strstr(note, ", lat_tcp_conn, fs_0k, fs_10k, mmap_lat,"));
	assert_non_null(strstr(note, ", bw_mem_write, lat_mem,"));
	assert_non_null(strstr(note, ", compile, http_c100, http_c10\n"));
	assert_null(strstr(note, "null_call"));
	assert_null(strstr(note, " stat,"));
	assert_null(strstr(note, "ctx_2p_0k, ctx_2p_0k"));  /* two tables, one name */
	free(out);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

static void test_results_json(void **state)
{
	char dir[] = "/tmp/ib-json-XXXXXX", p[256];
	json_error_t err;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/results.json", dir);
	json_t *launch = json_pack("{s:s}", "launcher", "qemu");
	assert_int_equal(ib_results_from_log(data("summary/orig/2/console.log"), p, launch),
			 IB_LOG_COMPLETE);
	json_decref(launch);
	json_t *r = json_load_file(p, 0, &err);
	assert_non_null(r);
	assert_int_equal(json_integer_value(json_object_get(r, "format")), 1);
	json_t *in = json_object_get(r, "integrity");
	assert_string_equal(json_string_value(json_object_get(in, "status")), "complete");
	assert_int_equal(json_integer_value(json_object_get(in, "duplicates")), 1);
	assert_string_equal(json_string_value(json_object_get(in, "digest")), "ok");
	assert_string_equal(json_string_value(json_object_get(json_object_get(r, "env"), "uname_v")),
			    "#1 SMP PREEMPT_DYNAMIC Debian 6.1.158-1 (2025-11-01)");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "plan"), "count")), 44);
	json_t *m0 = json_array_get(json_object_get(r, "measurements"), 0);
	assert_string_equal(json_string_value(json_object_get(m0, "metric")), "mhz");
	assert_string_equal(json_string_value(json_object_get(m0, "unit")), "MHz");
	json_t *m = metric(r, "null_call");
	assert_true(json_real_value(json_object_get(m, "median")) == 0.63);
	assert_true(json_real_value(json_object_get(m, "min")) == 0.6174);
	assert_int_equal(json_array_size(json_object_get(m, "samples")), 5);
	assert_int_equal(json_array_size(json_object_get(m, "raw_ns")), 5);
	json_t *pr = json_object_get(metric(r, "ctx_8p_16k"), "params");
	assert_int_equal(json_integer_value(json_object_get(pr, "procs")), 8);
	assert_int_equal(json_integer_value(json_object_get(pr, "size_kb")), 16);
	/* the memory plateaus the Guesses column prints stay one string */
	pr = json_object_get(metric(r, "lat_mem"), "params");
	assert_string_equal(json_string_value(json_object_get(pr, "guesses")), "L1:32K,L2:512K,L3:32M");
	assert_string_equal(json_string_value(json_object_get(metric(r, "bw_mem_write"), "unit")), "MB/s");
	assert_string_equal(json_string_value(json_object_get(json_object_get(r, "launch"), "launcher")),
			    "qemu");
	json_decref(r);
	/* an incomplete log says so, and nothing but results.json is left behind */
	assert_int_equal(ib_results_from_log(data("summary/uml/2/console.log"), p, NULL),
			 IB_LOG_INCOMPLETE);
	r = json_load_file(p, 0, &err);
	assert_non_null(r);
	in = json_object_get(r, "integrity");
	assert_string_equal(json_string_value(json_object_get(in, "status")), "incomplete");
	assert_true(json_is_null(json_object_get(in, "expected")));
	assert_true(json_is_null(json_object_get(r, "launch")));
	json_decref(r);
	assert_int_equal(ib_results_from_log("/nonexistent/console.log", p, NULL), -1);
	snprintf(p, sizeof(p), "test $(ls '%s' | wc -l) -eq 1 && rm -rf '%s'", dir, dir);
	assert_int_equal(system(p), 0);
}

static void test_cmd_exit_codes(void **state)
{
	char p[] = "parse", r[] = "report", res[] = "--results", uml[] = "uml", dn[] = "/dev/null";
	char *ok[] = { p, strdup(data("small.log")), NULL };
	char *inc[] = { p, strdup(data("summary/uml/2/console.log")), NULL };
	char *none[] = { p, dn, NULL };
	char *bad[] = { p, NULL };
	char *rep[] = { r, res, strdup(data("summary")), uml, NULL };
	(void)state;
	assert_int_equal(ib_cmd_parse(2, ok), 0);
	assert_int_equal(ib_cmd_parse(2, inc), 1);
	assert_int_equal(ib_cmd_parse(2, none), 2);
	assert_int_equal(ib_cmd_parse(1, bad), 2);
	assert_int_equal(ib_cmd_report(4, rep), 0);
	free(ok[1]), free(inc[1]), free(rep[2]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_default_order),
		cmocka_unit_test(test_not_run),
		cmocka_unit_test(test_results_json),
		cmocka_unit_test(test_cmd_exit_codes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
