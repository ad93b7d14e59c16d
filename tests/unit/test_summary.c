/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_summary.c - the result store and the lmbench 2.0 summary: the fixture boots under
 * tests/data/summary (written by tests/data/mkfixtures.c) must print exactly
 * tests/data/summary-golden.txt, whose layout was compared with lmbench 2.0's posted output.
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

#include "testdata.h"

#include "results.h"
#include "store.h"
#include "summary.h"

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

static void test_golden(void **state)
{
	char *const labels[] = { "orig", "uml" };
	struct ib_set set;
	char *out = NULL;
	size_t len = 0, glen;
	(void)state;
	assert_int_equal(ib_store_load(data("summary"), labels, 2, &set), 0);
	assert_int_equal(set.n, 4);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
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
	assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "plan"), "count")), 17);
	json_t *m0 = json_array_get(json_object_get(r, "measurements"), 0);
	assert_string_equal(json_string_value(json_object_get(m0, "metric")), "null_call");
	assert_true(json_real_value(json_object_get(m0, "median")) == 0.63);
	assert_true(json_real_value(json_object_get(m0, "min")) == 0.6174);
	assert_int_equal(json_array_size(json_object_get(m0, "samples")), 5);
	assert_int_equal(json_array_size(json_object_get(m0, "raw_ns")), 5);
	json_t *ms = json_object_get(r, "measurements"), *m;
	size_t i;
	int seen = 0;
	json_array_foreach(ms, i, m)
		if (!strcmp(json_string_value(json_object_get(m, "metric")), "ctx_8p_16k")) {
			json_t *pr = json_object_get(m, "params");
			assert_int_equal(json_integer_value(json_object_get(pr, "procs")), 8);
			assert_int_equal(json_integer_value(json_object_get(pr, "size_kb")), 16);
			seen = 1;
		}
	assert_true(seen);
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
		cmocka_unit_test(test_default_order),
		cmocka_unit_test(test_results_json),
		cmocka_unit_test(test_cmd_exit_codes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
