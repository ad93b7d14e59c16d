/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * abstat.h - the pure half of the ab-compatible load generator: reading an HTTP response
 * as it arrives, and the figures Apache's ab reports, from per-request times.
 *
 * Response reader. ib_http_resp_init() starts a response; ib_http_resp_feed() takes the
 * next len bytes read from the connection and returns
 *    1  the response is complete and the connection may carry the next one: the head
 *       says "Connection: keep-alive" (and not "close"), a Content-Length was given and
 *       that many body bytes have been read. Requests are HTTP/1.0, as ab's, so nothing
 *       else keeps a connection open; they are never pipelined, so a byte past the
 *       Content-Length of such a response is an error. *used is the bytes taken (all);
 *    0  more is needed (a response without keep-alive ends when the server closes:
 *       call ib_http_resp_eof() then);
 *   -1  malformed: a head over IB_HTTP_HEAD_MAX bytes, a status line that is not
 *       "HTTP/x.y NNN", a bad Content-Length; r->why says which.
 * ib_http_resp_eof() judges a close: 0 when the response is complete (head read, and the
 * whole Content-Length if one was given), -1 otherwise (r->why set).
 * r->total counts every byte read (head and body: ab's "Total transferred"), r->body the
 * bytes after the head (ab's "HTML transferred"), r->status the status code.
 *
 * Statistics (ib_ab_stats), over the n completed requests of a run of concurrency c that
 * took elapsed_ns from the first connect to the last completion, bytes_read in total:
 *   rps            n / elapsed                                   ("Requests per second")
 *   ms_per_req     c x elapsed / n, in ms         ("Time per request ... (mean)")
 *   ms_per_req_all elapsed / n, in ms             ("... (mean, across all concurrent requests)")
 *   kb_s           bytes_read / 1024 / elapsed    ("Transfer rate ... [Kbytes/sec] received")
 *   connect, processing, waiting, total: min, mean, sd (population), median, max in ms of
 *     connect  = connected - start,  processing = done - connected,
 *     waiting  = first byte - request written,  total = done - start;
 *   pct[i]: the IB_AB_NPCT percentiles of total in ms, at ib_ab_pcts[i] percent, taken
 *     as ab takes them: the sorted totals' element floor(n x p / 100), the largest for 100.
 * The median is the middle element of the sorted values, the mean of the two middle ones
 * for an even n. ab prints these times as whole ms; ours keep the fraction.
 * With n = 0 every figure is NaN. ib_ab_percentile() is the rule above on a sorted array.
 *
 * ib_ab_print() writes the report in ab's layout and labels, so that a script reading ab's
 * output reads ours (the labels are the interface; the numbers carry more decimals).
 */
#ifndef IB_ABSTAT_H
#define IB_ABSTAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define IB_HTTP_HEAD_MAX 8192
#define IB_AB_NPCT 9

extern const unsigned ib_ab_pcts[IB_AB_NPCT];

struct ib_http_resp {
	char head[IB_HTTP_HEAD_MAX];
	size_t hlen;
	int head_done;
	int status;
	int64_t clen;         /* Content-Length, -1 when none */
	int keepalive;        /* the server keeps the connection open after this response */
	uint64_t body, total;
	const char *why;
};

void ib_http_resp_init(struct ib_http_resp *r);
int ib_http_resp_feed(struct ib_http_resp *r, const char *buf, size_t len, size_t *used);
int ib_http_resp_eof(struct ib_http_resp *r);

/* one request's moments, ns from any fixed origin; 0 = did not happen */
struct ib_ab_times {
	uint64_t start, connected, written, first, done;
};

struct ib_ab_dist {
	double min, mean, sd, median, max;
};

struct ib_ab_stats {
	unsigned n, c;
	double elapsed_s;
	double rps, ms_per_req, ms_per_req_all, kb_s;
	struct ib_ab_dist connect, processing, waiting, total;
	double pct[IB_AB_NPCT];
};

/* t[0..n) are the completed requests; work is scratch room for n doubles */
void ib_ab_stats(const struct ib_ab_times *t, unsigned n, unsigned c, uint64_t elapsed_ns,
		 uint64_t bytes_read, double *work, struct ib_ab_stats *s);
double ib_ab_percentile(const double *sorted, size_t n, unsigned pct);

/* what ab prints above the figures; any string may be "" */
struct ib_ab_report {
	const char *server, *host, *path;
	unsigned port;
	uint64_t doc_len;
	unsigned complete, failed, f_connect, f_receive, f_length, f_exceptions;
	unsigned non2xx, keepalive_reqs;
	uint64_t total_bytes, html_bytes;
};

void ib_ab_print(FILE *f, const struct ib_ab_report *rep, const struct ib_ab_stats *s);

#endif
