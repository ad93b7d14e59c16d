/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_format.c - lmbench 2.0 cells, golden values. The widths are the summary's: 4 (most
 * Processor columns, Pipe/AF UNIX/TCP/Mem read MB/s), 5 (selct TCP, 2p/0K, Mem write), 6
 * (context switch, File/Mmap reread, Bcopy), 7 (16p columns, Page Fault), 8 (Mmap Latency).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "report/summary/format.h"

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

/*
 * MB/s: bandwidths run into the thousands and tens of thousands. Posted lmbench 2.0 rows
 * print "670. 353. 94.2  424.7  521.1  221.2  156.0 521. 212.6" (2.5.34) and
 * "1367 778. 803. 2058.5 4659.4 1303.9 1303.5 4664 1422." (2.6.29); from 10^4 a K suffix.
 */
struct bw {
	double v;
	const char *w4, *w5, *w6;
};

static const struct bw bandwidths[] = {
	{ 94.2, "94.2", " 94.2", "  94.2" },
	{ 385.19, "385.", "385.2", " 385.2" },
	{ 521.1, "521.", "521.1", " 521.1" },
	{ 1088.4, "1088", "1088.", "1088.4" },
	{ 1422.3, "1422", "1422.", "1422.3" },
	{ 4659.4, "4659", "4659.", "4659.4" },
	{ 9999.9, "9999", "9999.", "9999.9" },
	{ 13373.44, "13.K", "13.4K", " 13.4K" },
	{ 13674, "13.K", "13.7K", " 13.7K" },
	{ 20409.49, "20.K", "20.4K", " 20.4K" },
	{ 99999.9, "100K", "100.K", "100.0K" },
	{ 123456.7, "123K", "123.K", "123.5K" },
	{ 1234567, "1.2M", "1234K", "1234.K" },
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

static void test_bandwidth(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bandwidths) / sizeof(bandwidths[0]); i++) {
		check(bandwidths[i].v, 4, bandwidths[i].w4);
		check(bandwidths[i].v, 5, bandwidths[i].w5);
		check(bandwidths[i].v, 6, bandwidths[i].w6);
	}
	/* the File & VM columns wider than their dashes: Mmap Latency 8, Page Fault 7 */
	check(477, 8, "   477.0");
	check(9659, 8, "  9659.0");
	check(20200, 8, "   20.2K");
	check(3, 7, "3.00000");
	check(1.7033, 7, "1.70330");
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
		cmocka_unit_test(test_bandwidth),
		cmocka_unit_test(test_blank_and_odd),
		cmocka_unit_test(test_int),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
