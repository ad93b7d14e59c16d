/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * store.c - results.json per boot (store.h, results.h). Written to a temporary file, synced
 * and renamed, so a reader never sees half a file and a crash never leaves one.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/lib/hostutil.h"
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

int ib_json_write_atomic(json_t *root, const char *path)
{
	size_t n = strlen(path) + 32;
	char *tmp = malloc(n);
	if (!tmp)
		return -1;
	snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	int rc = -1;
	if (f) {
		rc = json_dumpf(root, f, JSON_INDENT(1) | JSON_REAL_PRECISION(9));
		if (fputc('\n', f) == EOF || fflush(f) || fsync(fileno(f)))
			rc = -1;
		if (fclose(f))
			rc = -1;
		if (!rc && rename(tmp, path))
			rc = -1;
		if (rc)
			unlink(tmp);
	}
	if (rc)
		fprintf(stderr, "initbench: cannot write %s: %s\n", path, strerror(errno));
	free(tmp);
	return rc;
}

int ib_results_write(const struct ib_log *log, const char *json_path, json_t *launch)
{
	json_t *root = ib_results_build(log, launch);
	if (!root) {
		fprintf(stderr, "initbench: out of memory building %s\n", json_path);
		return -1;
	}
	int rc = ib_json_write_atomic(root, json_path);
	json_decref(root);
	return rc;
}

#define IB_PROBLEMS_SHOWN 20

int ib_results_from_log(const char *log_path, const char *json_path, json_t *launch)
{
	struct ib_log log;
	int st = ib_log_parse_file(log_path, &log);
	if (st < 0) {
		fprintf(stderr, "initbench: cannot read %s: %s\n", log_path, strerror(errno));
		return -1;
	}
	/* a hostile or broken log can hold a problem per line: the run's output stays readable */
	ib_log_print_problems(&log, stderr, IB_PROBLEMS_SHOWN);
	int rc = ib_results_write(&log, json_path, launch);
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

static char *path3(const char *a, const char *b, unsigned long num, const char *file)
{
	char *p = NULL;
	int n = num ? asprintf(&p, "%s/%s/%lu/%s", a, b, num, file) : asprintf(&p, "%s/%s", a, b);
	return n < 0 ? NULL : p;
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
	return (x > y) - (x < y);
}

/* the boot numbers under dir/label, sorted; -1 if it cannot be read */
static int list_boots(const char *dir, const char *label, unsigned long **nums, size_t *n)
{
	char *p = path3(dir, label, 0, NULL);
	DIR *d = p ? opendir(p) : NULL;
	struct dirent *e;
	*nums = NULL;
	*n = 0;
	free(p);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		size_t len = strspn(e->d_name, "0123456789");
		if (!len || e->d_name[len] || len > 9 || e->d_name[0] == '0')
			continue;
		unsigned long *a = realloc(*nums, (*n + 1) * sizeof(*a));
		if (!a)
			break;
		*nums = a;
		a[(*n)++] = strtoul(e->d_name, NULL, 10);
	}
	closedir(d);
	if (*n)
		qsort(*nums, *n, sizeof(**nums), cmp_ulong);
	return 0;
}

static json_t *load_boot(const char *dir, const char *label, unsigned long num)
{
	char *js = path3(dir, label, num, "results.json");
	char *lg = path3(dir, label, num, "console.log");
	json_t *res = NULL;
	struct stat sb;
	if (js && !stat(js, &sb)) {
		json_error_t err;
		if (!(res = json_load_file(js, 0, &err)))
			fprintf(stderr, "initbench: %s:%d: %s\n", js, err.line, err.text);
	} else if (lg && !stat(lg, &sb)) {
		struct ib_log log;
		if (ib_log_parse_file(lg, &log) < 0) {
			fprintf(stderr, "initbench: cannot read %s: %s\n", lg, strerror(errno));
		} else {
			res = ib_results_build(&log, NULL);
			ib_log_free(&log);
		}
	} else {
		fprintf(stderr, "initbench: %s/%s/%lu: no results.json or console.log\n", dir,
			label, num);
	}
	free(js);
	free(lg);
	return res;
}

struct label {
	char *name;
	time_t t;
};

static int cmp_label(const void *a, const void *b)
{
	const struct label *x = a, *y = b;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* when the first boot of a label was measured: its console.log (else results.json) mtime */
static time_t first_time(const char *dir, const char *label, unsigned long num)
{
	static const char *const files[] = { "console.log", "results.json" };
	struct stat sb;
	for (int i = 0; i < 2; i++) {
		char *p = path3(dir, label, num, files[i]);
		int ok = p && !stat(p, &sb);
		free(p);
		if (ok)
			return sb.st_mtime;
	}
	return 0;
}

int ib_store_load(const char *dir, char *const *labels, int nlabels, struct ib_set *set)
{
	struct label *ls = NULL;
	size_t nl = 0, i, k;
	int rc = 0;
	unsigned long *nums;
	size_t n;

	set->boots = NULL;
	set->n = 0;
	if (nlabels > 0) {
		ls = calloc((size_t)nlabels, sizeof(*ls));
		for (i = 0; ls && i < (size_t)nlabels; i++)
			ls[nl++].name = strdup(labels[i]);
	} else {
		DIR *d = opendir(dir);
		struct dirent *e;
		if (!d) {
			fprintf(stderr, "initbench: cannot open %s: %s\n", dir, strerror(errno));
			return -1;
		}
		while ((e = readdir(d))) {
			nums = NULL;
			if (e->d_name[0] == '.' || list_boots(dir, e->d_name, &nums, &n) || !n) {
				free(nums);
				continue;
			}
			struct label *a = realloc(ls, (nl + 1) * sizeof(*a));
			if (!a) {
				free(nums);
				break;
			}
			ls = a;
			ls[nl].name = strdup(e->d_name);
			ls[nl++].t = first_time(dir, e->d_name, nums[0]);
			free(nums);
		}
		closedir(d);
		if (nl)
			qsort(ls, nl, sizeof(*ls), cmp_label);
	}
	for (i = 0; i < nl; i++) {
		if (!ls[i].name || list_boots(dir, ls[i].name, &nums, &n) || !n) {
			fprintf(stderr, "initbench: %s/%s: no boots\n", dir, ls[i].name ? ls[i].name : "?");
			rc = -1;
			free(nums);
			continue;
		}
		for (k = 0; k < n; k++) {
			json_t *res = load_boot(dir, ls[i].name, nums[k]);
			if (res && ib_set_add(set, ls[i].name, nums[k], res))
				rc = -1;
		}
		free(nums);
	}
	for (i = 0; i < nl; i++)
		free(ls[i].name);
	free(ls);
	return rc;
}

/* ---- new boots (import) ---- */

int ib_store_write_new(const char *path, const char *data, size_t len, const char *who)
{
	FILE *f = fopen(path, "wbx");
	int ok = f && fwrite(data, 1, len, f) == len;

	if (f && fclose(f))
		ok = 0;
	if (!ok)
		fprintf(stderr, "initbench %s: cannot write %s: %s\n", who, path, strerror(errno));
	return ok ? 0 : -1;
}

/* RESULTS/label/N, N one past the highest existing number; created here */
char *ib_store_new_boot(const char *results, const char *label, unsigned long *num,
			const char *who)
{
	char *d = NULL, *b = NULL;
	unsigned long max = 0;
	struct stat sb;

	if (asprintf(&d, "%s/%s", results, label) < 0)
		return NULL;
	/* every missing directory on the way, as `initbench run` makes them */
	if (ib_mkdir_p(d, 0777)) {
		fprintf(stderr, "initbench %s: cannot create %s: %s\n", who, d, strerror(errno));
		free(d);
		return NULL;
	}
	/* numbers need not be dense: 64 past the last one seen is far enough */
	for (unsigned long n = 1; n <= max + 64; n++) {
		if (asprintf(&b, "%s/%lu", d, n) < 0) {
			free(d);
			return NULL;
		}
		if (!stat(b, &sb))
			max = n;
		free(b);
	}
	for (unsigned long n = max + 1; n < max + 1000; n++) {
		int e;

		if (asprintf(&b, "%s/%lu", d, n) < 0)
			break;
		if (!mkdir(b, 0777)) {
			*num = n;
			free(d);
			return b;
		}
		e = errno;
		if (e != EEXIST) {
			fprintf(stderr, "initbench %s: cannot create %s: %s\n", who, b, strerror(e));
			free(b);
			break;
		}
		free(b);
	}
	free(d);
	return NULL;
}
