/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * measure.c - sizing, sampling, subtraction and the `m` record (contract in measure.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/knobs.h"
#include "bench/lib/measure.h"
#include "bench/lib/place.h"
#include "bench/base/stats.h"

/* safe values until the suite installs the real ones (tests may install their own) */
static const struct ib_opts default_opts = {
	.reps = 11, .budget_ms = 5, .timeout_s = 120, .pin = 0, .cpu = 0,
	.hello = "/bin/ib-hello", .hello_dyn = "/bin/ib-hello-dyn", .sh = "/bin/sh",
	.tmpdir = "/tmp", .fsdir = "/tmp", .fs = "",
};
static const struct ib_timer default_timer = { .cost_ns = 0, .res_ns = 1 };

const struct ib_opts *ib_opts = &default_opts;
const struct ib_timer *ib_timer = &default_timer;
volatile uint64_t ib_sink;
unsigned ib_harness_round;
int ib_harness_placed_cpu = -1;

static int record_fd = -1;
static const char *bench_name = "";
static char reason[256];

void ib_harness_begin(int fd, const char *bench)
{
	record_fd = fd;
	bench_name = bench ? bench : "";
	reason[0] = '\0';
}

int ib_send_payload(const struct ib_rec *r)
{
	static char line[IB_REC_MAX + 1];
	size_t len, off = 0;

	if (r->overflow || r->len == 0 || r->len >= IB_REC_MAX)
		return -EINVAL;
	if (record_fd < 0)
		return 0;
	memcpy(line, r->buf, r->len);
	line[r->len] = '\n';
	len = r->len + 1;
	while (off < len) {
		ssize_t w = write(record_fd, line + off, len - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		off += (size_t)w;
	}
	return 0;
}

void ib_time_limit(unsigned seconds)
{
	static struct ib_rec ctl;

	/* a control line for the runner (runner.h), not a record */
	ctl.len = (size_t)snprintf(ctl.buf, sizeof(ctl.buf), "!limit %u", seconds);
	ctl.overflow = 0;
	ib_send_payload(&ctl);
}

void ib_reason(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	/* one line: the reason ends up in a KTAP comment too */
	for (char *p = reason; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
}

const char *ib_reason_text(void)
{
	return reason;
}

void ib_reason_clear(void)
{
	reason[0] = '\0';
}

void ib_kill_child(pid_t *pid)
{
	if (*pid <= 0)
		return;
	kill(*pid, SIGKILL);
	while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
		;
	*pid = 0;
}

void ib_ignore_sigpipe(struct sigaction *saved)
{
	struct sigaction ign;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, saved);
}

int ib_pin_self(void)
{
	cpu_set_t set;

	ib_place_remember();
	if (!ib_opts->pin)
		return 0;
	if (ib_opts->cpu < 0 || ib_opts->cpu >= CPU_SETSIZE)
		return -EINVAL;
	CPU_ZERO(&set);
	CPU_SET(ib_opts->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0)
		return -errno;
	return 0;
}

double ib_unit_ns(const char *unit)
{
	if (!strcmp(unit, "ns"))
		return 1.0;
	if (!strcmp(unit, "us"))
		return 1e3;
	if (!strcmp(unit, "ms"))
		return 1e6;
	if (!strcmp(unit, "s"))
		return 1e9;
	return 0;
}

double ib_target_ns(void)
{
	double t = (double)ib_opts->budget_ms * 1e6;

	if (1000.0 * ib_timer->res_ns > t)
		t = 1000.0 * ib_timer->res_ns;
	if (100.0 * ib_timer->cost_ns > t)
		t = 100.0 * ib_timer->cost_ns;
	return t;
}

int ib_metric_is_baseline(const char *metric)
{
	static const char *const named[] = { "sig_kill0", "ctx_overhead", "prot_fault_kill0" };
	size_t n = strlen(metric);

	if (n > 5 && !strcmp(metric + n - 5, "_base"))
		return 1;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (!strcmp(metric, named[i]))
			return 1;
	return 0;
}

uint64_t ib_inject_per_op(const struct ib_metric *m)
{
	if (!ib_opts->inject_ns || !ib_opts->inject_bench ||
	    !ib_list_has(ib_opts->inject_bench, bench_name) || ib_metric_is_baseline(m->name))
		return 0;
	return ib_opts->inject_ns;
}

uint64_t ib_inject_wait(uint64_t n, uint64_t per_op)
{
	uint64_t want, t0, now;

	if (!per_op || !n)
		return 0;
	/* n is at most UINT64_MAX / 4 (sizing), per_op at most 10^6: saturate, never wrap */
	want = n > UINT64_MAX / per_op ? UINT64_MAX : n * per_op;
	t0 = ib_now_ns();
	do
		now = ib_now_ns();
	while (now - t0 < want);
	return now - t0;
}

/* one way of getting an interval of n operations, for both entry points; inject: ns of
 * busy-wait per operation added inside the interval (0: none) */
struct source {
	ib_loop_fn loop;
	ib_timed_fn timed;
	void *arg;
	uint64_t inject;
};

static int interval(const struct source *s, uint64_t n, uint64_t *ns)
{
	int r;

	if (s->timed) {
		r = s->timed(s->arg, n, ns);
		/* fn stopped its own clock: the wait, timed on the same clock, is added to it */
		if (!r)
			*ns += ib_inject_wait(n, s->inject);
		return r;
	}
	uint64_t t0 = ib_now_ns();
	r = s->loop(s->arg, n);
	if (!r)
		ib_inject_wait(n, s->inject);
	*ns = ib_now_ns() - t0;
	return r;
}

static void set_reason_errno(const struct ib_metric *m, const char *what, int err)
{
	if (!reason[0])
		ib_reason("%s %s: %s", m->name, what, strerror(err < 0 ? -err : err));
}

static uint64_t size_n(const struct ib_metric *m, const struct source *s, int *err)
{
	double target = ib_target_ns();
	uint64_t n = 1, ns = 0, first_end = 0;

	*err = 0;
	for (unsigned step = 0;; step++) {
		*err = interval(s, n, &ns);
		if (*err)
			return 0;
		if ((double)ns >= target)
			return n;
		uint64_t now = ib_now_ns();
		if (!first_end)
			first_end = now;
		if (step + 1 >= IB_SIZE_MAX_STEPS ||
		    (double)(now - first_end) > IB_SIZE_MAX_TARGETS * target) {
			fprintf(stderr, "ibsuite: %s: sizing stopped at n=%llu (%llu ns < %.0f ns)\n",
				m->name, (unsigned long long)n, (unsigned long long)ns, target);
			return n;
		}
		uint64_t next;
		if ((double)ns < target / 16) {
			next = n * 2;
		} else {
			double f = 1.1 * target / (double)ns;
			if (f > 16)
				f = 16;
			next = (uint64_t)ceil((double)n * f);
		}
		if (next <= n)
			next = n + 1;
		if (next > UINT64_MAX / 4) /* cannot grow further without overflowing */
			return n;
		n = next;
	}
}

/* append "k=v k=v" parameters as fields; a token without '=' is an error */
static int add_params(struct ib_rec *r, const char *params)
{
	char tok[256];

	while (params && *params) {
		while (*params == ' ')
			params++;
		size_t len = strcspn(params, " ");
		if (!len)
			break;
		if (len >= sizeof(tok))
			return -EINVAL;
		memcpy(tok, params, len);
		tok[len] = '\0';
		params += len;
		char *eq = strchr(tok, '=');
		if (!eq)
			return -EINVAL;
		*eq = '\0';
		ib_rec_str(r, tok, eq + 1);
	}
	return 0;
}

static int is_bandwidth(const struct ib_metric *m)
{
	return !strcmp(m->unit, "MB/s");
}

static int emit(const struct ib_metric *m, const struct ib_result *res, const uint64_t *raw,
		double overhead)
{
	static struct ib_rec r;
	int e;

	ib_rec_init(&r, "m");
	ib_rec_str(&r, "bench", bench_name);
	ib_rec_str(&r, "metric", m->name);
	ib_rec_str(&r, "unit", m->unit);
	ib_rec_u64(&r, "iters", res->iters);
	ib_rec_dbl(&r, "overhead", overhead);
	if (is_bandwidth(m))
		ib_rec_dbl(&r, "bytes", m->bytes);
	ib_rec_dbls(&r, "samples", res->samples, res->nsamples);
	ib_rec_u64s(&r, "raw_ns", raw, raw ? res->nsamples : 0);
	ib_rec_i64(&r, "cpu", ib_harness_placed_cpu >= 0 ? ib_harness_placed_cpu :
			      ib_opts->pin ? ib_opts->cpu : -1);
	if (ib_harness_round)
		ib_rec_u64(&r, "round", ib_harness_round);
	if (add_params(&r, m->params) || r.overflow) {
		if (!reason[0])
			ib_reason("%s: record refused (params \"%s\" or too long)", m->name,
				  m->params ? m->params : "");
		return -EINVAL;
	}
	e = ib_send_payload(&r);
	if (e)
		set_reason_errno(m, "record", e);
	return e;
}

/* what a fixed-count interval must reach: the precision part of ib_target_ns(), no budget */
static double precision_ns(void)
{
	double t = 1000.0 * ib_timer->res_ns;

	return 100.0 * ib_timer->cost_ns > t ? 100.0 * ib_timer->cost_ns : t;
}

/* fixed_n 0: the harness sizes n; else n is the benchmark's (ib_measure_count) */
static int run_measure(const struct ib_metric *m, const struct source *s, double clock_ns,
		       uint64_t fixed_n, struct ib_result *out)
{
	uint64_t raw[IB_MAX_REPS], ns;
	unsigned reps = ib_opts->reps;
	double unit = ib_unit_ns(m->unit);
	int bw = is_bandwidth(m);
	int err = 0;

	if (bw && !(m->bytes > 0)) {
		ib_reason("%s: unit MB/s needs bytes > 0 per operation", m->name);
		return -EINVAL;
	}
	if (!bw && unit == 0) {
		ib_reason("%s: unit %s is neither a time unit nor MB/s", m->name, m->unit);
		return -EINVAL;
	}
	if (reps < 1)
		reps = 1;
	if (reps > IB_MAX_REPS)
		reps = IB_MAX_REPS;
	uint64_t n = fixed_n ? fixed_n : size_n(m, s, &err);
	if (err) {
		set_reason_errno(m, "sizing", err);
		return err;
	}
	if (fixed_n) {
		/* one warm-up interval of the very n the samples use */
		err = interval(s, n, &ns);
	}
	/* warm-up; a first interval that was slow only because it was cold (the first exec
	 * of a binary) sized n too small, so a short warm-up re-scales n, a few times at most */
	for (unsigned w = 0; !fixed_n && !err; w++) {
		err = interval(s, n, &ns);
		double target = ib_target_ns();
		if (err || (double)ns >= target || w >= IB_WARMUP_MAX)
			break;
		uint64_t next = ns ? (uint64_t)ceil((double)n * 1.1 * target / (double)ns) : n * 2;
		if (next > n * 16)
			next = n * 16;
		n = next > n ? next : n + 1;
	}
	for (unsigned i = 0; i < reps && !err; i++)
		err = interval(s, n, &raw[i]);
	if (err) {
		set_reason_errno(m, "sample", err);
		return err;
	}
	for (unsigned i = 0; fixed_n && i < reps; i++)
		if ((double)raw[i] < precision_ns()) {
			ib_reason("%s: an interval of %llu operations took %llu ns, below the clock's "
				  "precision bound of %.0f ns", m->name, (unsigned long long)n,
				  (unsigned long long)raw[i], precision_ns());
			return -ERANGE;
		}
	out->iters = n;
	out->nsamples = reps;
	for (unsigned i = 0; i < reps; i++) {
		if (bw) {
			/* bytes per ns = GB/s; x 1000 = MB/s (MB = 10^6 bytes). An interval that
			 * is not longer than the clock cost has no meaningful rate: use 1 ns */
			double ns_net = (double)raw[i] - clock_ns;
			out->samples[i] = m->bytes * (double)n / (ns_net > 1 ? ns_net : 1) * 1000.0;
		} else {
			out->samples[i] = ((double)raw[i] - clock_ns) / (double)n / unit - m->overhead;
		}
	}
	out->median = ib_median(out->samples, reps);
	out->min = ib_min(out->samples, reps);
	return emit(m, out, raw, bw ? 0.0 : clock_ns / (double)n / unit + m->overhead);
}

int ib_measure(const struct ib_metric *m, ib_loop_fn fn, void *arg, struct ib_result *out)
{
	struct source s = { .loop = fn, .arg = arg, .inject = ib_inject_per_op(m) };

	return run_measure(m, &s, ib_timer->cost_ns, 0, out);
}

int ib_measure_run(const struct ib_metric *m, ib_loop_fn fn, void *arg)
{
	struct ib_result r;
	int err = ib_measure(m, fn, arg, &r);

	if (err) {
		ib_reason("%s: %s", m->name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_measure_timed(const struct ib_metric *m, ib_timed_fn fn, void *arg, struct ib_result *out)
{
	struct source s = { .timed = fn, .arg = arg, .inject = ib_inject_per_op(m) };

	return run_measure(m, &s, 0, 0, out);
}

int ib_measure_count(const struct ib_metric *m, ib_timed_fn fn, void *arg, uint64_t n,
		     struct ib_result *out)
{
	struct source s = { .timed = fn, .arg = arg, .inject = ib_inject_per_op(m) };

	if (!n) {
		ib_reason("%s: a fixed count of 0 operations", m->name);
		return -EINVAL;
	}
	return run_measure(m, &s, 0, n, out);
}

int ib_emit_result(const struct ib_metric *m, const struct ib_result *r)
{
	if (r->nsamples > IB_MAX_REPS)
		return -EINVAL;
	return emit(m, r, NULL, is_bandwidth(m) ? 0.0 : m->overhead);
}
