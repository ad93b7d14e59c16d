/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_rounds.c - boots of several rounds (knob rounds): logs framed here with ib_frame, as
 * the suite writes them (plan "name#k", `round=k` on `m` and outcome records), read back
 * through results.json. A boot's figure must be the median of the samples of all its good
 * rounds concatenated (summary; compare's --per-boot statistic of them, the best sample by
 * default), a failed round must be named in the notes,
 * and a missing round's outcome reported as "name#k".
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

#include "report/summary/format.h"
#include "bench/base/record.h"
#include "report/results.h"
#include "report/store/store.h"
#include "report/summary/summary.h"

struct log {
	FILE *f;
	unsigned long seq;
	uint32_t digest;
};

static void rec(struct log *l, const char *payload)
{
	char line[4096];
	size_t n = ib_frame(line, sizeof(line), l->seq++, payload, strlen(payload));
	assert_true(n > 0);
	l->digest = ib_crc32(l->digest, line, n);
	fwrite(line, 1, n, l->f);
}

/* run: "bench round status samples" (samples "" for none; status "-" for no outcome) */
static void write_boot(const char *dir, const char *label, unsigned num, const char *plan,
		       const char *const *runs, size_t nruns)
{
	char p[512], buf[2048];
	struct log l = { NULL, 0, 0 };
	snprintf(p, sizeof(p), "mkdir -p '%s/%s/%u'", dir, label, num);
	assert_int_equal(system(p), 0);
	snprintf(p, sizeof(p), "%s/%s/%u/console.log", dir, label, num);
	assert_non_null(l.f = fopen(p, "w"));
	fputs("KTAP version 1\n", l.f);
	rec(&l, "begin proto=1 mode=init uname_s=Linux uname_r=6.1.0 hypervisor=TCG "
		"cpu_model=Test timer_cost_ns=20 timer_res_ns=1 knob.rounds=2");
	snprintf(buf, sizeof(buf), "plan count=%zu benches=%s", nruns, plan);
	rec(&l, buf);
	for (size_t i = 0; i < nruns; i++) {
		char bench[64], status[32], samples[256] = "";
		unsigned round;
		assert_true(sscanf(runs[i], "%63s %u %31s %255s", bench, &round, status, samples) >= 3);
		if (*samples) {
			snprintf(buf, sizeof(buf), "m bench=%s metric=%s unit=us iters=1000 overhead=0 "
				 "samples=%s raw_ns=1000000,1000000,1000000 cpu=-1 round=%u",
				 bench, bench, samples, round);
			rec(&l, buf);
		}
		if (strcmp(status, "-")) {
			snprintf(buf, sizeof(buf), "outcome bench=%s status=%s reason=%s wall_ms=5 round=%u",
				 bench, status, strcmp(status, "ok") ? "SIGSEGV" : "", round);
			rec(&l, buf);
		}
	}
	snprintf(buf, sizeof(buf), "end records=%lu digest=%08x", l.seq, (unsigned)l.digest);
	rec(&l, buf);
	fclose(l.f);
}

static char *summary_of(const char *dir, const char *label)
{
	char *labels[] = { (char *)label }, *out = NULL;
	struct ib_set set;
	size_t len = 0;
	assert_int_equal(ib_store_load(dir, labels, 1, &set, "test"), 0);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	return out;
}

/* the Processor row's text from its first cell on (Mhz, null call, ...) */
static const char *processor_row(const char *out, const char *label)
{
	const char *t = strstr(out, "Processor, Processes");
	assert_non_null(t);
	char key[32];
	snprintf(key, sizeof(key), "\n%-9.9s", label);
	t = strstr(t, key);
	assert_non_null(t);
	return t;
}

static void rm_rf(const char *dir)
{
	char p[512];
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

static void test_summary_median_of_rounds(void **state)
{
	static const char *const runs[] = {
		"null_call 1 ok 1,2,3", "fork_proc 1 ok 100,101,102",
		"null_call 2 ok 10,11,12", "fork_proc 2 failed 900,901,902",
	};
	char dir[] = "/tmp/ib-rounds-XXXXXX", c1[IB_CELL_MAX], c2[IB_CELL_MAX], p[512];
	(void)state;
	assert_non_null(mkdtemp(dir));
	write_boot(dir, "x", 1, "null_call#1,fork_proc#1,null_call#2,fork_proc#2", runs, 4);

	/* results.json: outcomes split back into bench and round, nothing missing */
	snprintf(p, sizeof(p), "%s/x/1/console.log", dir);
	char js[600];
	snprintf(js, sizeof(js), "%s/x/1/r.json", dir);
	assert_int_equal(ib_results_from_log(p, js, NULL), IB_LOG_COMPLETE);
	json_error_t err;
	json_t *r = json_load_file(js, 0, &err);
	assert_non_null(r);
	json_t *o = json_array_get(json_object_get(r, "outcomes"), 3);
	assert_string_equal(json_string_value(json_object_get(o, "bench")), "fork_proc");
	assert_int_equal(json_integer_value(json_object_get(o, "round")), 2);
	json_t *in = json_object_get(r, "integrity");
	assert_int_equal(json_array_size(json_object_get(in, "no_outcome")), 0);
	assert_int_equal(json_integer_value(json_object_get(in, "duplicates")), 0);
	json_t *m = json_array_get(json_object_get(r, "measurements"), 2);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(m, "params"), "round")), 2);
	json_decref(r);
	unlink(js);

	char *out = summary_of(dir, "x");
	const char *row = processor_row(out, "x");
	/* null_call: median of 1,2,3,10,11,12 = 6.5, not round 1's 2 nor round 2's 11 */
	ib_fmt_cell(c1, sizeof(c1), 6.5, 4);
	ib_fmt_cell(c2, sizeof(c2), 2.0, 4);
	const char *eol = strchr(row + 1, '\n');
	char line[256];
	snprintf(line, sizeof(line), "%.*s", (int)(eol - row), row);
	assert_non_null(strstr(line, c1));
	assert_null(strstr(line, c2));
	/* fork_proc: round 2 failed, its samples are out; round 1's median 101 stays */
	ib_fmt_cell(c1, sizeof(c1), 101, 4);
	assert_non_null(strstr(line, c1));
	assert_non_null(strstr(out, "\nx/1: fork_proc#2 failed: SIGSEGV\n"));
	assert_null(strstr(out, "fork_proc#1"));
	assert_null(strstr(out, "not run: null_call"));
	free(out);
	rm_rf(dir);
}

static void test_missing_round_outcome(void **state)
{
	static const char *const runs[] = {
		"null_call 1 ok 1,2,3", "null_call 2 - 10,11,12",
	};
	char dir[] = "/tmp/ib-rounds-XXXXXX", p[512], js[600];
	json_error_t err;
	(void)state;
	assert_non_null(mkdtemp(dir));
	write_boot(dir, "y", 1, "null_call#1,null_call#2", runs, 2);
	snprintf(p, sizeof(p), "%s/y/1/console.log", dir);
	snprintf(js, sizeof(js), "%s/y/1/r.json", dir);
	ib_results_from_log(p, js, NULL);
	json_t *r = json_load_file(js, 0, &err);
	assert_non_null(r);
	json_t *no = json_object_get(json_object_get(r, "integrity"), "no_outcome");
	assert_int_equal(json_array_size(no), 1);
	assert_string_equal(json_string_value(json_array_get(no, 0)), "null_call#2");
	json_decref(r);
	unlink(js);
	char *out = summary_of(dir, "y");
	assert_non_null(strstr(out, "\ny/1: null_call#2: no outcome\n"));
	assert_null(strstr(out, "null_call: no null_call measurement"));
	free(out);
	rm_rf(dir);
}

/* compare's JSON for base vs new in dir, with "--per-boot stat" unless stat is NULL */
static json_t *compare_json(const char *dir, const char *stat, int *rc)
{
	char json[600], devnull[] = "/dev/null";
	char *argv[] = { "compare", "--results", (char *)dir, "--json", json, "base", "new",
			 "--per-boot", (char *)stat, NULL };
	json_error_t err;
	FILE *saved = stdout;

	snprintf(json, sizeof(json), "%s/c.json", dir);
	unlink(json);
	stdout = fopen(devnull, "w");
	*rc = ib_cmd_compare(stat ? 9 : 7, argv);
	fclose(stdout);
	stdout = saved;
	return json_load_file(json, 0, &err);
}

/*
 * What ib_cmd_compare leaves in its JSON: a boot's figure is the statistic --per-boot names
 * over the samples of its good rounds (a failed round's samples are left out), the best
 * sample by default.
 */
static void test_compare_rounds(void **state)
{
	static const char *const base[] = {
		"null_call 1 ok 1,2,3", "null_call 2 ok 10,11,12",
	};
	static const char *const new1[] = {
		"null_call 1 ok 2,4,6", "null_call 2 ok 20,22,24",
	};
	/* round 2 failed: only round 1's 12, 13, 14 count */
	static const char *const new2[] = {
		"null_call 1 ok 12,13,14", "null_call 2 failed 90,91,92",
	};
	/* per statistic: its name in the JSON, the base's figure (both boots alike), new's
	 * geometric mean over its two boots */
	static const struct {
		const char *opt, *name;
		double base, new;
	} want[] = {
		{ "median", "median", 6.5, 13 },        /* medians 13 and 13 */
		{ NULL, "best", 1, 4.898979486 },       /* best 2 and 12: sqrt(24) */
		{ "mean", "mean", 6.5, 13 },            /* means 13 and 13 */
		{ "best25", "best25", 2.25, 7.5 },      /* 4.5 and 12.5: sqrt(56.25) */
	};
	char dir[] = "/tmp/ib-rounds-XXXXXX";
	int rc;
	(void)state;
	assert_non_null(mkdtemp(dir));
	write_boot(dir, "base", 1, "null_call#1,null_call#2", base, 2);
	write_boot(dir, "base", 2, "null_call#1,null_call#2", base, 2);
	write_boot(dir, "new", 1, "null_call#1,null_call#2", new1, 2);
	write_boot(dir, "new", 2, "null_call#1,null_call#2", new2, 2);
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		json_t *j = compare_json(dir, want[k].opt, &rc), *row;
		size_t i, seen = 0;

		assert_true(rc == 0 || rc == 1);
		assert_non_null(j);
		assert_string_equal(json_string_value(json_object_get(j, "per_boot")), want[k].name);
		json_array_foreach(json_object_get(j, "rows"), i, row) {
			if (strcmp(json_string_value(json_object_get(row, "metric")), "null_call"))
				continue;
			double b = json_number_value(json_object_get(json_object_get(row, "base"), "gmean"));
			double n = json_number_value(json_object_get(json_object_get(row, "new"), "gmean"));
			assert_float_equal(b, want[k].base, 1e-6);
			assert_float_equal(n, want[k].new, 1e-6);
			assert_int_equal(json_integer_value(json_object_get(json_object_get(row, "new"), "n")), 2);
			seen++;
		}
		assert_int_equal(seen, 1);
		json_decref(j);
	}
	/* an unknown statistic is a usage error, nothing written */
	assert_null(compare_json(dir, "max", &rc));
	assert_int_equal(rc, 2);
	rm_rf(dir);
}

/*
 * Drift across rounds (compare-rounds.c): base's boots get 10 % slower from round 1 to
 * round 2 (10, 10, 10 then 11, 11, 11), new's do not; the best sample is each round's
 * figure, so base drifts by exactly +10 % a round in both boots (interval [10, 10]) and the
 * row is flagged round-drift; new's drift is 0.
 */
static void test_round_drift(void **state)
{
	static const char *const drifting[] = {
		"null_call 1 ok 10,10,10", "null_call 2 ok 11,11,11",
	};
	static const char *const steady[] = {
		"null_call 1 ok 10,12,14", "null_call 2 ok 10,12,14",
	};
	char dir[] = "/tmp/ib-rounds-XXXXXX";
	int rc, seen = 0;
	size_t i;
	json_t *j, *row, *f;
	(void)state;
	assert_non_null(mkdtemp(dir));
	for (unsigned b = 1; b <= 2; b++) {
		write_boot(dir, "base", b, "null_call#1,null_call#2", drifting, 2);
		write_boot(dir, "new", b, "null_call#1,null_call#2", steady, 2);
	}
	j = compare_json(dir, NULL, &rc);
	assert_non_null(j);
	json_array_foreach(json_object_get(j, "rows"), i, row) {
		if (strcmp(json_string_value(json_object_get(row, "metric")), "null_call"))
			continue;
		json_t *base = json_object_get(row, "base"), *new = json_object_get(row, "new");
		size_t k;
		int flagged = 0;

		assert_float_equal(json_number_value(json_object_get(base, "round_drift_pct")), 10, 1e-9);
		assert_float_equal(json_number_value(json_array_get(json_object_get(base, "round_drift_ci"), 0)),
				   10, 1e-9);
		assert_float_equal(json_number_value(json_object_get(new, "round_drift_pct")), 0, 1e-9);
		json_array_foreach(json_object_get(row, "flags"), k, f)
			flagged |= !strcmp(json_string_value(f), "round-drift");
		assert_true(flagged);
		seen++;
	}
	assert_int_equal(seen, 1);
	json_decref(j);
	rm_rf(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary_median_of_rounds),
		cmocka_unit_test(test_missing_round_outcome),
		cmocka_unit_test(test_compare_rounds),
		cmocka_unit_test(test_round_drift),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
