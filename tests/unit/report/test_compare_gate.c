/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_compare_gate.c - the regression gate of `initbench compare` (report/compare/
 * compare-gate.c) on the fixture boots of tests/data/compare, whose changes are known:
 * null_call +10% and ctx_2p_0k +3% (us: slower), bw_pipe +20% (MB/s: faster), stat and
 * lat_mem within the 1% floor. Each direction, the threshold, the metric and section
 * filters, usage errors (2), the gate's code (9) against the data class (6, base/4 is
 * incomplete), rows that cannot be judged (B = 1: SKIP), and the KTAP and JUnit outputs
 * (a "File & VM" section name XML-escaped),
 * parsed line by line and element by element. tests/integration/tool/compare-gate.sh runs
 * the binary on the same data and parses the JUnit with python3's xml.etree.
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

#include "host/lib/exitcode.h"
#include "report/results.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = NULL;
	size_t cap = 0;
	assert_non_null(f);
	ssize_t n = getdelim(&s, &cap, '\0', f);
	fclose(f);
	if (n < 0) {   /* empty: a usage error prints nothing on stdout */
		free(s);
		s = strdup("");
	}
	assert_non_null(s);
	return s;
}

/* ib_cmd_compare with its stdout caught; argv ends with NULL */
static char *run(char **argv, int *rc)
{
	char path[] = "/tmp/ib-gate-out-XXXXXX";
	int fd = mkstemp(path), saved = dup(1), argc = 0;
	assert_true(fd >= 0 && saved >= 0);
	while (argv[argc])
		argc++;
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

/*
 * the fixture's complete boots (base/1-3, new/1..nnew) in a store of their own; amp: stat's
 * figures named mmap_lat, a metric of the "File & VM" section, whose '&' XML must escape
 */
static void store_as(char *dir, int nnew, int amp)
{
	char path[512];
	const char *label[] = { "base", "new" };
	assert_non_null(mkdtemp(dir));
	for (int l = 0; l < 2; l++) {
		snprintf(path, sizeof(path), "%s/%s", dir, label[l]);
		assert_int_equal(mkdir(path, 0755), 0);
		for (int k = 1; k <= (l ? nnew : 3); k++) {
			char src[64];
			json_error_t err;
			snprintf(src, sizeof(src), "compare/%s/%d/results.json", label[l], k);
			json_t *j = json_load_file(data(src), 0, &err), *m;
			size_t i;
			assert_non_null(j);
			json_array_foreach(json_object_get(j, "measurements"), i, m)
				if (amp && !strcmp(json_string_value(json_object_get(m, "metric")), "stat"))
					json_object_set_new(m, "metric", json_string("mmap_lat"));
			snprintf(path, sizeof(path), "%s/%s/%d", dir, label[l], k);
			assert_int_equal(mkdir(path, 0755), 0);
			snprintf(path, sizeof(path), "%s/%s/%d/results.json", dir, label[l], k);
			assert_int_equal(json_dump_file(j, path, 0), 0);
			json_decref(j);
		}
	}
}

static void store(char *dir, int nnew)
{
	store_as(dir, nnew, 0);
}

static void rm_store(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* the gate's verdict line */
static char *gate_line(const char *out, char *buf, size_t cap)
{
	const char *g = strstr(out, "\ngate: ");
	assert_non_null(g);
	g++;
	snprintf(buf, cap, "%.*s", (int)strcspn(g, "\n"), g);
	return buf;
}

/* runs compare on dir with the gate options opt (up to 6, NULL-ended); rc and the gate line */
static int gate(const char *dir, const char **opt, char *line, size_t cap)
{
	char *argv[16];
	int n = 0, rc;
	argv[n++] = "compare";
	argv[n++] = "--results";
	argv[n++] = (char *)dir;
	while (*opt)
		argv[n++] = (char *)*opt++;
	argv[n++] = "base";
	argv[n++] = "new";
	argv[n] = NULL;
	char *out = run(argv, &rc);
	if (line)
		gate_line(out, line, cap);
	free(out);
	return rc;
}

static void test_directions(void **state)
{
	char dir[] = "/tmp/ib-gate-XXXXXX", l[512];
	(void)state;
	store(dir, 3);
	/* no gate: unchanged, 0 */
	const char *none[] = { NULL };
	assert_int_equal(gate(dir, none, NULL, 0), 0);

	const char *slow[] = { "--fail-on", "slower", NULL };
	assert_int_equal(gate(dir, slow, l, sizeof(l)), IB_EXIT_GATE);
	assert_non_null(strstr(l, "2 of 5 rows fail"));
	assert_non_null(strstr(l, "new.null_call +10.0%"));
	assert_non_null(strstr(l, "new.ctx_2p_0k +3.0%"));
	assert_null(strstr(l, "bw_pipe"));   /* MB/s up is faster */

	const char *fast[] = { "--fail-on", "faster", NULL };
	assert_int_equal(gate(dir, fast, l, sizeof(l)), IB_EXIT_GATE);
	assert_non_null(strstr(l, "1 of 5 rows fail: new.bw_pipe +20.0%"));

	const char *any[] = { "--fail-on", "any", NULL };
	assert_int_equal(gate(dir, any, l, sizeof(l)), IB_EXIT_GATE);
	assert_non_null(strstr(l, "3 of 5 rows fail"));

	/* the threshold: 5% leaves ctx_2p_0k's +3% out, 25% everything */
	const char *t5[] = { "--fail-on", "any", "--threshold", "5", NULL };
	assert_int_equal(gate(dir, t5, l, sizeof(l)), IB_EXIT_GATE);
	assert_non_null(strstr(l, "threshold 5%: 2 of 5 rows fail"));
	assert_null(strstr(l, "ctx_2p_0k"));
	const char *t25[] = { "--fail-on", "any", "--threshold", "25", NULL };
	assert_int_equal(gate(dir, t25, l, sizeof(l)), 0);
	assert_non_null(strstr(l, "0 of 5 rows fail"));
	/* a threshold below the floor does not make stat (+0.0%, within it) fail */
	const char *t0[] = { "--fail-on", "any", "--threshold", "0", "--metrics", "stat", NULL };
	assert_int_equal(gate(dir, t0, l, sizeof(l)), 0);
	rm_store(dir);
}

static void test_filters(void **state)
{
	char dir[] = "/tmp/ib-gate-XXXXXX", l[512];
	(void)state;
	store(dir, 3);
	const char *m1[] = { "--fail-on", "slower", "--metrics", "bw_pipe,stat", NULL };
	assert_int_equal(gate(dir, m1, l, sizeof(l)), 0);
	assert_non_null(strstr(l, "0 of 2 rows fail"));
	const char *m2[] = { "--fail-on", "faster", "--metrics", "bw_pipe", NULL };
	assert_int_equal(gate(dir, m2, l, sizeof(l)), IB_EXIT_GATE);
	/* a section name holds a comma; several sections, any case */
	const char *s1[] = { "--fail-on", "slower", "--sections", "Processor, Processes", NULL };
	assert_int_equal(gate(dir, s1, l, sizeof(l)), IB_EXIT_GATE);
	assert_non_null(strstr(l, "1 of 2 rows fail: new.null_call"));
	const char *s2[] = { "--fail-on", "slower", "--sections",
			     "*local* communication bandwidths,Memory hierarchy (random chase)", NULL };
	assert_int_equal(gate(dir, s2, l, sizeof(l)), 0);
	assert_non_null(strstr(l, "0 of 2 rows fail"));
	const char *s3[] = { "--fail-on", "slower", "--sections",
			     "Context switching,Processor, Processes", NULL };
	assert_int_equal(gate(dir, s3, l, sizeof(l)), IB_EXIT_GATE);
	assert_non_null(strstr(l, "2 of 3 rows fail"));

	/* usage: 2 before anything is read */
	const char *bad[][8] = {
		{ "--fail-on", "slower", "--metrics", "null_call,nope", NULL },
		{ "--fail-on", "slower", "--sections", "Processor", NULL },
		{ "--metrics", "null_call", "--sections", "Context switching", NULL },
		{ "--fail-on", "worse", NULL },
		{ "--fail-on", "slower", "--fail-on", "worse", NULL },
		{ "--threshold", "5", NULL },
		{ "--fail-on", "any", "--threshold", "-1", NULL },
		{ "--fail-on", "any", "--threshold", "5x", NULL },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(gate(dir, bad[i], NULL, 0), IB_EXIT_USAGE);
	rm_store(dir);

	/* the fixture's own store: base/4 incomplete (6) loses to the gate (9) */
	const char *slow[] = { "--fail-on", "slower", NULL };
	assert_int_equal(gate(data("compare"), slow, l, sizeof(l)), IB_EXIT_GATE);
	const char *pass[] = { "--fail-on", "slower", "--threshold", "50", NULL };
	assert_int_equal(gate(data("compare"), pass, l, sizeof(l)), IB_EXIT_BADDATA);
}

static void test_ktap(void **state)
{
	char dir[] = "/tmp/ib-gate-XXXXXX";
	int rc;
	(void)state;
	store(dir, 3);
	char *argv[] = { "compare", "--results", dir, "--fail-on", "slower", "--ktap", "base", "new", NULL };
	char *out = run(argv, &rc);
	assert_int_equal(rc, IB_EXIT_GATE);
	/* the table first, then the KTAP document */
	char *k = strstr(out, "\nKTAP version 1\n");
	assert_non_null(k);
	assert_non_null(strstr(out, "new vs base"));
	assert_true(strstr(out, "new vs base") < k);
	char *save = NULL, *ln = strtok_r(k + 1, "\n", &save);
	int n = 0, plan = 0, nok = 0;
	for (ln = strtok_r(NULL, "\n", &save); ln; ln = strtok_r(NULL, "\n", &save)) {
		if (*ln == '#')
			continue;
		if (!plan) {
			assert_string_equal(ln, "1..5");
			plan = 1;
			continue;
		}
		char name[64];
		int num, off = 0;
		int bad = !strncmp(ln, "not ok ", 7);
		assert_true(bad || !strncmp(ln, "ok ", 3));
		assert_int_equal(sscanf(ln + (bad ? 7 : 3), "%d %63s %n", &num, name, &off), 2);
		assert_int_equal(num, ++n);
		assert_non_null(strstr(ln, "ratio "));
		assert_non_null(strstr(ln, " ["));
		assert_null(strchr(ln, '#'));
		int slow = !strcmp(name, "new.null_call") || !strcmp(name, "new.ctx_2p_0k");
		assert_int_equal(bad, slow);
		nok += bad;
	}
	assert_int_equal(n, 5);
	assert_int_equal(nok, 2);
	free(out);
	rm_store(dir);

	/* B = 1 in the new arm: nothing can be judged, every row SKIP, the gate passes */
	char dir1[] = "/tmp/ib-gate-XXXXXX";
	store(dir1, 1);
	argv[2] = dir1;
	argv[4] = "any";
	out = run(argv, &rc);
	assert_int_equal(rc, 0);
	k = strstr(out, "\nKTAP version 1\n");
	assert_non_null(k);
	assert_non_null(strstr(k, "\nok 1 new.null_call # SKIP B = 3 vs 1: no interval (needs B >= 2)\n"));
	assert_null(strstr(k, "not ok"));
	free(out);
	rm_store(dir1);
}

static void test_junit(void **state)
{
	char dir[] = "/tmp/ib-gate-XXXXXX", xml[] = "/tmp/ib-gate-junit-XXXXXX";
	int fd = mkstemp(xml), rc;
	(void)state;
	assert_true(fd >= 0);
	close(fd);
	store(dir, 3);
	char *argv[] = { "compare", "--results", dir, "--fail-on", "slower", "--junit", xml,
			 "base", "new", NULL };
	char *out = run(argv, &rc);
	assert_int_equal(rc, IB_EXIT_GATE);
	assert_null(strstr(out, "KTAP version"));   /* --junit alone prints no KTAP */
	free(out);
	char *x = slurp(xml);
	assert_true(!strncmp(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 39));
	assert_non_null(strstr(x, "<testsuites name=\"initbench compare\" tests=\"5\" failures=\"2\" skipped=\"0\">"));
	assert_non_null(strstr(x, "<testsuite name=\"new vs base\" tests=\"5\" failures=\"2\" skipped=\"0\">"));
	/* one testcase per row, classname the section; a failure only where the gate fails */
	size_t cases = 0, fails = 0;
	for (char *p = x; (p = strstr(p, "<testcase ")); p++) {
		char *end = strstr(p, "</testcase>");
		assert_non_null(end);
		int f = strstr(p, "<failure ") && strstr(p, "<failure ") < end;
		char *nm = strstr(p, "\" name=\"");
		assert_non_null(nm);
		int slow = !strncmp(nm, "\" name=\"null_call\"", 18) ||
			   !strncmp(nm, "\" name=\"ctx_2p_0k\"", 18);
		assert_int_equal(f, slow);
		cases++, fails += f;
	}
	assert_int_equal(cases, 5);
	assert_int_equal(fails, 2);
	assert_non_null(strstr(x, "<testcase classname=\"Processor, Processes\" name=\"null_call\">"));
	assert_non_null(strstr(x, "<testcase classname=\"*Local* Communication bandwidths\" name=\"bw_pipe\">"));
	assert_non_null(strstr(x, "<failure type=\"regression\" message=\"slower beyond 1.0%: ratio 1.1 ["));
	free(x);

	/* B = 1: skipped elements; an unwritable file: 1, below the gate's 9 */
	char dir1[] = "/tmp/ib-gate-XXXXXX";
	store(dir1, 1);
	argv[2] = dir1;
	free(run(argv, &rc));
	assert_int_equal(rc, 0);
	x = slurp(xml);
	assert_non_null(strstr(x, "skipped=\"5\""));
	assert_non_null(strstr(x, "<skipped message=\"B = 3 vs 1: no interval (needs B &gt;= 2)\"/>"));
	free(x);
	argv[6] = "/nonexistent-dir/junit.xml";
	free(run(argv, &rc));
	assert_int_equal(rc, IB_EXIT_HOSTIO);
	argv[2] = dir;
	free(run(argv, &rc));
	assert_int_equal(rc, IB_EXIT_GATE);
	rm_store(dir);
	rm_store(dir1);

	char dir2[] = "/tmp/ib-gate-XXXXXX";
	store_as(dir2, 3, 1);
	argv[2] = dir2;
	argv[6] = xml;
	free(run(argv, &rc));
	assert_int_equal(rc, IB_EXIT_GATE);
	x = slurp(xml);
	assert_non_null(strstr(x, " classname=\"File &amp; VM system latencies\" name=\"mmap_lat\">"));
	assert_null(strstr(x, "File & "));
	free(x);
	rm_store(dir2);
	unlink(xml);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_directions),
		cmocka_unit_test(test_filters),
		cmocka_unit_test(test_ktap),
		cmocka_unit_test(test_junit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
