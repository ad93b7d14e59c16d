/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-people.c - `initbench compare --format markdown|json|narrow` (docs/compare.md,
 * "Formats"): the comparison as a post for a mailing list or a review, and the one JSON
 * writer of --json FILE and --format json (compare-int.h).
 *
 * markdown and narrow hold the same lines in 80 columns: per NEW variant the significant
 * rows, slower then faster, each largest change first (metric, ratio [95% CI] of the
 * interval that decided, change, BH q, by welch or paired); one line per section (how many
 * of its rows are significant, which way, the largest, the median MDE of its rows); then
 * what a reviewer needs to trust it: kernels, boots per arm, the analysis, the gate's line.
 * Flags, CVs and the per-variant intervals stay in the text table, which the post points to.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/lib/exitcode.h"
#include "host/lib/safeio.h"
#include "report/compare/compare-int.h"
#include "report/summary/wrap.h"

#define WIDTH 80
#define LIST_MAX 5   /* rows named in a section's line; the rest counted */

int ib_cmp_format(const char *val)
{
	static const char *const name[] = { "text", "markdown", "json", "narrow" };
	for (int i = 0; i < 4; i++)
		if (!strcmp(val, name[i]))
			return i;
	fprintf(stderr, "initbench compare: bad --format '%s': text, markdown, json or narrow\n", val);
	return -1;
}

int ib_cmp_json_write(json_t *doc, const char *path)
{
	struct ib_out o;
	char err[512];

	if (!path) {
		if (json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_REAL_PRECISION(10)) ||
		    fputc('\n', stdout) == EOF) {
			fprintf(stderr, "initbench compare: cannot write the JSON on stdout\n");
			return IB_EXIT_HOSTIO;
		}
		return 0;
	}
	ib_cleanup_on_signals();
	if (ib_out_open(&o, path, IB_OUT_USER, err, sizeof(err))) {
		fprintf(stderr, "initbench compare: %s\n", err);
		return IB_EXIT_HOSTIO;
	}
	if (o.note[0])
		fprintf(stderr, "initbench compare: %s\n", o.note);
	if (json_dumpf(doc, o.f, JSON_INDENT(1) | JSON_REAL_PRECISION(10)) || fputc('\n', o.f) == EOF) {
		ib_out_abort(&o);
		snprintf(err, sizeof(err), "cannot write %s", path);
	} else if (!ib_out_commit(&o, err, sizeof(err))) {
		return 0;
	}
	fprintf(stderr, "initbench compare: %s\n", err);
	return IB_EXIT_HOSTIO;
}

/* the interval that decided the row (paired or Welch), as the gate judges it */
static double ratio_of(const struct cmp_row *x)
{
	return x->paired ? x->pr.ratio : x->w.ratio;
}

static int slower(const struct cmp_row *x, struct cell **cells, size_t j)
{
	return (ratio_of(x) > 1) != ib_cmp_bigger_better(cells[0][j].unit);
}

static size_t metric_at(const char **metric, size_t nm, const char *name)
{
	size_t j = 0;
	while (j < nm && strcmp(metric[j], name))
		j++;
	return j;
}

/* rows[] indices, largest |log ratio| first, ties in table order */
static const struct cmp_row *sort_rows;
static int by_size(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, k = *(const size_t *)b;
	double x = fabs(log(ratio_of(&sort_rows[i]))), y = fabs(log(ratio_of(&sort_rows[k])));
	return x > y ? -1 : x < y ? 1 : i < k ? -1 : i > k;
}

static void q_text(char *out, size_t cap, double q)
{
	snprintf(out, cap, isnan(q) ? "-" : q < 0.001 ? "<0.001" : "%.3f", q);
}

/* the significant rows of one direction, one table */
static void sig_table(FILE *f, int md, const struct cmp_row *rows, const size_t *idx, size_t n,
		      const char *what, size_t of)
{
	char ci[64], ch[32], q[16];
	size_t wm = strlen("metric"), wc = strlen("ratio [95% CI]"), wd = strlen("change");

	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {
		const struct cmp_row *x = &rows[idx[i]];
		double lo = x->paired ? x->pr.lo : x->w.lo, hi = x->paired ? x->pr.hi : x->w.hi;
		size_t l = (size_t)snprintf(ci, sizeof(ci), "%#.3g [%#.3g, %#.3g]", ratio_of(x), lo, hi);
		wm = strlen(x->metric) > wm ? strlen(x->metric) : wm;
		wc = l > wc ? l : wc;
		l = (size_t)snprintf(ch, sizeof(ch), "%+.1f%%", (ratio_of(x) - 1) * 100);
		wd = l > wd ? l : wd;
	}
	fprintf(f, md ? "\n**Significantly %s** (%zu of %zu rows):\n\n" :
		"\nSignificantly %s (%zu of %zu rows):\n", what, n, of);
	if (md)
		fprintf(f, "| %-*s | %-*s | %*s | %6s | %-6s |\n|:%.*s-|:%.*s-|%.*s:|-------:|:-------|\n",
			(int)wm, "metric", (int)wc, "ratio [95% CI]", (int)wd, "change", "q", "by",
			(int)wm, "------------------------", (int)wc, "------------------------------",
			(int)wd + 1, "--------------------");
	else
		fprintf(f, "  %-*s  %-*s  %*s  %6s  %s\n", (int)wm, "metric", (int)wc,
			"ratio [95% CI]", (int)wd, "change", "q", "by");
	for (size_t i = 0; i < n; i++) {
		const struct cmp_row *x = &rows[idx[i]];
		double lo = x->paired ? x->pr.lo : x->w.lo, hi = x->paired ? x->pr.hi : x->w.hi;
		snprintf(ci, sizeof(ci), "%#.3g [%#.3g, %#.3g]", ratio_of(x), lo, hi);
		snprintf(ch, sizeof(ch), "%+.1f%%", (ratio_of(x) - 1) * 100);
		q_text(q, sizeof(q), x->q);
		fprintf(f, md ? "| %-*s | %-*s | %*s | %6s | %-6s |\n" : "  %-*s  %-*s  %*s  %6s  %s\n",
			(int)wm, x->metric, (int)wc, ci, (int)wd, ch, q, x->paired ? "paired" : "welch");
	}
}

/* "Flags of the significant rows: null_call drift, incomplete; ..." (docs/compare.md) */
static void flag_line(FILE *f, const struct ib_cmp_facts *x, const struct cmp_row *rows,
		      const size_t *idx, size_t n, const char *variant)
{
	char *line = NULL;
	size_t len = 0, any = 0, i, k;
	FILE *m = open_memstream(&line, &len);
	json_t *o, *fl;

	if (!m)
		return;
	fputs("Flags of the significant rows:", m);
	for (i = 0; i < n; i++) {
		const struct cmp_row *y = &rows[idx[i]];
		if (!y->significant)
			continue;
		json_array_foreach(x->jrows, k, o) {
			const char *name = json_string_value(json_object_get(o, "metric"));
			const char *var = json_string_value(json_object_get(o, "variant"));
			size_t j;
			json_t *e;

			if (!name || !var || strcmp(name, y->metric) || strcmp(var, variant))
				continue;
			fl = json_object_get(o, "flags");
			json_array_foreach(fl, j, e) {
				if (!j)
					fprintf(m, "%s%s", any++ ? "; " : " ", y->metric);
				fprintf(m, "%s%s", j ? ", " : " ",
					json_string_value(e) ? json_string_value(e) : "?");
			}
		}
	}
	fclose(m);
	if (any)
		ib_wrap(f, "\n", "", line, WIDTH + 1);
	free(line);
}

/* "Context switching: 1 of 7 rows significant, slower: +3.0% ctx_2p_0k; MDE median 4.1%" */
static void section_line(FILE *f, int md, const char *sec, const struct cmp_row *rows,
			 const size_t *idx, size_t n, struct cell **cells, const char **metric,
			 size_t nm)
{
	char *line = NULL;
	size_t len = 0, nsig = 0, nslow = 0, listed = 0, nmde = 0, in = 0;
	double *mde = calloc(n + 1, sizeof(*mde));
	FILE *m = open_memstream(&line, &len);

	if (!m || !mde) {
		if (m)
			fclose(m);
		free(line), free(mde);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const struct cmp_row *x = &rows[idx[i]];
		if (strcmp(x->section, sec))
			continue;
		in++;
		if (!isnan(x->mde))
			mde[nmde++] = x->mde;
		if (x->significant) {
			nsig++;
			nslow += slower(x, cells, metric_at(metric, nm, x->metric));
		}
	}
	fprintf(m, "%s: %zu of %zu rows significant", sec, nsig, in);
	if (nsig && (nslow == nsig || !nslow))
		fprintf(m, ", %s%s:", nsig == 1 ? "" : nsig == 2 ? "both " : "all ",
			nslow ? "slower" : "faster");
	else if (nsig)
		fprintf(m, ", %zu slower, %zu faster:", nslow, nsig - nslow);
	/* idx is largest change first: name the largest few */
	for (size_t i = 0; i < n && nsig; i++) {
		const struct cmp_row *x = &rows[idx[i]];
		if (strcmp(x->section, sec) || !x->significant || listed++ >= LIST_MAX)
			continue;
		fprintf(m, "%s %+.1f%% %s", listed > 1 ? "," : "", (ratio_of(x) - 1) * 100, x->metric);
	}
	if (listed > LIST_MAX)
		fprintf(m, " and %zu more", listed - LIST_MAX);
	if (nmde)
		fprintf(m, "; MDE median %.1f%%", ib_stat_median(mde, nmde) * 100);
	else
		fprintf(m, "; no MDE (B < 2)");
	fclose(m);
	ib_wrap(f, md ? "- " : "  ", md ? "  " : "    ", line, WIDTH);
	free(line), free(mde);
}

/* one fact a line (wrapped) */
static void fact(FILE *f, int md, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fact(FILE *f, int md, const char *fmt, ...)
{
	char s[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof(s), fmt, ap);
	va_end(ap);
	ib_wrap(f, md ? "- " : "  ", md ? "  " : "    ", s, WIDTH);
}

static const char *env(const struct variant *v, const char *key, char *out, size_t cap)
{
	out[0] = '\0';
	for (size_t b = 0; b < v->n; b++) {
		const char *s = json_string_value(json_object_get(json_object_get(v->boot[b]->res,
										  "env"), key));
		if (!b)
			snprintf(out, cap, "%s", s ? s : "?");
		else if (strcmp(out, s ? s : "?"))
			return snprintf(out, cap, "mixed"), out;
	}
	return out;
}

static void facts(FILE *f, int md, const struct ib_cmp_facts *x)
{
	char a[512], b[512], t[2048];
	size_t o = 0;

	fprintf(f, md ? "\n## Setup\n\n" : "\nSetup:\n");
	for (size_t l = 0; l < x->nl && o < sizeof(t); l++)
		o += (size_t)snprintf(t + o, sizeof(t) - o, "%s%s %s", l ? "; " : "",
				      x->v[l].label, env(&x->v[l], "uname_r", a, sizeof(a)));
	fact(f, md, "kernels: %s", t);
	for (size_t l = 1; l < x->nl; l++)
		if (strcmp(env(&x->v[0], "cmdline", a, sizeof(a)), env(&x->v[l], "cmdline", b, sizeof(b))))
			fact(f, md, "command lines differ: %s '%s', %s '%s'", x->v[0].label, a,
			     x->v[l].label, b);
	o = 0;
	for (size_t l = 0; l < x->nl && o < sizeof(t); l++)
		o += (size_t)snprintf(t + o, sizeof(t) - o, x->v[l].excluded ? "%s%s %zu (%zu "
				      "incomplete left out)" : "%s%s %zu", l ? ", " : "", x->v[l].label,
				      x->v[l].n, x->v[l].excluded);
	fact(f, md, "boots per arm: %s", t);
	int same = 1;
	for (size_t l = 1; l < x->nl; l++)
		same &= !strcmp(x->v[l].clocksource, x->v[0].clocksource) &&
			!strcmp(x->v[l].accel, x->v[0].accel);
	if (same) {
		fact(f, md, "clocksource %s, accel %s", x->v[0].clocksource, x->v[0].accel);
	} else {
		o = 0;
		for (size_t l = 0; l < x->nl && o < sizeof(t); l++)
			o += (size_t)snprintf(t + o, sizeof(t) - o, "%s%s %s/%s", l ? ", " : "",
					      x->v[l].label, x->v[l].clocksource, x->v[l].accel);
		fact(f, md, "clocksource/accel differ (rows flagged in the text): %s", t);
	}
	for (size_t l = 0; l < x->nl; l++) {
		if (x->v[l].unpinned || x->v[l].cpu_shared)
			fact(f, md, "DISTURBED: %s: %zu boots unpinned, %zu sharing a host CPU",
			     x->v[l].label, x->v[l].unpinned, x->v[l].cpu_shared);
		if (*x->inj[l])
			fact(f, md, "INJECTED: %s: %s", x->v[l].label, x->inj[l]);
	}
	fact(f, md, "analysis: per metric, each boot's figure is the %s of its samples "
	     "(--per-boot); an arm is their geometric mean; "
	     "a Welch t-interval on the logs (paired over a campaign's blocks where a row has "
	     ">= %d pairs); significant: BH q <= 0.05, the CI excludes 1, |change| >= the noise "
	     "floor; noise floor: %s", x->per_boot, IB_PAIRED_MIN, x->floor);
	if (isnan(x->mde))
		fact(f, md, "minimum detectable effect: needs B >= 2 boots per arm (have %zu)", x->minb);
	else
		fact(f, md, "minimum detectable effect at B = %zu: %.1f%% (alpha 0.05, power 0.8)%s",
		     x->minb, x->mde * 100, isnan(x->paired_mde) ? "" : "; paired rows: see the text");
	/* the gate's own line, as the text table has it */
	for (const char *p = x->text; p && (p = strstr(p, "\ngate: ")); p++)
		fact(f, md, "%.*s", (int)strcspn(p + 1, "\n"), p + 1);
	fact(f, md, "every row, its flags and CVs: initbench compare --format text");
}

void ib_cmp_people(FILE *f, int fmt, const struct ib_cmp_facts *x, struct cell **cells,
		   const char **metric, size_t nm, const struct cmp_row *rows, size_t nrows)
{
	int md = fmt == IB_CMP_MARKDOWN;
	size_t *idx = calloc(nrows + 1, sizeof(*idx)), *sel = calloc(nrows + 1, sizeof(*sel));

	if (!idx || !sel) {
		free(idx), free(sel);
		return;
	}
	fprintf(f, md ? "# initbench compare: base %s" : "initbench compare: base %s", x->v[0].label);
	for (size_t l = 1; l < x->nl; l++)
		fprintf(f, "%s%s", l == 1 ? ", new " : ", ", x->v[l].label);
	fputc('\n', f);
	for (size_t l = 1; l < x->nl; l++) {
		size_t n = 0, ns = 0, nf = 0;
		for (size_t r = 0; r < nrows; r++)
			if (rows[r].v == l)
				idx[n++] = r;
		sort_rows = rows;
		qsort(idx, n, sizeof(*idx), by_size);
		fprintf(f, md ? "\n## %s vs %s\n" : "\n%s vs %s\n", x->v[l].label, x->v[0].label);
		for (int dir = 1; dir >= 0; dir--) {
			size_t k = 0;
			for (size_t i = 0; i < n; i++) {
				const struct cmp_row *y = &rows[idx[i]];
				if (y->significant &&
				    slower(y, cells, metric_at(metric, nm, y->metric)) == dir)
					sel[k++] = idx[i];
			}
			sig_table(f, md, rows, sel, k, dir ? "slower" : "faster", n);
			*(dir ? &ns : &nf) = k;
		}
		if (!ns && !nf && x->minb < 2)
			fprintf(f, "\nNo row can be significant: B = %zu in an arm, an interval needs "
				"B >= 2.\n", x->minb);
		else if (!ns && !nf)
			fprintf(f, "\nNo row is significant (of %zu).\n", n);
		flag_line(f, x, rows, idx, n, x->v[l].label);
		fprintf(f, md ? "\n**Sections:**\n\n" : "\nSections:\n");
		/* sections in table order, as rows[] are */
		for (size_t r = 0; r < nrows; r++)
			if (rows[r].v == l && (r == 0 || rows[r - 1].v != l ||
					       strcmp(rows[r - 1].section, rows[r].section)))
				section_line(f, md, rows[r].section, rows, idx, n, cells, metric, nm);
	}
	facts(f, md, x);
	free(idx), free(sel);
}
