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
#include <unistd.h>

#include "report/store/bootdata.h"
#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"
#include "report/export/export.h"
#include "report/results.h"
#include "report/store/store.h"   /* with the lengths of report/log/logparse.h */

static const char usage[] =
	"usage: initbench export --format csv|json|html [--results DIR] [--out PATH]\n"
	"         [--table samples|measurements|boots] [--compare COMPARE.JSON] [LABEL...]\n"
	"  reads the stored boots (of the labels given, else all) and writes them:\n"
	"  csv, json: --out FILE (default, or -: standard output); html: --out DIR (default\n"
	"  out/export). An output is replaced whole, never written through a link it does not\n"
	"  name itself. csv: --table, one of three tables that join on label, boot and m:\n"
	"  samples (default), measurements, boots. --compare: the file `initbench compare\n"
	"  --json` wrote (html only). Exit: 0 every boot read and complete; 6 a boot left out or\n"
	"  incomplete (the rest is exported); 1 a file that cannot be read or written (html: a\n"
	"  plot not drawn); 2 usage or a label not stored.\n" IB_RESULTS_HELP;

enum { K_RESULTS = 2, K_FORMAT, K_TABLE, K_OUT, K_COMPARE, K_HELP };

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

/* a number as a spreadsheet reads one: [+-]digits[.digits][e[+-]digits] (no inf, nan, hex) */
static int plain_number(const char *s)
{
	size_t i = *s == '+' || *s == '-', d = 0;

	while (s[i] >= '0' && s[i] <= '9')
		i++, d++;
	if (s[i] == '.')
		for (i++; s[i] >= '0' && s[i] <= '9'; i++)
			d++;
	if (!d)
		return 0;
	if (s[i] == 'e' || s[i] == 'E') {
		i += s[i + 1] == '+' || s[i + 1] == '-';
		if (s[++i] < '0' || s[i] > '9')
			return 0;
		while (s[i] >= '0' && s[i] <= '9')
			i++;
	}
	return !s[i];
}

void ib_csv_field(FILE *f, const char *s, size_t max)
{
	size_t n = strlen(s);
	/* a spreadsheet runs a cell that starts so as a formula: a leading ' makes it text */
	int formula = *s && strchr("=+-@\t\r", *s) && !plain_number(s);

	if (n > max) {
		n = max;
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;    /* not inside a UTF-8 sequence */
	}
	if (!formula && !memchr(s, ',', n) && !memchr(s, '"', n) && !memchr(s, '\r', n) &&
	    !memchr(s, '\n', n)) {
		fwrite(s, 1, n, f);
		return;
	}
	fputs(formula ? "\"'" : "\"", f);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			fputc('"', f);
		fputc(s[i], f);
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
		char val[IB_VALUE_MAX + 1];
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

#define NUM 24          /* the longest number scalar() prints */
#define PARAMS_MAX (IB_PARAMS_MAX * (IB_KEY_MAX + IB_VALUE_MAX + 2))

struct column {
	const char *name;
	size_t max;     /* bytes of the cell's text kept (cut there) */
};

static const struct column boot_cols[] = {
	{ "label", IB_LABEL_MAX }, { "boot", NUM }, { "integrity", IB_NAME_MAX },
	{ "uname_r", IB_VALUE_MAX }, { "uname_m", IB_VALUE_MAX }, { "hypervisor", IB_VALUE_MAX },
	{ "clocksource", IB_VALUE_MAX }, { "cpu_model", IB_VALUE_MAX }, { "ncpu", IB_VALUE_MAX },
	{ "cmdline", IB_LONG_VALUE_MAX }, { "launcher", IB_NAME_MAX }, { "accel", IB_NAME_MAX },
	{ "host_cpu", NUM },
};
static const struct column meas_cols[] = {
	{ "label", IB_LABEL_MAX }, { "boot", NUM }, { "m", NUM }, { "metric", IB_NAME_MAX },
	{ "bench", IB_NAME_MAX }, { "unit", IB_NAME_MAX }, { "params", PARAMS_MAX },
	{ "iters", NUM }, { "overhead", NUM }, { "cpu", NUM }, { "samples", NUM },
	{ "median", NUM }, { "min", NUM }, { "outcome", IB_NAME_MAX }, { "integrity", IB_NAME_MAX },
};
static const struct column sample_cols[] = {
	{ "label", IB_LABEL_MAX }, { "boot", NUM }, { "m", NUM }, { "metric", IB_NAME_MAX },
	{ "sample", NUM }, { "value", NUM },
};

static const struct column *columns(enum ib_csv_table t, size_t *n)
{
	switch (t) {
	case IB_CSV_BOOTS:
		*n = sizeof(boot_cols) / sizeof(boot_cols[0]);
		return boot_cols;
	case IB_CSV_MEASUREMENTS:
		*n = sizeof(meas_cols) / sizeof(meas_cols[0]);
		return meas_cols;
	default:
		*n = sizeof(sample_cols) / sizeof(sample_cols[0]);
		return sample_cols;
	}
}

size_t ib_csv_row_max(enum ib_csv_table t)
{
	size_t n, max = 2;      /* CRLF */
	const struct column *c = columns(t, &n);

	/* each cell: its text, every byte a doubled quote at worst, the quotes, a ', a comma */
	for (size_t i = 0; i < n; i++)
		max += 2 * c[i].max + 4;
	return max;
}

static void row(FILE *f, const struct column *c, const char *const *cells, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		ib_csv_field(f, cells[i], c[i].max);
	}
	fputs("\r\n", f);
}

long ib_export_csv(FILE *f, const struct ib_set *set, enum ib_csv_table t)
{
	size_t nc;
	const struct column *c = columns(t, &nc);
	char *params = ib_xmalloc(PARAMS_MAX + 1);
	const char *head[16];
	long rows = 0;

	for (size_t i = 0; i < nc; i++)
		head[i] = c[i].name;
	row(f, c, head, nc);
	for (size_t b = 0; b < set->n; b++) {
		const struct ib_boot *bt = &set->boots[b];
		const json_t *res = bt->res, *env = json_object_get(res, "env");
		const json_t *launch = json_object_get(res, "launch");
		/* a sample from a boot that lost records must not pass as one from a whole boot */
		const char *integrity = str(json_object_get(res, "integrity"), "status");
		char boot[NUM + 1], v[6][IB_NAME_MAX + 1];
		size_t mi;
		json_t *m;

		snprintf(boot, sizeof(boot), "%lu", bt->num);
		if (t == IB_CSV_BOOTS) {
			scalar(v[0], sizeof(v[0]), json_object_get(launch, "accel"));
			scalar(v[1], sizeof(v[1]), json_object_get(launch, "host_cpu"));
			const char *cells[] = {
				bt->label, boot, integrity, str(env, "uname_r"), str(env, "uname_m"),
				str(env, "hypervisor"), str(env, "clocksource"), str(env, "cpu_model"),
				str(env, "ncpu"), str(env, "cmdline"), str(launch, "launcher"), v[0], v[1],
			};
			row(f, c, cells, nc);
			rows++;
			continue;
		}
		json_array_foreach(json_object_get(res, "measurements"), mi, m) {
			const json_t *samples = json_object_get(m, "samples");
			char idx[NUM + 1];
			size_t si;
			json_t *s;

			snprintf(idx, sizeof(idx), "%zu", mi);
			if (t == IB_CSV_MEASUREMENTS) {
				params_text(params, PARAMS_MAX + 1, json_object_get(m, "params"));
				scalar(v[0], sizeof(v[0]), json_object_get(m, "iters"));
				scalar(v[1], sizeof(v[1]), json_object_get(m, "overhead"));
				scalar(v[2], sizeof(v[2]), json_object_get(m, "cpu"));
				snprintf(v[3], sizeof(v[3]), "%zu", json_array_size(samples));
				scalar(v[4], sizeof(v[4]), json_object_get(m, "median"));
				scalar(v[5], sizeof(v[5]), json_object_get(m, "min"));
				const char *cells[] = {
					bt->label, boot, idx, str(m, "metric"), str(m, "bench"),
					str(m, "unit"), params, v[0], v[1], v[2], v[3], v[4], v[5],
					outcome_status(res, m), integrity,
				};
				row(f, c, cells, nc);
				rows++;
				continue;
			}
			json_array_foreach(samples, si, s) {
				snprintf(v[0], sizeof(v[0]), "%zu", si);
				scalar(v[1], sizeof(v[1]), s);
				const char *cells[] = { bt->label, boot, idx, str(m, "metric"), v[0], v[1] };
				row(f, c, cells, nc);
				rows++;
			}
		}
	}
	free(params);
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

/* csv and json: to a file written whole (safeio.h), or to stdout */
static int write_flat(const char *fmt, enum ib_csv_table table, const char *out,
		      const struct ib_set *set)
{
	char err[512];
	struct ib_out o = { 0 };
	FILE *f = stdout;
	json_t *j = NULL;
	int bad = 0;

	if (!strcmp(fmt, "json") && !(j = ib_export_json(set)))
		ib_oom();
	if (out && strcmp(out, "-")) {
		if (ib_out_open(&o, out, IB_OUT_USER, err, sizeof(err))) {
			fprintf(stderr, "initbench export: %s\n", err);
			json_decref(j);
			return IB_EXIT_HOSTIO;
		}
		if (o.note[0])
			fprintf(stderr, "initbench export: %s\n", o.note);
		f = o.f;
	}
	if (j)
		bad = json_dumpf(j, f, JSON_INDENT(1) | JSON_REAL_PRECISION(17)) || fputc('\n', f) == EOF;
	else
		ib_export_csv(f, set, table);
	json_decref(j);
	if (f == stdout) {
		if (fflush(f) || ferror(f) || bad) {
			fprintf(stderr, "initbench export: writing to standard output: %s\n",
				strerror(errno));
			return IB_EXIT_HOSTIO;
		}
		return 0;
	}
	if (bad) {
		snprintf(err, sizeof(err), "cannot write %s: %s", o.shown, strerror(errno));
		ib_out_abort(&o);
	}
	if (bad || ib_out_commit(&o, err, sizeof(err))) {
		fprintf(stderr, "initbench export: %s\n", err);
		return IB_EXIT_HOSTIO;
	}
	return 0;
}

int ib_cmd_export(int argc, char **argv)
{
	static const struct ib_optdef defs[] = {
		{ "results", required_argument, K_RESULTS, 0 },
		{ "format", required_argument, K_FORMAT, 0 },
		{ "table", required_argument, K_TABLE, 0 },
		{ "out", required_argument, K_OUT, 0 },
		{ "compare", required_argument, K_COMPARE, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	static const char *const tables[] = { "samples", "measurements", "boots" };
	const char *given = NULL, *fmt = NULL, *out = NULL, *cmp = NULL, *table = NULL, *v;
	const struct ib_optdef *def;
	char **labels = ib_xmalloc(((size_t)argc + 1) * sizeof(*labels)), err[512], *dir;
	int nl = 0, bad = 0, rc, key;
	enum ib_csv_table t = IB_CSV_SAMPLES;
	struct ib_getopt g;
	struct ib_set set;
	json_t *compare = NULL;

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
		} else if (key == K_TABLE) {
			table = v;
		} else if (key == K_OUT) {
			out = v;
		} else if (key == K_COMPARE) {
			cmp = v;
		} else if (!ib_label_ok(v)) {
			fprintf(stderr, "initbench export: bad label '%s': %s\n", v, IB_LABEL_RULE);
			bad = 1;
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
	if (!bad && table) {
		while (t <= IB_CSV_BOOTS && strcmp(table, tables[t]))
			t++;
		if (strcmp(fmt, "csv") || t > IB_CSV_BOOTS) {
			fprintf(stderr, "initbench export: --table %s: %s\n", table, strcmp(fmt, "csv") ?
				"goes with --format csv" : "use samples, measurements or boots");
			bad = 1;
		}
	}
	if (!bad && cmp) {
		json_error_t je;
		int fd = ib_input_open(cmp, 0, err, sizeof(err));

		FILE *cf = fd < 0 ? NULL : fdopen(fd, "rb");

		compare = cf ? json_loadf(cf, 0, &je) : NULL;
		if (cf)
			fclose(cf);
		else if (fd >= 0)
			close(fd);
		if (!compare || !json_is_array(json_object_get(compare, "rows"))) {
			if (fd >= 0)
				snprintf(err, sizeof(err), "%s: %s", cmp, compare ?
					 "no \"rows\" array (not `initbench compare --json` output?)" :
					 "not JSON");
			fprintf(stderr, "initbench export: --compare %s\n", err);
			bad = 1;
		}
	}
	if (bad) {
		fputs(usage, stderr);
		free(labels);
		json_decref(compare);
		return IB_EXIT_USAGE;
	}
	if (!(dir = ib_results_dir(given))) {
		free(labels);
		json_decref(compare);
		return IB_EXIT_HOSTIO;
	}
	ib_cleanup_on_signals();
	rc = ib_store_load(dir, labels, nl, &set, "export");
	free(labels);
	if (!set.n) {
		fprintf(stderr, "initbench export: no boot to export under %s\n", dir);
		ib_set_free(&set);
		json_decref(compare);
		free(dir);
		return rc ? rc : IB_EXIT_HOSTIO;
	}
	/* exported all the same, with their integrity; never called done */
	if (ib_set_say_not_whole(&set, dir, "export") && rc < IB_EXIT_BADDATA)
		rc = IB_EXIT_BADDATA;
	free(dir);
	if (!strcmp(fmt, "html")) {
		int h = ib_export_html(out ? out : "out/export", &set, compare, NULL);
		if (h == 0 || h == 1)
			printf("%s/index.html\n", out ? out : "out/export");
		if (h && rc < IB_EXIT_HOSTIO)
			rc = IB_EXIT_HOSTIO;
	} else {
		int w = write_flat(fmt, t, out, &set);

		rc = w > rc ? w : rc;
	}
	ib_set_free(&set);
	json_decref(compare);
	return rc;
}
