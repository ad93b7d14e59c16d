/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-report.c - `initbench report` and `initbench parse` (report/results.h). argv[0] is the
 * subcommand's name, as getopt expects; options may come before or after the operands.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "report/results.h"
#include "host/lib/exitcode.h"
#include "host/lib/safeio.h"
#include "report/store/store.h"
#include "report/summary/report-format.h"
#include "report/summary/summary.h"

static const char report_usage[] =
	"usage: initbench report [--results DIR] [--format text|markdown|json] [--by-label]\n"
	"                        [LABEL...]\n"
	"       initbench report --labels [--results DIR]\n"
	"  reads RESULTS/LABEL/N/results.json of every boot (or of the labels given) and prints\n"
	"  the lmbench 2.0 summary, one row per boot; --by-label adds after each label's boots\n"
	"  a row of their median (\"median of N\"); --format markdown: GitHub tables in 80\n"
	"  columns, json: one document; --labels prints the stored labels, one a\n"
	"  line. Every label or boot left out is named on stderr with why. Exit: 0 every boot\n"
	"  read and complete, 6 a boot left out or incomplete (the report is still printed),\n"
	"  1 a file or directory that cannot be read, 2 usage or a label not stored.\n"
	IB_RESULTS_HELP;

static const char parse_usage[] =
	"usage: initbench parse LOG [--json OUT]\n"
	"  reads one console log (a boot's console.log, or a capture of a serial console),\n"
	"  checks its records and prints what is missing or corrupt, then the benchmarks;\n"
	"  --json OUT: also the results.json it makes (OUT is replaced whole, never written\n"
	"  through a link it does not name itself). Exit: 0 complete, 5 no records, 6 incomplete,\n"
	"  2 usage or LOG missing or not a regular file, 1 I/O error.\n";

enum { K_RESULTS = 2, K_LABELS, K_JSON, K_HELP, K_FORMAT, K_BY_LABEL };
enum { F_TEXT, F_MARKDOWN, F_JSON };

/* a label directory holds at least one numbered boot directory */
static int has_boot(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (de = readdir(d)))
		found = de->d_name[0] && strspn(de->d_name, "0123456789") == strlen(de->d_name);
	closedir(d);
	return found;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* for bash completion: names only, sorted, nothing else on stdout */
static int print_labels(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d) {
		if (errno == ENOENT)
			return 0;   /* nothing stored yet: no labels */
		fprintf(stderr, "initbench report: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	while ((de = readdir(d))) {
		char *path;

		if (!ib_label_ok(de->d_name) || asprintf(&path, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (has_boot(path) && n == cap) {
			char **more = realloc(names, (cap * 2 + 16) * sizeof(*names));

			if (more) {
				names = more;
				cap = cap * 2 + 16;
			}
		}
		if (has_boot(path) && n < cap && (names[n] = strdup(de->d_name)))
			n++;
		free(path);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n; i++) {
		printf("%s\n", names[i]);
		free(names[i]);
	}
	free(names);
	return 0;
}

int ib_cmd_report(int argc, char **argv)
{
	static const struct ib_optdef defs[] = {
		{ "results", required_argument, K_RESULTS, 0 },
		{ "labels", no_argument, K_LABELS, 0 },
		{ "format", required_argument, K_FORMAT, 0 },
		{ "by-label", no_argument, K_BY_LABEL, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	const char *given = NULL, *v;
	const struct ib_optdef *def;
	char **labels = calloc((size_t)argc + 1, sizeof(*labels)), err[256], *dir;
	int nl = 0, key, list = 0, rc, fmt = F_TEXT, by_label = 0;
	struct ib_getopt g;
	struct ib_set set;

	if (!labels)
		return 1;
	ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0]));
	while ((key = ib_getopt_next(&g, argc, argv, &v, &def, err, sizeof(err))) > 0) {
		if (key == K_HELP) {
			fputs(report_usage, stdout);
			free(labels);
			return 0;
		}
		if (key == K_FORMAT) {
			fmt = !strcmp(v, "text") ? F_TEXT : !strcmp(v, "markdown") ? F_MARKDOWN :
			      !strcmp(v, "json") ? F_JSON : -1;
			if (fmt < 0) {
				fprintf(stderr, "initbench report: bad --format '%s': text, markdown "
					"or json\n", v);
				free(labels);
				return IB_EXIT_USAGE;
			}
		} else if (key == K_BY_LABEL) {
			by_label = 1;
		} else if (key == K_RESULTS) {
			given = v;
		} else if (key == K_LABELS) {
			list = 1;
		} else {
			labels[nl++] = (char *)v;
		}
	}
	if (key < 0 || (list && nl)) {
		fprintf(stderr, "initbench report: %s (initbench report --help)\n",
			key < 0 ? err : "--labels takes no LABEL");
		free(labels);
		return IB_EXIT_USAGE;
	}
	for (int i = 0; i < nl; i++)
		if (!ib_label_ok(labels[i])) {
			fprintf(stderr, "initbench report: bad label '%s': %s\n", labels[i],
				IB_LABEL_RULE);
			free(labels);
			return IB_EXIT_USAGE;
		}
	dir = ib_results_dir(given);
	if (!dir) {
		free(labels);
		return IB_EXIT_HOSTIO;
	}
	if (list) {
		rc = print_labels(dir);
		free(dir);
		free(labels);
		return rc;
	}
	rc = ib_store_load(dir, labels, nl, &set, "report");
	free(labels);
	if (!set.n) {
		fprintf(stderr, "initbench report: no boot to report under %s\n", dir);
		ib_set_free(&set);
		free(dir);
		return rc ? rc : IB_EXIT_HOSTIO;
	}
	if (fmt == F_JSON)
		ib_report_json(stdout, &set, by_label);
	else if (fmt == F_MARKDOWN)
		ib_report_markdown(stdout, &set, by_label);
	else
		ib_summary_print_by(stdout, &set, by_label);
	/* a report of incomplete data is printed, explained, and never called done */
	if (ib_set_say_not_whole(&set, dir, "report") && rc < IB_EXIT_BADDATA)
		rc = IB_EXIT_BADDATA;
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "initbench report: writing the report: %s\n", strerror(errno));
		rc = rc ? rc : IB_EXIT_HOSTIO;
	}
	ib_set_free(&set);
	free(dir);
	return rc;
}

int ib_cmd_parse(int argc, char **argv)
{
	static const struct ib_optdef defs[] = {
		{ "json", required_argument, K_JSON, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	const char *log_path = NULL, *json = NULL, *v;
	const struct ib_optdef *def;
	char err[256];
	int key, bad = 0;
	struct ib_getopt g;
	struct ib_log log;

	ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0]));
	while (!bad && (key = ib_getopt_next(&g, argc, argv, &v, &def, err, sizeof(err))) != 0) {
		if (key == K_HELP) {
			fputs(parse_usage, stdout);
			return 0;
		}
		if (key < 0) {
			fprintf(stderr, "initbench parse: %s\n", err);
			bad = 1;
		} else if (key == K_JSON) {
			json = v;
		} else if (!log_path) {
			log_path = v;
		} else {
			fprintf(stderr, "initbench parse: one LOG only\n");
			bad = 1;
		}
	}
	if (bad || !log_path) {
		fputs(parse_usage, stderr);
		return IB_EXIT_USAGE;
	}
	int st = ib_log_parse_file(log_path, &log, err, sizeof(err)), rc;
	if (st < 0) {
		fprintf(stderr, "initbench parse: cannot read %s\n", err);
		return ib_input_exit(errno);
	}
	ib_log_print_problems(&log, stdout, 0);
	ib_log_print_summary(&log, stdout);
	/* the same verdicts as a boot's (exitcode.h) */
	rc = st == IB_LOG_COMPLETE ? IB_EXIT_DONE : st == IB_LOG_NORECORDS ? IB_EXIT_NORECORDS
								     : IB_EXIT_INCOMPLETE;
	if (json) {
		ib_cleanup_on_signals();
		if (ib_results_write(&log, json, NULL, IB_OUT_USER) && rc < IB_EXIT_HOSTIO)
			rc = IB_EXIT_HOSTIO;
	}
	ib_log_free(&log);
	return rc;
}
