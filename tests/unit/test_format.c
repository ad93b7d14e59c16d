/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_format.c - lmbench 2.0 cells, golden values. The widths are the summary's: 4 (most
 * Processor columns), 5 (selct TCP, 2p/0K), 6 (context switch), 7 (16p columns).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "format.h"

struct gold {
	double v;
	const char *w4, *w5, *w6, *w7;
};

static const struct gold golden[] = {
	/* below 10: width - 2 decimals */
	{ 0.65, "0.65", "0.650", "0.6500", "0.65000" },
	{ 4.58, "4.58", "4.580", "4.5800", "4.58000" },
	{ 0.0004, "0.00", "0.000", "0.0004", "0.00040" },
	{ 9.994, "9.99", "9.994", "9.9940", "9.99400" },
	{ 9.995, "9.99", "9.995", "9.9950", "9.99500" },  /* 9.99499999... as a double */
	{ 9.996, "10.0", "9.996", "9.9960", "9.99600" },  /* rounds up to 10: next rule */
	{ 9.9999, "10.0", " 10.0", "9.9999", "9.99990" },
	/* from 10: "%.1f" cut to the width */
	{ 10, "10.0", " 10.0", "  10.0", "   10.0" },
	{ 24.7, "24.7", " 24.7", "  24.7", "   24.7" },
	{ 99.95, "100.", "100.0", " 100.0", "  100.0" },
	{ 160.35, "160.", "160.3", " 160.3", "  160.3" },
	{ 309.8, "309.", "309.8", " 309.8", "  309.8" },
	{ 1000, "1000", "1000.", "1000.0", " 1000.0" },
	{ 1997, "1997", "1997.", "1997.0", " 1997.0" },
	{ 9999, "9999", "9999.", "9999.0", " 9999.0" },
	{ 9999.96, "10.K", "10000", "10000.", "10000.0" }, /* lmbench would print "1000" in 4 */
	/* from 10^4: thousands with K */
	{ 10000, "10.K", "10.0K", " 10.0K", "  10.0K" },
	{ 13200, "13.K", "13.2K", " 13.2K", "  13.2K" },
	{ 99999, "100K", "100.K", "100.0K", " 100.0K" },
	{ 999999, "1.0M", "1000K", "1000.K", "1000.0K" },
	/* from 10^7: millions with M */
	{ 1e7, "10.M", "10.0M", " 10.0M", "  10.0M" },
	{ 1.234e8, "123M", "123.M", "123.4M", " 123.4M" },
	{ 1e10, "####", "#####", "10000M", "10000.M" },
	/* zero is a value, not a blank */
	{ 0, "0.00", "0.000", "0.0000", "0.00000" },
	/* negative (an overhead larger than the operation): "-" and the magnitude */
	{ -0.05, "-0.1", "-0.05", "-0.050", "-0.0500" },
	{ -24.7, "-24.", "-24.7", " -24.7", "  -24.7" },
	{ -20000, "-20K", "-20.K", "-20.0K", " -20.0K" },
};

static void check(double v, int w, const char *want)
{
	char buf[IB_CELL_MAX];
	ib_fmt_cell(buf, sizeof(buf), v, w);
	if (strcmp(buf, want))
		fail_msg("%.10g in %d: got \"%s\", want \"%s\"", v, w, buf, want);
}

static void test_golden(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(golden) / sizeof(golden[0]); i++) {
		check(golden[i].v, 4, golden[i].w4);
		check(golden[i].v, 5, golden[i].w5);
		check(golden[i].v, 6, golden[i].w6);
		check(golden[i].v, 7, golden[i].w7);
	}
}

static void test_blank_and_odd(void **state)
{
	char buf[IB_CELL_MAX];
	(void)state;
	assert_string_equal(ib_fmt_cell(buf, sizeof(buf), NAN, 4), "    ");
	assert_string_equal(ib_fmt_cell(buf, sizeof(buf), NAN, 7), "       ");
	assert_string_equal(ib_fmt_cell(buf, sizeof(buf), INFINITY, 4), "####");
	/* never past the buffer */
	char small[4] = "zzz";
	ib_fmt_cell(small, sizeof(small), 1.5, 6);
	assert_int_equal(strlen(small), 3);
}

static void test_int(void **state)
{
	char buf[IB_CELL_MAX];
	(void)state;
	assert_string_equal(ib_fmt_int(buf, sizeof(buf), 797, 4), " 797");
	assert_string_equal(ib_fmt_int(buf, sizeof(buf), 2394.454, 4), "2394");
	assert_string_equal(ib_fmt_int(buf, sizeof(buf), 2394.5, 4), "2394");  /* to even */
	assert_string_equal(ib_fmt_int(buf, sizeof(buf), NAN, 4), "    ");
	assert_string_equal(ib_fmt_int(buf, sizeof(buf), 12345, 4), "####");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_blank_and_odd),
		cmocka_unit_test(test_int),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
