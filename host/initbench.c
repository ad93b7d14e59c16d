/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * initbench.c - the host CLI: one table of commands, `run` and `native` here (their boots
 * in cli-boot.c), `report` and `parse` in the result store (report/results.h). Launching
 * is in boot/ and qemu/; what a boot stores and the exit codes are in docs/launch.md and
 * host/launch/runopts.h; where files and results are found, host/lib/cli-paths.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/launch/cli-boot.h"
#include "host/lib/cli-paths.h"
#include "config_hash.h"
#include "report/results.h"
#include "host/launch/runopts.h"
#include "host/boot/kernel.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static int cmd_run(int argc, char **argv);
static int cmd_native(int argc, char **argv);
static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

/* what each command reads, then what it does: the first thing a user has to match */
static const struct cmd cmds[] = {
	{ "run", cmd_run, "boot a kernel file (bzImage, arm64 Image, a build directory, or uml) "
	  "with the image; store each boot" },
	{ "native", cmd_native, "run the suite on this host; store it like a boot (label native)" },
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
	{ "help", cmd_help, "this list; help COMMAND: that command's options" },
	{ "version", cmd_version, "print the version (VERSION plus the commit it was built from)" },
};

#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static const char exit_help[] =
	"  exit: 0 done, 2 usage, 3 panic, 4 hang/timeout, 5 no records, 6 incomplete,\n"
	"        7 launcher failed to start, 1 host I/O error, 130 interrupted (worst boot wins)\n";

static void run_usage(FILE *f)
{
	fputs("usage: initbench run --kernel PATH|uml [--runs N] [--label NAME]\n"
	      "         [--accel auto|kvm|tcg] [--append \"WORDS\"] [--mem MB] [--timeout S]\n"
	      "         [--probe-s S] [--host-cpu CPU|-1] [--image PATH] [--results DIR]\n"
	      "         [--seed S] [--log-max MiB] [--disk [ro:][virtio:|nvme:]FILE]\n"
	      "         [--dry-run] [-v|--verbose] [--KNOB VALUE]...\n"
	      "       initbench run --variant NAME:KERNEL[:APPEND] --variant NAME2:KERNEL2[:APPEND2]...\n"
	      "         [--runs B] [--seed S] [other run options]   (B blocks, interleaved, default 5)\n"
	      "  boots the kernel with the image (default: beside initbench, else\n"
	      "  PREFIX/lib/initbench/initramfs.cpio.gz) and stores boot N in RESULTS/LABEL/N.\n"
	      "  --dry-run: print each boot's launcher command line (shell-quoted, one per boot, in\n"
	      "    campaign order) and exit 0; nothing is booted or stored.\n"
	      "  options are spelled with hyphens; the underscore spelling (--probe_s) works too.\n"
	      "  guest knobs (initbench.KNOB=VALUE on the kernel command line; a PATH is in the\n"
	      "  guest, so it starts with /):\n", f);
	ib_runopts_print_knobs(f, 0);
	fputs(IB_RESULTS_HELP, f);
	fputs(exit_help, f);
}

static void native_usage(FILE *f)
{
	fputs("usage: initbench native [--label NAME] [--suite PATH] [--runs N] [--timeout S]\n"
	      "         [--host-cpu CPU|-1] [--results DIR] [--seed S] [--log-max MiB]\n"
	      "         [--dry-run] [-v|--verbose] [--KNOB VALUE]...\n"
	      "  runs the suite (default: bench/ibsuite beside initbench, else\n"
	      "  PREFIX/lib/initbench/bench/ibsuite) on this host, stored as RESULTS/LABEL/N\n"
	      "  (label native); --hello defaults to its bench/ib-hello.\n"
	      "  --dry-run: print each run's suite command line (shell-quoted) and exit 0.\n"
	      "  options are spelled with hyphens; the underscore spelling (--budget_ms) works too.\n"
	      "  suite knobs (--KNOB=VALUE for the suite; a relative PATH is taken from here):\n", f);
	ib_runopts_print_knobs(f, 1);
	fputs(IB_RESULTS_HELP, f);
	fputs(exit_help, f);
}

static int parse_or_usage(struct ib_run_opts *o, const char *cmd, int argc, char **argv)
{
	void (*usage)(FILE *) = o->native ? native_usage : run_usage;
	char err[512];
	int rc = ib_runopts_parse(o, argc - 1, argv + 1, err, sizeof(err));

	if (rc == 1) {
		usage(stdout);
		return 0;
	}
	if (rc < 0) {
		fprintf(stderr, "initbench %s: %s (initbench %s --help)\n", cmd, err, cmd);
		return IB_EXIT_USAGE;
	}
	if (getenv("V") && !strcmp(getenv("V"), "1"))
		o->verbose = 1;
	o->results = ib_results_dir(o->results);
	if (!o->results) {
		fprintf(stderr, "initbench %s: out of memory\n", cmd);
		return IB_EXIT_HOSTIO;
	}
	return -1;
}

/* the stored command line must work from any directory */
static const char *absolute(const char *path)
{
	char *r = realpath(path, NULL);

	return r ? r : path;
}

/* the image, the suite or ib-hello: given, else beside initbench or installed */
static const char *own_file(const char *cmd, const char *given, const char *rel,
			    const char *opt)
{
	char err[2 * PATH_MAX + 64];
	char *path;

	if (given)
		return given;
	path = ib_installed_file(ib_exe_dir(), rel, err, sizeof(err));
	if (!path)
		fprintf(stderr, "initbench %s: %s (give %s)\n", cmd, err, opt);
	return path;
}

static int image_ok(struct ib_run_opts *o)
{
	if (!(o->image = own_file("run", o->image, "initramfs.cpio.gz", "--image PATH")))
		return 0;
	if (access(o->image, R_OK) < 0) {
		fprintf(stderr, "initbench run: image %s: %s\n", o->image, strerror(errno));
		return 0;
	}
	o->image = absolute(o->image);
	return 1;
}

/* --variant: every variant is checked before the first boot (campaign.h) */
static int cmd_campaign(struct ib_run_opts *o)
{
	static struct ib_campaign c;
	static struct ib_run_opts vo[IB_MAX_VARIANTS];
	int kind[IB_MAX_VARIANTS], rc;
	char err[PATH_MAX + 128];

	rc = ib_campaign_setup(&c, o, vo, kind, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "initbench run: %s\n", err);
		return rc < -1 ? IB_EXIT_HOSTIO : IB_EXIT_USAGE;
	}
	rc = ib_run_campaign(&c, vo, kind);
	ib_campaign_free(&c);
	return rc;
}

static int cmd_run(int argc, char **argv)
{
	struct ib_run_opts o;
	char err[PATH_MAX + 128];
	int kind, rc;

	ib_runopts_init(&o, 0);
	rc = parse_or_usage(&o, "run", argc, argv);
	if (rc >= 0)
		return rc;
	if (o.nvariants)
		return image_ok(&o) ? cmd_campaign(&o) : IB_EXIT_USAGE;
	/* the kernel first: it is what the user named, the image usually a default */
	kind = ib_kernel_kind(o.kernel, err, sizeof(err));
	if (kind == IB_KERNEL_BAD) {
		fprintf(stderr, "initbench run: %s\n", err);
		return IB_EXIT_USAGE;
	}
	if (!image_ok(&o))
		return IB_EXIT_USAGE;
	o.kernel = absolute(o.kernel);
	if (!o.label)
		o.label = kind == IB_KERNEL_UML ? "uml" : "default";
	return ib_run_boots(&o, kind, kind == IB_KERNEL_UML ? "uml" : "qemu");
}

static int cmd_native(int argc, char **argv)
{
	struct ib_run_opts o;
	const char *hello;
	int rc;

	ib_runopts_init(&o, 1);
	rc = parse_or_usage(&o, "native", argc, argv);
	if (rc >= 0)
		return rc;
	if (!(o.suite = own_file("native", o.suite, "bench/ibsuite", "--suite PATH")))
		return IB_EXIT_USAGE;
	/* the suite's own default, /bin/ib-hello, is the image's: natively ours is beside us */
	if (!ib_runopts_has_knob(&o, "hello")) {
		if (!(hello = own_file("native", NULL, "bench/ib-hello", "--hello PATH")))
			return IB_EXIT_USAGE;
		ib_runopts_set_knob(&o, "hello", hello);
	}
	return ib_run_boots(&o, 0, "native");
}

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
	      "paths on the host may be relative: they are taken from the working directory.\n", f);
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
