/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export.c - `initbench export` (results.h): the command line, CSV and JSON (export.h).
 * The HTML directory is in export-html.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/store/bootdata.h"
#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "report/export/export.h"
#include "report/results.h"
#include "report/store/store.h"

static const char usage[] =
	"usage: initbench export --format csv|json|html [--results DIR] [--out PATH]\n"
	"         [--compare COMPARE.JSON] [LABEL...]\n"
	"  reads the stored boots (of the labels given, else all) and writes them:\n"
	"  csv, json: --out FILE (default: standard output); html: --out DIR (default out/export)\n"
	"  --compare: the file `initbench compare --json` wrote (html only)\n" IB_RESULTS_HELP;

enum { K_RESULTS = 2, K_FORMAT, K_OUT, K_COMPARE, K_HELP };

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

void ib_csv_field(FILE *f, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void ib_html_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
	}
}

/* a JSON scalar as text: strings as they are, integers without a point, reals in the
 * shortest form that reads back the same (%.17g shows binary noise), null as "" */
static void scalar(char *buf, size_t cap, const json_t *v)
{
	buf[0] = 0;
	if (json_is_string(v))
		snprintf(buf, cap, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, cap, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_boolean(v))
		snprintf(buf, cap, "%s", json_is_true(v) ? "true" : "false");
	else if (json_is_real(v))
		for (int p = 1; p <= 17; p++) {
			snprintf(buf, cap, "%.*g", p, json_real_value(v));
			if (strtod(buf, NULL) == json_real_value(v))
				break;
		}
}

static int by_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "k=v;k=v" in key order, so that the same parameters always read the same */
static void params_text(char *buf, size_t cap, const json_t *params)
{
	const char *keys[64];
	size_t n = 0, o = 0;
	const char *k;
	json_t *v;
	buf[0] = 0;
	json_object_foreach((json_t *)params, k, v)
		if (n < 64)
			keys[n++] = k;
	qsort(keys, n, sizeof(keys[0]), by_key);
	for (size_t i = 0; i < n && o < cap; i++) {
		char val[256];
		scalar(val, sizeof(val), json_object_get(params, keys[i]));
		o += (size_t)snprintf(buf + o, cap - o, "%s%s=%s", i ? ";" : "", keys[i], val);
	}
}

/* the status of the round of bench that made measurement m */
static const char *outcome_status(const json_t *res, const json_t *m)
{
	size_t i;
	json_t *o;
	long r = ib_round_of(json_object_get(m, "params"));
	json_array_foreach(json_object_get(res, "outcomes"), i, o)
		if (!strcmp(str(o, "bench"), str(m, "bench")) && ib_round_of(o) == r)
			return str(o, "status");
	return "";
}

long ib_export_csv(FILE *f, const struct ib_set *set)
{
	static const char *const head[] = {
		"label", "boot", "metric", "bench", "params", "unit", "sample", "value", "iters",
		"outcome", "uname_r", "hypervisor", "clocksource", "accel", "host_cpu", "integrity",
	};
	long rows = 0;
	for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
		fprintf(f, "%s%s", i ? "," : "", head[i]);
	fputs("\r\n", f);
	for (size_t b = 0; b < set->n; b++) {
		const json_t *res = set->boots[b].res, *env = json_object_get(res, "env");
		const json_t *launch = json_object_get(res, "launch");
		/* a sample from a boot that lost records must not pass as one from a whole boot */
		const char *integrity = str(json_object_get(res, "integrity"), "status");
		char accel[64], cpu[64], boot[32], params[1024], val[64], iters[64];
		size_t mi;
		json_t *m;
		scalar(accel, sizeof(accel), json_object_get(launch, "accel"));
		scalar(cpu, sizeof(cpu), json_object_get(launch, "host_cpu"));
		snprintf(boot, sizeof(boot), "%lu", set->boots[b].num);
		json_array_foreach(json_object_get(res, "measurements"), mi, m) {
			size_t si;
			json_t *s;
			params_text(params, sizeof(params), json_object_get(m, "params"));
			scalar(iters, sizeof(iters), json_object_get(m, "iters"));
			json_array_foreach(json_object_get(m, "samples"), si, s) {
				const char *cells[] = {
					set->boots[b].label, boot, str(m, "metric"), str(m, "bench"),
					params, str(m, "unit"), NULL, val, iters,
					outcome_status(res, m), str(env, "uname_r"),
					str(env, "hypervisor"), str(env, "clocksource"), accel, cpu,
					integrity,
				};
				char idx[32];
				snprintf(idx, sizeof(idx), "%zu", si);
				cells[6] = idx;
				scalar(val, sizeof(val), s);
				for (size_t c = 0; c < sizeof(cells) / sizeof(cells[0]); c++) {
					if (c)
						fputc(',', f);
					ib_csv_field(f, cells[c]);
				}
				fputs("\r\n", f);
				rows++;
			}
		}
	}
	return rows;
}

json_t *ib_export_json(const struct ib_set *set)
{
	static const char *const keep[] = {
		"env", "launch", "integrity", "plan", "outcomes", "measurements",
	};
	json_t *root = json_object(), *labels = json_array(), *boots = NULL;
	const char *cur = NULL;
	if (!root || !labels || json_object_set_new(root, "format", json_integer(1)) ||
	    json_object_set(root, "labels", labels))
		goto oom;
	for (size_t b = 0; b < set->n; b++) {
		const struct ib_boot *bt = &set->boots[b];
		json_t *o = json_object();
		if (!cur || strcmp(cur, bt->label)) {
			json_t *l = json_object();
			boots = json_array();
			if (!l || !boots || json_object_set_new(l, "label", json_string(bt->label)) ||
			    json_object_set_new(l, "boots", boots) || json_array_append_new(labels, l))
				goto oom;
			cur = bt->label;
		}
		if (!o || json_array_append_new(boots, o) ||
		    json_object_set_new(o, "boot", json_integer((json_int_t)bt->num)))
			goto oom;
		for (size_t k = 0; k < sizeof(keep) / sizeof(keep[0]); k++) {
			json_t *v = json_object_get(bt->res, keep[k]);
			if (json_object_set(o, keep[k], v ? v : json_null()))
				goto oom;
		}
	}
	json_decref(labels);
	return root;
oom:
	json_decref(labels);
	json_decref(root);
	return NULL;
}

/* csv and json: to a file written whole, then renamed, or to stdout */
static int write_flat(const char *fmt, const char *out, const struct ib_set *set)
{
	char tmp[4096];
	FILE *f = stdout;
	json_t *j = NULL;
	int rc = 0;
	if (!strcmp(fmt, "json") && !(j = ib_export_json(set))) {
		fprintf(stderr, "initbench export: out of memory\n");
		return 1;
	}
	if (out && strcmp(out, "-")) {
		snprintf(tmp, sizeof(tmp), "%s.tmp", out);
		if (!(f = fopen(tmp, "w"))) {
			fprintf(stderr, "initbench export: cannot write %s: %s\n", tmp, strerror(errno));
			json_decref(j);
			return 1;
		}
	}
	if (j) {
		rc = json_dumpf(j, f, JSON_INDENT(1) | JSON_REAL_PRECISION(17));
		fputc('\n', f);
	} else
		ib_export_csv(f, set);
	if (fflush(f) || ferror(f))
		rc = -1;
	if (f != stdout) {
		if (fclose(f) || rc || rename(tmp, out)) {
			fprintf(stderr, "initbench export: cannot write %s: %s\n", out, strerror(errno));
			remove(tmp);
			rc = -1;
		}
	}
	json_decref(j);
	return rc ? 1 : 0;
}

int ib_cmd_export(int argc, char **argv)
{
	static const struct ib_optdef defs[] = {
		{ "results", required_argument, K_RESULTS, 0 },
		{ "format", required_argument, K_FORMAT, 0 },
		{ "out", required_argument, K_OUT, 0 },
		{ "compare", required_argument, K_COMPARE, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	const char *given = NULL, *fmt = NULL, *out = NULL, *cmp = NULL, *v;
	const struct ib_optdef *def;
	char **labels = calloc((size_t)argc + 1, sizeof(*labels)), err[256], *dir;
	int nl = 0, bad = 0, rc, key;
	struct ib_getopt g;
	struct ib_set set;
	json_t *compare = NULL;

	if (!labels)
		return 1;
	ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0]));
	while (!bad && (key = ib_getopt_next(&g, argc, argv, &v, &def, err, sizeof(err))) != 0) {
		if (key == K_HELP) {
			fputs(usage, stdout);
			free(labels);
			return 0;
		}
		if (key < 0) {
			fprintf(stderr, "initbench export: %s\n", err);
			bad = 1;
		} else if (key == K_RESULTS) {
			given = v;
		} else if (key == K_FORMAT) {
			fmt = v;
		} else if (key == K_OUT) {
			out = v;
		} else if (key == K_COMPARE) {
			cmp = v;
		} else {
			labels[nl++] = (char *)v;
		}
	}
	if (!bad && (!fmt || (strcmp(fmt, "csv") && strcmp(fmt, "json") && strcmp(fmt, "html")))) {
		fprintf(stderr, "initbench export: --format must be csv, json or html\n");
		bad = 1;
	}
	if (!bad && cmp && strcmp(fmt, "html")) {
		fprintf(stderr, "initbench export: --compare goes with --format html\n");
		bad = 1;
	}
	if (!bad && cmp) {
		json_error_t err;
		compare = json_load_file(cmp, 0, &err);
		if (!compare || !json_is_array(json_object_get(compare, "rows"))) {
			fprintf(stderr, "initbench export: %s: %s\n", cmp,
				compare ? "no \"rows\" array (not `initbench compare --json` output?)"
					: err.text);
			bad = 1;
		}
	}
	if (bad) {
		fputs(usage, stderr);
		free(labels);
		json_decref(compare);
		return 2;
	}
	if (!(dir = ib_results_dir(given))) {
		free(labels);
		json_decref(compare);
		return 1;
	}
	rc = ib_store_load(dir, labels, nl, &set) ? 1 : 0;
	free(labels);
	if (!set.n) {
		fprintf(stderr, "initbench export: no results under %s\n", dir);
		ib_set_free(&set);
		json_decref(compare);
		free(dir);
		return 1;
	}
	free(dir);
	if (!strcmp(fmt, "html")) {
		int h = ib_export_html(out ? out : "out/export", &set, compare, NULL);
		if (h == 0 || h == 1)
			printf("%s/index.html\n", out ? out : "out/export");
		rc = h ? 1 : rc;
	} else
		rc = write_flat(fmt, out, &set) ? 1 : rc;
	ib_set_free(&set);
	json_decref(compare);
	return rc;
}
