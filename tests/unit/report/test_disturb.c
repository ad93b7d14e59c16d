/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_disturb.c - the disturbance counters: the guest's /proc/stat parse (bench/base/
 * procstat.c: a 6.x text, a 2.6.11-era one without steal, none at all), the compare rule
 * (report/compare/compare-disturb.c: median + 3.5 x max(1.4826 MAD, floor), its floors,
 * fewer than 4 boots), the counters derived from a results.json, and `initbench compare`
 * over the fixture boots of tests/data/compare given dist.* counters in a temporary store:
 * quiet (one line, no boot flagged), then one boot of new with 5x the others' QEMU
 * involuntary switches and one base boot sharing its CPU in 5 of 10 cpuwatch samples: both
 * named, the rows
 * again without them, and --json's disturbance and without_flagged.
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
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "tests/unit/testdata.h"

#include "bench/base/procstat.h"
#include "report/compare/compare-int.h"
#include "report/log/logparse.h"
#include "report/results.h"
#include "report/store/store.h"

#define NEAR(a, b, tol) do { double a_ = (a), b_ = (b); \
	if (!(fabs(a_ - b_) <= (tol))) fail_msg("%s = %.10g, want %.10g +- %g", #a, a_, b_, (double)(tol)); \
} while (0)

static void test_parse(void **state)
{
	const char *now =
		"cpu  100 2 30 5000 7 11 13 17 0 0\n"
		"cpu0 50 1 15 2500 3 5 6 8 0 0\n"
		"intr 123456 1 2 3 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
		"ctxt 98765\n"
		"btime 1700000000\n"
		"processes 4321\n"
		"procs_running 1\n"
		"procs_blocked 0\n"
		"softirq 5555 1 2 3 4 5 6 7 8 9 10\n";
	/* before Linux 2.6.11 the cpu line had no steal column; an absent line stays -1 */
	const char *old = "cpu  100 2 30 5000 7 11 13\nctxt 5\n";
	struct ib_procstat s;
	(void)state;

	assert_int_equal(ib_procstat_parse(now, &s), 0);
	assert_int_equal(s.cpu_ticks, 100 + 2 + 30 + 5000 + 7 + 11 + 13 + 17);
	assert_int_equal(s.steal, 17);
	assert_int_equal(s.irq, 11);
	assert_int_equal(s.softirq, 13);
	assert_int_equal(s.intr, 123456);
	assert_int_equal(s.softirqs, 5555);
	assert_int_equal(s.ctxt, 98765);
	assert_int_equal(s.processes, 4321);
	assert_int_equal(ib_procstat_cpu(now, "cpu0", &s), 0);
	assert_int_equal(s.steal, 8);
	assert_int_equal(s.cpu_ticks, 50 + 1 + 15 + 2500 + 3 + 5 + 6 + 8);
	assert_int_equal(ib_procstat_cpu(now, "cpu1", &s), -1);

	assert_int_equal(ib_procstat_parse(old, &s), 0);
	assert_int_equal(s.steal, -1);
	assert_int_equal(s.irq, 11);
	assert_int_equal(s.intr, -1);
	assert_int_equal(s.ctxt, 5);
	assert_int_equal(ib_procstat_parse("intr 5\nctxt 6\n", &s), -1);
	assert_int_equal(s.ctxt, 6);
	assert_int_equal(ib_procstat_parse("", &s), -1);

	/* the record: what was read, and the reason for what was not */
	struct ib_rec r;
	ib_rec_init(&r, "end");
	memset(&s, 0, sizeof(s));
	ib_procstat_parse(now, &s);
	s.t_ns = 1000, s.nvcsw = 3, s.nivcsw = 4;
	ib_procstat_rec(&r, &s);
	assert_string_equal(r.buf, "end dist.t_ns=1000 dist.nvcsw=3 dist.nivcsw=4 "
			    "dist.cpu_ticks=5180 dist.steal=17 dist.irq=11 dist.softirq=13 "
			    "dist.intr=123456 dist.softirqs=5555 dist.ctxt=98765 dist.processes=4321");
	ib_rec_init(&r, "end");
	strcpy(s.why, "/proc/stat: ENOENT");
	ib_procstat_rec(&r, &s);
	assert_string_equal(r.buf, "end dist.t_ns=1000 dist.nvcsw=3 dist.nivcsw=4 "
			    "dist.missing=/proc/stat:%20ENOENT");
	/* this host's own file reads (the unit tests run on Linux) */
	ib_procstat_read(&s);
	assert_string_equal(s.why, "");
	assert_true(s.cpu_ticks > 0 && s.ctxt > 0 && s.nvcsw >= 0 && s.t_ns > 0);
}

static void test_limit(void **state)
{
	/* vm_nivcsw_s: median 100, MAD 2 -> 2.965 < floor 25 (0.25 x 100): limit 100 + 3.5 x 25 */
	const double x[] = { 98, 100, 102, 101, 99, 500 };
	/* guest_steal_pct: all 0, floor 1 point: limit 3.5 */
	const double z[] = { 0, 0, 0, 0, 3.4, 3.6 };
	/* a wide spread: MAD x 1.4826 beats the floor */
	const double w[] = { 100, 200, 300, 400, 500 };
	double med, lim;
	(void)state;

	assert_int_equal(ib_dist_limit(x, 6, 5, &med, &lim), 0);
	NEAR(med, 100.5, 1e-12);
	NEAR(lim, 100.5 + 3.5 * 0.25 * 100.5, 1e-9);
	assert_int_equal(ib_dist_limit(z, 6, 0, &med, &lim), 0);
	NEAR(med, 0, 0);
	NEAR(lim, 3.5, 1e-12);
	assert_int_equal(ib_dist_limit(w, 5, 5, &med, &lim), 0);
	NEAR(lim, 300 + 3.5 * 1.4826 * 100, 1e-9);
	assert_int_equal(ib_dist_limit(x, 3, 5, &med, &lim), -1);
	assert_true(isnan(med) && isnan(lim));
	assert_string_equal(ib_dist_name(5), "vm_nivcsw_s");
}

/* env and end dist.* of a boot of dt seconds; launch.disturbance's host figures */
static void give_counters(json_t *res, double dt, long nivcsw, int shared)
{
	json_t *env = json_object_get(res, "env"), *end = json_object(), *launch, *d;
	char b[32];

	json_object_set_new(env, "dist.t_ns", json_string("1000000000"));
	json_object_set_new(env, "dist.cpu_ticks", json_string("1000"));
	json_object_set_new(env, "dist.steal", json_string("0"));
	json_object_set_new(env, "dist.ctxt", json_string("5000"));
	json_object_set_new(env, "dist.nvcsw", json_string("10"));
	json_object_set_new(env, "dist.nivcsw", json_string("2"));
	json_object_set_new(env, "dist.intr", json_string("700"));
	json_object_set_new(env, "dist.softirqs", json_string("900"));
	snprintf(b, sizeof(b), "%.0f", 1e9 * (1 + dt));
	json_object_set_new(end, "dist.t_ns", json_string(b));
	snprintf(b, sizeof(b), "%.0f", 1000 + 100 * dt);
	json_object_set_new(end, "dist.cpu_ticks", json_string(b));
	json_object_set_new(end, "dist.steal", json_string("0"));
	/* 40 switches of other tasks per second, 250 interrupts, 300 softirqs */
	snprintf(b, sizeof(b), "%.0f", 5000 + 1000 + 40 * dt);
	json_object_set_new(end, "dist.ctxt", json_string(b));
	json_object_set_new(end, "dist.nvcsw", json_string("810"));
	json_object_set_new(end, "dist.nivcsw", json_string("202"));
	snprintf(b, sizeof(b), "%.0f", 700 + 250 * dt);
	json_object_set_new(end, "dist.intr", json_string(b));
	snprintf(b, sizeof(b), "%.0f", 900 + 300 * dt);
	json_object_set_new(end, "dist.softirqs", json_string(b));
	json_object_set_new(res, "end", end);
	launch = json_object_get(res, "launch");
	if (!json_is_object(launch)) {
		launch = json_object();
		json_object_set_new(res, "launch", launch);
	}
	json_object_set_new(launch, "wall_s", json_real(dt));
	d = json_pack("{s:b,s:b,s:i,s:i,s:I,s:I,s:I,s:f,s:f}", "unpinned", 0, "cpu_shared",
		      shared > 0, "samples", 10, "shared_samples", shared, "host_cpu_ticks",
		      (json_int_t)400, "host_steal_ticks", (json_int_t)0, "guest_nivcsw",
		      (json_int_t)nivcsw, "guest_run_s", dt * 0.9, "guest_delay_s", dt * 0.1);
	json_object_set_new(launch, "disturbance", d);
}

static void test_counter(void **state)
{
	json_t *res = json_pack("{s:{}}", "env");
	(void)state;

	assert_true(isnan(ib_dist_counter(res, 0)));
	assert_true(isnan(ib_dist_counter(res, 5)));
	give_counters(res, 20, 2000, 0);
	NEAR(ib_dist_counter(res, 0), 0, 0);
	/* (1000 + 40 x 20 - 800 - 200) / 20 s */
	NEAR(ib_dist_counter(res, 1), 40, 1e-9);
	NEAR(ib_dist_counter(res, 2), 250, 1e-9);
	NEAR(ib_dist_counter(res, 3), 300, 1e-9);
	NEAR(ib_dist_counter(res, 4), 0, 0);
	NEAR(ib_dist_counter(res, 5), 100, 1e-9);
	NEAR(ib_dist_counter(res, 6), 1.0 / 9, 1e-9);
	NEAR(ib_dist_counter(res, 7), 0, 0);
	json_decref(res);
}

/* tests/data/disturb.log carries the counters in begin and end (mkfixtures.c's dist()) */
static void test_fixture(void **state)
{
	struct ib_log log;
	char err[256];
	json_t *res, *end;
	(void)state;

	memset(&log, 0, sizeof(log));
	assert_int_equal(ib_log_parse_file(data("disturb.log"), &log, err, sizeof(err)),
			 IB_STATUS_COMPLETE);
	assert_string_equal(ib_log_begin(&log, "dist.ctxt"), "2210");
	assert_string_equal(ib_log_end(&log, "dist.ctxt"), "3127");
	assert_string_equal(ib_log_end(&log, "records"), "6");
	assert_null(ib_log_end(&log, "dist.nope"));
	res = ib_results_build(&log, NULL);
	assert_non_null(res);
	end = json_object_get(res, "end");
	assert_string_equal(json_string_value(json_object_get(end, "dist.read_ns")), "61230");
	assert_null(json_object_get(end, "records"));
	assert_null(json_object_get(end, "digest"));
	assert_int_equal(ib_results_check(res, err, sizeof(err)), 0);
	/* 2 of 260 ticks stolen; (917 - 409 - 37) switches of others in 1.3 s; 1471 / 1.3 */
	NEAR(ib_dist_counter(res, 0), 200.0 / 260, 1e-9);
	NEAR(ib_dist_counter(res, 1), 471 / 1.3, 1e-6);
	NEAR(ib_dist_counter(res, 2), 1471 / 1.3, 1e-6);
	NEAR(ib_dist_counter(res, 3), 1579 / 1.3, 1e-6);
	assert_true(isnan(ib_dist_counter(res, 4)));   /* no launch facts */
	/* a control character in an end value is refused like one in env */
	json_object_set_new(end, "dist.steal", json_string("1\x1b"));
	assert_int_equal(ib_results_check(res, err, sizeof(err)), -1);
	json_decref(res);
	ib_log_free(&log);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = NULL;
	size_t cap = 0;

	assert_non_null(f);
	assert_true(getdelim(&s, &cap, '\0', f) >= 0);
	fclose(f);
	return s;
}

static char *run_compare(char **argv, int argc, int *rc)
{
	char path[] = "/tmp/ib-disturb-out-XXXXXX";
	int fd = mkstemp(path), saved = dup(1);

	assert_true(fd >= 0 && saved >= 0);
	fflush(stdout);
	dup2(fd, 1);
	*rc = ib_cmd_compare(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	close(fd);
	char *out = slurp(path);
	unlink(path);
	return out;
}

/* base/1..3 and new/1..3 of the fixtures with counters; new/2 disturbed when loud, base/3
 * sharing its CPU too */
static void store(char *dir, int loud)
{
	char path[512];
	const char *label[] = { "base", "new" };

	assert_non_null(mkdtemp(dir));
	for (int l = 0; l < 2; l++) {
		snprintf(path, sizeof(path), "%s/%s", dir, label[l]);
		assert_int_equal(mkdir(path, 0755), 0);
		for (int k = 1; k <= 3; k++) {
			char src[64];
			json_error_t err;
			snprintf(src, sizeof(src), "compare/%s/%d/results.json", label[l], k);
			json_t *j = json_load_file(data(src), 0, &err);
			assert_non_null(j);
			give_counters(j, 20 + k, (loud && l && k == 2 ? 500 : 95 + 3 * k + l) * (20 + k),
				      loud && !l && k == 3 ? 5 : 0);
			snprintf(path, sizeof(path), "%s/%s/%d", dir, label[l], k);
			assert_int_equal(mkdir(path, 0755), 0);
			snprintf(path, sizeof(path), "%s/%s/%d/results.json", dir, label[l], k);
			assert_int_equal(json_dump_file(j, path, 0), 0);
			json_decref(j);
		}
	}
}

static void rm_store(const char *dir)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_compare(void **state)
{
	char quiet[] = "/tmp/ib-disturb-q-XXXXXX", loud[] = "/tmp/ib-disturb-l-XXXXXX";
	char json[] = "/tmp/ib-disturb-json-XXXXXX";
	int fd = mkstemp(json), rc;
	json_error_t err;
	json_t *j, *row, *d;
	size_t i, n = 0;
	(void)state;

	assert_true(fd >= 0);
	close(fd);
	store(quiet, 0);
	char *argv[] = { "compare", "--results", quiet, "--json", json, "base", "new", NULL };
	char *out = run_compare(argv, 7, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "\ndisturbance: no boot flagged (6 boots; 8 of 8 counters "
			       "judged, a counter needs >= 4 boots that have it)\n"));
	assert_null(strstr(out, "without the"));
	free(out);
	j = json_load_file(json, 0, &err);
	assert_non_null(j);
	d = json_object_get(j, "disturbance");
	assert_int_equal(json_integer_value(json_object_get(d, "flagged_boots")), 0);
	assert_int_equal(json_array_size(json_object_get(d, "flags")), 0);
	json_array_foreach(json_object_get(j, "rows"), i, row)
		assert_null(json_object_get(row, "without_flagged"));
	json_decref(j);
	rm_store(quiet);

	store(loud, 1);
	argv[2] = loud;
	out = run_compare(argv, 7, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "\ndisturbance: 2 of 6 boots flagged"));
	assert_non_null(strstr(out, "\n  DISTURBED base/3: cpu_shared_pct 50 (median 0, limit 17.5)\n"));
	/* median of 101, 104, 107, 98, 101, 500 -> 102.5; limit 102.5 x (1 + 3.5 x 0.25) */
	assert_non_null(strstr(out, "\n  DISTURBED new/2: vm_nivcsw_s 500 (median 102.5, limit "
			       "192.2)\n"));
	assert_non_null(strstr(out, "\nwithout the 2 flagged boots"));
	free(out);
	j = json_load_file(json, 0, &err);
	assert_non_null(j);
	d = json_object_get(j, "disturbance");
	assert_int_equal(json_integer_value(json_object_get(d, "flagged_boots")), 2);
	json_array_foreach(json_object_get(j, "rows"), i, row) {
		json_t *w = json_object_get(row, "without_flagged");
		assert_non_null(w);
		assert_int_equal(json_integer_value(json_object_get(w, "boots_base")), 2);
		assert_int_equal(json_integer_value(json_object_get(w, "boots_new")), 2);
		assert_true(json_is_number(json_object_get(w, "ratio")));
		n++;
	}
	assert_true(n > 0);
	json_decref(j);
	rm_store(loud);
	unlink(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_limit),
		cmocka_unit_test(test_counter),
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_compare),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
