/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ab.c - ib-ab, the suite's load generator on its own: the options and report of Apache's
 * ab for what the HTTP workload uses, so that it can be set against ab on one server
 * (tests/integration/tool/ab-cross-check.sh) and run by hand.
 *
 *   ib-ab [-n REQUESTS] [-c CONCURRENCY] [-k] [-s TIMEOUT_S] http://HOST[:PORT]/PATH
 *
 * -n 1 and -c 1 by default, as ab; -k keep-alive; -s: a request without progress this long
 * fails (30 s, as ab). HOST is an IPv4 address or a name with an IPv4 address. The
 * report (bench/macro/abstat.h) goes to stdout. Exit 0 when the run was made (failed
 * requests are in the report, as ab), 1 when it could not be, 2 for bad arguments (one
 * line naming what to fix).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/macro/abload.h"

static void usage(FILE *f)
{
	fputs("usage: ib-ab [-n REQUESTS] [-c CONCURRENCY] [-k] [-s TIMEOUT_S] "
	      "http://HOST[:PORT]/PATH\n", f);
}

static int bad(const char *fmt, const char *what)
{
	fputs("ib-ab: ", stderr);
	fprintf(stderr, fmt, what);
	fputs(" (ib-ab -h)\n", stderr);
	return 2;
}

/* a decimal in min..max (at most 9 digits: every limit here is below 10^9) */
static int number(const char *s, unsigned long min, unsigned long max, unsigned *out)
{
	unsigned long v = 0;
	size_t n = strspn(s, "0123456789");

	if (!n || n > 9 || s[n])
		return -1;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	if (v < min || v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* http://HOST[:PORT]/PATH into host, port and path; 0 or -1 */
static int split_url(const char *url, char *host, size_t cap, unsigned *port, const char **path)
{
	const char *h, *p, *colon;
	size_t hl;

	if (strncmp(url, "http://", 7))
		return -1;
	h = url + 7;
	p = strchr(h, '/');
	if (!p)
		return -1;
	colon = memchr(h, ':', (size_t)(p - h));
	hl = (size_t)((colon ? colon : p) - h);
	if (!hl || hl >= cap)
		return -1;
	memcpy(host, h, hl);
	host[hl] = 0;
	*port = 80;
	if (colon) {
		char num[8];
		size_t nl = (size_t)(p - colon - 1);
		if (!nl || nl >= sizeof(num))
			return -1;
		memcpy(num, colon + 1, nl);
		num[nl] = 0;
		if (number(num, 1, 65535, port))
			return -1;
	}
	*path = p;
	return 0;
}

int main(int argc, char **argv)
{
	struct ib_ab_cfg cfg = { .n = 1, .c = 1, .timeout_ms = 30000 };
	struct ib_ab_result res;
	struct ib_ab_stats st;
	struct ib_ab_report rep;
	char host[256], hosthdr[300];
	unsigned port, timeout_s = 30;
	const char *path;
	double *work;
	int opt;

	while ((opt = getopt(argc, argv, "n:c:ks:h")) != -1) {
		switch (opt) {
		case 'n':
			if (number(optarg, 1, 100000000, &cfg.n))
				return bad("-n %s: not a number of requests >= 1", optarg);
			break;
		case 'c':
			if (number(optarg, 1, IB_AB_MAX_C, &cfg.c))
				return bad("-c %s: not a concurrency in 1..20000", optarg);
			break;
		case 'k':
			cfg.keepalive = 1;
			break;
		case 's':
			if (number(optarg, 1, 3600, &timeout_s))
				return bad("-s %s: not a timeout in 1..3600 seconds", optarg);
			cfg.timeout_ms = timeout_s * 1000;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1)
		return bad("%s", optind < argc ? "one URL, after the options" : "no URL given");
	if (split_url(argv[optind], host, sizeof(host), &port, &path))
		return bad("%s: not http://HOST[:PORT]/PATH", argv[optind]);
	if (cfg.c > cfg.n)
		return bad("-c greater than -n: %s", "cannot have more requests in flight than requests");
	cfg.addr.sin_family = AF_INET;
	cfg.addr.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, host, &cfg.addr.sin_addr) != 1) {
		struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *ai;
		if (getaddrinfo(host, NULL, &hints, &ai))
			return bad("%s: no IPv4 address for this host", host);
		cfg.addr.sin_addr = ((struct sockaddr_in *)ai->ai_addr)->sin_addr;
		freeaddrinfo(ai);
	}
	snprintf(hosthdr, sizeof(hosthdr), port == 80 ? "%s" : "%s:%u", host, port);
	cfg.host = hosthdr;
	cfg.path = path;
	printf("This is ib-ab, initbench's ab-compatible load generator\n\n"
	       "Benchmarking %s (be patient).....", host);
	fflush(stdout);
	if (ib_ab_run(&cfg, &res)) {
		printf("\n");
		fprintf(stderr, "ib-ab: %s\n", res.why);
		return 1;
	}
	printf("done\n");
	work = malloc((res.complete ? res.complete : 1) * sizeof(*work));
	if (!work) {
		fprintf(stderr, "ib-ab: out of memory\n");
		return 1;
	}
	ib_ab_stats(res.t, res.complete, cfg.c, res.elapsed_ns, res.total_bytes, work, &st);
	rep = (struct ib_ab_report){ res.server, host, path, port, res.doc_len, res.complete,
		res.failed, res.f_connect, res.f_receive, res.f_length, res.f_exceptions, res.non2xx,
		res.keepalive_reqs, res.total_bytes, res.html_bytes };
	ib_ab_print(stdout, &rep, &st);
	if (res.failed)
		fprintf(stderr, "ib-ab: %u requests failed; the first: %s\n", res.failed, res.why);
	free(work);
	free(res.t);
	return 0;
}
