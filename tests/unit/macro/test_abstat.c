/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_abstat.c - the load generator's pure half (bench/macro/abstat.c): reading HTTP
 * responses as they arrive, and ab's figures from per-request times.
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

#include "bench/macro/abstat.h"

static struct ib_http_resp r;

/* text fed in pieces of `step` bytes; the last feed's return */
static int feed(const char *text, size_t step)
{
	size_t len = strlen(text), used;
	int rc = 0;

	ib_http_resp_init(&r);
	for (size_t o = 0; o < len && rc == 0; o += step) {
		size_t n = len - o < step ? len - o : step;
		rc = ib_http_resp_feed(&r, text + o, n, &used);
		if (rc >= 0)
			assert_int_equal(used, n);
	}
	return rc;
}

static const char busybox[] =
	"HTTP/1.1 200 OK\r\nDate: Wed, 02 Dec 2026 03:19:22 GMT\r\nConnection: close\r\n"
	"Content-type: text/html\r\nContent-Length: 10\r\n\r\n0123456789";

static void test_close_response(void **state)
{
	(void)state;
	for (size_t step = 1; step <= sizeof(busybox); step++) {
		assert_int_equal(feed(busybox, step), 0);     /* ends when the server closes */
		assert_int_equal(r.status, 200);
		assert_int_equal(r.clen, 10);
		assert_int_equal(r.keepalive, 0);
		assert_int_equal(r.body, 10);
		assert_int_equal(r.total, strlen(busybox));
		assert_int_equal(ib_http_resp_eof(&r), 0);
	}
}

static void test_keepalive_response(void **state)
{
	static const char ka[] = "HTTP/1.0 404 Not Found\r\nconnection: Keep-Alive\r\n"
				 "content-length:  5 \r\n\r\nabcde";
	(void)state;
	for (size_t step = 1; step <= sizeof(ka); step++) {
		assert_int_equal(feed(ka, step), 1);   /* complete at the last body byte */
		assert_int_equal(r.status, 404);
		assert_int_equal(r.keepalive, 1);
		assert_int_equal(r.body, 5);
	}
	/* a token in a list, any case; "close" wins; no length: no keep-alive */
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nConnection: foo, KEEP-ALIVE\r\nContent-Length: 0\r\n\r\n", 7), 1);
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 0\r\n\r\n", 7), 0);
	assert_int_equal(r.keepalive, 0);
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\n\r\nxyz", 100), 0);
	assert_int_equal(r.keepalive, 0);
	assert_int_equal(r.clen, -1);
	assert_int_equal(ib_http_resp_eof(&r), 0);
	assert_int_equal(r.body, 3);
	/* HTTP/1.1 alone does not keep a connection of an HTTP/1.0 request */
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nab", 100), 0);
	assert_int_equal(r.keepalive, 0);
}

static void test_malformed(void **state)
{
	static char longhead[IB_HTTP_HEAD_MAX + 64];
	size_t used;
	(void)state;
	assert_int_equal(feed("HTTP/1.1 20 OK\r\n\r\n", 3), -1);
	assert_string_equal(r.why, "no HTTP/1.x status line");
	assert_int_equal(feed("SSH-2.0-OpenSSH\r\n\r\n", 3), -1);
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n", 5), -1);
	assert_string_equal(r.why, "bad Content-Length");
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", 5), -1);
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n", 5), -1);
	/* more than Content-Length on a kept connection: nothing is pipelined */
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nabc", 200), -1);
	assert_string_equal(r.why, "more bytes than Content-Length");
	memcpy(longhead, "HTTP/1.1 200 OK\r\nX: ", 20);
	memset(longhead + 20, 'x', sizeof(longhead) - 21);
	ib_http_resp_init(&r);
	assert_int_equal(ib_http_resp_feed(&r, longhead, sizeof(longhead) - 1, &used), -1);
	assert_string_equal(r.why, "response head too long");
	/* closes too early */
	ib_http_resp_init(&r);
	assert_int_equal(ib_http_resp_eof(&r), -1);
	assert_string_equal(r.why, "closed without a response");
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nContent", 100), 0);
	assert_int_equal(ib_http_resp_eof(&r), -1);
	assert_string_equal(r.why, "closed inside the response head");
	assert_int_equal(feed("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n01234", 100), 0);
	assert_int_equal(ib_http_resp_eof(&r), -1);
	assert_string_equal(r.why, "closed before Content-Length bytes");
}

/* ab's rule: the sorted values' element floor(n x p / 100), the largest for 100 */
static void test_percentile(void **state)
{
	double v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	(void)state;
	assert_true(ib_ab_percentile(v, 10, 50) == 6);
	assert_true(ib_ab_percentile(v, 10, 66) == 7);
	assert_true(ib_ab_percentile(v, 10, 75) == 8);
	assert_true(ib_ab_percentile(v, 10, 99) == 10);
	assert_true(ib_ab_percentile(v, 10, 100) == 10);
	assert_true(ib_ab_percentile(v, 1, 50) == 1);
	assert_true(ib_ab_percentile(v, 3, 66) == 2);   /* floor(1.98) = 1 */
	assert_true(isnan(ib_ab_percentile(v, 0, 50)));
}

#define MS 1000000ull

static void test_stats(void **state)
{
	/* four requests, c = 2, in 10 ms: total times 1, 4, 2, 3 ms */
	const struct ib_ab_times t[4] = {
		{ 0, 1 * MS / 2, 1 * MS / 2, 1 * MS / 2, 1 * MS },
		{ 0, 0, MS, 1 * MS, 4 * MS },
		{ 5 * MS, 5 * MS, 5 * MS, 6 * MS, 7 * MS },
		{ 6 * MS, 6 * MS, 7 * MS, 9 * MS, 9 * MS },
	};
	struct ib_ab_stats s;
	double work[4];
	(void)state;
	ib_ab_stats(t, 4, 2, 10 * MS, 4 * 1024 * 10, work, &s);
	assert_true(fabs(s.rps - 400) < 1e-9);
	assert_true(fabs(s.ms_per_req - 5) < 1e-9);       /* c x 10 ms / 4 */
	assert_true(fabs(s.ms_per_req_all - 2.5) < 1e-9);
	assert_true(fabs(s.kb_s - 4000) < 1e-9);          /* 40 KB in 10 ms */
	assert_true(s.total.min == 1 && s.total.max == 4);
	assert_true(fabs(s.total.mean - 2.5) < 1e-9);
	assert_true(fabs(s.total.median - 2.5) < 1e-9);   /* even n: the two middle ones */
	assert_true(fabs(s.total.sd - sqrt(1.25)) < 1e-9); /* population sd */
	assert_true(s.connect.max == 0.5 && s.connect.min == 0);
	assert_true(fabs(s.processing.median - 2.5) < 1e-9);  /* 0.5, 4, 2, 3 */
	assert_true(fabs(s.waiting.mean - 0.75) < 1e-9);      /* 0, 0, 1, 2 */
	assert_true(s.pct[0] == 3 && s.pct[2] == 4 && s.pct[IB_AB_NPCT - 1] == 4);
	/* odd n: the middle one */
	ib_ab_stats(t, 3, 1, 7 * MS, 0, work, &s);
	assert_true(fabs(s.total.median - 2) < 1e-9);
	ib_ab_stats(t, 0, 1, 7 * MS, 0, work, &s);
	assert_true(isnan(s.rps) && isnan(s.total.mean) && isnan(s.pct[0]));
}

/* the labels a reader of ab's output looks for, with our figures after them */
static void test_print(void **state)
{
	static const char *const want[] = {
		"\nServer Software:        busybox\n",
		"\nDocument Length:        10240 bytes\n",
		"\nConcurrency Level:      2\n",
		"\nComplete requests:      2\n",
		"\nFailed requests:        1\n   (Connect: 0, Receive: 1, Length: 0, Exceptions: 0)\n",
		"\nRequests per second:    500.00 [#/sec] (mean)\n",
		"\nTime per request:       4.000 [ms] (mean)\n",
		"\nTime per request:       2.000 [ms] (mean, across all concurrent requests)\n",
		"\nTransfer rate:          5117.68 [Kbytes/sec] received\n",
		"\nTotal:         2.000    3.000  1.000    3.000    4.000\n",
		"\n  50%     4.000\n",
		"\n 100%     4.000 (longest request)\n",
	};
	const struct ib_ab_times t[2] = { { 0, 0, 0, MS, 2 * MS }, { 0, 0, 0, MS, 4 * MS } };
	struct ib_ab_report rep = { "busybox", "127.0.0.1", "/index.html", 8080, 10240, 2, 1, 0,
				    1, 0, 0, 0, 0, 20962, 20480 };
	struct ib_ab_stats st;
	double work[2];
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	(void)state;
	ib_ab_stats(t, 2, 2, 4 * MS, 20962, work, &st);
	ib_ab_print(f, &rep, &st);
	fclose(f);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (!strstr(out, want[i]))
			fail_msg("no \"%s\" in\n%s", want[i], out);
	if (strstr(out, "Non-2xx"))
		fail_msg("a Non-2xx line without non-2xx responses");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_close_response),
		cmocka_unit_test(test_keepalive_response),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_percentile),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_print),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
