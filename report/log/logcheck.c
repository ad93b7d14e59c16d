/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * logcheck.c - the second pass over the records logparse.c kept: sequence order,
 * duplicates, gaps, the end digest, then the fields into struct ib_log; and printing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report/log/logparse-int.h"
#include "bench/base/record.h"

static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

static char *sdup(struct st *st, const char *s)
{
	return ibp_dupn(st, s ? s : "", s ? strlen(s) : 0);
}

static double *parse_list(struct st *st, const char *v, size_t *n)
{
	size_t cap = 1;
	*n = 0;
	for (const char *p = v; p && *p; p++)
		cap += *p == ',';
	double *a = malloc(cap * sizeof(*a));
	if (!a) {
		st->oom = 1;
		return NULL;
	}
	while (v && *v) {
		char *e;
		a[(*n)++] = strtod(v, &e);
		v = *e ? e + 1 : e;
	}
	return a;
}

static void add_missing(struct st *st, unsigned long lo, unsigned long hi)
{
	struct ib_integrity *in = &st->log->integ;
	struct ib_range *r = realloc(in->missing, (in->nranges + 1) * sizeof(*r));
	if (!r) {
		st->oom = 1;
		return;
	}
	in->missing = r;
	r[in->nranges].lo = lo;
	r[in->nranges++].hi = hi;
	in->nmissing += hi - lo + 1;
	if (lo == hi)
		ibp_problem(st, 0, "record %lu missing", lo);
	else
		ibp_problem(st, 0, "records %lu-%lu missing", lo, hi);
}

static int is_m_key(const char *k)
{
	static const char *const std[] = { "bench", "metric", "unit", "iters", "overhead",
					   "samples", "raw_ns", "cpu" };
	for (size_t i = 0; i < sizeof(std) / sizeof(std[0]); i++)
		if (!strcmp(k, std[i]))
			return 1;
	return 0;
}

size_t ib_value_max(const char *type, const char *key)
{
	static const char *const names[] = { "bench", "metric", "unit", "status" };
	/* knob.bench, knob.skip, knob.inject_bench: lists of benchmark names (20 pass 256 bytes) */
	static const char *const longs[] = { "cmdline", "refused", "init.refused", "knob.bench",
					     "knob.skip", "knob.inject_bench" };

	if (!strcmp(key, "samples") || !strcmp(key, "raw_ns") || !strcmp(key, "benches"))
		return SIZE_MAX;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(key, names[i]) && (!strcmp(type, "m") || !strcmp(type, "outcome")))
			return IB_NAME_MAX;
	for (size_t i = 0; i < sizeof(longs) / sizeof(longs[0]); i++)
		if (!strcmp(key, longs[i]) && !strcmp(type, "begin"))
			return IB_LONG_VALUE_MAX;
	return IB_VALUE_MAX;
}

/* s cut to at most max bytes, not inside a UTF-8 sequence */
static void cut_utf8(char *s, size_t max)
{
	while (max && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	s[max] = '\0';
}

/* every value within its maximum, at most IB_PARAMS_MAX parameters (logparse.h) */
static void bound_fields(struct st *st, struct rec *r)
{
	size_t params = 0, k = 0;

	for (size_t i = 0; i < r->nf; i++) {
		struct ib_kv *f = &r->f[i];
		size_t kl = strlen(f->key), vl = strlen(f->val), max;

		if (kl > IB_KEY_MAX) {
			f->key[IB_KEY_MAX] = '\0';   /* keys are [a-z0-9_.] */
			st->log->integ.cut++;
			ibp_problem(st, r->line, "line %ld: record %lu: a key cut to %d bytes (it held "
				    "%zu): %s...", r->line, r->seq, IB_KEY_MAX, kl, f->key);
		}
		max = ib_value_max(r->type, f->key);
		if (vl > max) {
			cut_utf8(f->val, max);
			st->log->integ.cut++;
			ibp_problem(st, r->line, "line %ld: record %lu: %s cut to %zu bytes (it held %zu)",
				    r->line, r->seq, f->key, max, vl);
		}
		if (!strcmp(r->type, "m") && !is_m_key(f->key) && ++params > IB_PARAMS_MAX) {
			free(f->key);
			free(f->val);
			continue;
		}
		r->f[k++] = *f;
	}
	if (params > IB_PARAMS_MAX) {
		st->log->integ.cut++;
		ibp_problem(st, r->line, "line %ld: record %lu: %zu parameters, the %zu past the "
			    "first %d dropped", r->line, r->seq, params, params - IB_PARAMS_MAX,
			    IB_PARAMS_MAX);
	}
	r->nf = k;
}

static void interpret(struct st *st, struct rec *r)
{
	struct ib_log *log = st->log;
	const char *t = r->type, *v;

	bound_fields(st, r);
	if (!strcmp(t, "begin")) {
		if (log->have_begin || r->seq != 0) {
			ibp_problem(st, r->line, "line %ld: record %lu: begin not at seq 0 (ignored)",
				r->line, r->seq);
			return;
		}
		log->have_begin = 1;
		log->begin = r->f;      /* moved */
		log->nbegin = r->nf;
		r->f = NULL;
		r->nf = 0;
	} else if (!strcmp(t, "plan")) {
		if (log->have_plan)
			return;
		log->have_plan = 1;
		log->plan_count = strtol(ibp_field(r, "count"), NULL, 10);
		v = ibp_field(r, "benches");
		for (const char *p = v; *v; p++) {
			if (*p && *p != ',')
				continue;
			char **a = realloc(log->plan, (log->nplan + 1) * sizeof(*a));
			if (!a) {
				st->oom = 1;
				return;
			}
			log->plan = a;
			if ((size_t)(p - v) > IB_NAME_MAX) {
				log->integ.cut++;
				ibp_problem(st, r->line, "line %ld: record %lu: a plan entry cut to %d bytes "
					    "(it held %zu)", r->line, r->seq, IB_NAME_MAX, (size_t)(p - v));
			}
			if ((a[log->nplan] = ibp_dupn(st, v, (size_t)(p - v) > IB_NAME_MAX ?
						      IB_NAME_MAX : (size_t)(p - v))))
				log->nplan++;
			if (!*p)
				break;
			v = p + 1;
		}
	} else if (!strcmp(t, "m")) {
		struct ib_meas *a = realloc(log->meas, (log->nmeas + 1) * sizeof(*a));
		if (!a) {
			st->oom = 1;
			return;
		}
		log->meas = a;
		struct ib_meas *m = &a[log->nmeas++];
		memset(m, 0, sizeof(*m));
		m->seq = r->seq;
		m->bench = sdup(st, ibp_field(r, "bench"));
		m->metric = sdup(st, ibp_field(r, "metric"));
		m->unit = sdup(st, ibp_field(r, "unit"));
		m->iters = (v = ibp_field(r, "iters")) ? strtoull(v, NULL, 10) : 0;
		m->overhead = (v = ibp_field(r, "overhead")) ? strtod(v, NULL) : 0;
		m->cpu = (v = ibp_field(r, "cpu")) ? strtol(v, NULL, 10) : -1;
		m->samples = parse_list(st, ibp_field(r, "samples"), &m->nsamples);
		m->raw_ns = parse_list(st, ibp_field(r, "raw_ns"), &m->nraw);
		m->params = calloc(r->nf ? r->nf : 1, sizeof(*m->params));
		if (!m->params) {
			st->oom = 1;
			return;
		}
		for (size_t i = 0; i < r->nf; i++)
			if (!is_m_key(r->f[i].key)) {
				m->params[m->nparams].key = sdup(st, r->f[i].key);
				m->params[m->nparams++].val = sdup(st, r->f[i].val);
			}
	} else if (!strcmp(t, "outcome")) {
		struct ib_outcome *a = realloc(log->out, (log->nout + 1) * sizeof(*a));
		if (!a) {
			st->oom = 1;
			return;
		}
		log->out = a;
		struct ib_outcome *o = &a[log->nout++];
		o->seq = r->seq;
		/* a round of a plan with several is "name#k", as the plan names it, so that
		 * matching plan entries to outcomes is one string compare; store.c splits it */
		if ((v = ibp_field(r, "round")) && *v) {
			const char *name = ibp_field(r, "bench");
			size_t nl = strlen(name), vl = strlen(v);
			char *nb = malloc(nl + vl + 2);
			if (nb) {
				memcpy(nb, name, nl);
				nb[nl] = '#';
				memcpy(nb + nl + 1, v, vl + 1);
			} else {
				st->oom = 1;
			}
			o->bench = nb;
		} else {
			o->bench = sdup(st, ibp_field(r, "bench"));
		}
		o->status = sdup(st, ibp_field(r, "status"));
		o->reason = sdup(st, ibp_field(r, "reason"));
		o->wall_ms = (v = ibp_field(r, "wall_ms")) ? strtol(v, NULL, 10) : -1;
	} else if (!strcmp(t, "end")) {
		log->endf = r->f;       /* moved: records, digest and the dist.* counters */
		log->nendf = r->nf;
		r->f = NULL;
		r->nf = 0;
	} else {
		log->integ.unknown++;
		ibp_problem(st, r->line, "line %ld: record %lu has unknown type '%s' (kept)", r->line,
			r->seq, t);
	}
}

void ibp_check(struct st *st)
{
	struct ib_log *log = st->log;
	struct ib_integrity *in = &log->integ;
	struct rec *R = st->recs, *end = NULL;
	size_t k = 0;

	if (st->nrecs)
		qsort(R, st->nrecs, sizeof(*R), cmp_rec);
	for (size_t i = 0; i < st->nrecs; i++) {
		if (k && R[i].seq == R[k - 1].seq) {
			if (R[i].rawlen == R[k - 1].rawlen && !memcmp(R[i].raw, R[k - 1].raw, R[i].rawlen)) {
				in->duplicates++;
				ibp_problem(st, R[i].line, "line %ld: record %lu repeats line %ld (dropped)",
					R[i].line, R[i].seq, R[k - 1].line);
			} else {
				ibp_problem(st, R[i].line, "line %ld: record %lu corrupt (differs from line %ld)",
					R[i].line, R[i].seq, R[k - 1].line);
				ibp_corrupt(st, R[i].line);
			}
			ibp_free_rec(&R[i]);
			continue;
		}
		R[k++] = R[i];
	}
	st->nrecs = k;
	for (k = 0; k < st->nrecs && !end; k++)
		if (!strcmp(R[k].type, "end"))
			end = &R[k];
	if (end) {
		size_t keep = (size_t)(end - R) + 1;
		for (size_t i = keep; i < st->nrecs; i++) {
			ibp_problem(st, R[i].line, "line %ld: record %lu corrupt (after the end record)",
				R[i].line, R[i].seq);
			ibp_corrupt(st, R[i].line);
			ibp_free_rec(&R[i]);
		}
		st->nrecs = keep;
		log->have_end = 1;
		in->expected = (long)end->seq + 1;
		if (strtoul(ibp_field(end, "records"), NULL, 10) != end->seq)
			ibp_problem(st, end->line, "line %ld: end record says %s records, its seq is %lu",
				end->line, ibp_field(end, "records"), end->seq);
	}
	unsigned long next = 0;
	for (size_t i = 0; i < st->nrecs; i++) {
		if (R[i].seq > next)
			add_missing(st, next, R[i].seq - 1);
		next = R[i].seq + 1;
	}
	in->found = st->nrecs;
	in->digest = IB_DIGEST_NOEND;
	if (end) {
		uint32_t crc = 0;
		for (size_t i = 0; i + 1 < st->nrecs; i++) {
			crc = ib_crc32(crc, R[i].raw, R[i].rawlen);
			crc = ib_crc32(crc, "\n", 1);
		}
		uint32_t want = (uint32_t)strtoul(ibp_field(end, "digest"), NULL, 16);
		in->digest = crc == want && strtoul(ibp_field(end, "records"), NULL, 10) == end->seq
				     ? IB_DIGEST_OK : IB_DIGEST_BAD;
		if (in->digest == IB_DIGEST_BAD)
			ibp_problem(st, end->line, "line %ld: end digest does not match", end->line);
	}
	for (size_t i = 0; i < st->nrecs; i++)
		interpret(st, &R[i]);
	for (size_t i = 0; i < log->nplan; i++) {
		size_t j;
		for (j = 0; j < log->nout && strcmp(log->out[j].bench, log->plan[i]); j++)
			;
		if (j < log->nout)
			continue;
		char **a = realloc(in->no_outcome, (in->nno_outcome + 1) * sizeof(*a));
		if (!a) {
			st->oom = 1;
			break;
		}
		in->no_outcome = a;
		if ((a[in->nno_outcome] = sdup(st, log->plan[i])))
			in->nno_outcome++;
		ibp_problem(st, 0, "%s: planned, no outcome", log->plan[i]);
	}
	if (!in->found && !in->corrupt)
		in->status = IB_STATUS_NORECORDS;
	else if (end && !in->nmissing && !in->corrupt && in->digest == IB_DIGEST_OK && !in->cut)
		in->status = IB_STATUS_COMPLETE;
	else
		in->status = IB_STATUS_INCOMPLETE;
}

static void free_kv(struct ib_kv *kv, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(kv[i].key);
		free(kv[i].val);
	}
	free(kv);
}

void ib_log_free(struct ib_log *log)
{
	free_kv(log->begin, log->nbegin);
	free_kv(log->endf, log->nendf);
	for (size_t i = 0; i < log->nplan; i++)
		free(log->plan[i]);
	free(log->plan);
	for (size_t i = 0; i < log->nmeas; i++) {
		struct ib_meas *m = &log->meas[i];
		free(m->bench), free(m->metric), free(m->unit), free(m->samples), free(m->raw_ns);
		free_kv(m->params, m->nparams);
	}
	free(log->meas);
	for (size_t i = 0; i < log->nout; i++)
		free(log->out[i].bench), free(log->out[i].status), free(log->out[i].reason);
	free(log->out);
	for (size_t i = 0; i < log->nproblems; i++)
		free(log->problems[i].text);
	free(log->problems);
	free(log->integ.missing);
	free(log->integ.corrupt_lines);
	for (size_t i = 0; i < log->integ.nno_outcome; i++)
		free(log->integ.no_outcome[i]);
	free(log->integ.no_outcome);
	memset(log, 0, sizeof(*log));
}

const char *ib_log_begin(const struct ib_log *log, const char *key)
{
	for (size_t i = 0; i < log->nbegin; i++)
		if (!strcmp(log->begin[i].key, key))
			return log->begin[i].val;
	return NULL;
}

const char *ib_log_end(const struct ib_log *log, const char *key)
{
	for (size_t i = 0; i < log->nendf; i++)
		if (!strcmp(log->endf[i].key, key))
			return log->endf[i].val;
	return NULL;
}

void ib_log_print_summary(const struct ib_log *log, FILE *f)
{
	const struct ib_integrity *in = &log->integ;
	static const char *const dg[] = { "no end", "ok", "bad" };
	if (in->expected >= 0)
		fprintf(f, "records: expected %ld, ", in->expected);
	else
		fprintf(f, "records: expected unknown, ");
	fprintf(f, "found %zu, corrupt %zu, missing %lu", in->found, in->corrupt, in->nmissing);
	for (size_t i = 0; i < in->nranges && i < 20; i++) {
		fprintf(f, "%s%lu", i ? ", " : " (", in->missing[i].lo);
		if (in->missing[i].hi != in->missing[i].lo)
			fprintf(f, "-%lu", in->missing[i].hi);
	}
	fprintf(f, "%s, duplicates %zu, digest %s",
		in->nranges > 20 ? ", ...)" : in->nranges ? ")" : "", in->duplicates, dg[in->digest]);
	if (in->cut)
		fprintf(f, ", values cut %zu", in->cut);
	fputc('\n', f);
}

void ib_log_print_problems(const struct ib_log *log, FILE *f, size_t max)
{
	size_t n = max && log->nproblems > max ? max : log->nproblems;

	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\n", log->problems[i].text);
	if (n < log->nproblems)
		fprintf(f, "... and %zu more problems (all of them: initbench parse LOG, or "
			"integrity.problems in results.json)\n", log->nproblems - n);
}
