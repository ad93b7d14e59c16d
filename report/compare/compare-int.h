/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-int.h - inside `initbench compare`: a variant's boots and one metric's figures.
 *
 *  - ib_cmp_variants(set, labels, nl, per_boot, v, f) splits the loaded boots by label into
 *    v[0..nl), each reducing a boot's samples by per_boot (report/stats/perboot.h), leaving
 *    out boots whose records are not complete (each listed on f, if f is set);
 *    clocksource/accel say "mixed" when a variant's boots disagree; unpinned and cpu_shared
 *    count its boots whose launch.disturbance says so (host/launch/cpuwatch.h). -1 on out
 *    of memory.
 *  - ib_cmp_cell_fill(c, v, metric) computes one metric of one variant: per boot the
 *    statistic v->per_boot of its samples over every good round (report/store/bootdata.h;
 *    the best sample by default, docs/compare.md), the geometric mean with its
 *    t-interval, min, IQR, within- and between-boot CV, outliers, bimodality, drift and the
 *    timer-limited flag (docs/compare.md). ib_cmp_cell_free() releases it. -1 on out of
 *    memory.
 *  - text cells (compare-text.c), numbers to 4 significant digits, never an exponent:
 *    ib_cmp_value_ci() "0.6003 [0.5981, 0.6025]" (the value alone without an interval, "-"
 *    for none); ib_cmp_pct_ci() the same of a ratio as a percentage change, "+4.2 [+1.0,
 *    +7.5]"; ib_cmp_cv_pair() "1.2/3.4" (two CVs in %, "-" for none); and JSON:
 *    ib_cmp_jnum() a number or null (NaN, inf), ib_cmp_jci() [lo, hi] or null,
 *    ib_cmp_cell_json() a cell's figures.
 *  - the paired analysis over a campaign's blocks (compare-paired.c, contract there):
 *    ib_cmp_paired(), ib_cmp_blocks(), ib_cmp_paired_decides(), ib_cmp_paired_table(),
 *    ib_cmp_paired_json().
 *  - ib_cmp_inject(v, out, cap): the cost v's boots injected on purpose (ib_summary_inject:
 *    knobs inject_ns, inject_bench), "" for none, "mixed: ..." when its boots disagree.
 *  - ib_cmp_bigger_better(unit): 1 for a rate (MB/s, req/s, KB/s: a drop is slower);
 *    ib_cmp_aggregate(): one "geometric mean of the ratios" line (compare-sections.c).
 *  - disturbed boots (compare-disturb.c, contract there): ib_dist_find() flags a boot whose
 *    disturbance counter is an outlier among the compared boots, ib_dist_print(),
 *    ib_dist_json(), and ib_dist_without() the rows again without the flagged boots.
 *  - the regression gate (compare-gate.c, contract there): ib_gate_opt(), ib_gate_names(),
 *    ib_gate_finish().
 */
#ifndef IB_COMPARE_INT_H
#define IB_COMPARE_INT_H

#include <stdio.h>

#include <jansson.h>

#include "report/stats/perboot.h"
#include "report/stats/stats.h"
#include "report/store/store.h"
#include "report/summary/summary.h"

#define DRIFT_P 0.01
#define BIMODAL_MIN_N 10

/* one label's boots that count, and those left out */
struct variant {
	const char *label;
	const struct ib_boot **boot;
	size_t n, excluded;
	const char *clocksource, *accel;   /* "" when boots disagree among themselves: "mixed" */
	size_t unpinned, cpu_shared;       /* boots whose launch.disturbance says so */
	enum ib_perboot per_boot;          /* a boot's figure: this statistic of its samples */
};

/* one metric of one variant */
struct cell {
	double *med;            /* per boot of the variant (v->per_boot), NaN when it lacks it */
	double *vals;           /* the finite ones, packed */
	size_t n;
	double gmean, lo, hi, min, iqr, cv_within, cv_between;
	size_t outliers;
	int bimodal, drift, timer;
	const char *unit;
	/* drift across rounds (compare-rounds.c): % per round, its 95 % CI over the boots with
	 * two rounds or more (rdrift_n); NaN without */
	double rdrift, rdrift_lo, rdrift_hi;
	size_t rdrift_n;
};

/* one row: one metric of one NEW variant against BASE */
struct cmp_row {
	const char *metric, *section;
	size_t v;               /* variant index (1...) */
	struct ib_welch w;
	double p_mw, q, floor_pct;
	int significant, within;
	int f_clock, f_accel, f_incomplete, f_inject;
	size_t f_unpinned, f_shared;   /* boots of either arm run unpinned, or sharing a CPU */
	struct ib_paired pr;    /* over the blocks holding both arms */
	int paired;             /* pr decides sig, not w (ib_cmp_paired_decides) */
	double mde;             /* the deciding interval's MDE at this row's n (fraction): pr.mde, or
				   Welch's from the row's pooled between-boot spread; NaN below 2 boots */
	double stop_mde;        /* its blinded MDE (ib_stat_mde_blinded*): what run --until-mde stops on */
};

/* the paired interval decides a row from this many complete pairs */
#define IB_PAIRED_MIN 3

int ib_cmp_variants(const struct ib_set *set, char *const *labels, size_t nl,
		    enum ib_perboot per_boot, struct variant *v, FILE *f);
int ib_cmp_cell_fill(struct cell *c, const struct variant *v, const char *metric);
void ib_cmp_cell_free(struct cell *c);

/*
 * drift across the rounds of a boot (compare-rounds.c): ib_cmp_round_drift(c, v, metric)
 * fills c->rdrift*: per boot the least-squares slope of ln(the round's figure) on the round,
 * the mean over v's boots with its t-interval, as % per round. ib_cmp_round_drifts(c): 1
 * when two boots or more give an interval that excludes 0 and |drift| is at least
 * IB_ROUND_DRIFT_MIN_PCT (the "round-drift" flag).
 */
#define IB_ROUND_DRIFT_MIN_PCT 1.0
void ib_cmp_round_drift(struct cell *c, const struct variant *v, const char *metric);
int ib_cmp_round_drifts(const struct cell *c);

void ib_cmp_value_ci(char *out, size_t cap, double v, double lo, double hi);
void ib_cmp_pct_ci(char *out, size_t cap, double r, double lo, double hi);
void ib_cmp_cv_pair(char *out, size_t cap, double a, double b);
json_t *ib_cmp_jnum(double v);
json_t *ib_cmp_jci(double lo, double hi);
json_t *ib_cmp_cell_json(const struct cell *c);
void ib_cmp_paired(const struct variant *a, const struct cell *ca, const struct variant *b,
		   const struct cell *cb, struct ib_paired *r);
size_t ib_cmp_blocks(const struct variant *a, const struct variant *b);
int ib_cmp_paired_decides(const struct ib_paired *r);
void ib_cmp_paired_table(FILE *f, const struct variant *v, size_t vi, struct cell **cells,
			 const char **metric, size_t nm, const struct cmp_row *rows, size_t nrows);
void ib_cmp_paired_json(json_t *o, const struct cmp_row *x);
void ib_cmp_inject(const struct variant *v, char *out, size_t cap);
int ib_cmp_bigger_better(const char *unit);
void ib_cmp_aggregate(FILE *f, json_t *arr, const char *name, const char *variant,
		      struct cell *base, struct cell *neu, const int *use, size_t nm,
		      size_t nba, size_t nbb, int time, int bw);

/* disturbed boots (compare-disturb.c, contract there) */
#define IB_DIST_NCOUNTERS 8
#define IB_DIST_MIN 4           /* boots a counter needs before it is judged */
#define IB_DIST_K 3.5           /* the limit: median + K x max(1.4826 MAD, floor) */
struct ib_dist_flag {
	const struct ib_boot *b;
	const char *counter;
	double value, median, limit;   /* NaN median and limit: a cpuwatch flag */
};
struct ib_dist {
	size_t nboots, nflag, nbad;
	struct ib_dist_flag *flag;
	const struct ib_boot **bad;    /* the flagged boots, each once */
	size_t used[IB_DIST_NCOUNTERS];
	double median[IB_DIST_NCOUNTERS], limit[IB_DIST_NCOUNTERS];
};
const char *ib_dist_name(int k);
double ib_dist_counter(const json_t *res, int k);
int ib_dist_limit(const double *x, size_t n, int k, double *median, double *limit);
int ib_dist_find(const struct variant *v, size_t nl, struct ib_dist *d);
void ib_dist_free(struct ib_dist *d);
void ib_dist_print(FILE *f, const struct ib_dist *d);
json_t *ib_dist_json(const struct ib_dist *d);
int ib_dist_without(FILE *f, const struct ib_dist *d, const struct variant *v, size_t nl,
		    const struct cmp_row *rows, size_t nrows, json_t *jrows);

/* the gate's options (compare-gate.c); zeroed = no gate, no KTAP, no JUnit, every row */
enum { IB_GATE_SLOWER = 1, IB_GATE_FASTER = 2, IB_GATE_ANY = 3 };
struct ib_gate {
	int fail_on, ktap;
	double threshold;       /* percent; NaN: the row's noise floor */
	const char *metrics, *sections, *junit;
	unsigned char sel[IB_SUMMARY_MAX_METRICS];   /* ib_gate_names(): metric j is judged */
};
enum { IB_GATE_OPT_FAIL_ON, IB_GATE_OPT_THRESHOLD, IB_GATE_OPT_METRICS, IB_GATE_OPT_SECTIONS,
       IB_GATE_OPT_KTAP, IB_GATE_OPT_JUNIT, IB_GATE_NOPTS };
int ib_gate_opt(struct ib_gate *g, int opt, const char *val);
int ib_gate_names(struct ib_gate *g, const char **metric, const char **section, size_t nm);
int ib_gate_finish(FILE *f, const struct ib_gate *g, const struct variant *v,
		   struct cell **cells, const char **metric, size_t nm,
		   const struct cmp_row *rows, size_t nrows);

/*
 * --format (compare-people.c): ib_cmp_format(val) one of IB_CMP_*, or -1 with one line on
 * stderr naming the choices. ib_cmp_json_write(doc, path): the document of --json, to path
 * (replaced whole) or, path NULL, to stdout (--format json); 0 or IB_EXIT_HOSTIO, said on
 * stderr. ib_cmp_people(f, fmt, facts, ...): markdown or narrow, 80 columns; facts->text is
 * what the text format would have printed (the gate's line is taken from it).
 */
enum { IB_CMP_TEXT, IB_CMP_MARKDOWN, IB_CMP_JSON, IB_CMP_NARROW };
struct ib_cmp_facts {
	const struct variant *v;
	size_t nl, minb;
	const char *floor;             /* how the noise floor was set */
	const char *per_boot;          /* ib_perboot_name[] of --per-boot */
	double mde, paired_mde;        /* fractions; NaN for none */
	const char (*inj)[512];        /* per variant, ib_cmp_inject() */
	const char *text;
	const json_t *jrows;           /* the JSON rows, for each row's flags */
};
int ib_cmp_format(const char *val);
int ib_cmp_json_write(json_t *doc, const char *path);
void ib_cmp_people(FILE *f, int fmt, const struct ib_cmp_facts *x, struct cell **cells,
		   const char **metric, size_t nm, const struct cmp_row *rows, size_t nrows);

/*
 * the command line (compare-opts.c): ib_cmp_opts_parse(argc, argv, o) fills o (labels and
 * --aa labels point into argv); -1 to go on, else the exit code, the help or the one-line
 * error already printed (help 0, usage 2).
 */
struct ib_cmp_aa {
	char *a, *b;
};
struct ib_cmp_opts {
	const char *given, *json_out;   /* --results, --json */
	char *labels[64];
	size_t nl, naa;
	struct ib_cmp_aa aa[8];
	double floor_opt;               /* --noise-floor, NaN when not given */
	int fmt;                        /* IB_CMP_* */
	enum ib_perboot per_boot;
	struct ib_gate gate;
};
int ib_cmp_opts_parse(int argc, char **argv, struct ib_cmp_opts *o);

#endif
