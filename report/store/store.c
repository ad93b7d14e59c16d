/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * store.c - results.json per boot (store.h, results.h). Written to a temporary file, synced
 * and renamed (host/lib/safeio.h), so a reader never sees half a file and a crash never
 * leaves one. Reading the store back is storedir.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"
#include "report/results.h"
#include "report/stats/stats.h"
#include "report/store/store.h"

/* median and minimum of n values (the parser lets no NaN through); 0 if n == 0 */
static int med_min(const double *v, size_t n, double *med, double *min)
{
	if (!n)
		return 0;
	*med = ib_stat_median(v, n);
	*min = ib_stat_min(v, n);
	return 1;
}

static json_t *dbls(const double *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < n; i++)
		json_array_append_new(a, json_real(v[i]));
	return a;
}

/* a parameter that reads as a number is stored as one */
static json_t *param(const char *v)
{
	char *e;
	if (*v) {
		long long i = strtoll(v, &e, 10);
		if (!*e)
			return json_integer(i);
		double d = strtod(v, &e);
		if (!*e && d == d && d - d == 0)
			return json_real(d);
	}
	return json_string(v);
}

static json_t *integrity(const struct ib_log *log)
{
	const struct ib_integrity *in = &log->integ;
	static const char *const status[] = { "complete", "incomplete", "norecords" };
	static const char *const digest[] = { "no end", "ok", "bad" };
	json_t *o = json_object(), *a;
	char *line = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&line, &len);

	if (f) {
		ib_log_print_summary(log, f);
		fclose(f);
		if (len && line[len - 1] == '\n')
			line[len - 1] = 0;
	}
	json_object_set_new(o, "status", json_string(status[in->status]));
	json_object_set_new(o, "summary", json_string(line ? line : ""));
	free(line);
	json_object_set_new(o, "expected", in->expected >= 0 ? json_integer(in->expected) : json_null());
	json_object_set_new(o, "found", json_integer((json_int_t)in->found));
	json_object_set_new(o, "corrupt", json_integer((json_int_t)in->corrupt));
	json_object_set_new(o, "corrupt_lines", a = json_array());
	for (size_t i = 0; i < in->ncorrupt_lines; i++)
		json_array_append_new(a, json_integer(in->corrupt_lines[i]));
	json_object_set_new(o, "missing", json_integer((json_int_t)in->nmissing));
	json_object_set_new(o, "missing_ranges", a = json_array());
	for (size_t i = 0; i < in->nranges; i++)
		json_array_append_new(a, json_pack("[II]", (json_int_t)in->missing[i].lo,
						   (json_int_t)in->missing[i].hi));
	json_object_set_new(o, "duplicates", json_integer((json_int_t)in->duplicates));
	json_object_set_new(o, "unknown", json_integer((json_int_t)in->unknown));
	json_object_set_new(o, "digest", json_string(digest[in->digest]));
	json_object_set_new(o, "no_outcome", a = json_array());
	for (size_t i = 0; i < in->nno_outcome; i++)
		json_array_append_new(a, json_string(in->no_outcome[i]));
	json_object_set_new(o, "problems", a = json_array());
	for (size_t i = 0; i < log->nproblems; i++)
		json_array_append_new(a, json_string(log->problems[i].text));
	json_object_set_new(o, "lines", json_integer((json_int_t)log->lines));
	json_object_set_new(o, "cut", json_integer((json_int_t)in->cut));
	return o;
}

json_t *ib_results_build(const struct ib_log *log, json_t *launch)
{
	json_t *root = json_object(), *env = json_object(), *ms = json_array(), *os = json_array();
	json_t *plan = json_object(), *benches = json_array();

	if (!root || !env || !ms || !os || !plan || !benches) {
		json_decref(root), json_decref(env), json_decref(ms), json_decref(os);
		json_decref(plan), json_decref(benches);
		return NULL;
	}
	json_object_set_new(root, "format", json_integer(1));
	json_object_set_new(root, "integrity", integrity(log));
	for (size_t i = 0; i < log->nbegin; i++)
		json_object_set_new(env, log->begin[i].key, json_string(log->begin[i].val));
	json_object_set_new(root, "env", env);
	/* the end record's counters (dist.*, docs/protocol.md); records and digest are in
	 * integrity already */
	json_t *end = json_object();
	for (size_t i = 0; end && i < log->nendf; i++)
		if (strcmp(log->endf[i].key, "records") && strcmp(log->endf[i].key, "digest"))
			json_object_set_new(end, log->endf[i].key, json_string(log->endf[i].val));
	json_object_set_new(root, "end", end ? end : json_null());
	json_object_set_new(plan, "count", log->plan_count >= 0 ? json_integer(log->plan_count) : json_null());
	for (size_t i = 0; i < log->nplan; i++)
		json_array_append_new(benches, json_string(log->plan[i]));
	json_object_set_new(plan, "benches", benches);
	json_object_set_new(root, "plan", plan);
	for (size_t i = 0; i < log->nmeas; i++) {
		const struct ib_meas *m = &log->meas[i];
		json_t *o = json_object(), *p = json_object();
		double med, min;
		json_object_set_new(o, "bench", json_string(m->bench));
		json_object_set_new(o, "metric", json_string(m->metric));
		json_object_set_new(o, "unit", json_string(m->unit));
		json_object_set_new(o, "iters", json_integer((json_int_t)m->iters));
		json_object_set_new(o, "overhead", json_real(m->overhead));
		json_object_set_new(o, "cpu", json_integer(m->cpu));
		for (size_t k = 0; k < m->nparams; k++)
			json_object_set_new(p, m->params[k].key, param(m->params[k].val));
		json_object_set_new(o, "params", p);
		json_object_set_new(o, "samples", dbls(m->samples, m->nsamples));
		json_object_set_new(o, "raw_ns", dbls(m->raw_ns, m->nraw));
		if (med_min(m->samples, m->nsamples, &med, &min)) {
			json_object_set_new(o, "median", json_real(med));
			json_object_set_new(o, "min", json_real(min));
		} else {
			json_object_set_new(o, "median", json_null());
			json_object_set_new(o, "min", json_null());
		}
		json_array_append_new(ms, o);
	}
	json_object_set_new(root, "measurements", ms);
	for (size_t i = 0; i < log->nout; i++) {
		const struct ib_outcome *o = &log->out[i];
		/* logcheck names round k of a plan with several rounds "name#k" */
		const char *hash = strrchr(o->bench, '#');
		json_t *j;
		if (hash) {
			char *name = strndup(o->bench, (size_t)(hash - o->bench));
			j = json_pack("{s:s,s:s,s:s,s:I,s:I}", "bench", name ? name : "", "status",
				      o->status, "reason", o->reason, "wall_ms",
				      (json_int_t)o->wall_ms, "round",
				      (json_int_t)strtol(hash + 1, NULL, 10));
			free(name);
		} else {
			j = json_pack("{s:s,s:s,s:s,s:I}", "bench", o->bench, "status", o->status,
				      "reason", o->reason, "wall_ms", (json_int_t)o->wall_ms);
		}
		json_array_append_new(os, j);
	}
	json_object_set_new(root, "outcomes", os);
	json_object_set(root, "launch", launch ? launch : json_null());
	return root;
}

int ib_json_write_atomic(json_t *root, const char *path, int flags)
{
	struct ib_out o;
	char err[512];
	int rc;

	if (ib_out_open(&o, path, flags, err, sizeof(err))) {
		fprintf(stderr, "initbench: %s\n", err);
		return -1;
	}
	if (o.note[0])
		fprintf(stderr, "initbench: %s\n", o.note);
	rc = json_dumpf(root, o.f, JSON_INDENT(1) | JSON_REAL_PRECISION(9));
	if (rc || fputc('\n', o.f) == EOF) {
		fprintf(stderr, "initbench: cannot write %s: %s\n", o.shown, strerror(errno));
		ib_out_abort(&o);
		return -1;
	}
	if (ib_out_commit(&o, err, sizeof(err))) {
		fprintf(stderr, "initbench: %s\n", err);
		return -1;
	}
	return 0;
}

int ib_results_write(const struct ib_log *log, const char *json_path, json_t *launch, int flags)
{
	json_t *root = ib_results_build(log, launch);
	if (!root) {
		fprintf(stderr, "initbench: out of memory building %s\n", json_path);
		return -1;
	}
	int rc = ib_json_write_atomic(root, json_path, flags);
	json_decref(root);
	return rc;
}

#define IB_PROBLEMS_SHOWN 20

int ib_results_from_log(const char *log_path, const char *json_path, json_t *launch)
{
	struct ib_log log;
	char err[512];
	int st = ib_log_parse_file(log_path, &log, err, sizeof(err));
	if (st < 0) {
		fprintf(stderr, "initbench: cannot read %s\n", err);
		return -1;
	}
	/* a hostile or broken log can hold a problem per line: the run's output stays readable */
	ib_log_print_problems(&log, stderr, IB_PROBLEMS_SHOWN);
	int rc = ib_results_write(&log, json_path, launch, 0);
	ib_log_free(&log);
	return rc ? -1 : st;
}

int ib_set_add(struct ib_set *set, const char *label, unsigned long num, json_t *res)
{
	struct ib_boot *b = realloc(set->boots, (set->n + 1) * sizeof(*b));
	char *l = strdup(label);
	if (!b || !l) {
		free(l);
		if (b)
			set->boots = b;
		json_decref(res);
		return -1;
	}
	set->boots = b;
	b[set->n].label = l;
	b[set->n].num = num;
	b[set->n++].res = res;
	return 0;
}

void ib_set_free(struct ib_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->boots[i].label);
		json_decref(set->boots[i].res);
	}
	free(set->boots);
	set->boots = NULL;
	set->n = 0;
}
