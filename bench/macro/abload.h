/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * abload.h - the ab-compatible load generator: n HTTP requests, c at a time.
 *
 * ib_ab_run() sends cfg->n requests "GET path HTTP/1.0" (Host, User-Agent, Accept headers,
 * and "Connection: Keep-Alive" when cfg->keepalive), keeping cfg->c of them in flight, from
 * one process with non-blocking sockets and poll(), as Apache's ab does. Without keep-alive
 * every request opens its own connection and its response ends when the server closes it;
 * with keep-alive a connection whose response said keep-alive (abstat.h) carries the next
 * request, any other is closed and the next request connects anew. A request's moments
 * (struct ib_ab_times): start (connect() called, or the previous response's end on a kept
 * connection), connected, written (the whole request sent), first (the first response
 * byte), done. elapsed_ns runs from the first connect to the last request's end.
 *
 * Each request ends complete or failed, never both. The run goes on to n requests, or, with
 * cfg->stop_on_failure, ends at the first failure (requests in flight are dropped without
 * being counted), so that a server that stalls costs one timeout, not one per request:
 *  - connect: connect() failed, or the connection was refused or reset before the request
 *    was written (f_connect);
 *  - receive: read() or write() failed, or the server closed before a complete response
 *    (f_receive);
 *  - length: the body length differs from the first complete response's (f_length; ab's
 *    "Length" failures; doc_len is that first length);
 *  - exception: a malformed response, or no progress on the connection for
 *    cfg->timeout_ms (f_exceptions).
 * A response with a status outside 200..299 is complete and counted in non2xx.
 * t[0..complete) are the complete requests' moments, in completion order; total_bytes
 * counts every byte read (failed requests included, as ab), html_bytes the complete
 * responses' bodies; keepalive_reqs the responses that kept their connection; server the
 * first response's Server header; why the first failure in words.
 * Returns 0, or -errno when the run could not be made at all (no memory, no socket: then
 * nothing is counted and why says it).
 */
#ifndef IB_ABLOAD_H
#define IB_ABLOAD_H

#include <netinet/in.h>
#include <stdint.h>

#include "bench/macro/abstat.h"

#define IB_AB_MAX_C 20000

struct ib_ab_cfg {
	struct sockaddr_in addr;
	const char *host;        /* the Host header */
	const char *path;        /* starts with '/' */
	unsigned n, c;           /* c in 1..IB_AB_MAX_C, n >= 1 */
	int keepalive;
	int stop_on_failure;
	unsigned timeout_ms;
};

struct ib_ab_result {
	struct ib_ab_times *t;   /* n entries, allocated by ib_ab_run(); free() it */
	unsigned complete, failed;
	unsigned f_connect, f_receive, f_length, f_exceptions;
	unsigned non2xx, keepalive_reqs;
	uint64_t total_bytes, html_bytes, doc_len;
	uint64_t elapsed_ns;
	char server[64];
	char why[160];
};

int ib_ab_run(const struct ib_ab_cfg *cfg, struct ib_ab_result *res);

#endif
