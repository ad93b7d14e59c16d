/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * abstat.c - HTTP response reading and ab's figures (contract in abstat.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench/macro/abstat.h"

const unsigned ib_ab_pcts[IB_AB_NPCT] = { 50, 66, 75, 80, 90, 95, 98, 99, 100 };

void ib_http_resp_init(struct ib_http_resp *r)
{
	r->hlen = 0;
	r->head_done = 0;
	r->status = 0;
	r->clen = -1;
	r->keepalive = 0;
	r->body = r->total = 0;
	r->why = "";
}

/* a header line (no CRLF) whose name is name: its value without leading blanks, or NULL */
static const char *header(const char *line, size_t len, const char *name, size_t *vlen)
{
	size_t n = strlen(name);

	if (len <= n || strncasecmp(line, name, n) || line[n] != ':')
		return NULL;
	line += n + 1, len -= n + 1;
	while (len && (*line == ' ' || *line == '\t'))
		line++, len--;
	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	*vlen = len;
	return line;
}

/* whether a comma list (len bytes) holds token, case-insensitively */
static int has_token(const char *v, size_t len, const char *token)
{
	size_t n = strlen(token);

	while (len) {
		size_t k = 0, e;
		while (k < len && v[k] != ',')
			k++;
		e = k;
		const char *w = v;
		while (e && (*w == ' ' || *w == '\t'))
			w++, e--;
		while (e && (w[e - 1] == ' ' || w[e - 1] == '\t'))
			e--;
		if (e == n && !strncasecmp(w, token, n))
			return 1;
		v += k + (k < len), len -= k + (k < len);
	}
	return 0;
}

/* the head is r->head[0..hlen), ending in the blank line; 0 or -1 */
static int parse_head(struct ib_http_resp *r)
{
	const char *p = r->head, *end = r->head + r->hlen;
	int close = 0, keep = 0;
	char *e;

	if (r->hlen < 12 || strncmp(p, "HTTP/1.", 7) || p[7] < '0' || p[7] > '9' || p[8] != ' ' ||
	    p[9] < '1' || p[9] > '9' || p[10] < '0' || p[10] > '9' || p[11] < '0' || p[11] > '9') {
		r->why = "no HTTP/1.x status line";
		return -1;
	}
	r->status = (p[9] - '0') * 100 + (p[10] - '0') * 10 + (p[11] - '0');
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *v;
		size_t len = (size_t)((nl ? nl : end) - p), vlen;

		if (len && p[len - 1] == '\r')
			len--;
		if ((v = header(p, len, "Content-Length", &vlen))) {
			char num[24];
			if (!vlen || vlen >= sizeof(num) || *v < '0' || *v > '9') {
				r->why = "bad Content-Length";
				return -1;
			}
			memcpy(num, v, vlen);
			num[vlen] = 0;
			r->clen = (int64_t)strtoll(num, &e, 10);
			if (*e || r->clen < 0) {
				r->why = "bad Content-Length";
				return -1;
			}
		} else if ((v = header(p, len, "Connection", &vlen))) {
			close |= has_token(v, vlen, "close");
			keep |= has_token(v, vlen, "keep-alive");
		}
		p = nl ? nl + 1 : end;
	}
	/* requests are HTTP/1.0, as ab's: only an explicit keep-alive keeps the connection */
	r->keepalive = r->clen >= 0 && keep && !close;

	return 0;
}

int ib_http_resp_feed(struct ib_http_resp *r, const char *buf, size_t len, size_t *used)
{
	size_t take = 0;

	*used = 0;
	while (!r->head_done && take < len) {
		if (r->hlen == sizeof(r->head)) {
			r->why = "response head too long";
			return -1;
		}
		r->head[r->hlen++] = buf[take++];
		if (r->hlen >= 4 && !memcmp(r->head + r->hlen - 4, "\r\n\r\n", 4)) {
			r->head_done = 1;
			if (parse_head(r))
				return -1;
		}
	}
	r->total += take;
	*used = take;
	if (!r->head_done)
		return 0;
	len -= take;
	/* requests are never pipelined: nothing may follow a kept-alive response */
	if (r->keepalive && len > (uint64_t)r->clen - r->body) {
		r->why = "more bytes than Content-Length";
		return -1;
	}
	r->body += len;
	r->total += len;
	*used += len;
	return r->keepalive && r->body == (uint64_t)r->clen;
}

int ib_http_resp_eof(struct ib_http_resp *r)
{
	if (!r->head_done) {
		r->why = r->hlen ? "closed inside the response head" : "closed without a response";
		return -1;
	}
	if (r->clen >= 0 && r->body != (uint64_t)r->clen) {
		r->why = "closed before Content-Length bytes";
		return -1;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double ib_ab_percentile(const double *sorted, size_t n, unsigned pct)
{
	size_t i;

	if (!n)
		return NAN;
	if (pct >= 100)
		return sorted[n - 1];
	i = (size_t)((double)n * pct / 100.0);
	return sorted[i < n ? i : n - 1];
}

/* the distribution of v[0..n) in ms (v in ns), sorting v */
static void dist(double *v, unsigned n, struct ib_ab_dist *d)
{
	double sum = 0, sq = 0;

	if (!n) {
		d->min = d->mean = d->sd = d->median = d->max = NAN;
		return;
	}
	for (unsigned i = 0; i < n; i++)
		v[i] /= 1e6, sum += v[i];
	d->mean = sum / n;
	for (unsigned i = 0; i < n; i++)
		sq += (v[i] - d->mean) * (v[i] - d->mean);
	d->sd = sqrt(sq / n);
	qsort(v, n, sizeof(*v), cmp_double);
	d->min = v[0];
	d->max = v[n - 1];
	d->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double span(uint64_t from, uint64_t to)
{
	return to > from ? (double)(to - from) : 0.0;
}

void ib_ab_stats(const struct ib_ab_times *t, unsigned n, unsigned c, uint64_t elapsed_ns,
		 uint64_t bytes_read, double *work, struct ib_ab_stats *s)
{
	double sec = (double)elapsed_ns / 1e9;

	s->n = n;
	s->c = c;
	s->elapsed_s = sec;
	s->rps = n && sec > 0 ? n / sec : NAN;
	s->ms_per_req = n ? c * sec * 1e3 / n : NAN;
	s->ms_per_req_all = n ? sec * 1e3 / n : NAN;
	s->kb_s = sec > 0 ? (double)bytes_read / 1024.0 / sec : NAN;
	for (unsigned i = 0; i < n; i++)
		work[i] = span(t[i].start, t[i].connected);
	dist(work, n, &s->connect);
	for (unsigned i = 0; i < n; i++)
		work[i] = span(t[i].connected, t[i].done);
	dist(work, n, &s->processing);
	for (unsigned i = 0; i < n; i++)
		work[i] = span(t[i].written, t[i].first);
	dist(work, n, &s->waiting);
	for (unsigned i = 0; i < n; i++)
		work[i] = span(t[i].start, t[i].done);
	dist(work, n, &s->total);     /* leaves work sorted, in ms */
	for (unsigned i = 0; i < IB_AB_NPCT; i++)
		s->pct[i] = ib_ab_percentile(work, n, ib_ab_pcts[i]);
}

static void dist_line(FILE *f, const char *name, const struct ib_ab_dist *d)
{
	fprintf(f, "%-12s %7.3f %8.3f %6.3f %8.3f %8.3f\n", name, d->min, d->mean, d->sd, d->median,
		d->max);
}

void ib_ab_print(FILE *f, const struct ib_ab_report *rep, const struct ib_ab_stats *s)
{
	fprintf(f, "\n\nServer Software:        %s\nServer Hostname:        %s\n"
		"Server Port:            %u\n\n", rep->server, rep->host, rep->port);
	fprintf(f, "Document Path:          %s\nDocument Length:        %llu bytes\n\n", rep->path,
		(unsigned long long)rep->doc_len);
	fprintf(f, "Concurrency Level:      %u\n", s->c);
	fprintf(f, "Time taken for tests:   %.3f seconds\n", s->elapsed_s);
	fprintf(f, "Complete requests:      %u\n", rep->complete);
	fprintf(f, "Failed requests:        %u\n", rep->failed);
	if (rep->failed)
		fprintf(f, "   (Connect: %u, Receive: %u, Length: %u, Exceptions: %u)\n",
			rep->f_connect, rep->f_receive, rep->f_length, rep->f_exceptions);
	if (rep->non2xx)
		fprintf(f, "Non-2xx responses:      %u\n", rep->non2xx);
	fprintf(f, "Keep-Alive requests:    %u\n", rep->keepalive_reqs);
	fprintf(f, "Total transferred:      %llu bytes\n", (unsigned long long)rep->total_bytes);
	fprintf(f, "HTML transferred:       %llu bytes\n", (unsigned long long)rep->html_bytes);
	fprintf(f, "Requests per second:    %.2f [#/sec] (mean)\n", s->rps);
	fprintf(f, "Time per request:       %.3f [ms] (mean)\n", s->ms_per_req);
	fprintf(f, "Time per request:       %.3f [ms] (mean, across all concurrent requests)\n",
		s->ms_per_req_all);
	fprintf(f, "Transfer rate:          %.2f [Kbytes/sec] received\n\n", s->kb_s);
	fprintf(f, "Connection Times (ms)\n              min  mean[+/-sd] median   max\n");
	dist_line(f, "Connect:", &s->connect);
	dist_line(f, "Processing:", &s->processing);
	dist_line(f, "Waiting:", &s->waiting);
	dist_line(f, "Total:", &s->total);
	fprintf(f, "\nPercentage of the requests served within a certain time (ms)\n");
	for (unsigned i = 0; i < IB_AB_NPCT; i++)
		fprintf(f, " %3u%% %9.3f%s\n", ib_ab_pcts[i], s->pct[i],
			ib_ab_pcts[i] == 100 ? " (longest request)" : "");
}
