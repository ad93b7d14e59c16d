/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export-html.c - the HTML directory of `initbench export --format html` (export.h): the
 * page, written after gnuplot ran, so that it shows only plots that were really drawn.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/export/export.h"
#include "report/export/export-int.h"
#include "report/summary/summary.h"
#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"

#define H ib_html_text

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1500px}\n"
	"h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}\n"
	"table{border-collapse:collapse;font-size:.85em;margin:.5em 0}\n"
	"td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}\n"
	"th{background:#f2f2f2}td.long{max-width:30em;font-size:.85em;word-break:break-all}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	"tr.sig td{background:#fde3d6}tr.noise td{background:#fdf1d6}\n"
	".grid{display:flex;flex-wrap:wrap;gap:.6em}\n"
	"figure{margin:0;border:1px solid #eee;padding:.3em}\n"
	"figcaption{font-size:.8em;color:#555}\n"
	".dot{display:inline-block;width:.8em;height:.8em;border-radius:50%;margin-right:.4em}\n"
	".warn{background:#fff3cd;border:1px solid #e0c36a;padding:.5em}\n";

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

/* a scalar for a table cell; objects and arrays as compact JSON */
static void cell(FILE *f, const json_t *v)
{
	if (json_is_string(v))
		H(f, json_string_value(v));
	else if (json_is_real(v))
		fprintf(f, "%.4g", json_real_value(v));
	else if (v && !json_is_null(v)) {
		char *t = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(4));
		H(f, t ? t : "");
		free(t);
	}
}

/* "g [lo, hi]" for a value and its CI; `pct` for a percentage */
static void with_ci(FILE *f, const json_t *v, const json_t *ci, int pct)
{
	const char *fmt = pct ? "%+.1f%%" : "%.4g";
	if (!json_is_number(v))
		return;
	fprintf(f, fmt, json_number_value(v));
	if (json_is_number(json_array_get(ci, 0)) && json_is_number(json_array_get(ci, 1))) {
		fputs(" [", f);
		fprintf(f, fmt, json_number_value(json_array_get(ci, 0)));
		fputs(", ", f);
		fprintf(f, fmt, json_number_value(json_array_get(ci, 1)));
		fputs("]", f);
	}
}

/* plots/NAME is a file (not a link) and not empty: otherwise the page says so instead of a
 * broken image */
static int drawn(int plotsfd, const char *png)
{
	struct stat st;
	return *png && !fstatat(plotsfd, png + strlen("plots/"), &st, AT_SYMLINK_NOFOLLOW) &&
	       S_ISREG(st.st_mode) && st.st_size > 0;
}

static int figure(FILE *f, int plotsfd, const char *png, const char *alt, const char *caption)
{
	if (!drawn(plotsfd, png)) {
		fputs("<p class=\"warn\">", f);
		H(f, alt);
		fputs(": no plot (see gnuplot.log)</p>\n", f);
		return 1;
	}
	fputs("<figure><img src=\"", f);
	H(f, png);
	fputs("\" alt=\"", f);
	H(f, alt);
	fputs("\"><figcaption>", f);
	H(f, caption);
	fputs("</figcaption></figure>\n", f);
	return 0;
}

static void boots_table(FILE *f, const struct ib_set *set, const char **labels, size_t nl)
{
	static const char *const envk[] = { "uname_r", "hypervisor", "cpu_model", "ncpu",
					    "clocksource", "cmdline" };
	fputs("<h2>Boots</h2>\n<table><tr><th>label</th><th>boot</th>", f);
	for (size_t k = 0; k < sizeof(envk) / sizeof(envk[0]); k++)
		fprintf(f, "<th>%s</th>", envk[k]);
	fputs("<th>fsdir</th><th>bw size</th><th>accel</th><th>host_cpu</th><th>records</th>"
	      "<th>verdict</th></tr>\n", f);
	for (size_t b = 0; b < set->n; b++) {
		const json_t *res = set->boots[b].res, *env = json_object_get(res, "env");
		const json_t *launch = json_object_get(res, "launch");
		char fsdir[768], bw[128];
		size_t l = 0;
		while (l + 1 < nl && strcmp(labels[l], set->boots[b].label))
			l++;
		fprintf(f, "<tr><td><span class=\"dot\" style=\"background:#%s\"></span>",
			ib_plot_colour(l));
		H(f, set->boots[b].label);
		fprintf(f, "</td><td class=\"n\">%lu</td>", set->boots[b].num);
		for (size_t k = 0; k < sizeof(envk) / sizeof(envk[0]); k++) {
			fputs(strcmp(envk[k], "cmdline") ? "<td>" : "<td class=\"long\">", f);
			H(f, str(env, envk[k]));
			fputs("</td>", f);
		}
		/* what the file benchmarks ran on, as the report's fsdir line says it */
		ib_summary_fsdir(res, fsdir, sizeof(fsdir));
		fputs("<td class=\"long\">", f);
		H(f, fsdir);
		/* and the size of lmbench's bandwidth buffers, as the report's bw size line */
		ib_summary_bwsize(res, bw, sizeof(bw));
		fputs("</td><td>", f);
		H(f, bw);
		fputs("</td><td>", f);
		cell(f, json_object_get(launch, "accel"));
		fputs("</td><td>", f);
		cell(f, json_object_get(launch, "host_cpu"));
		fputs("</td><td>", f);
		H(f, str(json_object_get(res, "integrity"), "status"));
		fputs("</td><td>", f);
		cell(f, json_object_get(launch, "verdict"));
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* a list of objects with whatever keys the first one has (the compare file's "sections"
 * and "overall", whose exact members are compare's business) */
static void generic_table(FILE *f, const json_t *list)
{
	const json_t *first = json_array_get(list, 0), *o, *v;
	const char *k;
	size_t i;
	if (!json_is_object(first))
		return;
	fputs("<table><tr>", f);
	json_object_foreach((json_t *)first, k, v) {
		fputs("<th>", f);
		H(f, k);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	json_array_foreach(list, i, o) {
		fputs("<tr>", f);
		json_object_foreach((json_t *)first, k, v) {
			const json_t *x = json_object_get(o, k);
			fprintf(f, "<td%s>", json_is_number(x) ? " class=\"n\"" : "");
			cell(f, x);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void compare_rows(FILE *f, const json_t *compare, const char *section)
{
	static const char *const head[] = { "metric", "variant", "unit", "base", "new", "ratio",
		"delta", "p", "q", "flags" };
	const json_t *row;
	size_t i;
	fputs("<table><tr>", f);
	for (size_t k = 0; k < sizeof(head) / sizeof(head[0]); k++)
		fprintf(f, "<th>%s</th>", head[k]);
	fputs("</tr>\n", f);
	json_array_foreach(json_object_get(compare, "rows"), i, row) {
		const json_t *base = json_object_get(row, "base"), *nw = json_object_get(row, "new");
		int sig = json_is_true(json_object_get(row, "significant"));
		int noise = json_is_true(json_object_get(row, "within_noise"));
		if (strcmp(str(row, "section"), section))
			continue;
		fprintf(f, "<tr%s><td>", sig ? (noise ? " class=\"noise\"" : " class=\"sig\"") : "");
		H(f, str(row, "metric"));
		fputs("</td><td>", f);
		H(f, str(row, "variant"));
		fputs("</td><td>", f);
		H(f, str(row, "unit"));
		fputs("</td><td class=\"n\">", f);
		with_ci(f, json_object_get(base, "gmean"), json_object_get(base, "ci"), 0);
		fputs("</td><td class=\"n\">", f);
		with_ci(f, json_object_get(nw, "gmean"), json_object_get(nw, "ci"), 0);
		fputs("</td><td class=\"n\">", f);
		with_ci(f, json_object_get(row, "ratio"), json_object_get(row, "ratio_ci"), 0);
		fputs("</td><td class=\"n\">", f);
		with_ci(f, json_object_get(row, "delta_pct"), json_object_get(row, "delta_ci"), 1);
		fputs("</td><td class=\"n\">", f);
		cell(f, json_object_get(row, "p"));
		fputs("</td><td class=\"n\">", f);
		cell(f, json_object_get(row, "q"));
		fputs("</td><td>", f);
		for (size_t k = 0; k < json_array_size(json_object_get(row, "flags")); k++) {
			fputs(k ? ", " : "", f);
			cell(f, json_array_get(json_object_get(row, "flags"), k));
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* the compare file's sections in its own order: rows first, then "sections" */
static size_t compare_sections(const json_t *compare, const char **out, size_t cap)
{
	const char *const lists[] = { "rows", "sections" };
	size_t n = 0;
	for (int l = 0; l < 2; l++) {
		const json_t *row;
		size_t i;
		json_array_foreach(json_object_get(compare, lists[l]), i, row) {
			const char *s = str(row, "section");
			size_t k = 0;
			while (k < n && strcmp(out[k], s))
				k++;
			if (k == n && n < cap)
				out[n++] = s;
		}
	}
	return n;
}

/* the page: `gp_status` is what gnuplot returned (127: not found) */
static int page(FILE *f, int plotsfd, const struct ib_set *set, const char **labels,
		size_t nl, const struct plot *p, size_t np, size_t left, const json_t *compare,
		const char **secs, char (*ratio_png)[128], size_t ns, int gp_status)
{
	int missing = 0;
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<title>initbench results</title>\n<style>\n%s</style></head><body>\n"
		"<h1>initbench results</h1>\n<p>%zu boot%s of ", style, set->n,
		set->n == 1 ? "" : "s");
	for (size_t l = 0; l < nl; l++) {
		fputs(l ? ", " : "", f);
		H(f, labels[l]);
	}
	fputs(". Each plot: one dot per boot, the median of its samples (one colour per label),"
	      " every sample faintly behind it; labels sit side by side around the boot number."
	      " Data files and the gnuplot script (<code>plots.gp</code>) are in this directory."
	      "</p>\n", f);
	if (nl > IB_PLOT_LABELS_MAX)
		fprintf(f, "<p class=\"warn\">%zu labels: the plots show the first %d (every boot is "
			"in the CSV).</p>\n", nl, IB_PLOT_LABELS_MAX);
	if (left)
		fprintf(f, "<p class=\"warn\">%zu more metrics measured once per boot are not "
			"plotted (past %d plots: they are in the CSV).</p>\n", left, IB_PLOTS_MAX);
	if (gp_status == 127)
		fputs("<p class=\"warn\">gnuplot was not found: no plots.</p>\n", f);
	else if (gp_status)
		fprintf(f, "<p class=\"warn\">gnuplot exited with status %d: see gnuplot.log.</p>\n",
			gp_status);
	boots_table(f, set, labels, nl);
	if (compare) {
		const json_t *vars = json_object_get(compare, "variants");
		fputs("<h2>Comparison</h2>\n<p>Base <b>", f);
		H(f, str(compare, "base"));
		fputs("</b>, variant(s) <b>", f);
		for (size_t i = 0; i < json_array_size(vars); i++) {
			fputs(i ? ", " : "", f);
			cell(f, json_array_get(vars, i));
		}
		fputs("</b>; minimal detectable effect ", f);
		if (json_is_number(json_object_get(compare, "mde_pct")))
			fprintf(f, "%.3g%%", json_number_value(json_object_get(compare, "mde_pct")));
		else
			fputs("not available (too few boots)", f);
		fputs(". Ratios are new / base with 95% confidence intervals; rows in red are "
		      "significant, in amber significant but within the noise.</p>\n", f);
		for (size_t s = 0; s < ns; s++) {
			fputs("<h3>", f);
			H(f, secs[s]);
			fputs("</h3>\n", f);
			if (*ratio_png[s] && gp_status != 127)
				missing += figure(f, plotsfd, ratio_png[s], secs[s], "ratio new / base, 95% CI");
			compare_rows(f, compare, secs[s]);
		}
		if (json_array_size(json_object_get(compare, "sections"))) {
			fputs("<h3>Sections (geometric mean of the ratios)</h3>\n", f);
			generic_table(f, json_object_get(compare, "sections"));
		}
		if (json_array_size(json_object_get(compare, "overall"))) {
			fputs("<h3>Overall</h3>\n", f);
			generic_table(f, json_object_get(compare, "overall"));
		}
	}
	for (size_t i = 0; i < np; i++) {
		char caption[160];
		if (!i || strcmp(p[i].section, p[i - 1].section)) {
			fputs(i ? "</div>\n<h2>" : "<h2>", f);
			H(f, p[i].section);
			fputs("</h2>\n<div class=\"grid\">\n", f);
		}
		if (!*p[i].png)
			continue;
		snprintf(caption, sizeof(caption), "%s, %s, median per boot", p[i].metric, p[i].unit);
		missing += gp_status != 127 ? figure(f, plotsfd, p[i].png, p[i].metric, caption) : 0;
	}
	fputs(np ? "</div>\n</body></html>\n" : "</body></html>\n", f);
	return missing;
}

/* a file of the output directory, written whole (safeio.h) */
static FILE *open_out(struct ib_out *o, int fd, const char *shown, const char *name)
{
	char err[512];

	if (ib_out_openat(o, fd, shown, name, 0, err, sizeof(err))) {
		fprintf(stderr, "initbench export: %s\n", err);
		return NULL;
	}
	return o->f;
}

static int close_out(struct ib_out *o)
{
	char err[512];

	if (ib_out_commit(o, err, sizeof(err))) {
		fprintf(stderr, "initbench export: %s\n", err);
		return -1;
	}
	return 0;
}

/*
 * What gnuplot drew in the private directory moves into plots/ (a rename replaces whatever
 * was there, a link included, and never writes through it); a plot it did not draw is
 * removed, so that one left from an earlier export never passes for this one. Then
 * gnuplot.log, and the private directory goes.
 */
static void move_plots(int dfd, int plotsfd, int privfd, const char *priv, const struct plot *p,
		       size_t np, char (*ratio_png)[128], size_t ns)
{
	for (size_t i = 0; i < np + ns; i++) {
		const char *png = i < np ? p[i].png : ratio_png[i - np];

		if (!*png)
			continue;
		png += strlen("plots/");
		unlinkat(plotsfd, png, 0);
		renameat(privfd, png, plotsfd, png);
	}
	renameat(privfd, "gnuplot.log", dfd, "gnuplot.log");
	ib_tmpdir_remove(dfd, priv);
}

int ib_export_html(const char *dir, const struct ib_set *set, const json_t *compare,
		   const char *gnuplot)
{
	char (*ratio_png)[128] = NULL, note[512], err[512], shown[4200], priv[64];
	const char **labels = calloc(set->n + 1, sizeof(*labels)), *secs[64];
	size_t np = 0, nl, ns = 0, left = 0;
	struct plot *p = NULL;
	int rc = -1, gp_status, missing, dfd, datafd = -1, plotsfd = -1, privfd = -1;
	struct ib_out gpo = { 0 }, page_out;
	FILE *gp = NULL, *f;

	/* the directory the user named (a link there is followed, and said); below it the tool
	 * writes only through directories it opened itself, never through a link */
	if ((dfd = ib_dir_open(dir, 1, note, sizeof(note), err, sizeof(err))) < 0) {
		fprintf(stderr, "initbench export: %s\n", err);
		free(labels);
		return -1;
	}
	if (note[0])
		fprintf(stderr, "initbench export: %s\n", note);
	if ((datafd = ib_subdir_open(dfd, dir, "data", 1, err, sizeof(err))) < 0 ||
	    (plotsfd = ib_subdir_open(dfd, dir, "plots", 1, err, sizeof(err))) < 0) {
		fprintf(stderr, "initbench export: %s\n", err);
		goto out;
	}
	if (!labels || !(p = ib_plot_plan(set, &np, &left)) ||
	    !(ratio_png = calloc(64, sizeof(*ratio_png))))
		goto oom;
	nl = ib_plot_labels(set, labels);
	snprintf(shown, sizeof(shown), "%s/data", dir);
	if (!(gp = open_out(&gpo, dfd, dir, "plots.gp")))
		goto out;
	ib_plot_prologue(gp);
	if (compare)
		ns = compare_sections(compare, secs, 64);
	for (size_t s = 0; s < ns; s++)
		if (ib_plot_ratios(gp, datafd, shown, s + 1, secs[s], compare, ratio_png[s], 128) < 0)
			goto out;
	for (size_t i = 0; i < np; i++)
		if (ib_plot_metric(gp, datafd, shown, i + 1, &p[i], set, labels, nl) < 0)
			goto out;
	gp = NULL;
	if (close_out(&gpo))
		goto out;
	if ((privfd = ib_tmpdir_make(dfd, dir, priv, sizeof(priv), err, sizeof(err))) < 0) {
		fprintf(stderr, "initbench export: %s\n", err);
		goto out;
	}
	gp_status = ib_plot_run(dfd, privfd, priv, gnuplot);
	move_plots(dfd, plotsfd, privfd, priv, p, np, ratio_png, ns);
	if (gp_status == 127)
		fprintf(stderr, "initbench export: gnuplot not found: the page has no plots\n");
	else if (gp_status)
		fprintf(stderr, "initbench export: gnuplot exited with %d, see %s/gnuplot.log\n",
			gp_status, dir);
	if (!(f = open_out(&page_out, dfd, dir, "index.html")))
		goto out;
	missing = page(f, plotsfd, set, labels, nl, p, np, left, compare, secs, ratio_png, ns,
		       gp_status);
	if (close_out(&page_out))
		goto out;
	if (missing)
		fprintf(stderr, "initbench export: %d plot%s missing\n", missing, missing == 1 ? "" : "s");
	rc = gp_status || missing ? 1 : 0;
	goto out;
oom:
	fprintf(stderr, "initbench export: out of memory\n");
out:
	if (gp)
		ib_out_abort(&gpo);
	if (privfd >= 0)
		close(privfd);
	if (plotsfd >= 0)
		close(plotsfd);
	if (datafd >= 0)
		close(datafd);
	close(dfd);
	free(ratio_png);
	free(p);
	free(labels);
	return rc;
}
