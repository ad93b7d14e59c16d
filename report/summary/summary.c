/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * summary.c - lmbench 2.0 summary text (summary.h). Headings, rules and column widths are
 * lmbench 2.0's as posted (docs/summary-format.md); only the title line is ours.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/summary/format.h"
#include "report/summary/rowtext.h"
#include "report/summary/sections.h"
#include "report/summary/summary.h"
#include "report/store/bootdata.h"
#include "report/stats/stats.h"

#define TITLE "I N I T B E N C H  -  L M B E N C H  2 . 0   S U M M A R Y"
#define SUBTITLE "(initbench: lmbench 2.0 layout, median of the samples of each boot)"


/* a string member, "" when absent */
static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

static const char *env(const json_t *res, const char *key)
{
	return str(json_object_get(res, "env"), key);
}

/* bench's outcome: the first ok round if there is one, else the first round's */
static const json_t *outcome(const json_t *res, const char *bench)
{
	size_t i;
	json_t *o;
	const json_t *first = NULL;
	json_array_foreach(json_object_get(res, "outcomes"), i, o) {
		if (strcmp(str(o, "bench"), bench))
			continue;
		if (!strcmp(str(o, "status"), "ok"))
			return o;
		if (!first)
			first = o;
	}
	return first;
}

static double value(const json_t *res, const char *metric)
{
	return ib_boot_value(res, metric);
}

static void key(FILE *f, const struct ib_boot *b)
{
	char os[128];
	snprintf(os, sizeof(os), "%s %s", env(b->res, "uname_s"), env(b->res, "uname_r"));
	if (!strcmp(os, " "))
		os[0] = 0;
	fprintf(f, "%-9.9s %13.13s ", b->label, os);
}

/*
 * "<uname -m> <hypervisor> <cpu model>" with the (R)/(TM) noise and repeated blanks taken
 * out. The architecture comes first, where lmbench's Description put its target triplet.
 * A guest without CPUID (arm64) cannot name its hypervisor: the launcher's accel says it.
 * A QEMU guest of more than one vCPU (launch.smp) adds "smpN" after it.
 */
void ib_summary_description(const json_t *res, char *out, size_t cap)
{
	char in[256];
	const char *hv = env(res, "hypervisor"), *cpu = env(res, "cpu_model");
	const char *accel = str(json_object_get(res, "launch"), "accel");
	size_t o = 0;
	if (!strcmp(hv, "none") && !strcmp(str(json_object_get(res, "launch"), "launcher"), "qemu"))
		hv = !strcmp(accel, "tcg") ? "TCG" : !strcmp(accel, "kvm") ? "KVM" : hv;
	/* no hypervisor, or the CPU model names it already (UML's "UML") */
	if (!strcmp(hv, "none") || !strncmp(cpu, hv, strlen(hv)))
		hv = "";
	ib_summary_inject(res, in, sizeof(in));
	/* an injected boot must not pass for a normal one, even in a row read alone */
	/* an SMP guest's figures are not a one-CPU guest's (cross-CPU wake-ups): say so at once */
	json_int_t smp = json_integer_value(json_object_get(json_object_get(res, "launch"), "smp"));
	char vcpus[24] = "";
	if (smp > 1)
		snprintf(vcpus, sizeof(vcpus), " smp%lld", (long long)smp);
	snprintf(in, sizeof(in), "%s%s %s%s %s", *in ? "INJECTED " : "", env(res, "uname_m"), hv,
		 vcpus, cpu);
	for (const char *p = in; *p && o + 1 < cap; p++) {
		if (!strncmp(p, "(R)", 3) || !strncmp(p, "(TM)", 4)) {
			p += p[1] == 'R' ? 2 : 3;
			continue;
		}
		if (*p == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = *p;
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = 0;
}

static int imported(const struct ib_boot *b);

/*
 * --by-label: the row after a label's last boot, the median over its boots (in `ours` tables
 * its boots not imported) of each boot's figure, blank when none has one. Its OS column says
 * "median of N" so that nobody reads it as a boot.
 */
static int label_ends(const struct ib_set *set, size_t i, int ours)
{
	for (size_t k = i + 1; k < set->n; k++)
		if (!ours || !imported(&set->boots[k]))
			return strcmp(set->boots[k].label, set->boots[i].label) != 0;
	return 1;
}

static size_t label_boots(const struct ib_set *set, size_t i, int ours, const struct ib_boot **b)
{
	size_t n = 0;
	for (size_t k = 0; k < set->n; k++)
		if (!strcmp(set->boots[k].label, set->boots[i].label) &&
		    (!ours || !imported(&set->boots[k])))
			b[n++] = &set->boots[k];
	return n;
}

double ib_summary_label_median(const struct ib_boot *const *b, size_t n, const char *metric)
{
	double *v = calloc(n + 1, sizeof(*v)), m;
	size_t k = 0;

	for (size_t i = 0; v && i < n; i++)
		if (!isnan(v[k] = value(b[i]->res, metric)))
			k++;
	m = v && k ? ib_stat_median(v, k) : NAN;
	free(v);
	return m;
}

static void median_key(FILE *f, const char *label, size_t n)
{
	char mark[32];
	snprintf(mark, sizeof(mark), "median of %zu", n);
	fprintf(f, "%-9.9s %13.13s ", label, mark);
}

static void basic(FILE *f, const struct ib_set *set, int by_label)
{
	char d[256], c[IB_CELL_MAX];
	fputs("Basic system parameters\n"
	      "----------------------------------------------------\n"
	      "Host                 OS Description              Mhz\n"
	      "                                                    \n"
	      "--------- ------------- ----------------------- ----\n", f);
	for (size_t i = 0; i < set->n; i++) {
		key(f, &set->boots[i]);
		ib_summary_description(set->boots[i].res, d, sizeof(d));
		fprintf(f, "%23.23s %s\n", d, ib_fmt_int(c, sizeof(c), value(set->boots[i].res, "mhz"), 4));
		if (by_label && label_ends(set, i, 0)) {
			const struct ib_boot **b = calloc(set->n, sizeof(*b));
			size_t n = b ? label_boots(set, i, 0, b) : 0;

			median_key(f, set->boots[i].label, n);
			fprintf(f, "%23.23s %s\n", "", ib_fmt_int(c, sizeof(c),
				ib_summary_label_median(b, n, "mhz"), 4));
			free(b);
		}
	}
}

/* under File & VM: the file system each boot's file benchmarks ran on */
static void fs_notes(FILE *f, const struct ib_set *set)
{
	ib_summary_notes(f, set, "fsdir", ib_summary_fsdir);
}

/* under the bandwidths: the size of lmbench's columns */
static void bw_notes(FILE *f, const struct ib_set *set)
{
	ib_summary_notes(f, set, "bw size", ib_summary_bwsize);
}

/* a row of an lmbench table read back by `initbench import`: it has no figure of ours */
static int imported(const struct ib_boot *b)
{
	return !strcmp(str(json_object_get(b->res, "integrity"), "status"), "imported");
}

/* ours: one of our own sections, which imported rows are left out of (and a section that
 * has no other row is not printed at all) */
static void section(FILE *f, const struct section *s, const struct ib_set *set, int ours,
		    int by_label)
{
	char c[IB_CELL_MAX], g[256];
	size_t rows = 0;

	for (size_t i = 0; i < set->n; i++)
		rows += !ours || !imported(&set->boots[i]);
	if (!rows)
		return;
	fprintf(f, "\n%s\n", s->title);
	if (s->warning)
		fprintf(f, "%s\n", s->warning);
	fprintf(f, "%s\n%s\n", s->rule, s->head1);
	if (s->head2)
		fprintf(f, "%s\n", s->head2);
	fprintf(f, "%s\n", s->cols);
	for (size_t i = 0; i < set->n; i++) {
		const json_t *res = set->boots[i].res;
		if (ours && imported(&set->boots[i]))
			continue;
		key(f, &set->boots[i]);
		fputs(s->lead, f);
		if (s->mhz)
			fprintf(f, "%s ", ib_fmt_int(c, sizeof(c), value(res, "mhz"), 4));
		for (const struct column *col = s->col; col->metric; col++)
			fprintf(f, "%s%s", col == s->col ? "" : " ",
				ib_fmt_cell(c, sizeof(c), value(res, col->metric), col->width));
		if (s->text == GUESSES_2_0) {
			ib_summary_guesses_2_0(res, g, sizeof(g));
			if (*g)
				fprintf(f, "    %s", g);
		} else if (s->text == HIERARCHY) {
			ib_summary_hierarchy(res, g, sizeof(g));
			if (*g)
				fprintf(f, " %s", g);
		}
		fputc('\n', f);
		if (by_label && label_ends(set, i, ours)) {
			const struct ib_boot **b = calloc(set->n, sizeof(*b));
			size_t n = b ? label_boots(set, i, ours, b) : 0;

			median_key(f, set->boots[i].label, n);
			fputs(s->lead, f);
			if (s->mhz)
				fprintf(f, "%s ", ib_fmt_int(c, sizeof(c),
					ib_summary_label_median(b, n, "mhz"), 4));
			for (const struct column *col = s->col; col->metric; col++)
				fprintf(f, "%s%s", col == s->col ? "" : " ",
					ib_fmt_cell(c, sizeof(c),
						    ib_summary_label_median(b, n, col->metric),
						    col->width));
			fputc('\n', f);
			free(b);
		}
	}
	ib_summary_table_notes(f, s, set);
}

void ib_summary_table_notes(FILE *f, const struct section *s, const struct ib_set *set)
{
	if (!strcmp(s->title, FILE_VM_TITLE)) {
		fs_notes(f, set);
		ib_summary_mmap_note(f, set);
	} else if (!strcmp(s->title, BW_TITLE)) {
		bw_notes(f, set);
	}
}

/* name in a plan or no_outcome list, as itself or as a round of it ("name#2") */
static int listed(const json_t *list, const char *name)
{
	size_t i, nl = strlen(name);
	json_t *v;
	json_array_foreach(list, i, v) {
		const char *e = json_string_value(v);
		if (e && !strncmp(e, name, nl) && (!e[nl] || e[nl] == '#'))
			return 1;
	}
	return 0;
}

/* a blank that an outcome or a missing outcome already explains */
static int explained(const json_t *res, const char *bench)
{
	const json_t *o = outcome(res, bench);
	return (o && strcmp(str(o, "status"), "ok")) ||
	       listed(json_object_get(json_object_get(res, "integrity"), "no_outcome"), bench);
}

/*
 * The other blanks: a benchmark that ended ok without its column's measurement, and, in one
 * line, the benchmarks of the tables that were not in the plan (a --bench subset).
 */
static void unexplained(FILE *f, const struct ib_boot *b, int *any)
{
	static const struct column mhz = { "mhz", 4, NULL };
	const struct column *cols[IB_SUMMARY_MAX_METRICS];
	const char *notrun[IB_SUMMARY_MAX_METRICS];
	size_t nc = 0, nn = 0;
	const json_t *plan = json_object_get(json_object_get(b->res, "plan"), "benches");

	cols[nc++] = &mhz;
	for (size_t i = 0; i < ib_summary_nsections; i++)
		for (const struct column *c = ib_summary_sections[i].col; c->metric; c++) {
			size_t k = 0;
			while (k < nc && strcmp(cols[k]->metric, c->metric))
				k++;
			if (k == nc)    /* ctx_2p_0k is in two tables */
				cols[nc++] = c;
		}
	for (size_t i = 0; i < nc; i++) {
		const char *bench = cols[i]->bench ? cols[i]->bench : cols[i]->metric;
		size_t k = 0;
		if (!isnan(value(b->res, cols[i]->metric)) || explained(b->res, bench))
			continue;
		if (outcome(b->res, bench) || listed(plan, bench)) {
			fprintf(f, "%s%s/%lu: %s: no %s measurement\n", (*any)++ ? "" : "\n",
				b->label, b->num, bench, cols[i]->metric);
			continue;
		}
		while (k < nn && strcmp(notrun[k], bench))
			k++;
		if (k == nn)
			notrun[nn++] = bench;
	}
	if (!nn)
		return;
	fprintf(f, "%s%s/%lu: not run:", (*any)++ ? "" : "\n", b->label, b->num);
	for (size_t k = 0; k < nn; k++)
		fprintf(f, " %s%s", notrun[k], k + 1 < nn ? "," : "");
	fputc('\n', f);
}

/*
 * pin=1 makes the lmbench columns same-CPU figures (lmbench pins nothing): one line per boot
 * whose measurements of those tables say they ran pinned (cpu >= 0), naming the CPUs. The
 * Placement benchmarks pin themselves whatever pin says, so they do not count.
 */
static void pinned(FILE *f, const struct ib_boot *b, int *any)
{
	json_int_t cpu[16];
	size_t i, n = 0;
	json_t *m;

	json_array_foreach(json_object_get(b->res, "measurements"), i, m) {
		const json_t *c = json_object_get(m, "cpu");
		const char *metric = str(m, "metric");
		int lmbench = 0;
		size_t k = 0;

		if (!json_is_integer(c) || json_integer_value(c) < 0)
			continue;
		for (size_t s = 0; s < NLMBENCH && !lmbench; s++)
			for (const struct column *col = ib_summary_sections[s].col; col->metric && !lmbench; col++)
				lmbench = !strcmp(col->metric, metric);
		while (k < n && cpu[k] != json_integer_value(c))
			k++;
		if (lmbench && k == n && n < 16)
			cpu[n++] = json_integer_value(c);
	}
	if (!n)
		return;
	fprintf(f, "%s%s/%lu: pinned (pin=1): the lmbench columns ran on CPU", (*any)++ ? "" : "\n",
		b->label, b->num);
	for (size_t k = 0; k < n; k++)
		fprintf(f, "%s%lld", k ? "," : " ", (long long)cpu[k]);
	fputs(", as same-CPU figures (lmbench pins nothing)\n", f);
}

/*
 * launch.disturbance (host/launch/cpuwatch.h): a boot whose launcher ran unpinned, or whose
 * host CPU another benchmark run was found on, measured a share of a CPU it did not own; the
 * report says so per boot, as compare flags it (unpinned=N, cpu-shared=N).
 */
static void disturbed(FILE *f, const struct ib_boot *b, int *any)
{
	const json_t *d = json_object_get(json_object_get(b->res, "launch"), "disturbance"), *o;
	size_t k;

	if (json_is_true(json_object_get(d, "unpinned")))
		fprintf(f, "%s%s/%lu: disturbed: the launcher ran unpinned (--host-cpu -1), sharing "
			"host CPUs with whatever else ran\n", (*any)++ ? "" : "\n", b->label, b->num);
	if (!json_is_true(json_object_get(d, "cpu_shared")))
		return;
	fprintf(f, "%s%s/%lu: disturbed: another benchmark run was runnable on its host CPU in %lld "
		"of %lld samples (", (*any)++ ? "" : "\n", b->label, b->num,
		(long long)json_integer_value(json_object_get(d, "shared_samples")),
		(long long)json_integer_value(json_object_get(d, "samples")));
	json_array_foreach(json_object_get(d, "others"), k, o)
		fprintf(f, "%s%s", k ? ", " : "", json_string_value(o) ? json_string_value(o) : "?");
	fputs(")\n", f);
}

void ib_summary_boot_notes(FILE *f, const struct ib_set *set)
{
	int any = 0;
	for (size_t i = 0; i < set->n; i++) {
		const struct ib_boot *b = &set->boots[i];
		const json_t *in = json_object_get(b->res, "integrity"), *o;
		const char *st = json_string_value(json_object_get(in, "status"));
		/* what the launcher saw (a panic, a hang) says more than "no records" */
		const char *verdict = json_string_value(
			json_object_get(json_object_get(b->res, "launch"), "verdict"));
		size_t k;
		if (verdict && strcmp(verdict, "complete"))
			fprintf(f, "%s%s/%lu: %s\n", any++ ? "" : "\n", b->label, b->num, verdict);
		if (!st || strcmp(st, "complete")) {
			fprintf(f, "%s%s/%lu: %s: %s\n", any++ ? "" : "\n", b->label, b->num,
				st ? st : "no integrity",
				str(in, "summary"));
		}
		json_array_foreach(json_object_get(b->res, "outcomes"), k, o) {
			const char *bench = str(o, "bench"), *status = str(o, "status");
			const char *why = str(o, "reason");
			size_t sl = strlen(status);
			if (!strcmp(status, "ok"))
				continue;
			if (ib_round_of(o))
				fprintf(f, "%s%s/%lu: %s#%ld ", any++ ? "" : "\n", b->label, b->num,
					bench, ib_round_of(o));
			else
				fprintf(f, "%s%s/%lu: %s ", any++ ? "" : "\n", b->label, b->num,
					bench);
			if (!*why)
				fprintf(f, "%s\n", status);
			else if (!strncmp(why, status, sl) && why[sl] == ':')
				fprintf(f, "%s\n", why);
			else
				fprintf(f, "%s: %s\n", status, why);
		}
		json_array_foreach(json_object_get(in, "no_outcome"), k, o)
			fprintf(f, "%s%s/%lu: %s: no outcome\n", any++ ? "" : "\n", b->label, b->num,
				json_string_value(o) ? json_string_value(o) : "?");
		pinned(f, b, &any);
		disturbed(f, b, &any);
		/* an imported row's blanks are the source's: nothing to explain */
		if (!st || strcmp(st, "imported"))
			unexplained(f, b, &any);
	}
}

void ib_summary_print(FILE *f, const struct ib_set *set)
{
	ib_summary_print_by(f, set, 0);
}

void ib_summary_print_by(FILE *f, const struct ib_set *set, int by_label)
{
	char rule[sizeof(TITLE)];
	memset(rule, '-', sizeof(rule) - 1);
	rule[sizeof(rule) - 1] = 0;
	fprintf(f, "\n%17s%s\n%17s%s\n\t\t %s\n\n", "", TITLE, "", rule, SUBTITLE);
	ib_summary_notes(f, set, "INJECTED", ib_summary_inject);
	for (size_t i = 0, any = 0; i < set->n && !any; i++) {
		char t[8];
		ib_summary_inject(set->boots[i].res, t, sizeof(t));
		if ((any = *t != 0))
			fputc('\n', f);
	}
	basic(f, set, by_label);
	for (size_t i = 0; i < ib_summary_nsections; i++)
		section(f, &ib_summary_sections[i], set, i >= NLMBENCH, by_label);
	ib_summary_boot_notes(f, set);
}

const char *ib_summary_metric(size_t i, const char **section)
{
	for (size_t s = 0, k = 0; s < ib_summary_nsections; s++)
		for (const struct column *c = ib_summary_sections[s].col; c->metric; c++) {
			int seen = 0;
			/* a metric in two tables (ctx_2p_0k) counts once, in the first */
			for (size_t t = 0; t < s && !seen; t++)
				for (const struct column *d = ib_summary_sections[t].col; d->metric && !seen; d++)
					seen = !strcmp(d->metric, c->metric);
			if (seen || k++ != i)
				continue;
			if (section)
				*section = ib_summary_sections[s].title;
			return c->metric;
		}
	return NULL;
}
