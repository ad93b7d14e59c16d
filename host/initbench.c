/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * initbench.c - the host CLI: main() and the table of commands. Each command is one
 * function ib_cmd_NAME(argc, argv) in the folder of what it does (docs/architecture.md,
 * "Folders and what each may include"): run and native in host/launch/cmd-run.c, the
 * others declared in report/results.h. Exit codes: host/lib/exitcode.h (docs/launch.md);
 * where files and results are found: host/lib/cli-paths.h.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "config_hash.h"
#include "host/disk/disk.h"
#include "host/launch/cli-boot.h"
#include "host/launch/runopts.h"
#include "host/lib/cli-paths.h"
#include "report/results.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

/* what each command reads, then what it does: the first thing a user has to match */
static const struct cmd cmds[] = {
	{ "run", ib_cmd_run, "boot a kernel file (bzImage, arm64 Image, a build directory, or uml) "
	  "with the image; store each boot" },
	{ "native", ib_cmd_native, "run the suite on this host; store it like a boot (label native)" },
	{ "report", ib_cmd_report, "read stored boots; print the lmbench 2.0 summary (--labels: "
	  "the labels)" },
	{ "parse", ib_cmd_parse, "read one console log; check its records, write results.json "
	  "if asked" },
	{ "compare", ib_cmd_compare, "read stored boots of labels; ratios with 95% CIs, "
	  "significance, flags" },
	{ "export", ib_cmd_export, "read stored boots; write CSV, JSON or an HTML report with "
	  "plots" },
	{ "import", ib_cmd_import, "read an lmbench summary (make see), a console capture, a raw "
	  "disk dump or a LAVA job log; store it" },
	{ "lava", ib_cmd_lava, "read the kernel, image and knobs; write a LAVA job that boots the "
	  "image in a lab" },
	{ "disk-image", ib_cmd_disk_image, "read kernels and the image; write a disk image that boots "
	  "the suite N times through GRUB (BIOS and UEFI), results on the disk" },
	{ "help", cmd_help, "this list; help COMMAND: that command's options" },
	{ "version", cmd_version, "print the version (VERSION plus the commit it was built from)" },
};

#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static void usage(FILE *f)
{
	fprintf(f, "usage: initbench COMMAND [ARGS]   (initbench COMMAND --help for its options)\n"
		   "usage: initbench help [COMMAND]\n"
		   "usage: initbench --version | --help\n");
	for (size_t i = 0; i < NCMDS; i++) {
		const char *h = cmds[i].help;

		fprintf(f, "  %-8s", cmds[i].name);
		/* wrapped at a word, under 80 columns, continued under the text */
		while (*h) {
			size_t n = strlen(h);

			if (n > 68)
				for (n = 68; n && h[n] != ' '; n--)
					;
			fprintf(f, " %.*s\n", (int)(n ? n : strlen(h)), h);
			h += n ? n : strlen(h);
			while (*h == ' ')
				h++;
			if (*h)
				fprintf(f, "          ");
		}
	}
	fputs("options are spelled with hyphens (--budget-ms); underscores work too (--budget_ms).\n"
	      "paths on the host may be relative: they are taken from the working directory.\n"
	      "labels: 1-64 of [A-Za-z0-9._-], not starting with '.' or '-'; -- before labels is fine.\n"
	      "exit codes, every command: 0 done; 1 a file that cannot be read or written; 2 usage;\n"
	      "  6 bad or incomplete data (each case named on stderr); run and native also 3 panic,\n"
	      "  4 hang, 5 no records (parse and import too), 7 launcher, 130 interrupted.\n", f);
	fputs(IB_RESULTS_HELP, f);
}

static int cmd_help(int argc, char **argv)
{
	char *help[] = { NULL, "--help", NULL };

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
		argc = 1;

	for (size_t i = 0; argc > 1 && i < NCMDS; i++)
		if (!strcmp(argv[1], cmds[i].name) && cmds[i].fn != cmd_help) {
			help[0] = argv[1];
			return cmds[i].fn(2, help);
		}
	if (argc > 1) {
		fprintf(stderr, "initbench help: unknown command '%s'\n", argv[1]);
		usage(stderr);
		return IB_EXIT_USAGE;
	}
	usage(stdout);
	return 0;
}

static int cmd_version(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: initbench version (or initbench --version)\n"
		       "  prints initbench VERSION-gCOMMIT: the VERSION file and the commit built\n");
		return 0;
	}
	printf("initbench %s\n", IB_SUITE_VERSION);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return IB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cmd_help(1, argv);
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return cmd_version(0, NULL);
	for (size_t i = 0; i < NCMDS; i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "initbench: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return IB_EXIT_USAGE;
}
