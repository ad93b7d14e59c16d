/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * commands.c - `initbench report` and `initbench parse` (results.h). argv[0] is the
 * subcommand's name, as getopt expects; options may come before or after the operands.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "store.h"
#include "summary.h"

/* "--name VALUE" or "--name=VALUE" at argv[*i]; NULL if argv[*i] is not that option */
static const char *opt(int argc, char **argv, int *i, const char *name, int *bad)
{
	size_t n = strlen(name);
	if (strncmp(argv[*i], name, n))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n])
		return NULL;
	if (*i + 1 >= argc) {
		fprintf(stderr, "initbench %s: %s needs a value\n", argv[0], name);
		*bad = 1;
		return NULL;
	}
	return argv[++*i];
}

int ib_cmd_report(int argc, char **argv)
{
	const char *dir = "out/results", *v;
	char **labels = calloc((size_t)argc + 1, sizeof(*labels));
	int nl = 0, bad = 0;
	struct ib_set set;

	if (!labels)
		return 1;
	for (int i = 1; i < argc && !bad; i++) {
		if ((v = opt(argc, argv, &i, "--results", &bad)))
			dir = v;
		else if (!bad && (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))) {
			printf("usage: initbench report [--results DIR] [LABEL...]\n");
			free(labels);
			return 0;
		} else if (!bad && argv[i][0] == '-') {
			fprintf(stderr, "initbench report: unknown option %s\n", argv[i]);
			bad = 1;
		} else if (!bad)
			labels[nl++] = argv[i];
	}
	if (bad) {
		free(labels);
		return 2;
	}
	int rc = ib_store_load(dir, labels, nl, &set);
	free(labels);
	if (!set.n) {
		fprintf(stderr, "initbench report: no results under %s\n", dir);
		ib_set_free(&set);
		return 1;
	}
	ib_summary_print(stdout, &set);
	ib_set_free(&set);
	return rc ? 1 : 0;
}

int ib_cmd_parse(int argc, char **argv)
{
	const char *log_path = NULL, *json = NULL, *v;
	int bad = 0;
	struct ib_log log;

	for (int i = 1; i < argc && !bad; i++) {
		if ((v = opt(argc, argv, &i, "--json", &bad)))
			json = v;
		else if (!bad && argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "initbench parse: unknown option %s\n", argv[i]);
			bad = 1;
		} else if (!bad && !log_path)
			log_path = argv[i];
		else if (!bad) {
			fprintf(stderr, "initbench parse: one LOG only\n");
			bad = 1;
		}
	}
	if (bad || !log_path) {
		fprintf(stderr, "usage: initbench parse LOG [--json OUT]\n");
		return 2;
	}
	int st = ib_log_parse_file(log_path, &log);
	if (st < 0) {
		fprintf(stderr, "initbench parse: cannot read %s: %s\n", log_path, strerror(errno));
		return 2;
	}
	ib_log_print_problems(&log, stdout, 0);
	ib_log_print_summary(&log, stdout);
	if (json && ib_results_write(&log, json, NULL))
		st = st == IB_LOG_COMPLETE ? IB_LOG_INCOMPLETE : st;
	ib_log_free(&log);
	return st;
}
