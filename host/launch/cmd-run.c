/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-run.c - `initbench run` and `initbench native`: their options, the image, suite and
 * kernel they are given, then the boots (cli-boot.h). Exit codes: runopts.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "host/boot/fsimage.h"
#include "host/boot/kernel.h"
#include "host/launch/campaign.h"
#include "host/launch/cli-boot.h"
#include "host/launch/runopts.h"
#include "host/lib/cli-paths.h"

#define STR(x) #x
#define XSTR(x) STR(x)

static const char exit_help[] =
	"  exit: 0 done, 2 usage, 3 panic, 4 hang/timeout, 5 no records, 6 incomplete,\n"
	"        7 launcher failed to start, 8 host CPU held by another run (--no-wait),\n"
	"        1 host I/O error, 130 interrupted (worst boot wins)\n";

static void run_usage(FILE *f)
{
	fputs("usage: initbench run --kernel PATH|uml [--runs N] [--label NAME]\n"
	      "         [--accel auto|kvm|tcg] [--append \"WORDS\"] [--mem MB] [--timeout S]\n"
	      "         [--probe-s S] [--host-cpu CPU|any|-1] [--no-wait] [--image PATH]\n"
	      "         [--results DIR] [--seed S] [--log-max MiB] [--smp N]\n"
	      "         [--disk [ro:][virtio:|nvme:]FILE] [--dry-run] [-v|--verbose] [--KNOB VALUE]...\n"
	      "       initbench run --variant NAME:KERNEL[:APPEND] --variant NAME2:KERNEL2[:APPEND2]...\n"
	      "         [--runs B] [--seed S] [other run options]   (B blocks, interleaved, default 5)\n"
	      "         [--until-mde PCT [--max-runs N]]   (instead of --runs: blocks until every\n"
	      "         row of compare could detect PCT %, at most N blocks, default 20)\n"
	      "  boots the kernel with the image (default: beside initbench, else\n"
	      "  PREFIX/lib/initbench/initramfs.cpio.gz) and stores boot N in RESULTS/LABEL/N.\n"
	      "  --dry-run: print each boot's launcher command line (shell-quoted, one per boot, in\n"
	      "    campaign order) and exit 0; nothing is booted or stored.\n"
	      "  --host-cpu: the host CPU QEMU/UML is pinned to (default " XSTR(CONFIG_IB_HOST_CPU) "), locked for the whole\n"
	      "    run: a run finding it held by another waits, saying who holds it (--no-wait:\n"
	      "    refused, exit 8); any: the first free CPU; -1: unpinned, no lock, and every\n"
	      "    boot's results.json says so (lock files in /run/lock/initbench, else\n"
	      "    $TMPDIR/initbench-lock, or $INITBENCH_LOCK_DIR).\n"
	      "  --smp N: a QEMU guest with N virtual CPUs (1.." XSTR(IB_SMP_MAX) "; default 1, under\n"
	      "    --accel kvm the host's CPUs up to " XSTR(IB_SMP_KVM_CAP) "); QEMU is pinned to N host CPUs from\n"
	      "    --host-cpu on, each locked; UML has one CPU and refuses N > 1.\n"
	      "  options are spelled with hyphens; the underscore spelling (--probe_s) works too.\n"
	      "  --fs ext4|xfs|vfat: the file benchmarks on a fresh disk of that file system, made\n"
	      "    per boot with mkfs on the host, attached, mounted by PID 1 on /mnt/fs (ext4 for\n"
	      "    lmbench's tables); --fs tmpfs: on a fresh tmpfs; without: the image's /tmp.\n"
	      "  guest knobs (initbench.KNOB=VALUE on the kernel command line; a PATH is in the\n"
	      "  guest, so it starts with /):\n", f);
	ib_runopts_print_knobs(f, 0);
	fputs(IB_RESULTS_HELP, f);
	fputs(exit_help, f);
}

static void native_usage(FILE *f)
{
	fputs("usage: initbench native [--label NAME] [--suite PATH] [--runs N] [--timeout S]\n"
	      "         [--host-cpu CPU|any|-1] [--no-wait] [--results DIR] [--seed S]\n"
	      "         [--log-max MiB] [--dry-run] [-v|--verbose] [--KNOB VALUE]...\n"
	      "  runs the suite (default: bench/ibsuite beside initbench, else\n"
	      "  PREFIX/lib/initbench/bench/ibsuite) on this host, stored as RESULTS/LABEL/N\n"
	      "  (label native); --hello and --hello-dyn default to its bench/ib-hello and\n"
	      "  bench/ib-hello-dyn (which needs musl's loader on this host: Debian's musl),\n"
	      "  --macro_dir to its macro/tree when the build made one (CONFIG_IB_MACRO).\n"
	      "  --dry-run: print each run's suite command line (shell-quoted) and exit 0.\n"
	      "  options are spelled with hyphens; the underscore spelling (--budget_ms) works too.\n"
	      "  --fs TYPE: the file benchmarks skip unless --fsdir holds a TYPE file system.\n"
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

/* UML is one CPU: a --smp above 1 is refused, the Kconfig default quietly becomes 1 */
static int uml_smp_ok(struct ib_run_opts *o, int kind)
{
	if (kind != IB_KERNEL_UML || o->smp <= 1)
		return 1;
	if (!o->smp_set) {
		o->smp = 1;
		return 1;
	}
	fprintf(stderr, "initbench run: --smp %u: UML has one CPU (boot a QEMU kernel for an SMP "
		"guest)\n", o->smp);
	return 0;
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
	for (unsigned i = 0; i < c.nvariants; i++)
		if (!uml_smp_ok(&vo[i], kind[i])) {
			ib_campaign_free(&c);
			return IB_EXIT_USAGE;
		}
	rc = ib_run_campaign(&c, vo, kind);
	ib_campaign_free(&c);
	return rc;
}

/* --fs with a disk: its mkfs must be here before the first boot (fsimage.h) */
static int fs_tool_ok(const struct ib_run_opts *o)
{
	const char *type = ib_runopts_knob_value(o, "fs"), *pkg = "";
	char tool[PATH_MAX];

	if (!ib_fsimage_needs_disk(type) || ib_fsimage_tool(type, tool, sizeof(tool), &pkg) == 0)
		return 1;
	fprintf(stderr, "initbench run: --fs %s makes its disk with mkfs.%s, which is missing: "
		"apt-get install %s\n", type, type, pkg);
	return 0;
}

int ib_cmd_run(int argc, char **argv)
{
	struct ib_run_opts o;
	char err[PATH_MAX + 128];
	int kind, rc;

	ib_runopts_init(&o, 0);
	rc = parse_or_usage(&o, "run", argc, argv);
	if (rc >= 0)
		return rc;
	if (!fs_tool_ok(&o))
		return IB_EXIT_USAGE;
	if (o.nvariants)
		return image_ok(&o) ? cmd_campaign(&o) : IB_EXIT_USAGE;
	/* the kernel first: it is what the user named, the image usually a default */
	kind = ib_kernel_kind(o.kernel, err, sizeof(err));
	if (kind == IB_KERNEL_BAD) {
		fprintf(stderr, "initbench run: %s\n", err);
		return IB_EXIT_USAGE;
	}
	if (!uml_smp_ok(&o, kind) || !image_ok(&o))
		return IB_EXIT_USAGE;
	o.kernel = absolute(o.kernel);
	if (!o.label)
		o.label = kind == IB_KERNEL_UML ? "uml" : "default";
	return ib_run_boots(&o, kind, kind == IB_KERNEL_UML ? "uml" : "qemu");
}

int ib_cmd_native(int argc, char **argv)
{
	/* the suite's defaults, /bin/ib-hello and /bin/ib-hello-dyn, are the image's: natively
	 * ours are beside us */
	static const struct { const char *knob, *rel, *opt; } own[] = {
		{ "hello", "bench/ib-hello", "--hello PATH" },
		{ "hello_dyn", "bench/ib-hello-dyn", "--hello-dyn PATH" },
	};
	struct ib_run_opts o;
	const char *hello;
	int rc;

	ib_runopts_init(&o, 1);
	rc = parse_or_usage(&o, "native", argc, argv);
	if (rc >= 0)
		return rc;
	if (!(o.suite = own_file("native", o.suite, "bench/ibsuite", "--suite PATH")))
		return IB_EXIT_USAGE;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
		if (ib_runopts_has_knob(&o, own[i].knob))
			continue;
		if (!(hello = own_file("native", NULL, own[i].rel, own[i].opt)))
			return IB_EXIT_USAGE;
		ib_runopts_set_knob(&o, own[i].knob, hello);
	}
	/* likewise the compile workload's tree: the build's macro/tree, when it made one */
	if (!ib_runopts_has_knob(&o, "macro_dir")) {
		char err[2 * PATH_MAX + 64];
		char *tree = ib_installed_file(ib_exe_dir(), "macro/tree", err, sizeof(err));

		if (tree)
			ib_runopts_set_knob(&o, "macro_dir", tree);
	}
	return ib_run_boots(&o, 0, "native");
}
