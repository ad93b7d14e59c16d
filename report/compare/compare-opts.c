/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-opts.c - `initbench compare`'s command line and its help (contract in
 * compare-int.h, ib_cmp_opts_parse()).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "report/compare/compare-int.h"
#include "report/results.h"

static int usage(FILE *f, int rc)
{
	fputs("usage: initbench compare [--results DIR] [--json OUT] [--noise-floor PCT]\n"
	      "         [--aa LABEL_A LABEL_B]... [--fail-on slower|faster|any [--threshold PCT]]\n"
	      "         [--metrics LIST | --sections LIST] [--ktap] [--junit FILE]\n"
	      "         [--per-boot STAT] [--format text|markdown|json|narrow] BASE NEW...\n"
	      "  reads the stored boots of the labels BASE, NEW... and prints, per metric, each\n"
	      "  NEW against BASE: the ratio with its 95% CI, q value, significance and flags;\n"
	      "  --json OUT also writes them as JSON (for `initbench export --compare`);\n"
	      "  --aa A B: an A/A pair of labels of one kernel, whose spread sets the noise floor;\n"
	      "  --fail-on: the regression gate, exit 9 when a row is significant and moved that\n"
	      "  way by at least --threshold PCT (default its noise floor); --metrics/--sections\n"
	      "  (comma lists) the rows judged; --ktap (on stdout) and --junit FILE, one case a row.\n"
	      "  --per-boot median|best|best10|best25|trim20|mean: a boot's figure from its samples\n"
	      "  (default best: the smallest time, the largest rate; docs/compare.md).\n"
	      "  --format: markdown or narrow (80 columns: significant rows, a line per section,\n"
	      "  the setup), json (--json's document on stdout), text (this table, the default).\n"
	      "  Exit: 0 every boot read and complete; 6 a boot left out (incomplete, refused) or a\n"
	      "  label without a complete boot (the table is still printed); 1 a file that cannot\n"
	      "  be read or written; 2 usage, a label not stored, an unknown metric or section;\n"
	      "  9 the gate failed (the highest code wins, usage first).\n"
	      IB_RESULTS_HELP, f);
	return rc;
}

enum { K_RESULTS = 2, K_JSON, K_FLOOR, K_AA, K_HELP, K_PERBOOT, K_FORMAT, K_GATE };

int ib_cmp_opts_parse(int argc, char **argv, struct ib_cmp_opts *o)
{
	static const struct ib_optdef defs[] = {
		{ "results", required_argument, K_RESULTS, 0 },
		{ "json", required_argument, K_JSON, 0 },
		{ "noise-floor", required_argument, K_FLOOR, 0 },
		{ "aa", required_argument, K_AA, 0 },
		{ "help", no_argument, K_HELP, 'h' },
		{ "per-boot", required_argument, K_PERBOOT, 0 },
		{ "format", required_argument, K_FORMAT, 0 },
		{ "fail-on", required_argument, K_GATE + IB_GATE_OPT_FAIL_ON, 0 },
		{ "threshold", required_argument, K_GATE + IB_GATE_OPT_THRESHOLD, 0 },
		{ "metrics", required_argument, K_GATE + IB_GATE_OPT_METRICS, 0 },
		{ "sections", required_argument, K_GATE + IB_GATE_OPT_SECTIONS, 0 },
		{ "ktap", no_argument, K_GATE + IB_GATE_OPT_KTAP, 0 },
		{ "junit", required_argument, K_GATE + IB_GATE_OPT_JUNIT, 0 },
	};
	const struct ib_optdef *def;
	const char *val;
	char err[256];
	int key, aa_open = 0;
	struct ib_getopt g;
	char *e;

	/* docs/compare.md, "The per-boot statistic": the best sample had the smallest spread
	 * across boots of one kernel in every section that has more than one sample a boot */
	*o = (struct ib_cmp_opts){ .floor_opt = NAN, .fmt = IB_CMP_TEXT, .per_boot = IB_PB_BEST };
	o->gate = (struct ib_gate){ .threshold = NAN };
	ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0]));
	while ((key = ib_getopt_next(&g, argc, argv, &val, &def, err, sizeof(err))) != 0) {
		if (key < 0 || (aa_open && key != IB_OPT_OPERAND)) {
			fprintf(stderr, "initbench compare: %s\n", key < 0 ? err :
				"bad argument '--aa': needs two labels, LABEL_A LABEL_B");
			return usage(stderr, 2);
		}
		if (key == K_HELP)
			return usage(stdout, 0);
		if (key >= K_GATE && key < K_GATE + IB_GATE_NOPTS) {
			if (ib_gate_opt(&o->gate, key - K_GATE, val))
				return IB_EXIT_USAGE;
		} else if (key == K_FORMAT) {
			if ((o->fmt = ib_cmp_format(val)) < 0)
				return IB_EXIT_USAGE;
		} else if (key == K_RESULTS) {
			o->given = val;
		} else if (key == K_JSON) {
			o->json_out = val;
		} else if (key == K_PERBOOT) {
			for (o->per_boot = 0; o->per_boot < IB_PB_N &&
			     strcmp(ib_perboot_name[o->per_boot], val);)
				o->per_boot++;
			if (o->per_boot == IB_PB_N) {
				fprintf(stderr, "initbench compare: bad --per-boot '%s': median, best, "
					"best10, best25, trim20 or mean\n", val);
				return IB_EXIT_USAGE;
			}
		} else if (key == K_FLOOR) {
			o->floor_opt = strtod(val, &e);
			if (!*val || *e || !(o->floor_opt >= 0)) {
				fprintf(stderr, "initbench compare: bad --noise-floor '%s': a percentage\n", val);
				return 2;
			}
		} else if (key == K_AA) {
			if (o->naa == 8) {
				fprintf(stderr, "initbench compare: at most 8 --aa pairs\n");
				return 2;
			}
			o->aa[o->naa].a = (char *)val;
			aa_open = 1;
		} else if (aa_open) {
			o->aa[o->naa++].b = (char *)val;   /* --aa's second label: the next word */
			aa_open = 0;
		} else if (o->nl < 64) {
			o->labels[o->nl++] = (char *)val;
		}
	}
	if (aa_open) {
		fprintf(stderr, "initbench compare: bad argument '--aa': needs two labels, "
			"LABEL_A LABEL_B\n");
		return usage(stderr, 2);
	}
	if (o->nl < 2)
		return usage(stderr, IB_EXIT_USAGE);
	if (o->gate.ktap && o->fmt != IB_CMP_TEXT) {
		fprintf(stderr, "initbench compare: --ktap writes KTAP after the text table: not with "
			"--format %s\n", o->fmt == IB_CMP_JSON ? "json" : o->fmt == IB_CMP_NARROW ? "narrow" :
			"markdown");
		return IB_EXIT_USAGE;
	}
	for (size_t l = 0; l < o->nl; l++)
		if (!ib_label_ok(o->labels[l])) {
			fprintf(stderr, "initbench compare: bad label '%s': %s\n", o->labels[l],
				IB_LABEL_RULE);
			return IB_EXIT_USAGE;
		}
	for (size_t k = 0; k < o->naa; k++)
		if (!ib_label_ok(o->aa[k].a) || !ib_label_ok(o->aa[k].b)) {
			fprintf(stderr, "initbench compare: bad --aa label '%s': %s\n",
				ib_label_ok(o->aa[k].a) ? o->aa[k].b : o->aa[k].a, IB_LABEL_RULE);
			return IB_EXIT_USAGE;
		}
	return -1;
}
