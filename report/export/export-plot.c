/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export-plot.c - the plots of `initbench export --format html` (export-int.h): data
 * files and one gnuplot script written into the output directory, and gnuplot run there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "report/store/bootdata.h"
#include "report/export/export-int.h"
#include "report/summary/summary.h"
#include "host/lib/safeio.h"

#define BASIC "Basic system parameters"
#define OTHER "Other measurements (one per boot)"

/* Okabe-Ito, yellow left out (unreadable on white) */
static const char *const colours[] = {
	"0072B2", "D55E00", "009E73", "CC79A7", "E69F00", "56B4E9", "000000",
};
#define NCOLOURS (sizeof(colours) / sizeof(colours[0]))


static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

static double num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * The boot's measurement of metric (the first of the rounds that count), all its rounds'
 * samples in a new buffer, and *med the boot's figure, as the summary computes it.
 */
static const json_t *usable(const json_t *res, const char *metric, double **all, size_t *n,
			    double *med)
{
	const json_t *first = ib_boot_samples(res, metric, all, n, NULL, NULL, NULL);

	*med = first ? ib_boot_value(res, metric) : NAN;
	return first;
}

/* a gnuplot single-quoted string: '' is a quote; control characters would end the line */
/*
 * A label from the guest as a gnuplot string: quotes, backquotes (command substitution),
 * backslashes and '$' become '?', so that no text from a log can end the string or ask
 * gnuplot for anything (gnuplot refused a title starting with a doubled quote).
 */
static void gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		fputc((unsigned char)*s < 0x20 || strchr("'\"`\\$", *s) ? '?' : *s, f);
	fputc('\'', f);
}

static int in_table(const char *metric)
{
	const char *m;
	if (!strcmp(metric, "mhz"))
		return 1;
	for (size_t i = 0; (m = ib_summary_metric(i, NULL)); i++)
		if (!strcmp(m, metric))
			return 1;
	return 0;
}

/* the table title up to its " - " or " in ": "Processor, Processes", as compare names it */
static void short_section(const char *title, char *out, size_t cap)
{
	const char *e = strstr(title, " - "), *in = strstr(title, " in ");
	if (!e || (in && in < e))
		e = in;
	snprintf(out, cap, "%.*s", e ? (int)(e - title) : (int)strlen(title), title);
}

static struct plot entry(const char *metric, const char *section)
{
	struct plot p = { metric, "", "", "" };
	short_section(section, p.section, sizeof(p.section));
	return p;
}

/* the summary's metrics, then those measured once per boot that it has no column for (a
 * curve such as mem_chase is left to the CSV); *n plots, NULL when out of memory */
struct plot *ib_plot_plan(const struct ib_set *set, size_t *n, size_t *left)
{
	json_t *count = json_object();  /* metric -> most measurements in one boot */
	struct plot *p = NULL;
	size_t cap = IB_SUMMARY_MAX_METRICS + 1, np = 0;   /* the tables' metrics and Mhz */
	const char *k, *m, *title;
	json_t *v;

	if (!count || !(p = calloc(cap, sizeof(*p))))
		goto out;
	p[np++] = entry("mhz", BASIC);
	for (size_t i = 0; (m = ib_summary_metric(i, &title)) && np < cap; i++)
		p[np++] = entry(m, title);
	for (size_t b = 0; b < set->n; b++) {
		json_t *seen = json_object(), *m;
		size_t i;
		json_array_foreach(json_object_get(set->boots[b].res, "measurements"), i, m) {
			/* counted per round: a boot of several rounds measures it once in each */
			const char *id = str(m, "metric");
			char key[160];
			snprintf(key, sizeof(key), "%s#%ld", id, ib_round_of(json_object_get(m, "params")));
			json_int_t c = json_integer_value(json_object_get(seen, key)) + 1;
			json_object_set_new(seen, key, json_integer(c));
			if (c > json_integer_value(json_object_get(count, id)))
				json_object_set_new(count, id, json_integer(c));
		}
		json_decref(seen);
	}
	*left = 0;
	json_object_foreach(count, k, v) {
		if (json_integer_value(v) != 1 || in_table(k) || !*k)
			continue;
		if (np >= IB_PLOTS_MAX) {
			++*left;
			continue;
		}
		if (np == cap) {
			struct plot *q = realloc(p, 2 * cap * sizeof(*p));
			if (!q) {
				free(p);
				p = NULL;
				goto out;
			}
			p = q;
			cap *= 2;
		}
		/* the key lives as long as count: keep it in the set's own measurement instead */
		p[np++] = entry(NULL, OTHER);
		for (size_t b = 0; b < set->n && !p[np - 1].metric; b++) {
			size_t i;
			json_t *m;
			json_array_foreach(json_object_get(set->boots[b].res, "measurements"), i, m)
				if (!strcmp(str(m, "metric"), k)) {
					p[np - 1].metric = str(m, "metric");
					break;
				}
		}
	}
	*n = np;
out:
	json_decref(count);
	return p;
}

/* distinct labels in set order (the set is grouped by label) */
size_t ib_plot_labels(const struct ib_set *set, const char **out)
{
	size_t n = 0;
	for (size_t b = 0; b < set->n; b++)
		if (!n || strcmp(out[n - 1], set->boots[b].label))
			out[n++] = set->boots[b].label;
	return n;
}

/* "NN-name" with only file-name-safe characters */
static void base_name(char *out, size_t cap, const char *prefix, size_t idx, const char *name)
{
	int n = snprintf(out, cap, "%s%02zu-%s", prefix, idx, name);
	for (char *c = out + (n > 0 && (size_t)n < cap ? strlen(prefix) : 0); *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *c))
			*c = '_';
}

/* a data file under the output's data/ directory, written whole or not at all (safeio.h) */
static FILE *create(struct ib_out *o, int datafd, const char *shown, const char *name)
{
	char err[512];

	if (ib_out_openat(o, datafd, shown, name, 0, err, sizeof(err))) {
		fprintf(stderr, "initbench export: %s\n", err);
		return NULL;
	}
	return o->f;
}

static int done(struct ib_out *o)
{
	char err[512];

	if (ib_out_commit(o, err, sizeof(err))) {
		fprintf(stderr, "initbench export: %s\n", err);
		return -1;
	}
	return 0;
}

/* every plot starts from gnuplot's defaults, pngcairo when this gnuplot has it */
/* png is "plots/NAME": gnuplot writes OUT.NAME (plots/ unless the caller says otherwise) */
static void gp_start(FILE *gp, const char *png, int w, int h)
{
	fprintf(gp, "\nreset\nset terminal @TERM noenhanced size %d,%d font 'sans,9'\n"
		"set output OUT.'%s'\n", w, h, png + strlen("plots/"));
}

/*
 * data/NN-metric.dat: one line per point, "x value kind label": kind 0 is a boot's median,
 * 1 a sample; labels sit side by side around each boot number. Each plot element picks
 * its points by kind and label (gnuplot's `index` would miscount empty blocks). Returns
 * 1 when plotted, 0 when no boot has the metric, -1 on an I/O error.
 */
int ib_plot_metric(FILE *gp, int datafd, const char *shown, size_t idx, struct plot *p,
		   const struct ib_set *set, const char **labels, size_t nl)
{
	char base[96], dat[128], *cmd = NULL;
	struct ib_out o;
	double lo = INFINITY, hi = -INFINITY;
	unsigned long maxboot = 1;
	size_t cmdlen = 0;
	int plotted = 0;
	FILE *f, *c;

	base_name(base, sizeof(base), "", idx, p->metric);
	snprintf(dat, sizeof(dat), "%s.dat", base);
	if (!(f = create(&o, datafd, shown, dat)))
		return -1;
	snprintf(dat, sizeof(dat), "data/%s.dat", base);
	if (!(c = open_memstream(&cmd, &cmdlen))) {
		ib_out_abort(&o);
		return -1;
	}
	fputs("# x value kind(0 median, 1 sample) label\n", f);
	if (nl > IB_PLOT_LABELS_MAX)
		nl = IB_PLOT_LABELS_MAX;   /* the page says which labels are left to the CSV */
	for (size_t l = 0; l < nl; l++) {
		double off = nl > 1 ? ((double)l - (double)(nl - 1) / 2) * 0.5 / (double)nl : 0;
		int any = 0;
		fprintf(f, "# label %zu: ", l);
		for (const char *t = labels[l]; *t; t++)
			fputc((unsigned char)*t < 0x20 ? '?' : *t, f);
		fputc('\n', f);
		for (size_t b = 0; b < set->n; b++) {
			const struct ib_boot *bt = &set->boots[b];
			const json_t *m;
			double x = (double)bt->num + off, *all, med;
			size_t ns;
			if (strcmp(bt->label, labels[l]))
				continue;
			if (!(m = usable(bt->res, p->metric, &all, &ns, &med))) {
				free(all);
				continue;
			}
			if (!*p->unit)
				snprintf(p->unit, sizeof(p->unit), "%s", str(m, "unit"));
			maxboot = bt->num > maxboot ? bt->num : maxboot;
			if (!isnan(med)) {
				fprintf(f, "%.4f %.17g 0 %zu\n", x, med, l);
				any = 1;
			}
			for (size_t i = 0; i < ns; i++) {
				double v = all[i];
				fprintf(f, "%.4f %.17g 1 %zu\n", x, v, l);
				lo = v < lo ? v : lo;
				hi = v > hi ? v : hi;
			}
			free(all);
		}
		if (!any)
			continue;
		const char *col = colours[l % NCOLOURS];
		/* an open ring for the median, so that the samples show through it */
		fprintf(c, "%s'%s' using 1:($3==0 && $4==%zu ? $2 : NaN) with points pt 6 ps 2.2 lw 2 "
			"lc rgb '#%s' title ", plotted ? ", \\\n  " : "plot ", dat, l, col);
		gp_string(c, labels[l]);
		fprintf(c, ", \\\n  '' using 1:($3==1 && $4==%zu ? $2 : NaN) with points pt 7 ps 0.45 "
			"lc rgb '#70%s' notitle", l, col);
		plotted = 1;
	}
	fclose(c);
	if (done(&o)) {
		free(cmd);
		return -1;
	}
	if (!plotted) {
		free(cmd);
		return 0;
	}
	snprintf(p->png, sizeof(p->png), "plots/%s.png", base);
	gp_start(gp, p->png, 560, 340);
	fputs("set title ", gp);
	gp_string(gp, p->metric);
	fputs("\nset ylabel ", gp);
	gp_string(gp, p->unit);
	fprintf(gp, "\nset xlabel 'boot'\nset xrange [0.5:%lu.5]\nset xtics %s\n"
		"set grid ytics lc rgb '#dddddd'\nset key outside right top\n%s",
		maxboot, maxboot <= 20 ? "1" : "autofreq",
		lo > 0 && hi / lo > 20 ? "set logscale y\n" : "");
	fprintf(gp, "%s\n", cmd);
	free(cmd);
	return 1;
}

/* the ratio rows of one section; what counts as a ratio row is written down once here */
static int ratio_row(const json_t *row, const char *section, double *r, double *lo, double *hi)
{
	const json_t *ci = json_object_get(row, "ratio_ci");
	if (strcmp(str(row, "section"), section))
		return 0;
	*r = num(row, "ratio");
	*lo = json_is_number(json_array_get(ci, 0)) ? json_number_value(json_array_get(ci, 0)) : *r;
	*hi = json_is_number(json_array_get(ci, 1)) ? json_number_value(json_array_get(ci, 1)) : *r;
	return isfinite(*r) && *r > 0;
}

/* one row of a ratio chart: a data line, and its label as a tic ("'label' y") */
static void ratio_point(FILE *f, FILE *tics, int y, double r, double lo, double hi, int kind,
			const char *label)
{
	fprintf(f, "%d %.17g %.17g %.17g %d\n", y, r, lo, hi, kind);
	if (ftell(tics) > 0)
		fputs(", ", tics);
	gp_string(tics, label);
	fprintf(tics, " %d", y);
}

/*
 * data/ratio-NN.dat: one line per row, top-down in the compare file's order, its kind
 * (not significant, significant within noise, significant) picking its look; then the
 * section's geometric mean per variant. Returns 1 when plotted, 0 when the section has no usable row, -1 on error.
 */
int ib_plot_ratios(FILE *gp, int datafd, const char *shown, size_t idx, const char *section,
		   const json_t *compare, char *png, size_t cap)
{
	struct ib_out o;
	static const char *const kind[] = {
		"not significant", "significant, within noise", "significant", "section geomean",
	};
	static const char *const look[] = {
		"pt 6 ps 1.2 lc rgb '#888888'", "pt 7 ps 1.3 lc rgb '#E69F00'",
		"pt 7 ps 1.3 lc rgb '#D55E00'", "pt 5 ps 1.4 lc rgb '#000000'",
	};
	int nvar = (int)json_array_size(json_object_get(compare, "variants"));
	const json_t *rows = json_object_get(compare, "rows"), *secs = json_object_get(compare, "sections");
	double xlo = 1, xhi = 1, r, lo, hi;
	char base[96], dat[128], text[256];
	int n = 0, y, k, used[4] = { 0 };
	size_t i, ticslen = 0;
	json_t *row;
	char *tics = NULL;
	FILE *f, *t;

	json_array_foreach(rows, i, row)
		n += ratio_row(row, section, &r, &lo, &hi);
	json_array_foreach(secs, i, row)
		n += strcmp(str(row, "section"), section) == 0 && num(row, "gmean_ratio") > 0;
	if (!n)
		return 0;
	base_name(base, sizeof(base), "ratio-", idx, section);
	snprintf(dat, sizeof(dat), "%s.dat", base);
	if (!(f = create(&o, datafd, shown, dat)))
		return -1;
	snprintf(dat, sizeof(dat), "data/%s.dat", base);
	if (!(t = open_memstream(&tics, &ticslen))) {
		ib_out_abort(&o);
		return -1;
	}
	fputs("# y ratio lo hi kind(0 not significant, 1 within noise, 2 significant, 3 geomean)\n", f);
	y = n;
	json_array_foreach(rows, i, row) {
		int sig = json_is_true(json_object_get(row, "significant"));
		int noise = json_is_true(json_object_get(row, "within_noise"));
		if (!ratio_row(row, section, &r, &lo, &hi))
			continue;
		snprintf(text, sizeof(text), "%s%s%s", str(row, "metric"),
			 nvar > 1 ? " " : "", nvar > 1 ? str(row, "variant") : "");
		k = sig ? (noise ? 1 : 2) : 0;
		ratio_point(f, t, y--, r, lo, hi, k, text);
		used[k] = 1;
		xlo = fmin(xlo, fmin(lo, r));
		xhi = fmax(xhi, fmax(hi, r));
	}
	json_array_foreach(secs, i, row) {
		const json_t *ci = json_object_get(row, "ci");
		if (strcmp(str(row, "section"), section) || !(num(row, "gmean_ratio") > 0))
			continue;
		r = num(row, "gmean_ratio");
		lo = json_is_number(json_array_get(ci, 0)) ? json_number_value(json_array_get(ci, 0)) : r;
		hi = json_is_number(json_array_get(ci, 1)) ? json_number_value(json_array_get(ci, 1)) : r;
		snprintf(text, sizeof(text), "geomean %s", str(row, "variant"));
		ratio_point(f, t, y--, r, lo, hi, 3, text);
		used[3] = 1;
		xlo = fmin(xlo, fmin(lo, r));
		xhi = fmax(xhi, fmax(hi, r));
	}
	fclose(t);
	if (done(&o)) {
		free(tics);
		return -1;
	}
	snprintf(png, cap, "plots/%s.png", base);
	gp_start(gp, png, 760, 110 + 26 * n);
	fputs("set title ", gp);
	snprintf(text, sizeof(text), "%s: new / %s (95%% CI)", section, str(compare, "base"));
	gp_string(gp, text);
	if (xlo > 0 && xhi / xlo > 4)
		fprintf(gp, "\nset logscale x\nset xrange [%.6g:%.6g]\n"
			"set xtics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500)\n",
			xlo / 1.15, xhi * 1.15);
	else
		fprintf(gp, "\nset xrange [%.6g:%.6g]\n", xlo - (xhi - xlo) * 0.08 - 0.01,
			xhi + (xhi - xlo) * 0.08 + 0.01);
	fprintf(gp, "set yrange [0.4:%d.6]\nset ytics scale 0 (%s)\nset grid xtics lc rgb '#dddddd'\n"
		"set key outside right top vertical\n"
		"set arrow 1 from first 1, graph 0 to first 1, graph 1 nohead dt 2 lc rgb '#444444'\n"
		"set xlabel ", n, tics ? tics : "");
	free(tics);
	snprintf(text, sizeof(text), "ratio (1 = same as %s)", str(compare, "base"));
	gp_string(gp, text);
	fputc('\n', gp);
	const char *sep = "plot ";
	for (k = 0; k < 4; k++) {
		if (!used[k])
			continue;
		fprintf(gp, "%s'%s' using 2:($5==%d ? $1 : NaN):3:4 with xerrorbars %s title '%s'",
			sep, dat, k, look[k], kind[k]);
		sep = ", \\\n  ";
	}
	fputc('\n', gp);
	return 1;
}

const char *ib_plot_colour(size_t label_index)
{
	return colours[label_index % NCOLOURS];
}

void ib_plot_prologue(FILE *gp)
{
	fputs("# written by `initbench export --format html`; redraw with `gnuplot plots.gp` here\n"
	      "TERM = strstrt(GPVAL_TERMINALS, 'pngcairo') > 0 ? 'pngcairo' : 'png'\n"
	      "if (!exists('OUT')) OUT = 'plots/'\n", gp);
}

/* name as execvp would find it, without running a shell */
static int find_program(const char *name, char *out, size_t cap)
{
	const char *path = getenv("PATH");
	if (strchr(name, '/')) {
		snprintf(out, cap, "%s", name);
		return access(out, X_OK);
	}
	for (const char *p = path ? path : "/usr/bin:/bin"; ; p++) {
		size_t n = strcspn(p, ":");
		snprintf(out, cap, "%.*s/%s", (int)n, n ? p : ".", name);
		if (!access(out, X_OK))
			return 0;
		p += n;
		if (!*p)
			return -1;
	}
}

int ib_plot_run(int dfd, int privfd, const char *priv, const char *gnuplot)
{
	char prog[4096], out[128];
	int st;
	pid_t pid;

	if (find_program(gnuplot ? gnuplot : "gnuplot", prog, sizeof(prog)))
		return 127;
	/* the PNGs go to the private directory first: gnuplot opens what `set output` names,
	 * following any link, so it only ever writes where nobody else could have put one */
	snprintf(out, sizeof(out), "OUT='%s/'", priv);
	fflush(NULL);
	if ((pid = fork()) < 0) {
		fprintf(stderr, "initbench export: fork: %s\n", strerror(errno));
		return 126;
	}
	if (pid == 0) {
		char *const argv[] = { prog, "-e", out, "plots.gp", NULL };
		int in = open("/dev/null", O_RDONLY);
		int log = openat(privfd, "gnuplot.log", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
				 O_CLOEXEC, 0644);
		if (fchdir(dfd) || log < 0 || in < 0 || dup2(in, 0) < 0 || dup2(log, 1) < 0 ||
		    dup2(log, 2) < 0)
			_exit(126);
		execv(prog, argv);
		_exit(127);
	}
	ib_cleanup_child(pid);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			ib_cleanup_child(0);
			return 126;
		}
	ib_cleanup_child(0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
