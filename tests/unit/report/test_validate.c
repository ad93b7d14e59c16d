/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_validate.c - the checks a stored results.json must pass to be read (report/store/
 * validate.c, ib_results_check()): a real boot's file passes; each impossible value, unknown
 * format, over-long or control-character string is refused with its own reason; a negative
 * time that a baseline explains (down to -overhead) is data, and passes. Then the loader
 * (storedir.c) on a store with broken boots: each left out, the exit class returned.
 */
#define _GNU_SOURCE
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

#include "host/lib/exitcode.h"
#include "report/store/store.h"

/* the results.json of a real boot (a fixture's console.log, parsed as `run` parses it) */
static json_t *good(void)
{
	struct ib_log log;
	char err[512];
	json_t *res;

	assert_int_equal(ib_log_parse_file(data("summary/orig/1/console.log"), &log, err,
					   sizeof(err)), IB_STATUS_COMPLETE);
	res = ib_results_build(&log, NULL);
	ib_log_free(&log);
	assert_non_null(res);
	return res;
}

static json_t *m0(json_t *res)
{
	return json_array_get(json_object_get(res, "measurements"), 1);   /* null_call */
}

/* one change to a good file, and the reason it must be refused for ("" : accepted) */
static void expect(const char *change, const char *want)
{
	json_t *res = good(), *m = m0(res);
	char why[512] = "";
	int rc;

	assert_string_equal(json_string_value(json_object_get(m, "metric")), "null_call");
	if (!strcmp(change, "format"))
		json_object_set_new(res, "format", json_integer(99));
	else if (!strcmp(change, "no format"))
		json_object_del(res, "format");
	else if (!strcmp(change, "status"))
		json_object_set_new(json_object_get(res, "integrity"), "status", json_string("great"));
	else if (!strcmp(change, "found"))
		json_object_set_new(json_object_get(res, "integrity"), "found", json_integer(-4));
	else if (!strcmp(change, "iters"))
		json_object_set_new(m, "iters", json_integer(-3));
	else if (!strcmp(change, "cpu"))
		json_object_set_new(m, "cpu", json_integer(-2));
	else if (!strcmp(change, "raw"))
		json_array_set_new(json_object_get(m, "raw_ns"), 0, json_real(-1));
	else if (!strcmp(change, "long"))
		json_object_set_new(json_object_get(res, "env"), "uname_r",
				    json_string("0123456789012345678901234567890123456789012345678901234567890123"
						"0123456789012345678901234567890123456789012345678901234567890123"
						"0123456789012345678901234567890123456789012345678901234567890123"
						"0123456789012345678901234567890123456789012345678901234567890123x"));
	else if (!strcmp(change, "control"))
		json_object_set_new(json_object_get(res, "env"), "hypervisor", json_string("KVM\x1b[2J"));
	else if (!strcmp(change, "metric"))
		json_object_set_new(m, "metric", json_integer(5));
	else if (!strcmp(change, "median")) {
		json_object_set_new(m, "median", json_real(99));
	} else if (!strcmp(change, "mbs")) {
		json_object_set_new(m, "unit", json_string("MB/s"));
		json_array_set_new(json_object_get(m, "samples"), 0, json_real(-1));
	} else if (strstr(change, "time ") == change) {
		/* every sample set to one value, the stored median and min to match */
		double v = strtod(change + 5, NULL);
		json_t *s = json_object_get(m, "samples");
		for (size_t i = 0; i < json_array_size(s); i++)
			json_array_set_new(s, i, json_real(v));
		json_object_set_new(m, "median", json_real(v));
		json_object_set_new(m, "min", json_real(v));
		json_object_set_new(m, "overhead", json_real(0.5));
	} else if (!strcmp(change, "deep")) {
		json_t *a = json_integer(1);
		for (int i = 0; i < 20; i++) {
			json_t *b = json_array();
			json_array_append_new(b, a);
			a = b;
		}
		json_object_set_new(res, "launch", a);
	} else if (!strcmp(change, "outcome")) {
		json_object_set_new(json_array_get(json_object_get(res, "outcomes"), 0), "wall_ms",
				    json_integer(-7));
	}
	rc = ib_results_check(res, why, sizeof(why));
	if (!*want) {
		if (rc)
			fail_msg("%s: refused: %s", change, why);
	} else {
		assert_int_equal(rc, -1);
		if (!strstr(why, want))
			fail_msg("%s: '%s', want '%s'", change, why, want);
	}
	json_decref(res);
}

static void test_checks(void **state)
{
	(void)state;
	expect("nothing", "");
	expect("format", "format 99: not a format this initbench reads (1)");
	expect("no format", "no \"format\" number");
	expect("status", "integrity.status is not one of complete");
	expect("found", "integrity.found = -4: a count cannot be negative");
	expect("iters", "measurements[1].iters = -3: a count cannot be negative");
	expect("cpu", "measurements[1].cpu = -2: below its least value");
	expect("raw", "measurements[1].raw_ns[0]: an interval is a number of ns, never negative");
	expect("long", "env.uname_r is 257 bytes, more than 256");
	expect("control", "env.hypervisor holds a control character");
	expect("metric", "measurements[1].metric is not a string");
	expect("median", "measurements[1]: median and min are not those of its samples");
	expect("mbs", "measurements[1].samples[0] = -1 MB/s: a rate is never negative");
	expect("outcome", "outcomes[0].wall_ms = -7: below its least value");
	expect("deep", "nested deeper than 8");
	/* a baseline longer than the operation: negative, down to -overhead, is data */
	expect("time -0.4", "");
	expect("time -0.5", "");
	expect("time -0.6", "measurements[1].samples[0] = -0.6 us, below -overhead (-0.5)");
}

static void test_loader(void **state)
{
	char dir[] = "/tmp/test_validate.XXXXXX", p[512], cmd[600];
	char *const want[] = { "good", "bad" };
	struct ib_set set;
	json_t *res;
	(void)state;

	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/good/1 %s/bad/1 %s/bad/2 && "
		 "echo '{\"format\": 1,' > %s/bad/1/results.json", dir, dir, dir, dir);
	assert_int_equal(system(cmd), 0);
	res = good();
	snprintf(p, sizeof(p), "%s/good/1/results.json", dir);
	assert_int_equal(json_dump_file(res, p, JSON_INDENT(1) | JSON_REAL_PRECISION(9)), 0);
	json_object_set_new(res, "format", json_integer(2));
	snprintf(p, sizeof(p), "%s/bad/2/results.json", dir);
	assert_int_equal(json_dump_file(res, p, 0), 0);
	json_decref(res);

	/* both bad boots left out (and said), the good one read: bad data, 6 */
	assert_int_equal(ib_store_load(dir, want, 2, &set, "test"), IB_EXIT_BADDATA);
	assert_int_equal(set.n, 1);
	assert_string_equal(set.boots[0].label, "good");
	ib_set_free(&set);
	/* a label given that is not stored, or that breaks the rule: usage, before the rest */
	char *const nope[] = { "bad", "nope" }, *const dash[] = { "-good" };
	assert_int_equal(ib_store_load(dir, nope, 2, &set, "test"), IB_EXIT_USAGE);
	ib_set_free(&set);
	assert_int_equal(ib_store_load(dir, dash, 1, &set, "test"), IB_EXIT_USAGE);
	assert_int_equal(set.n, 0);
	ib_set_free(&set);
	/* a FIFO in place of a results.json: refused at once, as a file that cannot be read */
	snprintf(p, sizeof(p), "%s/good/2", dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/good/2/results.json", dir);
	assert_int_equal(mkfifo(p, 0600), 0);
	char *const g[] = { "good" };
	assert_int_equal(ib_store_load(dir, g, 1, &set, "test"), IB_EXIT_HOSTIO);
	assert_int_equal(set.n, 1);
	ib_set_free(&set);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checks),
		cmocka_unit_test(test_loader),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
