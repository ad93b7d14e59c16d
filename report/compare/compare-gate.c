/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-gate.c - the regression gate of `initbench compare` (docs/compare.md, "Regression
 * gate"): which rows fail, and the same verdicts as KTAP and JUnit for a CI.
 *
 *  - ib_gate_opt(g, opt, val): one gate option (IB_GATE_OPT_*) into g; 0, or 2 (usage) with
 *    one line on stderr. g starts zeroed with threshold NaN.
 *  - ib_gate_names(g, metric, section, nm): resolves --metrics / --sections against the
 *    compared metrics (metric[j] in section[j]) into g->sel; 0, or 2 with one line naming
 *    the unknown name. Without either, every metric is selected.
 *  - ib_gate_finish(f, g, v, cells, metric, nm, rows, nrows): after the table: the gate's
 *    verdict line (with --fail-on), KTAP on f (--ktap), the JUnit file (--junit). Returns 0,
 *    IB_EXIT_GATE when a selected row fails the gate, IB_EXIT_HOSTIO when the JUnit file
 *    cannot be written (the higher of the two when both).
 *
 * A row fails when it is significant by compare's own rule (BH q, the deciding interval
 * excluding 1, |delta| at least the noise floor; paired where that decides), its deciding
 * |delta| is at least the threshold, and it moved the named way: for a rate (MB/s, req/s,
 * KB/s) a drop is slower. A row without an interval (B < 2 in an arm) cannot be judged:
 * never a failure, SKIP in KTAP, <skipped/> in JUnit.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/lib/exitcode.h"
#include "host/lib/safeio.h"
#include "report/compare/compare-int.h"

enum { ST_PASS, ST_FAIL, ST_SKIP };

static const char *const dir_name[] = { "", "slower", "faster", "any" };

int ib_gate_opt(struct ib_gate *g, int opt, const char *val)
{
	char *e;
	switch (opt) {
	case IB_GATE_OPT_FAIL_ON:
		g->fail_on = 0;   /* the last --fail-on counts, and a bad one is refused */
		for (int d = IB_GATE_SLOWER; d <= IB_GATE_ANY; d++)
			if (!strcmp(val, dir_name[d]))
				g->fail_on = d;
		if (!g->fail_on) {
			fprintf(stderr, "initbench compare: bad --fail-on '%s': slower, faster or any\n", val);
			return IB_EXIT_USAGE;
		}
		return 0;
	case IB_GATE_OPT_THRESHOLD:
		g->threshold = strtod(val, &e);
		if (!*val || *e || !(g->threshold >= 0) || isinf(g->threshold)) {
			fprintf(stderr, "initbench compare: bad --threshold '%s': a percentage\n", val);
			return IB_EXIT_USAGE;
		}
		return 0;
	case IB_GATE_OPT_METRICS:
		g->metrics = val;
		return 0;
	case IB_GATE_OPT_SECTIONS:
		g->sections = val;
		return 0;
	case IB_GATE_OPT_KTAP:
		g->ktap = 1;
		return 0;
	default:
		g->junit = val;
		return 0;
	}
}

/* the length of the longest section name that LIST starts with, ending at ',' or the end */
static size_t section_at(const char *list, const char **section, size_t nm, const char **hit)
{
	size_t best = 0;
	for (size_t j = 0; j < nm; j++) {
		size_t n = strlen(section[j]);
		if (n > best && !strncasecmp(list, section[j], n) && (list[n] == ',' || !list[n])) {
			best = n;
			*hit = section[j];
		}
	}
	return best;
}

int ib_gate_names(struct ib_gate *g, const char **metric, const char **section, size_t nm)
{
	const char *p;
	if (g->metrics && g->sections) {
		fprintf(stderr, "initbench compare: --metrics and --sections exclude each other\n");
		return IB_EXIT_USAGE;
	}
	if (!isnan(g->threshold) && !g->fail_on) {
		fprintf(stderr, "initbench compare: --threshold needs --fail-on\n");
		return IB_EXIT_USAGE;
	}
	memset(g->sel, !g->metrics && !g->sections, sizeof(g->sel));
	/* section names hold commas ("Processor, Processes"): match the longest name first */
	for (p = g->sections; p && *p;) {
		const char *hit = NULL;
		size_t n = section_at(p, section, nm, &hit);
		if (!n) {
			fprintf(stderr, "initbench compare: unknown section '%.*s' in --sections (a "
				"table title of the compare output, e.g. 'Processor, Processes')\n",
				(int)strcspn(p, ","), p);
			return IB_EXIT_USAGE;
		}
		for (size_t j = 0; j < nm; j++)
			g->sel[j] |= !strcmp(section[j], hit);
		p += n + (p[n] == ',');
	}
	for (p = g->metrics; p && *p;) {
		size_t n = strcspn(p, ","), j = 0;
		while (j < nm && (strlen(metric[j]) != n || strncmp(metric[j], p, n)))
			j++;
		if (j == nm) {
			fprintf(stderr, "initbench compare: unknown metric '%.*s' in --metrics (the "
				"metric column of the compare output, e.g. null_call)\n", (int)n, p);
			return IB_EXIT_USAGE;
		}
		g->sel[j] = 1;
		p += n + (p[n] == ',');
	}
	return 0;
}

struct verdict {
	const struct cmp_row *x;
	const char *unit;
	int st, slower;
	double ratio, lo, hi, thr;
	char why[160];
};

static void judge(const struct ib_gate *g, const struct cmp_row *x, const struct cell *a,
		  const struct cell *b, struct verdict *d)
{
	*d = (struct verdict){ .x = x, .unit = a->unit, .st = ST_PASS };
	d->ratio = x->paired ? x->pr.ratio : x->w.ratio;
	d->lo = x->paired ? x->pr.lo : x->w.lo;
	d->hi = x->paired ? x->pr.hi : x->w.hi;
	d->thr = isnan(g->threshold) ? x->floor_pct : g->threshold;
	d->slower = (d->ratio > 1) != ib_cmp_bigger_better(a->unit);
	if (isnan(d->lo) || isnan(d->hi) || isnan(x->q)) {
		d->st = ST_SKIP;
		if (a->n < 2 || b->n < 2)
			snprintf(d->why, sizeof(d->why), "B = %zu vs %zu: no interval (needs B >= 2)",
				 a->n, b->n);
		else
			snprintf(d->why, sizeof(d->why), "no interval (zero spread or no value)");
		return;
	}
	int dir_ok = g->fail_on == IB_GATE_ANY ||
		     (g->fail_on == IB_GATE_SLOWER && d->slower) ||
		     (g->fail_on == IB_GATE_FASTER && !d->slower && d->ratio != 1);
	if (g->fail_on && x->significant && dir_ok && fabs(d->ratio - 1) * 100 >= d->thr)
		d->st = ST_FAIL;
}

/* "ratio 1.1 [1.078, 1.123], +10.0%, slower, q <0.001, by welch" */
static void describe(char *out, size_t cap, const struct verdict *d)
{
	char ci[96], q[16];
	const struct cmp_row *x = d->x;
	ib_cmp_value_ci(ci, sizeof(ci), d->ratio, d->lo, d->hi);
	snprintf(q, sizeof(q), isnan(x->q) ? "-" : x->q < 0.001 ? "<0.001" : "%.3f", x->q);
	snprintf(out, cap, "ratio %s, %+.1f%%, %s, q %s, by %s%s", ci, (d->ratio - 1) * 100,
		 isnan(d->ratio) || d->ratio == 1 ? "unchanged" : d->slower ? "slower" : "faster", q,
		 x->paired ? "paired" : "welch", x->significant ? ", significant" : "");
}

/* XML text and attribute values: the five characters that must not appear raw */
static void xml_put(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			/* a control character is not allowed in XML 1.0 at all */
			fputc((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' ? '?' : *s, f);
		}
}

static void ktap(FILE *f, const struct ib_gate *g, const struct variant *v,
		 const struct verdict *d, size_t n)
{
	char desc[256];
	fprintf(f, "\nKTAP version 1\n# initbench compare: base %s; gate: %s%s\n1..%zu\n",
		v[0].label, g->fail_on ? "--fail-on " : "none (every judged row ok)",
		g->fail_on ? dir_name[g->fail_on] : "", n);
	for (size_t i = 0; i < n; i++) {
		describe(desc, sizeof(desc), &d[i]);
		if (d[i].st == ST_SKIP)
			fprintf(f, "ok %zu %s.%s # SKIP %s\n", i + 1, v[d[i].x->v].label,
				d[i].x->metric, d[i].why);
		else
			fprintf(f, "%s %zu %s.%s %s\n", d[i].st == ST_FAIL ? "not ok" : "ok", i + 1,
				v[d[i].x->v].label, d[i].x->metric, desc);
	}
}

static int junit(const struct ib_gate *g, const struct variant *v, const struct verdict *d,
		 size_t n)
{
	struct ib_out o;
	char err[512], desc[256];
	size_t cnt[3] = { 0 };
	if (ib_out_open(&o, g->junit, IB_OUT_USER, err, sizeof(err))) {
		fprintf(stderr, "initbench compare: %s\n", err);
		return IB_EXIT_HOSTIO;
	}
	if (o.note[0])
		fprintf(stderr, "initbench compare: %s\n", o.note);
	for (size_t i = 0; i < n; i++)
		cnt[d[i].st]++;
	fprintf(o.f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"initbench "
		"compare\" tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n", n, cnt[ST_FAIL],
		cnt[ST_SKIP]);
	/* one testsuite per NEW variant: its rows are consecutive */
	for (size_t i = 0; i < n;) {
		size_t e = i, c[3] = { 0 };
		while (e < n && d[e].x->v == d[i].x->v)
			c[d[e++].st]++;
		fputs("  <testsuite name=\"", o.f);
		xml_put(o.f, v[d[i].x->v].label);
		fputs(" vs ", o.f);
		xml_put(o.f, v[0].label);
		fprintf(o.f, "\" tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n", e - i,
			c[ST_FAIL], c[ST_SKIP]);
		for (; i < e; i++) {
			describe(desc, sizeof(desc), &d[i]);
			fputs("    <testcase classname=\"", o.f);
			xml_put(o.f, d[i].x->section);
			fputs("\" name=\"", o.f);
			xml_put(o.f, d[i].x->metric);
			fputs("\">\n", o.f);
			if (d[i].st != ST_PASS) {
				fputs(d[i].st == ST_FAIL ? "      <failure type=\"regression\" message=\""
					  : "      <skipped message=\"", o.f);
				if (d[i].st == ST_FAIL)
					fprintf(o.f, "%s beyond %.1f%%: ", dir_name[d[i].slower ? 1 : 2],
						d[i].thr);
				xml_put(o.f, d[i].st == ST_FAIL ? desc : d[i].why);
				fputs("\"/>\n", o.f);
			}
			fprintf(o.f, "      <system-out>%s: ", d[i].unit);
			xml_put(o.f, desc);
			fputs("</system-out>\n    </testcase>\n", o.f);
		}
		fputs("  </testsuite>\n", o.f);
	}
	fputs("</testsuites>\n", o.f);
	if (ferror(o.f)) {
		ib_out_abort(&o);
		fprintf(stderr, "initbench compare: cannot write %s\n", g->junit);
		return IB_EXIT_HOSTIO;
	}
	if (ib_out_commit(&o, err, sizeof(err))) {
		fprintf(stderr, "initbench compare: %s\n", err);
		return IB_EXIT_HOSTIO;
	}
	return 0;
}

int ib_gate_finish(FILE *f, const struct ib_gate *g, const struct variant *v,
		   struct cell **cells, const char **metric, size_t nm,
		   const struct cmp_row *rows, size_t nrows)
{
	struct verdict *d = calloc(nrows + 1, sizeof(*d));
	size_t n = 0, nfail = 0;
	int rc = 0;
	if (!d) {
		fprintf(stderr, "initbench compare: out of memory\n");
		return IB_EXIT_HOSTIO;
	}
	for (size_t r = 0; r < nrows; r++) {
		size_t j = 0;
		while (j < nm && strcmp(metric[j], rows[r].metric))
			j++;
		if (j == nm || !g->sel[j])
			continue;
		judge(g, &rows[r], &cells[0][j], &cells[rows[r].v][j], &d[n]);
		nfail += d[n++].st == ST_FAIL;
	}
	if (g->fail_on) {
		char thr[48];
		snprintf(thr, sizeof(thr), isnan(g->threshold) ? "the row's noise floor" : "%g%%",
			 g->threshold);
		fprintf(f, "\ngate: --fail-on %s, threshold %s: %zu of %zu rows fail%s",
			dir_name[g->fail_on], thr, nfail, n, nfail ? ":" : "");
		for (size_t i = 0; i < n; i++)
			if (d[i].st == ST_FAIL)
				fprintf(f, " %s.%s %+.1f%%", v[d[i].x->v].label, d[i].x->metric,
					(d[i].ratio - 1) * 100);
		fputc('\n', f);
		if (nfail) {
			fprintf(stderr, "initbench compare: gate failed: %zu row%s significantly %s "
				"beyond the threshold (exit %d)\n", nfail, nfail == 1 ? "" : "s",
				g->fail_on == IB_GATE_ANY ? "changed" : dir_name[g->fail_on], IB_EXIT_GATE);
			rc = IB_EXIT_GATE;
		}
	}
	if (g->ktap)
		ktap(f, g, v, d, n);
	if (g->junit) {
		int jr = junit(g, v, d, n);
		rc = jr > rc ? jr : rc;
	}
	free(d);
	return rc;
}
