/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * summary.c - lmbench 2.0 summary text (summary.h). Headings, rules and column widths are
 * lmbench 2.0's as posted (docs/summary-format.md); only the title line is ours.
 */
#define _GNU_SOURCE
#include <math.h>
#include <string.h>

#include "format.h"
#include "summary.h"

#define TITLE "I N I T B E N C H  -  L M B E N C H  2 . 0   S U M M A R Y"
#define SUBTITLE "(initbench: lmbench 2.0 layout, median of the samples of each boot)"

struct column {
	const char *metric;
	int width;
};

struct section {
	const char *title;
	const char *rule;       /* lmbench's rule under the title */
	const char *head1, *head2, *cols;
	struct column col[12];
	int mhz;                /* starts with a Mhz column */
};

static const struct section sections[] = {
	{
		"Processor, Processes - times in microseconds - smaller is better",
		"----------------------------------------------------------------",
		"Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  ",
		"                             call  I/O stat clos TCP   inst hndl proc proc proc",
		"--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----",
		{ { "null_call", 4 }, { "null_io", 4 }, { "stat", 4 }, { "open_close", 4 },
		  { "select_tcp", 5 }, { "sig_inst", 4 }, { "sig_hndl", 4 }, { "fork_proc", 4 },
		  { "exec_proc", 4 }, { "sh_proc", 4 }, { NULL, 0 } },
		1,
	},
	{
		"Context switching - times in microseconds - smaller is better",
		"-------------------------------------------------------------",
		"Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K",
		"                        ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw",
		"--------- ------------- ----- ------ ------ ------ ------ ------- -------",
		{ { "ctx_2p_0k", 5 }, { "ctx_2p_16k", 6 }, { "ctx_2p_64k", 6 }, { "ctx_8p_16k", 6 },
		  { "ctx_8p_64k", 6 }, { "ctx_16p_16k", 7 }, { "ctx_16p_64k", 7 }, { NULL, 0 } },
		0,
	},
};

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

static const json_t *outcome(const json_t *res, const char *bench)
{
	size_t i;
	json_t *o;
	json_array_foreach(json_object_get(res, "outcomes"), i, o)
		if (!strcmp(str(o, "bench"), bench))
			return o;
	return NULL;
}

/* the median of a metric, or NaN when it is missing or its benchmark did not succeed */
static double value(const json_t *res, const char *metric)
{
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		if (strcmp(str(m, "metric"), metric))
			continue;
		const json_t *o = outcome(res, str(m, "bench"));
		const char *st = o ? json_string_value(json_object_get(o, "status")) : "ok";
		const json_t *med = json_object_get(m, "median");
		if (!st || strcmp(st, "ok") || !json_is_number(med))
			return NAN;
		return json_number_value(med);
	}
	return NAN;
}

static void key(FILE *f, const struct ib_boot *b)
{
	char os[128];
	snprintf(os, sizeof(os), "%s %s", env(b->res, "uname_s"), env(b->res, "uname_r"));
	if (!strcmp(os, " "))
		os[0] = 0;
	fprintf(f, "%-9.9s %13.13s ", b->label, os);
}

/* "<hypervisor> <cpu model>" with the (R)/(TM) noise and repeated blanks taken out */
static void description(const json_t *res, char *out, size_t cap)
{
	char in[256];
	const char *hv = env(res, "hypervisor"), *cpu = env(res, "cpu_model");
	size_t o = 0;
	/* no hypervisor, or the CPU model names it already (UML's "UML") */
	if (!strcmp(hv, "none") || !strncmp(cpu, hv, strlen(hv)))
		hv = "";
	snprintf(in, sizeof(in), "%s %s", hv, cpu);
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

static void basic(FILE *f, const struct ib_set *set)
{
	char d[256], c[IB_CELL_MAX];
	fputs("Basic system parameters\n"
	      "----------------------------------------------------\n"
	      "Host                 OS Description              Mhz\n"
	      "                                                    \n"
	      "--------- ------------- ----------------------- ----\n", f);
	for (size_t i = 0; i < set->n; i++) {
		key(f, &set->boots[i]);
		description(set->boots[i].res, d, sizeof(d));
		fprintf(f, "%23.23s %s\n", d, ib_fmt_int(c, sizeof(c), value(set->boots[i].res, "mhz"), 4));
	}
}

static void section(FILE *f, const struct section *s, const struct ib_set *set)
{
	char c[IB_CELL_MAX];
	fprintf(f, "\n%s\n%s\n%s\n%s\n%s\n", s->title, s->rule, s->head1, s->head2, s->cols);
	for (size_t i = 0; i < set->n; i++) {
		const json_t *res = set->boots[i].res;
		key(f, &set->boots[i]);
		if (s->mhz)
			fprintf(f, "%s ", ib_fmt_int(c, sizeof(c), value(res, "mhz"), 4));
		for (const struct column *col = s->col; col->metric; col++)
			fprintf(f, "%s%s", col == s->col ? "" : " ",
				ib_fmt_cell(c, sizeof(c), value(res, col->metric), col->width));
		fputc('\n', f);
	}
}

static void notes(FILE *f, const struct ib_set *set)
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
			fprintf(f, "%s%s/%lu: %s ", any++ ? "" : "\n", b->label, b->num, bench);
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
	}
}

void ib_summary_print(FILE *f, const struct ib_set *set)
{
	char rule[sizeof(TITLE)];
	memset(rule, '-', sizeof(rule) - 1);
	rule[sizeof(rule) - 1] = 0;
	fprintf(f, "\n%17s%s\n%17s%s\n\t\t %s\n\n", "", TITLE, "", rule, SUBTITLE);
	basic(f, set);
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		section(f, &sections[i], set);
	notes(f, set);
}
