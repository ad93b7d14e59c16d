/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * initbench.c - the host CLI: one table of commands, `run` and `native` here, `report` and
 * `parse` in the result store (report/results.h). Launching is in boot/ and qemu/; what a
 * boot stores and the exit codes are in docs/launch.md and report/runopts.h.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "record.h"
#include "console.h"
#include "kernelpath.h"
#include "uml.h"
#include "qemu.h"
#include "results.h"
#include "progress.h"
#include "runopts.h"
#include "launch.h"
#include "config_hash.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static int cmd_run(int argc, char **argv);
static int cmd_native(int argc, char **argv);
static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const struct cmd cmds[] = {
	{ "run", cmd_run, "boot a kernel (bzImage or arm64 Image under QEMU, or UML) with the image, store each boot" },
	{ "native", cmd_native, "run the suite on this host, stored like a boot (label native)" },
	{ "report", ib_cmd_report, "print the lmbench 2.0 summary of stored boots" },
	{ "parse", ib_cmd_parse, "check one console log's records, write results.json if asked" },
	{ "compare", ib_cmd_compare, "compare variants: ratios with 95% CIs, significance, flags" },
	{ "export", ib_cmd_export, "write CSV, JSON or an HTML report with plots of stored boots" },
	{ "import", ib_cmd_import, "read an lmbench summary (make see) into the store as labels" },
	{ "lava", ib_cmd_lava, "write a LAVA job that boots the image in a lab (import --lava reads its log)" },
	{ "help", cmd_help, "this list" },
	{ "version", cmd_version, "print the version (VERSION plus the commit it was built from)" },
};

static const char run_usage[] =
	"usage: initbench run --kernel PATH|uml [--runs N] [--label NAME] [--accel auto|kvm|tcg]\n"
	"         [--append \"WORDS\"] [--mem MB] [--timeout S] [--probe_s S] [--host_cpu CPU|-1]\n"
	"         [--image PATH] [--results DIR] [--seed S] [--log_max MiB] [-v|V=1] [--KNOB VALUE]...\n"
	"       initbench run --variant NAME:KERNEL[:APPEND] --variant NAME2:KERNEL2[:APPEND2]...\n"
	"         [--runs B] [--seed S] [other run options]   (B blocks, interleaved, default 5)\n"
	"       initbench native [--label NAME] [--suite PATH] [--runs N] [--timeout S]\n"
	"         [--host_cpu CPU|-1] [--results DIR] [--log_max MiB] [-v|V=1] [--KNOB VALUE]...\n"
	"  guest knobs (initbench.KNOB=VALUE on the kernel command line, --KNOB=VALUE natively):\n"
	"    " IB_GUEST_KNOBS "\n"
	"  exit: 0 done, 2 usage, 3 panic, 4 hang/timeout, 5 no records, 6 incomplete,\n"
	"        7 launcher failed to start, 1 host I/O error, 130 interrupted (worst boot wins)\n";

static char exe_dir[PATH_MAX];

/* initbench lives in $(O); the image, the suite and the store default to beside it */
static void find_exe_dir(void)
{
	ssize_t n = readlink("/proc/self/exe", exe_dir, sizeof(exe_dir) - 1);
	char *slash;

	if (n <= 0) {
		strcpy(exe_dir, ".");
		return;
	}
	exe_dir[n] = '\0';
	slash = strrchr(exe_dir, '/');
	if (slash)
		*slash = '\0';
}


static int mkdir_p(const char *path)
{
	char buf[PATH_MAX];

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return -1;
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

/* RESULTS/LABEL/N with N the next free number; the directory is created here */
static char *new_boot_dir(const char *label_dir, unsigned *num)
{
	unsigned long max = 0;
	struct dirent *de;
	DIR *d = opendir(label_dir);

	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		const char *s = de->d_name;

		if (*s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 10 &&
		    strtoul(s, NULL, 10) > max)
			max = strtoul(s, NULL, 10);
	}
	closedir(d);
	for (unsigned long n = max + 1; n < max + 100; n++) {
		char *dir = ib_strf("%s/%lu", label_dir, n);

		if (mkdir(dir, 0755) == 0) {
			*num = (unsigned)n;
			return dir;
		}
		free(dir);
		if (errno != EEXIST)
			return NULL;
	}
	return NULL;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0 || fclose(f) != 0) {
		fprintf(stderr, "initbench: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* ---- one boot ---- */

static void say_boot(const struct ib_run_ctx *rc, unsigned i)
{
	if (rc->camp)
		fprintf(stderr, "initbench: boot %u/%u variant=%s (block %u)", rc->pos,
			rc->camp->nboots, rc->o->label, rc->camp->boot[rc->pos - 1].block);
	else
		fprintf(stderr, "initbench: boot %u/%u label=%s", i, rc->o->runs, rc->o->label);
}

static void say_outcome(const struct ib_run_ctx *rc, unsigned i, const char *what,
			const struct ib_console_result *r, int verdict, const char *launcher)
{
	const struct ib_run_opts *o = rc->o;

	say_boot(rc, i);
	fprintf(stderr, ": %s (exit %d) after %.1f s, ended by %s",
		ib_verdict_name(verdict), verdict, r->wall_s, ib_ended_by_name(r->ended_by));
	if (r->first_byte_s >= 0)
		fprintf(stderr, ", first byte at %.2f s", r->first_byte_s);
	fprintf(stderr, "\n");
	if (verdict == IB_EXIT_LAUNCHER) {
		if (r->pin_failed)
			fprintf(stderr, "initbench: cannot pin %s to host CPU %d: %s "
				"(try --host_cpu -1 or another CPU)\n", what, r->host_cpu,
				strerror(r->spawn_errno));
		else if (r->spawn_errno)
			fprintf(stderr, "initbench: cannot start %s: %s\n", what,
				strerror(r->spawn_errno));
		else if (r->exited)
			fprintf(stderr, "initbench: %s exited %d with no console output%s%s\n",
				launcher, r->exit_code, r->last_err[0] ? ": " : "", r->last_err);
		else
			fprintf(stderr, "initbench: %s died of %s with no console output%s%s\n",
				launcher, strsignal(r->term_signal), r->last_err[0] ? ": " : "",
				r->last_err);
	} else if (r->ended_by == IB_END_FLOOD) {
		fprintf(stderr, "initbench: the console log reached %u MiB (--log_max): %s was "
			"stopped and the log ends there\n", o->log_max_mb, launcher);
	} else if (r->ended_by == IB_END_NOINIT) {
		fprintf(stderr, "initbench: the kernel could not run the image's init (\"%s\"): "
			"the image needs an executable /init, or rdinit= naming one\n", r->noinit);
	} else if (verdict == IB_EXIT_NORECORDS && r->first_byte_s < 0 && r->ended_by == IB_END_EXIT &&
		   rc->kind) {
		/* a kernel that resets before its console (a triple fault: QEMU's -no-reboot
		 * exits 0) leaves nothing to read; say where to look */
		fprintf(stderr, "initbench: %s ended after %.1f s without a console byte: the kernel "
			"stopped or reset before its console came up (too little memory for it: "
			"--mem %u? a kernel built for another machine?)\n", launcher, r->wall_s,
			o->mem_mb);
	} else if (verdict == IB_EXIT_HANG && r->ended_by == IB_END_NOOUTPUT) {
		fprintf(stderr, "initbench: KVM guest printed nothing within %g s "
			"(--accel kvm: no fallback); try --accel auto or tcg\n", o->probe_s);
	}
}

static int boot_one(struct ib_run_ctx *rc, unsigned i, unsigned *stored)
{
	struct ib_run_opts *o = rc->o;
	struct ib_argv argv = { 0 }, env = { 0 };
	struct ib_console_opts co;
	struct ib_console_result r;
	struct ib_progress prog = { 0, 0 };
	char uml_tmp[PATH_MAX] = "", *dir, *log, *json, *cmdtxt, *probe_log, *q;
	int crc, prc, verdict;
	unsigned num;
	time_t started = time(NULL);
	json_t *launch;

	dir = new_boot_dir(rc->label_dir, &num);
	if (!dir) {
		fprintf(stderr, "initbench: cannot make a boot directory in %s: %s\n",
			rc->label_dir, strerror(errno));
		return IB_EXIT_HOSTIO;
	}
	log = ib_strf("%s/console.log", dir);
	json = ib_strf("%s/results.json", dir);
	cmdtxt = ib_strf("%s/command.txt", dir);
	probe_log = ib_strf("%s/kvm-probe.log", dir);
	*stored = num;
	ib_runopts_knob_words(o, rc->knobs, sizeof(rc->knobs));
	ib_launch_kernel_config(rc, dir);
	say_boot(rc, i);
	fprintf(stderr, " %s %s -> %s\n", rc->launcher, rc->kind ? o->kernel : o->suite, dir);

	memset(&co, 0, sizeof(co));
	co.host_cpu = o->host_cpu;
	co.timeout_s = o->timeout_s;
	co.log_max = (unsigned long long)o->log_max_mb << 20;
	co.on_line = ib_progress_line;
	co.ctx = &prog;
	co.verbose = o->verbose;
	co.log_path = log;
	if (rc->kind == IB_KERNEL_BZIMAGE || rc->kind == IB_KERNEL_IMAGE) {
		struct ib_qemu_cfg qc = {
			.kernel = o->kernel, .image = o->image, .mem_mb = o->mem_mb,
			.knobs = rc->knobs, .append = o->append, .accel = o->accel,
			.probe_s = o->probe_s, .log = log, .probe_log = probe_log,
			.disk = o->disk, .disk_if = o->disk_if, .disk_ro = o->disk_ro,
		};

		crc = ib_qemu_boot(&qc, &co, &rc->accel, &r, &argv);
	} else {
		if (rc->kind == IB_KERNEL_UML) {
			struct ib_uml_cfg uc = {
				.kernel = o->kernel, .image = o->image, .mem_mb = o->mem_mb,
				.knobs = rc->knobs, .append = o->append, .tmpdir = uml_tmp,
				.disk = o->disk, .disk_ro = o->disk_ro,
			};

			if (ib_uml_tmpdir(uml_tmp, sizeof(uml_tmp)) < 0)
				return IB_EXIT_HOSTIO;
			ib_uml_argv(&uc, &argv, &env);
		} else {
			ib_argv_push(&argv, o->suite);
			ib_argv_push(&argv, "--mode=native");
			for (unsigned k = 0; k < o->nknobs; k++)
				ib_argv_pushf(&argv, "--%s=%s", o->knob[k].name, o->knob[k].value);
			if (o->seed_set)
				ib_argv_pushf(&argv, "--seed=%lu", o->seed);
		}
		co.argv = argv.v;
		co.env = env.v;
		crc = ib_console_run(&co, &r);
		if (uml_tmp[0])
			ib_uml_tmpdir_remove(uml_tmp);
	}
	q = ib_argv_quote(argv.v);
	if (write_text(cmdtxt, q) < 0)
		crc = -1;
	free(q);

	prc = -1;
	if (access(log, F_OK) == 0) {
		/* what the launcher side alone decides; 0 means "up to the records" */
		verdict = ib_boot_verdict(&r, crc, IB_LOG_COMPLETE);
		launch = ib_launch_json(rc, num, argv.v, &r, access(probe_log, F_OK) ? NULL : probe_log,
				     verdict, started);
		prc = ib_results_from_log(log, json, launch);
		json_decref(launch);
	}
	verdict = ib_boot_verdict(&r, crc, prc);
	say_outcome(rc, i, argv.v[0], &r, verdict, rc->launcher);
	ib_argv_free(&argv);
	ib_argv_free(&env);
	free(dir);
	free(log);
	free(json);
	free(cmdtxt);
	free(probe_log);
	return verdict;
}

static int ctx_init(struct ib_run_ctx *rc, struct ib_run_opts *o, int kind, const char *launcher)
{
	memset(rc, 0, sizeof(*rc));
	rc->o = o;
	rc->kind = kind;
	rc->launcher = launcher;
	rc->label_dir = ib_strf("%s/%s", o->results, o->label);
	if (mkdir_p(rc->label_dir) < 0) {
		fprintf(stderr, "initbench: cannot create %s: %s\n", rc->label_dir, strerror(errno));
		free(rc->label_dir);
		return -1;
	}
	return 0;
}

static int stops_all(int verdict)
{
	return verdict == IB_EXIT_LAUNCHER || verdict == IB_EXIT_HOSTIO ||
	       verdict == IB_EXIT_INTERRUPT;
}

static int run_boots(struct ib_run_opts *o, int kind, const char *launcher)
{
	struct ib_run_ctx rc;
	unsigned stored;
	int worst = 0;

	if (ctx_init(&rc, o, kind, launcher) < 0)
		return IB_EXIT_HOSTIO;
	ib_console_catch_signals();
	for (unsigned i = 1; i <= o->runs; i++) {
		int v = boot_one(&rc, i, &stored);

		if (v > worst)
			worst = v;
		if (stops_all(v))
			break;
	}
	free(rc.label_dir);
	return worst;
}

/*
 * A campaign: one run_ctx (and one copy of the options) per variant, boots in the order of
 * ib_campaign_plan(); the campaign file is written before the first boot and after each.
 */
static int run_campaign(struct ib_campaign *c, struct ib_run_opts *vo, const int *kind)
{
	struct ib_run_ctx *rc = calloc(c->nvariants, sizeof(*rc));
	struct ib_accel_state accel = { 0 };
	int worst = 0;
	unsigned made = 0;

	if (!rc || mkdir_p(vo[0].results) < 0 || ib_campaign_create(c, vo[0].results) < 0) {
		free(rc);
		return IB_EXIT_HOSTIO;
	}
	for (; made < c->nvariants; made++)
		if (ctx_init(&rc[made], &vo[made], kind[made],
			     kind[made] == IB_KERNEL_UML ? "uml" : "qemu") < 0) {
			worst = IB_EXIT_HOSTIO;
			break;
		}
	fprintf(stderr, "initbench: campaign %s: %u variants x %u blocks, seed %llu -> %s\n",
		c->id, c->nvariants, c->blocks, (unsigned long long)c->seed, c->path);
	ib_console_catch_signals();
	for (unsigned p = 0; made == c->nvariants && p < c->nboots; p++) {
		struct ib_campaign_boot *b = &c->boot[p];
		struct ib_run_ctx *r = &rc[b->variant];
		int v;

		r->camp = c;
		r->pos = p + 1;
		r->accel = accel;   /* one KVM/TCG decision for every variant */
		r->o->seed = b->boot_seed;
		r->o->seed_set = 1;
		v = boot_one(r, b->boot, &b->stored);
		accel = r->accel;
		b->verdict = v;
		if (ib_campaign_write(c) < 0 && v < IB_EXIT_HOSTIO)
			v = IB_EXIT_HOSTIO;
		if (v > worst)
			worst = v;
		if (stops_all(v))
			break;
	}
	for (unsigned i = 0; i < made; i++)
		free(rc[i].label_dir);
	free(rc);
	return worst;
}

static int parse_or_usage(struct ib_run_opts *o, const char *cmd, int argc, char **argv)
{
	char err[512];
	int rc = ib_runopts_parse(o, argc - 1, argv + 1, err, sizeof(err));

	if (rc == 1) {
		fputs(run_usage, stdout);
		return 0;
	}
	if (rc < 0) {
		fprintf(stderr, "initbench %s: %s\n%s", cmd, err, run_usage);
		return IB_EXIT_USAGE;
	}
	if (getenv("V") && !strcmp(getenv("V"), "1"))
		o->verbose = 1;
	if (!o->results)
		o->results = ib_strf("%s/results", exe_dir);
	return -1;
}

/* the stored command line must work from any directory */
static const char *absolute(const char *path)
{
	char *r = realpath(path, NULL);

	return r ? r : path;
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
	rc = run_campaign(&c, vo, kind);
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
	if (!o.image)
		o.image = ib_strf("%s/initramfs.cpio.gz", exe_dir);
	if (o.nvariants) {
		if (access(o.image, R_OK) < 0) {
			fprintf(stderr, "initbench run: image %s: %s\n", o.image, strerror(errno));
			return IB_EXIT_USAGE;
		}
		o.image = absolute(o.image);
		return cmd_campaign(&o);
	}
	kind = ib_kernel_kind(o.kernel, err, sizeof(err));
	if (kind != IB_KERNEL_BAD)
		o.kernel = absolute(o.kernel);
	if (kind == IB_KERNEL_BAD) {
		fprintf(stderr, "initbench run: %s\n", err);
		return IB_EXIT_USAGE;
	}
	if (access(o.image, R_OK) < 0) {
		fprintf(stderr, "initbench run: image %s: %s\n", o.image, strerror(errno));
		return IB_EXIT_USAGE;
	}
	o.image = absolute(o.image);
	if (!o.label)
		o.label = kind == IB_KERNEL_UML ? "uml" : "default";
	return run_boots(&o, kind, kind == IB_KERNEL_UML ? "uml" : "qemu");
}

static int cmd_native(int argc, char **argv)
{
	struct ib_run_opts o;
	int rc;

	ib_runopts_init(&o, 1);
	rc = parse_or_usage(&o, "native", argc, argv);
	if (rc >= 0)
		return rc;
	if (!o.suite)
		o.suite = ib_strf("%s/bench/ibsuite", exe_dir);
	else if (strchr(o.suite, '/'))
		o.suite = absolute(o.suite);
	return run_boots(&o, 0, "native");
}

static void usage(FILE *f)
{
	fprintf(f, "usage: initbench COMMAND [ARGS]   (initbench COMMAND --help for its options)\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-8s %s\n", cmds[i].name, cmds[i].help);
}

static int cmd_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	usage(stdout);
	return 0;
}

static int cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("initbench %s\n", IB_SUITE_VERSION);
	return 0;
}

int main(int argc, char **argv)
{
	find_exe_dir();
	if (argc < 2) {
		usage(stderr);
		return IB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cmd_help(0, NULL);
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return cmd_version(0, NULL);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "initbench: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return IB_EXIT_USAGE;
}
