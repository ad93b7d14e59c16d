/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * validate.c - whether a results.json can be what initbench wrote (ib_results_check(),
 * store.h). The store is a directory anybody can edit or damage: a boot whose file breaks a
 * rule below is left out, with the first broken rule named, rather than printed as data.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/log/logparse.h"
#include "report/stats/stats.h"
#include "report/store/store.h"

#define MAX_DEPTH 8

struct chk {
	char *why;
	size_t cap;
	int bad;
};

static int fail(struct chk *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct chk *c, const char *fmt, ...)
{
	va_list ap;

	if (!c->bad) {
		va_start(ap, fmt);
		vsnprintf(c->why, c->cap, fmt, ap);
		va_end(ap);
	}
	c->bad = 1;
	return -1;
}

/* a string of at most max bytes without control characters (the log parser replaces them) */
static int text_ok(struct chk *c, const json_t *v, size_t max, const char *what)
{
	const unsigned char *s;
	size_t n;

	if (!json_is_string(v))
		return fail(c, "%s is not a string", what);
	n = json_string_length(v);
	if (n > max)
		return fail(c, "%s is %zu bytes, more than %zu", what, n, max);
	s = (const unsigned char *)json_string_value(v);
	for (size_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] == 0x7f || (s[i] == 0xc2 && i + 1 < n && s[i + 1] < 0xa0))
			return fail(c, "%s holds a control character", what);
	return 0;
}

/* an integer >= lo, or (null_ok) null or absent */
static int int_ok(struct chk *c, const json_t *o, const char *key, long long lo, int null_ok,
		  const char *where)
{
	const json_t *v = json_object_get(o, key);

	if (!v || json_is_null(v))
		return null_ok ? 0 : fail(c, "%s.%s is missing", where, key);
	if (!json_is_integer(v))
		return fail(c, "%s.%s is not an integer", where, key);
	if (json_integer_value(v) < lo)
		return fail(c, "%s.%s = %lld: %s", where, key, (long long)json_integer_value(v),
			    lo == 0 ? "a count cannot be negative" : "below its least value");
	return 0;
}

static int integrity_ok(struct chk *c, const json_t *in)
{
	static const char *const status[] = { "complete", "incomplete", "norecords", "imported" };
	static const char *const counts[] = { "found", "corrupt", "missing", "duplicates",
					       "unknown", "lines", "cut" };
	const char *st = json_string_value(json_object_get(in, "status"));
	size_t i;
	json_t *v;

	if (!json_is_object(in))
		return fail(c, "no \"integrity\" object");
	for (i = 0; st && i < sizeof(status) / sizeof(status[0]) && strcmp(st, status[i]); i++)
		;
	if (!st || i == sizeof(status) / sizeof(status[0]))
		return fail(c, "integrity.status is not one of complete, incomplete, norecords, "
			    "imported");
	if (int_ok(c, in, "expected", 0, 1, "integrity"))
		return -1;
	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (int_ok(c, in, counts[i], 0, 1, "integrity"))
			return -1;
	if (json_object_get(in, "summary") &&
	    text_ok(c, json_object_get(in, "summary"), IB_LONG_VALUE_MAX, "integrity.summary"))
		return -1;
	json_array_foreach(json_object_get(in, "problems"), i, v)
		if (text_ok(c, v, 1024, "integrity.problems[]"))
			return -1;
	json_array_foreach(json_object_get(in, "no_outcome"), i, v)
		if (text_ok(c, v, IB_NAME_MAX, "integrity.no_outcome[]"))
			return -1;
	return 0;
}

static int object_of_texts(struct chk *c, const json_t *o, const char *type, const char *where)
{
	const char *k;
	json_t *v;
	char what[160];

	if (!o || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return fail(c, "%s is not an object", where);
	if (!strcmp(type, "m") && json_object_size(o) > IB_PARAMS_MAX)
		return fail(c, "%s holds %zu members, more than %d", where, json_object_size(o),
			    IB_PARAMS_MAX);
	json_object_foreach((json_t *)o, k, v) {
		snprintf(what, sizeof(what), "%s.%.*s", where, IB_KEY_MAX, k);
		if (strlen(k) > IB_KEY_MAX)
			return fail(c, "%s... : a key longer than %d bytes", what, IB_KEY_MAX);
		if (json_is_number(v) && !strcmp(type, "m"))
			continue;   /* a parameter that reads as a number is stored as one */
		if (text_ok(c, v, ib_value_max(type, k), what))
			return -1;
	}
	return 0;
}

static int is_time(const char *unit)
{
	return !strcmp(unit, "us") || !strcmp(unit, "ns") || !strcmp(unit, "ms") || !strcmp(unit, "s");
}

static int close_to(double a, double b)
{
	return fabs(a - b) <= 1e-6 * (fabs(a) + fabs(b)) + 1e-12;
}

/*
 * One measurement. A time sample is the operation's time minus `overhead` (the clock cost and
 * baselines subtracted): it may be below zero (a baseline longer than the operation), never
 * below -overhead, since no interval takes negative time. A rate (MB/s) or a frequency (MHz)
 * is never negative. The stored median and min are those of the samples.
 */
static int measurement_ok(struct chk *c, const json_t *m, size_t idx)
{
	static const char *const names[] = { "bench", "metric", "unit" };
	const json_t *s = json_object_get(m, "samples"), *raw = json_object_get(m, "raw_ns"), *v;
	const json_t *ov = json_object_get(m, "overhead");
	char where[64], what[96];
	double over = json_is_number(ov) ? json_number_value(ov) : 0, *x;
	size_t i, n;
	const char *unit;

	snprintf(where, sizeof(where), "measurements[%zu]", idx);
	if (!json_is_object(m))
		return fail(c, "%s is not an object", where);
	for (i = 0; i < 3; i++) {
		snprintf(what, sizeof(what), "%s.%s", where, names[i]);
		if (text_ok(c, json_object_get(m, names[i]), IB_NAME_MAX, what))
			return -1;
	}
	unit = json_string_value(json_object_get(m, "unit"));
	if (int_ok(c, m, "iters", 0, 1, where) || int_ok(c, m, "cpu", -1, 1, where))
		return -1;
	if (ov && !json_is_number(ov))
		return fail(c, "%s.overhead is not a number", where);
	snprintf(what, sizeof(what), "%s.params", where);
	if (object_of_texts(c, json_object_get(m, "params"), "m", what))
		return -1;
	if (!json_is_array(s))
		return fail(c, "%s.samples is not an array", where);
	if (raw && !json_is_null(raw) && !json_is_array(raw))
		return fail(c, "%s.raw_ns is not an array", where);
	json_array_foreach(raw, i, v)
		if (!json_is_number(v) || json_number_value(v) < 0)
			return fail(c, "%s.raw_ns[%zu]: an interval is a number of ns, never negative",
				    where, i);
	n = json_array_size(s);
	x = malloc((n ? n : 1) * sizeof(*x));
	if (!x)
		return fail(c, "out of memory");
	json_array_foreach(s, i, v) {
		double d = json_is_number(v) ? json_number_value(v) : NAN;

		x[i] = d;
		if (isnan(d)) {
			free(x);
			return fail(c, "%s.samples[%zu] is not a number", where, i);
		}
		if ((!strcmp(unit, "MB/s") || !strcmp(unit, "MHz")) && d < 0) {
			free(x);
			return fail(c, "%s.samples[%zu] = %g %s: a rate is never negative", where, i,
				    d, unit);
		}
		if (is_time(unit) && d + over < -(1e-6 * (fabs(d) + fabs(over)) + 1e-12)) {
			free(x);
			return fail(c, "%s.samples[%zu] = %g %s, below -overhead (%g): no interval "
				    "takes negative time", where, i, d, unit, -over);
		}
	}
	const json_t *med = json_object_get(m, "median"), *min = json_object_get(m, "min");
	int ok = n ? json_is_number(med) && json_is_number(min) &&
		     close_to(json_number_value(med), ib_stat_median(x, n)) &&
		     close_to(json_number_value(min), ib_stat_min(x, n))
		   : (!med || json_is_null(med)) && (!min || json_is_null(min));
	free(x);
	if (!ok)
		return fail(c, "%s: median and min are not those of its samples", where);
	return 0;
}

static int outcome_ok(struct chk *c, const json_t *o, size_t idx)
{
	char where[64], what[96];

	snprintf(where, sizeof(where), "outcomes[%zu]", idx);
	if (!json_is_object(o))
		return fail(c, "%s is not an object", where);
	snprintf(what, sizeof(what), "%s.bench", where);
	if (text_ok(c, json_object_get(o, "bench"), IB_NAME_MAX, what))
		return -1;
	snprintf(what, sizeof(what), "%s.status", where);
	if (text_ok(c, json_object_get(o, "status"), IB_NAME_MAX, what))
		return -1;
	snprintf(what, sizeof(what), "%s.reason", where);
	if (json_object_get(o, "reason") &&
	    text_ok(c, json_object_get(o, "reason"), IB_VALUE_MAX, what))
		return -1;
	return int_ok(c, o, "wall_ms", -1, 1, where) || int_ok(c, o, "round", 1, 1, where);
}

/* how deep arrays and objects nest (a scalar: 0) */
static int depth(const json_t *v, int limit)
{
	int d = 0;
	const char *k;
	json_t *x;
	size_t i;

	if (limit < 0)
		return 1;
	if (json_is_object(v))
		json_object_foreach((json_t *)v, k, x) {
			int e = depth(x, limit - 1);
			d = e > d ? e : d;
		}
	else if (json_is_array(v))
		json_array_foreach(v, i, x) {
			int e = depth(x, limit - 1);
			d = e > d ? e : d;
		}
	else
		return 0;
	return d + 1;
}

int ib_results_check(const json_t *res, char *why, size_t cap)
{
	struct chk c = { why, cap, 0 };
	const json_t *fmt = json_object_get(res, "format"), *plan, *v;
	size_t i;

	if (!json_is_object(res))
		return fail(&c, "not a JSON object");
	/* initbench nests 5 deep (launch.lava.cases[i][j]); deeper only inflates an export's
	 * indentation, line by line */
	if (depth(res, MAX_DEPTH) > MAX_DEPTH)
		return fail(&c, "nested deeper than %d", MAX_DEPTH);
	if (!json_is_integer(fmt))
		return fail(&c, "no \"format\" number");
	if (json_integer_value(fmt) != 1)
		return fail(&c, "format %lld: not a format this initbench reads (1)",
			    (long long)json_integer_value(fmt));
	if (integrity_ok(&c, json_object_get(res, "integrity")) ||
	    object_of_texts(&c, json_object_get(res, "env"), "begin", "env") ||
	    object_of_texts(&c, json_object_get(res, "end"), "end", "end"))
		return -1;
	plan = json_object_get(res, "plan");
	if (plan && !json_is_null(plan)) {
		if (!json_is_object(plan) || int_ok(&c, plan, "count", 0, 1, "plan"))
			return fail(&c, "plan is not an object with a count");
		json_array_foreach(json_object_get(plan, "benches"), i, v)
			if (text_ok(&c, v, IB_NAME_MAX, "plan.benches[]"))
				return -1;
	}
	v = json_object_get(res, "measurements");
	if (v && !json_is_array(v))
		return fail(&c, "measurements is not an array");
	json_array_foreach(v, i, plan)
		if (measurement_ok(&c, plan, i))
			return -1;
	v = json_object_get(res, "outcomes");
	if (v && !json_is_array(v))
		return fail(&c, "outcomes is not an array");
	json_array_foreach(v, i, plan)
		if (outcome_ok(&c, plan, i))
			return -1;
	v = json_object_get(res, "launch");
	if (v && !json_is_null(v) && !json_is_object(v))
		return fail(&c, "launch is not an object");
	return 0;
}
