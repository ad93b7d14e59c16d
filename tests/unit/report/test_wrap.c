/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_wrap.c - report/summary/wrap.c, what keeps report and compare --format markdown|narrow
 * in 80 columns: breaks at blanks, the first line's and the others' prefixes, a word too long
 * for a line cut across lines, runs of blanks made one; and ib_num4's figures.
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

#include <cmocka.h>

#include "report/summary/wrap.h"

static char *wrap(const char *first, const char *indent, const char *text, size_t width)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_non_null(f);
	ib_wrap(f, first, indent, text, width);
	fclose(f);
	return out;
}

static void check(const char *first, const char *indent, const char *text, size_t width,
		  const char *want)
{
	char *got = wrap(first, indent, text, width);

	assert_string_equal(got, want);
	for (const char *l = got; *l; l += strcspn(l, "\n") + 1)
		assert_true(strcspn(l, "\n") <= width);
	free(got);
}

static void test_wrap(void **state)
{
	(void)state;
	check("- ", "  ", "one two three", 80, "- one two three\n");
	/* exactly full, then one over */
	check("", "", "aaaa bbbb", 9, "aaaa bbbb\n");
	check("", "", "aaaa bbbbb", 9, "aaaa\nbbbbb\n");
	check("- ", "  ", "alpha beta gamma delta", 12, "- alpha beta\n  gamma\n  delta\n");
	/* runs of blanks are one; leading and trailing ones go */
	check("", "", "  a   b  ", 10, "a b\n");
	/* a word longer than a line: cut, not left over the width */
	check("", "  ", "abcdefghijkl", 5, "abcde\n  fgh\n  ijk\n  l\n");
	check("> ", "> ", "x abcdefgh", 6, "> x\n> abcd\n> efgh\n");
	check("- ", "  ", "", 10, "- \n");
}

static void test_num4(void **state)
{
	char b[32];
	(void)state;
	assert_string_equal(ib_num4(b, sizeof(b), 0.123456), "0.1235");
	assert_string_equal(ib_num4(b, sizeof(b), 24.68), "24.68");
	assert_string_equal(ib_num4(b, sizeof(b), 9999.4), "9999");
	assert_string_equal(ib_num4(b, sizeof(b), 13110.4), "13110");
	assert_string_equal(ib_num4(b, sizeof(b), 1.5e7), "15000000");
	assert_string_equal(ib_num4(b, sizeof(b), NAN), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_num4),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
