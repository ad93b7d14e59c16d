/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report-format.c - `initbench report --format markdown|json` (report-format.h).
 *
 * Both walk the same columns: per table, the boots it shows, and after a label's last boot
 * its median (by_label). One walk (cols()) so that the two formats cannot disagree on
 * which boot is where.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/summary/report-format.h"
#include "report/summary/sections.h"
#include "report/summary/summary.h"
#include "report/summary/wrap.h"
#include "report/store/bootdata.h"

#define WIDTH 80
#define HEAD_MAX 24   /* a column heading longer than this is cut (labels reach 64) */

/* one column of a table: a boot (b), or a label's median over boots[0..n) */
struct col {
	const struct ib_boot *b;
	const struct ib_boot **boots;
	size_t n;
	const char *label;
	char head[HEAD_MAX + 8];
};

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

static int imported(const struct ib_boot *b)
{
	return !strcmp(str(json_object_get(b->res, "integrity"), "status"), "imported");
}

/* the columns of a table (ours: no imported boot); *nc of them in a new array */
static struct col *cols(const struct ib_set *set, int ours, int by_label, size_t *nc)
{
	struct col *c = calloc(2 * set->n + 1, sizeof(*c));
	size_t n = 0;

	if (!c)
		return NULL;
	for (size_t i = 0; i < set->n; i++) {
		const struct ib_boot *b = &set->boots[i];
		size_t k;

		if (ours && imported(b))
			continue;
		c[n].b = b;
		c[n].label = b->label;
		snprintf(c[n].head, sizeof(c[n].head), "%s/%lu", b->label, b->num);
		n++;
		if (!by_label)
			continue;
		for (k = i + 1; k < set->n && ours && imported(&set->boots[k]); k++)
			;
		if (k < set->n && !strcmp(set->boots[k].label, b->label))
			continue;
		/* the label's median: its boots are the columns just written */
		size_t first = n;
		while (first > 0 && c[first - 1].b && !strcmp(c[first - 1].b->label, b->label))
			first--;
		c[n].boots = calloc(n - first + 1, sizeof(*c[n].boots));
		for (size_t j = first; c[n].boots && j < n; j++)
			c[n].boots[c[n].n++] = c[j].b;
		c[n].label = b->label;
		snprintf(c[n].head, sizeof(c[n].head), "%s median", b->label);
		n++;
	}
	for (size_t j = 0; j < n; j++)
		if (strlen(c[j].head) > HEAD_MAX)
			strcpy(c[j].head + HEAD_MAX - 1, "~");
	*nc = n;
	return c;
}

static void cols_free(struct col *c, size_t n)
{
	for (size_t j = 0; c && j < n; j++)
		free(c[j].boots);
	free(c);
}

static double col_value(const struct col *c, const char *metric)
{
	return c->b ? ib_boot_value(c->b->res, metric) : ib_summary_label_median(c->boots, c->n, metric);
}

/* the unit of metric in a boot's records, "" when it has none */
static const char *unit_of(const json_t *res, const char *metric)
{
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(res, "measurements"), i, m)
		if (!strcmp(str(m, "metric"), metric))
			return str(m, "unit");
	return "";
}

static const char *col_unit(const struct col *c, const char *metric)
{
	if (c->b)
		return unit_of(c->b->res, metric);
	for (size_t i = 0; i < c->n; i++)
		if (*unit_of(c->boots[i]->res, metric))
			return unit_of(c->boots[i]->res, metric);
	return "";
}

/* the lines a text writer prints, blanks trimmed, empty ones dropped; NULL on no memory */
static char *capture(void (*fn)(FILE *, const struct section *, const struct ib_set *),
		     void (*all)(FILE *, const struct ib_set *), const struct section *s,
		     const struct ib_set *set)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return NULL;
	if (fn)
		fn(m, s, set);
	else
		all(m, set);
	fclose(m);
	return buf;
}

static void each_line(char *text, void (*put)(void *, const char *), void *arg)
{
	for (char *l = text, *e; l && *l; l = e) {
		e = l + strcspn(l, "\n");
		if (*e)
			*e++ = '\0';
		l += strspn(l, " \t");
		if (*l)
			put(arg, l);
	}
}

static void json_line(void *arr, const char *l)
{
	json_array_append_new(arr, json_string(l));
}

/* the metrics of table i: index -1 is "Basic system parameters" (mhz) */
static size_t metrics(long i, const char **m, const char **title)
{
	size_t n = 0;

	if (i < 0) {
		*title = "Basic system parameters";
		m[n++] = "mhz";
		return n;
	}
	*title = ib_summary_sections[i].title;
	for (const struct column *c = ib_summary_sections[i].col; c->metric; c++)
		m[n++] = c->metric;
	return n;
}

#define MAXM 16

int ib_report_json(FILE *f, const struct ib_set *set, int by_label)
{
	json_t *doc = json_object(), *boots = json_array(), *secs = json_array(), *notes = json_array();
	char d[256], *t;
	int rc = 0;

	for (size_t i = 0; i < set->n; i++) {
		const json_t *res = set->boots[i].res, *env = json_object_get(res, "env");
		char os[160];

		snprintf(os, sizeof(os), "%s %s", str(env, "uname_s"), str(env, "uname_r"));
		ib_summary_description(res, d, sizeof(d));
		json_array_append_new(boots, json_pack("{s:s,s:I,s:s,s:s,s:s}", "label",
			set->boots[i].label, "boot", (json_int_t)set->boots[i].num, "os",
			strcmp(os, " ") ? os : "", "description", d, "status",
			str(json_object_get(res, "integrity"), "status")));
	}
	for (long i = -1; i < (long)ib_summary_nsections; i++) {
		const char *m[MAXM], *title;
		size_t nm = metrics(i, m, &title), nc = 0;
		struct col *c = cols(set, i >= NLMBENCH, by_label, &nc);
		json_t *rows = json_array(), *tn = json_array();

		if (!c || !nc) {
			cols_free(c, nc);
			json_decref(rows), json_decref(tn);
			continue;
		}
		for (size_t k = 0; k < nc; k++) {
			json_t *vals = json_object(), *row;
			for (size_t j = 0; j < nm; j++) {
				double v = col_value(&c[k], m[j]);
				json_object_set_new(vals, m[j], json_pack("{s:o,s:s}", "value",
					isnan(v) ? json_null() : json_real(v), "unit",
					isnan(v) ? "" : col_unit(&c[k], m[j])));
			}
			row = c[k].b ? json_pack("{s:s,s:I,s:o}", "label", c[k].b->label, "boot",
						 (json_int_t)c[k].b->num, "values", vals)
				     : json_pack("{s:s,s:I,s:o}", "label", c[k].label,
						 "median_of", (json_int_t)c[k].n, "values", vals);
			json_array_append_new(rows, row);
		}
		if (i >= 0 && (t = capture(ib_summary_table_notes, NULL, &ib_summary_sections[i], set))) {
			each_line(t, json_line, tn);
			free(t);
		}
		json_array_append_new(secs, json_pack("{s:s,s:o,s:o}", "title", title, "rows", rows,
						      "notes", tn));
		cols_free(c, nc);
	}
	if ((t = capture(NULL, ib_summary_boot_notes, NULL, set))) {
		each_line(t, json_line, notes);
		free(t);
	}
	json_object_set_new(doc, "format", json_integer(1));
	json_object_set_new(doc, "boots", boots);
	json_object_set_new(doc, "sections", secs);
	json_object_set_new(doc, "notes", notes);
	if (json_dumpf(doc, f, JSON_INDENT(1) | JSON_REAL_PRECISION(10)) || fputc('\n', f) == EOF)
		rc = -1;
	json_decref(doc);
	return rc;
}

static void md_line(void *f, const char *l)
{
	ib_wrap(f, "- ", "  ", l, WIDTH);
}

/* one GitHub table of columns c[from..to) */
static void md_table(FILE *f, const char **m, size_t nm, const int *has, const char **unit,
		     struct col *c, size_t from, size_t to, size_t wm, size_t wu)
{
	char v[32];
	size_t w[64];

	for (size_t k = from; k < to; k++) {
		w[k - from] = strlen(c[k].head);
		for (size_t j = 0; j < nm; j++)
			if (has[j] && strlen(ib_num4(v, sizeof(v), col_value(&c[k], m[j]))) > w[k - from])
				w[k - from] = strlen(v);
	}
	fprintf(f, "\n| %-*s |", (int)wm, "metric");
	if (wu)
		fprintf(f, " %-*s |", (int)wu, "unit");
	for (size_t k = from; k < to; k++)
		fprintf(f, " %*s |", (int)w[k - from], c[k].head);
	fprintf(f, "\n|:%.*s-|", (int)wm, "------------------------");
	if (wu)
		fprintf(f, ":%.*s-|", (int)wu, "------------------------");
	for (size_t k = from; k < to; k++)
		fprintf(f, "%.*s:|", (int)w[k - from] + 1, "-------------------------");
	fputc('\n', f);
	for (size_t j = 0; j < nm; j++) {
		if (!has[j])
			continue;
		fprintf(f, "| %-*s |", (int)wm, m[j]);
		if (wu)
			fprintf(f, " %-*s |", (int)wu, unit[j]);
		for (size_t k = from; k < to; k++)
			fprintf(f, " %*s |", (int)w[k - from], ib_num4(v, sizeof(v), col_value(&c[k], m[j])));
		fputc('\n', f);
	}
}

int ib_report_markdown(FILE *f, const struct ib_set *set, int by_label)
{
	char d[256], line[512], *t;

	fprintf(f, "# initbench report\n\n%zu boot%s (median of each boot's samples):\n\n", set->n,
		set->n == 1 ? "" : "s");
	for (size_t i = 0; i < set->n; i++) {
		const json_t *env = json_object_get(set->boots[i].res, "env");
		ib_summary_description(set->boots[i].res, d, sizeof(d));
		snprintf(line, sizeof(line), "%s/%lu: %s %s, %s", set->boots[i].label,
			 set->boots[i].num, str(env, "uname_s"), str(env, "uname_r"), d);
		ib_wrap(f, "- ", "  ", line, WIDTH);
	}
	for (long i = -1; i < (long)ib_summary_nsections; i++) {
		const char *m[MAXM], *title, *unit[MAXM];
		int has[MAXM], any = 0, one_unit = 1;
		size_t nm = metrics(i, m, &title), nc = 0, wm = strlen("metric"), wu = strlen("unit");
		struct col *c = cols(set, i >= NLMBENCH, by_label, &nc);

		for (size_t j = 0; j < nm; j++) {
			has[j] = 0;
			unit[j] = "";
			for (size_t k = 0; c && k < nc; k++)
				if (!isnan(col_value(&c[k], m[j]))) {
					has[j] = 1;
					if (!*unit[j])
						unit[j] = col_unit(&c[k], m[j]);
				}
			if (has[j]) {
				for (size_t k = 0; k < j; k++)
					one_unit &= !has[k] || !strcmp(unit[k], unit[j]);
				any = 1;
				wm = strlen(m[j]) > wm ? strlen(m[j]) : wm;
				wu = strlen(unit[j]) > wu ? strlen(unit[j]) : wu;
			}
		}
		if (!any) {
			cols_free(c, nc);
			continue;
		}
		/* a title too long for a heading line goes on as text below it */
		const char *rest = strstr(title, " - ");
		if (strlen(title) + 3 <= WIDTH || !rest)
			rest = NULL;
		fprintf(f, "\n## %.*s\n", rest ? (int)(rest - title) : (int)strlen(title), title);
		if (rest)
			ib_wrap(f, "\n", "", rest + 3, WIDTH + 1);
		/* one unit for every row: said once, not a column */
		if (one_unit) {
			size_t j = 0;
			while (!has[j])
				j++;
			fprintf(f, "\nUnit: %s.\n", *unit[j] ? unit[j] : "none recorded");
			wu = 0;
		}
		/* as many columns a table as 80 columns hold: "| metric | unit |" then " v |" */
		for (size_t from = 0; from < nc;) {
			size_t to = from, width = wm + (wu ? wu + 3 : 0) + 4;
			while (to < nc) {
				char v[32];
				size_t w = strlen(c[to].head);
				for (size_t j = 0; j < nm; j++)
					if (has[j] && strlen(ib_num4(v, sizeof(v), col_value(&c[to], m[j]))) > w)
						w = strlen(v);
				if (to > from && (width + w + 3 > WIDTH || to - from == 64))
					break;
				width += w + 3;
				to++;
			}
			md_table(f, m, nm, has, unit, c, from, to, wm, wu);
			from = to;
		}
		if (i >= 0 && (t = capture(ib_summary_table_notes, NULL, &ib_summary_sections[i], set))) {
			if (*t)
				fputc('\n', f);
			each_line(t, md_line, f);
			free(t);
		}
		cols_free(c, nc);
	}
	if (by_label && fputc('\n', f) != EOF)
		ib_wrap(f, "", "", "A column \"LABEL median\" is the median over that label's "
			"boots of each boot's figure, not a boot.", WIDTH);
	if ((t = capture(NULL, ib_summary_boot_notes, NULL, set))) {
		if (*t)
			fputs("\n## Notes\n\n", f);
		each_line(t, md_line, f);
		free(t);
	}
	return fflush(f) || ferror(f) ? -1 : 0;
}
