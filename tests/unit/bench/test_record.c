/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_record.c - CRC-32, escaping, payload building and framing (bench/base/record.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bench/base/record.h"

static void test_crc_check_value(void **state)
{
	(void)state;
	assert_int_equal(ib_crc32(0, "123456789", 9), 0xcbf43926u);
	assert_int_equal(ib_crc32(0, "", 0), 0);
	/* continuing a running CRC gives the CRC of the concatenation */
	assert_int_equal(ib_crc32(ib_crc32(0, "1234", 4), "56789", 5), 0xcbf43926u);
	/* zlib.crc32(b"The quick brown fox jumps over the lazy dog") */
	assert_int_equal(ib_crc32(0, "The quick brown fox jumps over the lazy dog", 43),
			 0x414fa339u);
}

static void test_escape(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(ib_escape(out, sizeof(out), "a b%c\n\x7f=,~!"), 19);
	assert_string_equal(out, "a%20b%25c%0A%7F=,~!");
	assert_int_equal(ib_escape(out, sizeof(out), ""), 0);
	assert_string_equal(out, "");
	/* does not fit: 0 and an empty string, never a cut escape */
	assert_int_equal(ib_escape(out, 4, "a b"), 0);
	assert_string_equal(out, "");
	assert_int_equal(ib_escape(out, 6, "a b"), 5);
	assert_string_equal(out, "a%20b");
}

static void test_escape_round_trip(void **state)
{
	char src[256], esc[256 * 3 + 1];

	(void)state;
	for (int i = 1; i < 256; i++)
		src[i - 1] = (char)i;
	src[255] = '\0';
	size_t n = ib_escape(esc, sizeof(esc), src);
	assert_true(n > 255);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)esc[i];
		assert_true(c > 0x20 && c < 0x7f);
	}
	long m = ib_unescape(esc, n);
	assert_int_equal(m, 255);
	assert_memory_equal(esc, src, 255);
}

static void test_unescape_bad(void **state)
{
	char a[] = "x%G1", b[] = "x%2", c[] = "%", d[] = "a%41%62";

	(void)state;
	assert_int_equal(ib_unescape(a, strlen(a)), -1);
	assert_int_equal(ib_unescape(b, strlen(b)), -1);
	assert_int_equal(ib_unescape(c, strlen(c)), -1);
	assert_int_equal(ib_unescape(d, strlen(d)), 3);
	assert_string_equal(d, "aAb");
}

static void test_build(void **state)
{
	static struct ib_rec r;
	const double d[] = { 1.5, 0.000123456789, 2e10 };
	const uint64_t u[] = { 1, 18446744073709551615ull };

	(void)state;
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "bench", "null call");
	ib_rec_str(&r, "reason", "");
	ib_rec_u64(&r, "iters", 123);
	ib_rec_i64(&r, "cpu", -1);
	ib_rec_dbl(&r, "x", 3.14159265);
	ib_rec_dbls(&r, "samples", d, 3);
	ib_rec_u64s(&r, "raw_ns", u, 2);
	ib_rec_u64s(&r, "none", u, 0);
	ib_rec_str(&r, "k.v", "a=b");
	assert_false(r.overflow);
	assert_string_equal(r.buf, "m bench=null%20call reason= iters=123 cpu=-1 x=3.14159 "
				   "samples=1.5,0.000123457,2e+10 raw_ns=1,18446744073709551615 "
				   "none= k.v=a=b");
	assert_int_equal(r.len, strlen(r.buf));
}

static void test_bad_key_refused(void **state)
{
	static struct ib_rec r;

	(void)state;
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "Bad", "1");
	assert_true(r.overflow);
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "a b", "1");
	assert_true(r.overflow);
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "", "1");
	assert_true(r.overflow);
	ib_rec_init(&r, "m");
	assert_false(r.overflow);
}

static void test_frame(void **state)
{
	char line[256], expect[256];
	const char *p = "plan count=2 benches=a,b";
	size_t n;

	(void)state;
	n = ib_frame(line, sizeof(line), 1, p, strlen(p));
	snprintf(expect, sizeof(expect), "# IB 1 %s *%08x\n", p,
		 (unsigned)ib_crc32(0, "# IB 1 plan count=2 benches=a,b", 31));
	assert_int_equal(n, strlen(expect));
	assert_string_equal(line, expect);
	/* the CRC covers "# IB ..." up to the space before '*' */
	assert_int_equal(n, 31 + 2 + 8 + 1);
	/* seq is decimal, no padding */
	n = ib_frame(line, sizeof(line), 1234567, "end records=1 digest=00000000", 29);
	assert_true(n > 0);
	assert_memory_equal(line, "# IB 1234567 end ", 17);
	/* too small for the line and its NUL: refused */
	n = ib_frame(line, 31 + 11, 1, p, strlen(p));
	assert_int_equal(n, 0);
	n = ib_frame(line, 31 + 12, 1, p, strlen(p));
	assert_int_equal(n, 42);
	/* never a newline or control byte inside a line; never empty */
	assert_int_equal(ib_frame(line, sizeof(line), 1, "m a=1\nb=2", 9), 0);
	assert_int_equal(ib_frame(line, sizeof(line), 1, "m a=\r", 5), 0);
	assert_int_equal(ib_frame(line, sizeof(line), 1, "", 0), 0);
}

static void test_overflow(void **state)
{
	static struct ib_rec r;
	static char big[IB_REC_MAX];
	static char line[IB_REC_MAX * 2];

	(void)state;
	memset(big, 'x', sizeof(big) - 100);
	big[sizeof(big) - 100] = '\0';
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "a", big);
	assert_false(r.overflow);
	size_t len = r.len;
	ib_rec_str(&r, "b", big);
	assert_true(r.overflow);
	/* nothing more is added once full */
	ib_rec_u64(&r, "c", 1);
	assert_true(r.overflow);
	assert_true(r.len <= len + 200);
	assert_true(r.len < sizeof(r.buf));
	/* a payload at the limit cannot be framed */
	memset(line, 'm', IB_REC_MAX);
	assert_int_equal(ib_frame(line + IB_REC_MAX, IB_REC_MAX, 0, line, IB_REC_MAX), 0);
	/* an escape is never cut in half at the end of the buffer */
	ib_rec_init(&r, "m");
	memset(big, ' ', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ib_rec_str(&r, "a", big);
	assert_true(r.overflow);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc_check_value),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_escape_round_trip),
		cmocka_unit_test(test_unescape_bad),
		cmocka_unit_test(test_build),
		cmocka_unit_test(test_bad_key_refused),
		cmocka_unit_test(test_frame),
		cmocka_unit_test(test_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
