/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare.c - `initbench compare [--results DIR] [--json OUT] [--noise-floor PCT]
 * [--aa LABEL_A LABEL_B]... [--fail-on ...] [--ktap] [--junit FILE] [--format F] BASE NEW...`
 * (docs/compare.md has the method; the gate's options and verdicts: compare-gate.c).
 *
 * The boot is the unit: per metric, each complete boot gives one value, a statistic of its
 * samples (--per-boot, the best by default; recomputed from `samples`, those of every round
 * that succeeded concatenated); a variant is the geometric mean of those, and a comparison
 * is a Welch t-interval on their logs, or paired by block (report/stats/stats.h). Boots
 * whose records are not complete are left out and listed; nothing is averaged in silently.
 * The command line: compare-opts.c.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/store/bootdata.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/lib/safeio.h"
#include "report/compare/compare-int.h"
#include "report/results.h"
#include "report/stats/stats.h"
#include "report/store/store.h"
#include "report/summary/summary.h"

#define FDR_Q 0.05
#define MIN_FLOOR_PCT 1.0
#define MAX_METRICS IB_SUMMARY_MAX_METRICS

/* the table title up to its " - " or " in " ("Processor, Processes") */
static void short_section(const char *title, char *out, size_t cap)
{
	const char *e = strstr(title, " - "), *in = strstr(title, " in ");
	if (!e || (in && in < e))
		e = in;
	snprintf(out, cap, "%.*s", e ? (int)(e - title) : (int)strlen(title), title);
}

static void flag(char *out, size_t cap, size_t *o, json_t *list, const char *name,
		 size_t count)
{
	if (*o < cap)
		*o += (size_t)snprintf(out + *o, cap - *o, count ? "%s%s=%zu" : "%s%s",
				       *o ? "," : "", name, count);
	if (list)
		json_array_append_new(list, json_string(name));
}

static void flags(char *out, size_t cap, const struct cmp_row *r, const struct cell *a,
		  const struct cell *b, json_t *list)
{
	size_t o = 0;
	out[0] = 0;
	if (a->bimodal || b->bimodal)
		flag(out, cap, &o, list, "bimodal", 0);
	if (a->drift || b->drift)
		flag(out, cap, &o, list, "drift", 0);
	if (ib_cmp_round_drifts(a) || ib_cmp_round_drifts(b))
		flag(out, cap, &o, list, "round-drift", 0);
	if (a->outliers + b->outliers)
		flag(out, cap, &o, list, "outliers", a->outliers + b->outliers);
	if (a->timer || b->timer)
		flag(out, cap, &o, list, "timer-limited", 0);
	if (r->f_clock)
		flag(out, cap, &o, list, "clocksource", 0);
	if (r->f_accel)
		flag(out, cap, &o, list, "accel", 0);
	if (r->f_incomplete)
		flag(out, cap, &o, list, "incomplete", 0);
	if (r->f_inject)
		flag(out, cap, &o, list, "injected", 0);
	if (r->f_unpinned)
		flag(out, cap, &o, list, "unpinned", r->f_unpinned);
	if (r->f_shared)
		flag(out, cap, &o, list, "cpu-shared", r->f_shared);
}

/* per metric, the largest |delta| in percent between the labels of the A/A pairs */
static int aa_floor(const char *dir, const struct ib_cmp_aa *aa, size_t naa, const char **metric,
		    size_t nm, enum ib_perboot per_boot, double *floor_pct)
{
	for (size_t j = 0; j < nm; j++)
		floor_pct[j] = NAN;
	for (size_t k = 0; k < naa; k++) {
		char *labels[2] = { aa[k].a, aa[k].b };
		struct ib_set set;
		struct variant v[2];
		int rc = ib_store_load(dir, labels, 2, &set, "compare");
		if (rc == IB_EXIT_USAGE || ib_cmp_variants(&set, labels, 2, per_boot, v, NULL)) {
			ib_set_free(&set);
			return -1;
		}
		for (size_t j = 0; j < nm; j++) {
			struct cell a, b;
			if (!ib_cmp_cell_fill(&a, &v[0], metric[j]) && !ib_cmp_cell_fill(&b, &v[1], metric[j])) {
				double d = fabs(b.gmean / a.gmean - 1) * 100;
				if (!isnan(d) && (isnan(floor_pct[j]) || d > floor_pct[j]))
					floor_pct[j] = d;
			}
			ib_cmp_cell_free(&a), ib_cmp_cell_free(&b);
		}
		free(v[0].boot), free(v[1].boot);
		ib_set_free(&set);
	}
	return 0;
}

/*
 * Every boot compared must be of one architecture (env uname_m; imported rows have none and
 * pass): a ratio across architectures measures two machines, not two kernels. 0, or 2 with
 * a message naming the two labels (or the one label that holds both).
 */
static int one_arch(const struct ib_set *set)
{
	const struct ib_boot *first = NULL;

	for (size_t i = 0; i < set->n; i++) {
		const struct ib_boot *b = &set->boots[i];
		const char *m = json_string_value(json_object_get(json_object_get(b->res, "env"),
								  "uname_m"));
		const char *fm;

		if (!m || !*m)
			continue;
		if (!first) {
			first = b;
			continue;
		}
		fm = json_string_value(json_object_get(json_object_get(first->res, "env"), "uname_m"));
		if (!strcmp(fm, m))
			continue;
		if (!strcmp(first->label, b->label))
			fprintf(stderr, "initbench compare: label %s holds boots of two architectures "
				"(%s/%lu is %s, %s/%lu is %s): store each architecture under its own "
				"label\n", b->label, first->label, first->num, fm, b->label, b->num, m);
		else
			fprintf(stderr, "initbench compare: will not compare across architectures: "
				"%s is %s, %s is %s (a ratio between them measures the machines, not "
				"the kernels); compare boots of one architecture\n", first->label, fm,
				b->label, m);
		return 2;
	}
	return 0;
}


/* the variant's rows and aggregates; rows[] are this run's rows, all variants */
static void print_variant(FILE *f, json_t *jsec, json_t *jall, const struct variant *v,
			  size_t vi, struct cell **cells, const char **metric, const char **section,
			  size_t nm, const struct cmp_row *rows, size_t nrows, json_t *jrows)
{
	char bl[128], nl[128], dl[128], cw[32], cb[32], fl[160], sec[96] = "";
	int use[MAX_METRICS];
	fprintf(f, "\n%s vs %s\n", v[vi].label, v[0].label);
	fprintf(f, "  %-14s %-5s %-28s %-28s %-26s %-6s %-3s %-7s %-11s %-11s %s\n", "metric", "unit",
		v[0].label, v[vi].label, "delta% [95% CI]", "q", "sig", "change", "wCV% b/n",
		"bCV% b/n", "flags");
	for (size_t r = 0; r < nrows; r++) {
		const struct cmp_row *x = &rows[r];
		size_t j = 0;
		if (x->v != vi)
			continue;
		while (strcmp(metric[j], x->metric))
			j++;
		const struct cell *a = &cells[0][j], *b = &cells[vi][j];
		if (strcmp(sec, x->section)) {
			snprintf(sec, sizeof(sec), "%s", x->section);
			fprintf(f, "%s\n", sec);
		}
		json_t *jf = json_array();
		ib_cmp_value_ci(bl, sizeof(bl), a->gmean, a->lo, a->hi);
		ib_cmp_value_ci(nl, sizeof(nl), b->gmean, b->lo, b->hi);
		ib_cmp_pct_ci(dl, sizeof(dl), x->w.ratio, x->w.lo, x->w.hi);
		ib_cmp_cv_pair(cw, sizeof(cw), a->cv_within, b->cv_within);
		ib_cmp_cv_pair(cb, sizeof(cb), a->cv_between, b->cv_between);
		flags(fl, sizeof(fl), x, a, b, jf);
		char q[16];
		snprintf(q, sizeof(q), isnan(x->q) ? "-" : x->q < 0.001 ? "<0.001" : "%.3f", x->q);
		const char *change = isnan(x->w.ratio) || x->within ? "" :
				     (x->w.ratio > 1) == ib_cmp_bigger_better(a->unit) ? "faster" : "slower";
		fprintf(f, "  %-14s %-5s %-28s %-28s %-26s %-6s %-3s %-7s %-11s %-11s %s\n", x->metric,
			a->unit, bl, nl, dl, q, x->significant ? "*" : x->within ? "~" : "", change,
			cw, cb, fl);
		json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:b,s:b,s:o,s:o,s:o}",
			"metric", x->metric, "section", x->section, "unit", a->unit, "variant", v[vi].label,
			"base", ib_cmp_cell_json(a), "new", ib_cmp_cell_json(b), "ratio", ib_cmp_jnum(x->w.ratio),
			"ratio_ci", ib_cmp_jci(x->w.lo, x->w.hi), "delta_pct", ib_cmp_jnum((x->w.ratio - 1) * 100),
			"delta_ci", isnan(x->w.lo) ? json_null() :
				json_pack("[o,o]", ib_cmp_jnum((x->w.lo - 1) * 100), ib_cmp_jnum((x->w.hi - 1) * 100)),
			"p", ib_cmp_jnum(x->w.p), "q", ib_cmp_jnum(x->q), "p_mw", ib_cmp_jnum(x->p_mw),
			"significant", x->significant, "within_noise", x->within, "flags", jf,
			"noise_floor_pct", ib_cmp_jnum(x->floor_pct), "outliers", json_integer((json_int_t)(a->outliers + b->outliers)));
		ib_cmp_paired_json(o, x);
		if (o && jrows)
			json_array_append_new(jrows, o);
		else
			json_decref(o);
	}
	ib_cmp_paired_table(f, v, vi, cells, metric, nm, rows, nrows);
	fprintf(f, "\ngeometric mean of the ratios %s/%s\n  %-34s %-32s %-7s %s\n", v[vi].label,
		v[0].label, "section", "ratio [95% CI]", "change", "metrics");
	for (size_t j = 0; j < nm; j++) {
		if (j && !strcmp(section[j], section[j - 1]))
			continue;
		int bw = 1, rates = 0;
		for (size_t k = 0; k < nm; k++) {
			use[k] = !strcmp(section[k], section[j]) && cells[0][k].n && cells[vi][k].n;
			/* a metric some boot lacks would change which boots count: leave it out */
			use[k] = use[k] && cells[0][k].n == v[0].n && cells[vi][k].n == v[vi].n;
			if (use[k] && !ib_cmp_bigger_better(cells[0][k].unit))
				bw = 0;
			rates += use[k] && ib_cmp_bigger_better(cells[0][k].unit);
		}
		/* a section of times and rates (Macro workloads) is a time ratio, as overall */
		ib_cmp_aggregate(f, jsec, section[j], v[vi].label, cells[0], cells[vi], use, nm, v[0].n,
			  v[vi].n, rates && !bw, bw);
	}
	for (size_t k = 0; k < nm; k++)
		use[k] = cells[0][k].n == v[0].n && cells[vi][k].n == v[vi].n && v[0].n && v[vi].n;
	ib_cmp_aggregate(f, jall, "overall", v[vi].label, cells[0], cells[vi], use, nm, v[0].n, v[vi].n, 1, 0);
	fprintf(f, "  (overall, and a section of times and rates: time ratio, a rate taken as "
		"time per unit; above 1 is slower)\n");
}

/* *owned: the results directory, *mem the text table when not printed (--format), both
 * freed by ib_cmd_compare whatever way this returns */
static int compare_main(int argc, char **argv, char **owned, FILE **mem, char **text)
{
	const char *dir, *metric[MAX_METRICS], *title;
	const char *section[MAX_METRICS];
	char secbuf[MAX_METRICS][96];
	size_t nm = 0;
	double floor_pct[MAX_METRICS];
	FILE *f = stdout;
	size_t tlen = 0;

	static struct ib_cmp_opts o;
	int prc = ib_cmp_opts_parse(argc, argv, &o);

	if (prc >= 0)
		return prc;
	const char *given = o.given;
	char **labels = o.labels;
	size_t nl = o.nl, naa = o.naa;
	struct ib_cmp_aa *aa = o.aa;
	double floor_opt = o.floor_opt;
	int fmt = o.fmt;
	enum ib_perboot per_boot = o.per_boot;
	struct ib_gate *gatep = &o.gate;
	const char *json_out = o.json_out;

	dir = *owned = ib_results_dir(given);
	if (!dir)
		return IB_EXIT_HOSTIO;
	for (size_t i = 0; nm < MAX_METRICS && (metric[nm] = ib_summary_metric(i, &title)); i++) {
		short_section(title, secbuf[nm], sizeof(secbuf[nm]));
		section[nm] = secbuf[nm];
		nm++;
	}
	if (ib_gate_names(gatep, metric, section, nm))
		return IB_EXIT_USAGE;

	struct ib_set set;
	struct variant v[64];
	int rc = ib_store_load(dir, labels, (int)nl, &set, "compare");
	if (rc == IB_EXIT_USAGE) {
		ib_set_free(&set);
		return rc;
	}
	if (one_arch(&set)) {
		ib_set_free(&set);
		return 2;
	}
	/* another format: the text table is kept for its gate line, not printed */
	if (fmt != IB_CMP_TEXT && !(f = *mem = open_memstream(text, &tlen))) {
		fprintf(stderr, "initbench compare: out of memory\n");
		ib_set_free(&set);
		return 1;
	}
	fprintf(f, "initbench compare: base %s", labels[0]);
	for (size_t l = 1; l < nl; l++)
		fprintf(f, "%s%s", l == 1 ? ", new " : ", ", labels[l]);
	fputc('\n', f);
	fprintf(f, "per boot: %s of its samples%s (--per-boot)\n", ib_perboot_name[per_boot],
		per_boot == IB_PB_BEST ? ", the least disturbed: the smallest time, the largest rate" :
		per_boot == IB_PB_MEDIAN ? ", as the report" : "");
	if (ib_cmp_variants(&set, labels, nl, per_boot, v, f) ||
	    (naa && aa_floor(dir, aa, naa, metric, nm, per_boot, floor_pct))) {
		ib_set_free(&set);
		return IB_EXIT_USAGE;
	}
	/* boots left out, or a label with nothing to compare: the table is printed, never
	 * called done (exitcode.h) */
	if (ib_set_say_not_whole(&set, dir, "compare") && rc < IB_EXIT_BADDATA)
		rc = IB_EXIT_BADDATA;
	if (!naa)
		for (size_t j = 0; j < nm; j++)
			floor_pct[j] = NAN;

	/* cells[l][j]: variant l, metric j */
	struct cell *cells[64];
	static char inj[64][512];
	size_t minb = (size_t)-1, nrows = 0;
	for (size_t l = 0; l < nl; l++) {
		cells[l] = calloc(nm, sizeof(struct cell));
		for (size_t j = 0; cells[l] && j < nm; j++)
			ib_cmp_cell_fill(&cells[l][j], &v[l], metric[j]);
		fprintf(f, "%s: %zu boot%s", v[l].label, v[l].n, v[l].n == 1 ? "" : "s");
		if (v[l].excluded)
			fprintf(f, " (%zu incomplete left out)", v[l].excluded);
		fprintf(f, ", clocksource %s, accel %s\n", *v[l].clocksource ? v[l].clocksource : "?",
			*v[l].accel ? v[l].accel : "?");
		if (v[l].unpinned || v[l].cpu_shared)
			fprintf(f, "  DISTURBED: %zu boot%s unpinned (--host-cpu -1), %zu sharing its host "
				"CPU with another run (launch.disturbance)\n", v[l].unpinned,
				v[l].unpinned == 1 ? "" : "s", v[l].cpu_shared);
		ib_cmp_inject(&v[l], inj[l], sizeof(inj[l]));
		if (*inj[l])
			fprintf(f, "  INJECTED: %s\n", inj[l]);
		if (l && strcmp(inj[0], inj[l]))
			fprintf(f, "note: %s and %s differ in injected cost (inject_ns, "
				   "inject_bench): part of any difference was put there on purpose\n",
				v[0].label, v[l].label);
		if (v[l].n < minb)
			minb = v[l].n;
		if (!v[l].n) {
			fprintf(stderr, "initbench compare: %s: no complete boot to compare (every "
				"boot left out is named above)\n", v[l].label);
			rc = IB_EXIT_BADDATA;
		}
	}
	struct ib_dist dist;
	if (ib_dist_find(v, nl, &dist)) {
		fprintf(stderr, "initbench compare: out of memory\n");
		ib_set_free(&set);
		return 1;
	}
	ib_dist_print(f, &dist);
	if (minb < 2)
		fprintf(f, "note: B = %zu: confidence intervals, p-values, significance and the MDE need\n"
			   "      B >= 2 complete boots of every variant (5 recommended; initbench run --runs N);\n"
			   "      shown: point estimates, within-boot CVs and flags\n", minb);

	struct cmp_row *rows = calloc((nl - 1) * nm + 1, sizeof(*rows));
	double *p = calloc((nl - 1) * nm + 1, sizeof(double)), *q = calloc((nl - 1) * nm + 1, sizeof(double));
	double *sig = calloc(nm * (nl - 1) + 1, sizeof(double));
	double *pmde = calloc(nm * (nl - 1) + 1, sizeof(double));
	size_t nsig = 0, mw_disagree = 0, nsigma = 0, npmde = 0;
	for (size_t l = 1; l < nl && rows && p && q && sig && pmde; l++)
		for (size_t j = 0; j < nm; j++) {
			struct cell *a = &cells[0][j], *b = &cells[l][j];
			struct cmp_row *r = &rows[nrows];
			if (!a->n || !b->n)
				continue;
			*r = (struct cmp_row){ .metric = metric[j], .section = section[j], .v = l,
				.w = { 0, NAN, NAN, NAN, NAN, NAN, NAN }, .p_mw = NAN, .q = NAN, .floor_pct = NAN,
				.pr = { 0, 0, NAN, NAN, NAN, NAN, NAN, NAN }, .mde = NAN,
				.stop_mde = NAN };
			ib_stat_welch_log(a->vals, a->n, b->vals, b->n, 0.95, &r->w);
			ib_cmp_paired(&v[0], a, &v[l], b, &r->pr);
			r->paired = ib_cmp_paired_decides(&r->pr);
			/* the interval that decides: ratio, CI and p below are its own */
			const struct ib_welch dw = r->paired ? (struct ib_welch){ 1, r->pr.ratio,
				r->pr.lo, r->pr.hi, r->pr.p, NAN, NAN } : r->w;
			r->p_mw = ib_stat_mann_whitney(a->vals, a->n, b->vals, b->n);
			r->floor_pct = !isnan(floor_opt) ? floor_opt : floor_pct[j];
			if (isnan(r->floor_pct) || r->floor_pct < MIN_FLOOR_PCT)
				r->floor_pct = MIN_FLOOR_PCT;
			r->within = fabs(dw.ratio - 1) * 100 < r->floor_pct;
			r->f_clock = strcmp(v[0].clocksource, v[l].clocksource) ||
				     !strcmp(v[0].clocksource, "mixed");
			r->f_accel = strcmp(v[0].accel, v[l].accel) || !strcmp(v[0].accel, "mixed");
			r->f_incomplete = v[0].excluded || v[l].excluded;
			r->f_inject = strcmp(inj[0], inj[l]) != 0;
			r->f_unpinned = v[0].unpinned + v[l].unpinned;
			r->f_shared = v[0].cpu_shared + v[l].cpu_shared;
			p[nrows] = dw.p;
			if (r->paired)
				pmde[npmde++] = r->pr.mde;
			/* pooled between-boot spread of this row, for the MDE */
			double sa = ib_stat_logsd(a->vals, a->n), sb = ib_stat_logsd(b->vals, b->n);
			r->mde = r->paired ? r->pr.mde : NAN;
			if (!isnan(sa) && !isnan(sb)) {
				sig[nsigma] = sqrt(((double)(a->n - 1) * sa * sa + (double)(b->n - 1) * sb * sb) /
						   (double)(a->n + b->n - 2));
				if (!r->paired)
					r->mde = ib_stat_mde(sig[nsigma], a->n < b->n ? a->n : b->n);
				nsigma++;
			}
			r->stop_mde = r->paired ? ib_stat_mde_blinded_paired(&r->pr) :
				      ib_stat_mde_blinded(a->vals, a->n, b->vals, b->n);
			nrows++;
		}
	if (!rows || !p || !q || !sig || !pmde) {
		fprintf(stderr, "initbench compare: out of memory\n");
		ib_set_free(&set);
		return 1;
	}
	ib_stat_bh(p, nrows, q);
	for (size_t r = 0; r < nrows; r++) {
		struct cmp_row *x = &rows[r];
		x->q = q[r];
		double lo = x->paired ? x->pr.lo : x->w.lo, hi = x->paired ? x->pr.hi : x->w.hi;
		double ratio = x->paired ? x->pr.ratio : x->w.ratio;
		x->significant = (x->paired || x->w.ok) && x->q <= FDR_Q && (lo > 1 || hi < 1) &&
				 fabs(ratio - 1) * 100 >= x->floor_pct;
		nsig += x->significant;
		mw_disagree += x->significant && !(x->p_mw <= 0.05);
	}
	const char *floor_how = !isnan(floor_opt) ? "--noise-floor" :
		naa ? "largest |delta| of the A/A pair(s), at least 1%" : "1% (no --noise-floor, no --aa pair)";
	fprintf(f, "noise floor: %s; marks: * significant (BH q <= %.2f, CI excludes 1, |delta| >= floor), ~ within the floor\n",
		floor_how, FDR_Q);
	if (npmde)
		fprintf(f, "by block: a row with >= %d pairs of one campaign is decided by its paired interval "
			   "(by = paired, table under each variant), not the Welch one shown\n", IB_PAIRED_MIN);

	json_t *jrows = json_array(), *jsec = json_array(), *jall = json_array();
	for (size_t l = 1; l < nl; l++)
		print_variant(f, jsec, jall, v, l, cells, metric, section, nm, rows, nrows, jrows);

	double sigma = ib_stat_median(sig, nsigma), mde = ib_stat_mde(sigma, minb);
	if (isnan(mde))
		fprintf(f, "\nminimum detectable effect: needs B >= 2 boots per variant (have %zu)\n", minb);
	else
		fprintf(f, "\nminimum detectable effect at B = %zu: %.1f%% (alpha 0.05, power 0.8; "
			   "boots spread %.2f%%, median over rows)\n", minb, mde * 100, sigma * 100);
	double pm = ib_stat_median(pmde, npmde);
	if (npmde)
		fprintf(f, "paired minimum detectable effect: %.1f%% (median over the %zu rows decided "
			   "by blocks: >= %d pairs of one campaign; the others by Welch)\n", pm * 100,
			npmde, IB_PAIRED_MIN);
	if (nsig)
		fprintf(f, "Mann-Whitney cross-check: %zu of %zu significant rows have MW p > 0.05%s\n",
			mw_disagree, nsig, minb <= 3 ? " (at 3 vs 3 its smallest p is 0.10)" : "");

	if (ib_dist_without(f, &dist, v, nl, rows, nrows, jrows))
		fprintf(stderr, "initbench compare: out of memory (the rows without the flagged boots)\n");

	int grc = ib_gate_finish(f, gatep, v, cells, metric, nm, rows, nrows);
	rc = grc > rc ? grc : rc;

	if (fmt == IB_CMP_MARKDOWN || fmt == IB_CMP_NARROW) {
		const struct ib_cmp_facts facts = { v, nl, minb, floor_how, ib_perboot_name[per_boot],
						    mde, npmde ? pm : NAN, inj, fflush(f) ? NULL : *text,
						    jrows };
		ib_cmp_people(stdout, fmt, &facts, cells, metric, nm, rows, nrows);
	}
	if (json_out || fmt == IB_CMP_JSON) {
		json_t *boots = json_object(), *vars = json_array();
		for (size_t l = 0; l < nl; l++) {
			json_object_set_new(boots, v[l].label, json_integer((json_int_t)v[l].n));
			if (l)
				json_array_append_new(vars, json_string(v[l].label));
		}
		json_t *doc = json_pack("{s:i,s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "format", 1,
					"base", v[0].label, "per_boot", ib_perboot_name[per_boot],
					"variants", vars, "boots", boots, "mde_pct",
					ib_cmp_jnum(mde * 100), "paired_mde_pct", ib_cmp_jnum(pm * 100),
					"rows", jrows, "sections", jsec, "overall", jall,
					"disturbance", ib_dist_json(&dist));
		/* one document for both: --format json is the file's bytes on stdout */
		int jr = !doc ? (fprintf(stderr, "initbench compare: out of memory\n"), IB_EXIT_HOSTIO) : 0;

		if (doc && json_out)
			jr = ib_cmp_json_write(doc, json_out);
		if (doc && fmt == IB_CMP_JSON && !jr)
			jr = ib_cmp_json_write(doc, NULL);
		rc = jr > rc ? jr : rc;
		json_decref(doc);
	} else {
		json_decref(jrows), json_decref(jsec), json_decref(jall);
	}
	for (size_t l = 0; l < nl; l++) {
		for (size_t j = 0; cells[l] && j < nm; j++)
			ib_cmp_cell_free(&cells[l][j]);
		free(cells[l]);
		free(v[l].boot);
	}
	free(rows), free(p), free(q), free(sig), free(pmde);
	ib_dist_free(&dist);
	ib_set_free(&set);
	return rc;
}

int ib_cmd_compare(int argc, char **argv)
{
	char *dir = NULL, *text = NULL;
	FILE *mem = NULL;
	int rc = compare_main(argc, argv, &dir, &mem, &text);

	if (mem)
		fclose(mem);
	free(text);
	free(dir);
	return rc;
}
