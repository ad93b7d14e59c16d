/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * http.c - the HTTP workload: busybox httpd serving a static page on loopback, loaded the
 * way Apache's ab loads a server (bench/macro/abload.h), at two concurrencies.
 *
 * Contract (bench/lib/bench.h; method in docs/macro.md):
 *  - http_c100: ab -n http_n -c 100; http_c10: ab -n http_n / 4 -c 10 (20000 and
 *    5000 by default, the counts kernel comparisons used); no keep-alive, as ab by default
 *    (busybox httpd closes every connection anyway: it answers "Connection: close").
 *  - Unpinned (bench/macro/workload.h): server, its children and the client go where the
 *    scheduler puts them.
 *  - The server (bench/macro/httpserve.h): busybox httpd -i, one process per connection,
 *    behind our listener on 127.0.0.1 at a port the kernel picks (httpd -f's own listener
 *    has a backlog of 9, too small for -c 100: httpserve.h says what that measured). The
 *    document root is made fresh in <tmpdir>/ib-http.XXXXXX/www: one page, index.html,
 *    PAGE_BYTES bytes of fixed text; httpd gets an empty config file of ours (-c), so a
 *    host's /etc/httpd.conf cannot change what is served.
 *  - Before timing, one request checks that our server answers 200 with the page's length
 *    (anything else on that port fails the benchmark); then an untimed wave of c requests
 *    warms the page cache, busybox's pages and the listener (the harness's warm-up, here
 *    one wave) and projects the run's length from its rate: a run projected over MAX_RUN_S
 *    is skipped, the reason naming an http_n that fits (UML serves ~11 requests a second:
 *    20000 would take half an hour and outlast the host's boot limit); then the one timed
 *    run.
 *  - Metrics, one sample each (one run: the boot is the replicate), iters = requests:
 *    http_cN_rps (unit req/s, ab's "Requests per second"), http_cN_ms (ms, ab's "Time
 *    per request (mean)" = N x elapsed / requests), http_cN_kbs (KB/s, ab's "Transfer
 *    rate", KB = 1024 bytes). params: n, c, keepalive=0, doc_bytes, ms_all (the mean across
 *    all concurrent requests), the percentiles p50 ... p100 of the per-request time and
 *    connect_ms, wait_ms (means), in ms, non2xx, and the kernel's TCP counters' growth
 *    over the run (bench/macro/tcpcount.h: active_opens, which must be the n connections
 *    made in a quiet guest, syn_retrans, retrans_segs, listen_overflows; -1 unknown).
 *  - Skipped, with the reason: no /bin/busybox or no httpd applet in it, no AF_INET or no
 *    loopback, no free port ("port in use"), MemAvailable under MIN_AVAIL_MB. Failed: the
 *    check request is not answered with our page, or a timed request failed (the run stops
 *    there; the counts and the failure in the reason). The server is killed on every way out; no
 *    request waits longer than TIMEOUT_MS without progress (ab's default -s 30), and the
 *    whole is bounded by a limit of its own (ib_time_limit): timeout_s plus three times the
 *    projected length; the run stops at the first failed request, so a stalled server
 *    costs one TIMEOUT_MS.
 */

//bench: 810 http_c100 IB_BENCH_HTTP macro
//bench: 820 http_c10 IB_BENCH_HTTP macro
//
//config:config IB_BENCH_HTTP
//config:	bool "HTTP: busybox httpd under ab-style load, -c 100 and -c 10"
//config:	default y
//config:	help
//config:	  busybox httpd serves a static page on 127.0.0.1; the suite's
//config:	  ab-compatible load generator makes http_n requests 100 at a
//config:	  time, then http_n/4 requests 10 at a time, without keep-alive,
//config:	  and reports requests per second, time per request and its
//config:	  percentiles, and the transfer rate, as ab does.

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/base/sysinfo.h"
#include "bench/macro/abload.h"
#include "bench/macro/httpserve.h"
#include "bench/macro/tcpcount.h"
#include "bench/macro/workload.h"

#define BUSYBOX "/bin/busybox"
#define PAGE_BYTES 10240
#define TIMEOUT_MS 30000
#define MAX_RUN_S 600     /* a run projected longer is skipped: UML's -c 100 would take 30 min */
#define MIN_AVAIL_MB 64   /* 100 httpd processes and their sockets, with room */

struct site {
	char dir[PATH_MAX];      /* <tmpdir>/ib-http.XXXXXX */
	struct ib_http_server sv;
	struct sockaddr_in addr;
};

static int write_file(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int ok = fd >= 0 && write(fd, data, len) == (ssize_t)len;

	if (fd >= 0 && close(fd))
		ok = 0;
	return ok ? 0 : -1;
}

/* the document root and httpd's empty config; 0 or -1 (reason set) */
static int make_root(struct site *sv)
{
	static char page[PAGE_BYTES];
	char p[PATH_MAX + 32];

	snprintf(sv->dir, sizeof(sv->dir), "%s/ib-http.XXXXXX", ib_opts->tmpdir);
	if (!mkdtemp(sv->dir)) {
		ib_reason("mkdtemp in tmpdir %s: %s", ib_opts->tmpdir, strerror(errno));
		return -1;
	}
	/* fixed text: 63 letters and a newline per line */
	for (size_t i = 0; i < sizeof(page); i++)
		page[i] = i % 64 == 63 ? '\n' : (char)('a' + (i / 64 + i) % 26);
	snprintf(p, sizeof(p), "%s/www", sv->dir);
	if (mkdir(p, 0755)) {
		ib_reason("mkdir %s: %s", p, strerror(errno));
		return -1;
	}
	snprintf(p, sizeof(p), "%s/www/index.html", sv->dir);
	if (write_file(p, page, sizeof(page))) {
		ib_reason("writing %s: %s", p, strerror(errno));
		return -1;
	}
	snprintf(p, sizeof(p), "%s/httpd.conf", sv->dir);
	if (write_file(p, "", 0)) {
		ib_reason("writing %s: %s", p, strerror(errno));
		return -1;
	}
	return 0;
}

static void remove_root(const struct site *sv)
{
	static const char *const files[] = { "www/index.html", "httpd.conf", "httpd.err" };
	char p[PATH_MAX + 32];

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", sv->dir, files[i]);
		unlink(p);
	}
	snprintf(p, sizeof(p), "%s/www", sv->dir);
	rmdir(p);
	rmdir(sv->dir);
}


static void pstr(char *buf, size_t cap, size_t *o, const char *key, double v)
{
	if (*o < cap)
		*o += (size_t)snprintf(buf + *o, cap - *o, " %s=%.3f", key, isnan(v) ? -1.0 : v);
}

/* a counter's growth, -1 when the kernel does not show it */
static void counter(char *buf, size_t cap, size_t *o, const char *key, long long a, long long b)
{
	if (*o < cap)
		*o += (size_t)snprintf(buf + *o, cap - *o, " %s=%lld", key, a < 0 || b < 0 ? -1 : b - a);
}

static int emit(const char *name, const char *unit, double v, unsigned n, const char *params)
{
	struct ib_metric m = { name, unit, 0, params, 0 };
	struct ib_result r = { .iters = n, .nsamples = 1, .samples = { v }, .median = v, .min = v };

	return ib_emit_result(&m, &r) ? -1 : 0;
}

/* the http_n whose -c 100 run (or this one, -c 10: a quarter) would fit in half the time */
static unsigned fit_n(unsigned n, double projected, unsigned c)
{
	double k = n * (MAX_RUN_S / 2.0) / projected;

	if (c == 10)
		k *= 4;
	return k < 100 ? 100 : k > 1000 ? (unsigned)k / 1000 * 1000 : (unsigned)k / 100 * 100;
}

/* the timed run and its records; IB_OK, IB_SKIP (it would take too long) or IB_FAIL */
static int load(struct site *sv, unsigned n, unsigned c, int *skip)
{
	struct ib_ab_cfg cfg = { sv->addr, "127.0.0.1", "/index.html", 1, 1, 0, 1, TIMEOUT_MS };
	struct ib_ab_result res;
	struct ib_ab_stats st;
	struct ib_tcp_counters before, after;
	char params[800], name[32];
	double *work;
	size_t o;
	int rc = IB_FAIL, ran;
	double projected;

	/* our server, our page */
	if (ib_ab_run(&cfg, &res) || res.complete != 1 || res.non2xx || res.doc_len != PAGE_BYTES) {
		char err[PATH_MAX + 16], line[160];

		snprintf(err, sizeof(err), "%s/httpd.err", sv->dir);
		ib_macro_first_line(err, line, sizeof(line));
		*skip = strstr(line, "applet not found") != NULL;
		ib_reason("%s: the check request to 127.0.0.1:%u: %s%s%s (non-2xx %u, length %llu "
			  "of %d)", *skip ? "busybox has no httpd" : "busybox httpd -i",
			  sv->sv.port, res.complete ? "answered" : "no answer",
			  res.why[0] ? ": " : "", res.why[0] ? res.why : *line ? line : "",
			  res.non2xx, (unsigned long long)res.doc_len, PAGE_BYTES);
		free(res.t);
		return *skip ? IB_SKIP : IB_FAIL;
	}
	free(res.t);
	/* an untimed wave of c requests: warms what the run uses and says how long it will take */
	cfg.n = cfg.c = c;
	if (ib_ab_run(&cfg, &res) || res.failed || !res.complete) {
		ib_reason("the warm-up wave of %u requests: %s", c, res.why[0] ? res.why : "failed");
		free(res.t);
		return IB_FAIL;
	}
	free(res.t);
	projected = (double)res.elapsed_ns / 1e9 / res.complete * n;
	if (projected > MAX_RUN_S) {
		ib_reason("%u requests would take about %.0f s at the warm-up's %.1f req/s, over the "
			  "%d s a run may take: a smaller http_n fits (http_n=%u)", n, projected,
			  res.complete / ((double)res.elapsed_ns / 1e9), MAX_RUN_S,
			  fit_n(n, projected, c));
		*skip = 1;
		return IB_SKIP;
	}
	/* its own limit: three times the projection, on top of the usual one */
	ib_time_limit(ib_opts->timeout_s + (unsigned)(3 * projected));
	cfg.n = n, cfg.c = c;
	ib_tcp_counters(&before);
	ran = ib_ab_run(&cfg, &res);
	ib_tcp_counters(&after);
	if (ran) {
		ib_reason("load: %s", res.why);
		return IB_FAIL;
	}
	if (res.failed || res.complete != n) {
		ib_reason("a request failed after %u of %u (connect %u, receive %u, length %u, "
			  "other %u): %s", res.complete, n, res.f_connect, res.f_receive, res.f_length,
			  res.f_exceptions, res.why);
		free(res.t);
		return IB_FAIL;
	}
	if (!(work = malloc(n * sizeof(*work)))) {
		ib_reason("out of memory");
		free(res.t);
		return IB_FAIL;
	}
	ib_ab_stats(res.t, res.complete, c, res.elapsed_ns, res.total_bytes, work, &st);
	o = (size_t)snprintf(params, sizeof(params), "n=%u c=%u keepalive=0 doc_bytes=%llu non2xx=%u",
			     n, c, (unsigned long long)res.doc_len, res.non2xx);
	pstr(params, sizeof(params), &o, "ms_all", st.ms_per_req_all);
	for (unsigned i = 0; i < IB_AB_NPCT; i++) {
		char k[8];
		snprintf(k, sizeof(k), "p%u", ib_ab_pcts[i]);
		pstr(params, sizeof(params), &o, k, st.pct[i]);
	}
	pstr(params, sizeof(params), &o, "connect_ms", st.connect.mean);
	pstr(params, sizeof(params), &o, "wait_ms", st.waiting.mean);
	/* the kernel's count of what happened meanwhile (natively, other programs' too) */
	counter(params, sizeof(params), &o, "active_opens", before.active_opens, after.active_opens);
	counter(params, sizeof(params), &o, "syn_retrans", before.syn_retrans, after.syn_retrans);
	counter(params, sizeof(params), &o, "retrans_segs", before.retrans_segs, after.retrans_segs);
	counter(params, sizeof(params), &o, "listen_overflows", before.listen_overflows,
		after.listen_overflows);
	snprintf(name, sizeof(name), "http_c%u_rps", c);
	if (!emit(name, "req/s", st.rps, n, params)) {
		snprintf(name, sizeof(name), "http_c%u_ms", c);
		if (!emit(name, "ms", st.ms_per_req, n, params)) {
			snprintf(name, sizeof(name), "http_c%u_kbs", c);
			rc = emit(name, "KB/s", st.kb_s, n, params) ? IB_FAIL : IB_OK;
		}
	}
	free(work);
	free(res.t);
	return rc;
}

static int http(unsigned n, unsigned c)
{
	static struct site site;
	char www[PATH_MAX + 8], conf[PATH_MAX + 16], err[PATH_MAX + 16], why[200];
	char *argv[] = { BUSYBOX, "httpd", "-i", "-h", www, "-c", conf, NULL };
	long avail = ib_mem_available_kb();
	int skip = 0, rc;

	ib_macro_unpin();
	if (access(BUSYBOX, X_OK)) {
		ib_reason("no %s (the HTTP workload serves with busybox httpd): %s", BUSYBOX,
			  strerror(errno));
		return IB_SKIP;
	}
	if (avail >= 0 && avail < MIN_AVAIL_MB * 1024L) {
		ib_reason("MemAvailable %ld MB is under the %d MB the server needs", avail / 1024,
			  MIN_AVAIL_MB);
		return IB_SKIP;
	}
	if (make_root(&site)) {
		remove_root(&site);
		return IB_FAIL;
	}
	snprintf(www, sizeof(www), "%s/www", site.dir);
	snprintf(conf, sizeof(conf), "%s/httpd.conf", site.dir);
	snprintf(err, sizeof(err), "%s/httpd.err", site.dir);
	if (ib_http_serve_start(&site.sv, argv, err, &skip, why, sizeof(why))) {
		ib_reason("%s", why);
		remove_root(&site);
		return skip ? IB_SKIP : IB_FAIL;
	}
	site.addr = (struct sockaddr_in){ .sin_family = AF_INET,
					  .sin_port = htons((uint16_t)site.sv.port),
					  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	rc = load(&site, n, c, &skip);
	ib_http_serve_stop(&site.sv);
	remove_root(&site);
	return rc;
}

int ib_run_http_c100(void)
{
	return http(ib_opts->http_n, 100);
}

int ib_run_http_c10(void)
{
	return http(ib_opts->http_n / 4, 10);
}
