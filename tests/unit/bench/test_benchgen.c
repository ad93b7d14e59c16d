/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_benchgen.c - the gathering of //bench:, //config: and //section: lines
 * (bench/gen/benchgen.c): sorted output, and one "file:line: why" for every bad input.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/gen/benchgen.h"

/* feed lines of one file, NULL-terminated; returns what the first failure returned */
static int feed(struct bg_set *s, const char *file, const char *const *lines)
{
	unsigned n = 0;

	for (; lines[n]; n++)
		if (bg_feed(s, file, n + 1, lines[n]))
			return -1;
	return bg_feed(s, file, n + 1, "");
}

static const char *const sections[] = {
	"//section: first First heading",
	"//section: second *Second* heading",
	NULL
};

static char *emit(const struct bg_set *s, int (*fn)(const struct bg_set *, FILE *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(fn(s, f), 0);
	fclose(f);
	return buf;
}

static void sorted_by_order_and_placed_by_section(void **state)
{
	static const char *const b[] = {
		"/* a comment */",
		"//bench: 30 beta IB_BENCH_BETA first",
		"//bench: 10 alpha IB_BENCH_ALPHA second",
		"//",
		"//config:config IB_BENCH_BETA",
		"//config:\tbool \"beta\"",
		"//config:\tdefault y",
		"int ib_run_beta(void);",
		"//config:config IB_BENCH_ALPHA",
		"//config:\tbool \"alpha\"",
		NULL
	};
	static const char *const t[] = {
		"//bench: 50 t_two IB_BENCH_T second named",
		"//bench: 40 t_one IB_BENCH_T second named",
		"//config:config IB_BENCH_T",
		"//config:\tbool \"t\"",
		NULL
	};
	struct bg_set s;
	char *def, *kc;

	(void)state;
	bg_init(&s);
	assert_int_equal(feed(&s, "bench/fam.c", b), 0);
	assert_int_equal(feed(&s, "bench/registry.c", sections), 0);
	assert_int_equal(feed(&s, "bench/test.c", t), 0);
	assert_int_equal(bg_finish(&s), 0);
	def = emit(&s, bg_write_def);
	kc = emit(&s, bg_write_kconfig);
	assert_non_null(strstr(def, "\nIB_BENCH(alpha, \"fam\", CONFIG_IB_BENCH_ALPHA)\n"
			       "IB_BENCH(beta, \"fam\", CONFIG_IB_BENCH_BETA)\n"
			       "#ifdef CONFIG_IB_BENCH_T\n"
			       "IB_BENCH_NAMED(t_one, \"test\", CONFIG_IB_BENCH_T)\n#endif\n"
			       "#ifdef CONFIG_IB_BENCH_T\n"
			       "IB_BENCH_NAMED(t_two, \"test\", CONFIG_IB_BENCH_T)\n#endif\n"));
	/* headings in the order read, entries by section, then by their lowest order */
	assert_non_null(strstr(kc, "\ncomment \"First heading\"\n\n"
			       "config IB_BENCH_BETA\n\tbool \"beta\"\n\tdefault y\n\n"
			       "comment \"*Second* heading\"\n\n"
			       "config IB_BENCH_ALPHA\n\tbool \"alpha\"\n\n"
			       "config IB_BENCH_T\n\tbool \"t\"\n"));
	free(def);
	free(kc);
	bg_free(&s);
}

/* the error names the place; where holds "file:line" */
static void refused(const char *const *lines, const char *where, const char *why, int at_finish)
{
	struct bg_set s;

	bg_init(&s);
	assert_int_equal(feed(&s, "bench/registry.c", sections), 0);
	int rc = feed(&s, "bench/x.c", lines);
	if (at_finish) {
		assert_int_equal(rc, 0);
		rc = bg_finish(&s);
	}
	assert_int_equal(rc, -1);
	if (strncmp(s.err, where, strlen(where)) || !strstr(s.err, why))
		fail_msg("err \"%s\", wanted \"%s: ...%s...\"", s.err, where, why);
	assert_null(strchr(s.err, '\n'));
	bg_free(&s);
}

#define OK_CONFIG(sym) "//config:config " sym, "//config:\tbool \"x\""

static void duplicates_are_refused(void **state)
{
	(void)state;
	refused((const char *const[]){ "//bench: 10 a IB_A first", "//bench: 10 b IB_B first",
				       NULL }, "bench/x.c:2:", "duplicate order 10", 0);
	refused((const char *const[]){ "//bench: 10 a IB_A first", "//bench: 20 a IB_B first",
				       NULL }, "bench/x.c:2:", "duplicate bench a", 0);
	refused((const char *const[]){ OK_CONFIG("IB_A"), "", OK_CONFIG("IB_A"), NULL },
		"bench/x.c:4:", "duplicate config IB_A", 0);
	refused((const char *const[]){ "//section: first again", NULL }, "bench/x.c:1:",
		"duplicate section first", 0);
}

static void malformed_lines_are_refused(void **state)
{
	(void)state;
	refused((const char *const[]){ "//bench: x a IB_A first", NULL }, "bench/x.c:1:",
		"wants ORDER NAME SYMBOL SECTION", 0);
	refused((const char *const[]){ "//bench: 10 a IB_A", NULL }, "bench/x.c:1:",
		"wants ORDER NAME SYMBOL SECTION", 0);
	refused((const char *const[]){ "//bench: 10 a IB_A first often", NULL }, "bench/x.c:1:",
		"only \"named\"", 0);
	refused((const char *const[]){ "//bench: 10 A IB_A first", NULL }, "bench/x.c:1:",
		"not a C identifier", 0);
	refused((const char *const[]){ "//bench: 10 a CONFIG_A first", NULL }, "bench/x.c:1:",
		"is not IB_", 0);
	refused((const char *const[]){ "x", "// bench: 10 a IB_A first", NULL }, "bench/x.c:2:",
		"malformed directive", 0);
	refused((const char *const[]){ "//benches: 10 a IB_A first", NULL }, "bench/x.c:1:",
		"malformed directive", 0);
	refused((const char *const[]){ "//config:\tbool \"x\"", NULL }, "bench/x.c:1:",
		"outside an entry", 0);
	refused((const char *const[]){ OK_CONFIG("IB_A"), "//config:menu \"m\"", NULL },
		"bench/x.c:3:", "\"menu\" is not allowed", 0);
	refused((const char *const[]){ "//config:config IB_A IB_B", NULL }, "bench/x.c:1:",
		"one SYMBOL", 0);
	refused((const char *const[]){ "//section: third", NULL }, "bench/x.c:1:",
		"title is missing", 0);
}

static void cross_references_are_checked(void **state)
{
	(void)state;
	refused((const char *const[]){ "//bench: 10 a IB_A nowhere", OK_CONFIG("IB_A"), NULL },
		"bench/x.c:1:", "no //section: nowhere", 1);
	refused((const char *const[]){ "//bench: 10 a IB_A first", NULL }, "bench/x.c:1:",
		"no //config:config IB_A entry", 1);
	refused((const char *const[]){ "//bench: 10 a IB_A first", OK_CONFIG("IB_A"), "",
				       OK_CONFIG("IB_B"), NULL }, "bench/x.c:5:",
		"config IB_B: no //bench: line", 1);
	refused((const char *const[]){ "//bench: 10 a IB_A first", "//bench: 20 b IB_A second",
				       OK_CONFIG("IB_A"), NULL }, "bench/x.c:2:",
		"section second, but a", 1);
	/* an entry does not run on from one file into the next */
	struct bg_set s;
	bg_init(&s);
	assert_int_equal(feed(&s, "bench/a.c", (const char *const[]){ OK_CONFIG("IB_A"), NULL }), 0);
	assert_int_equal(feed(&s, "bench/b.c", (const char *const[]){ "//config:\tdefault y",
								   NULL }), -1);
	assert_non_null(strstr(s.err, "bench/b.c:1:"));
	bg_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sorted_by_order_and_placed_by_section),
		cmocka_unit_test(duplicates_are_refused),
		cmocka_unit_test(malformed_lines_are_refused),
		cmocka_unit_test(cross_references_are_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
