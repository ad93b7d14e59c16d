/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli-boot.c - one boot after another, or a campaign's, each stored (cli-boot.h); the
 * progress a user watches meanwhile is progress.c's.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "host/launch/cli-boot.h"
#include "host/lib/hostutil.h"
#include "host/boot/fsimage.h"
#include "host/lib/safeio.h"
#include "host/boot/kernel.h"
#include "host/launch/progress.h"
#include "host/boot/qemu.h"
#include "report/results.h"
#include "host/boot/uml.h"
#include "host/lib/argv.h"
#include "host/launch/cpulock.h"
#include "host/launch/untilmde.h"

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
				"(try --host-cpu -1 or another CPU)\n", what, r->host_cpu,
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
		fprintf(stderr, "initbench: the console log reached %u MiB (--log-max): %s was "
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


void ib_boot_argv(const struct ib_run_ctx *rc, int use_kvm, const char *uml_tmp,
		  struct ib_argv *argv, struct ib_argv *env)
{
	const struct ib_run_opts *o = rc->o;

	if (rc->kind == IB_KERNEL_BZIMAGE || rc->kind == IB_KERNEL_IMAGE) {
		struct ib_qemu_cfg qc = {
			.kernel = o->kernel, .image = o->image, .mem_mb = o->mem_mb,
			.smp = o->smp, .knobs = rc->knobs, .append = o->append, .accel = o->accel,
			.probe_s = o->probe_s, .disk = o->disk, .disk_if = o->disk_if,
			.disk_ro = o->disk_ro, .fs_disk = rc->fs_img[0] ? rc->fs_img : NULL,
		};

		ib_qemu_argv(&qc, use_kvm, argv);
	} else if (rc->kind == IB_KERNEL_UML) {
		struct ib_uml_cfg uc = {
			.kernel = o->kernel, .image = o->image, .mem_mb = o->mem_mb,
			.knobs = rc->knobs, .append = o->append, .tmpdir = uml_tmp,
			.disk = o->disk, .disk_ro = o->disk_ro,
			.fs_disk = rc->fs_img[0] ? rc->fs_img : NULL,
		};

		ib_uml_argv(&uc, argv, env);
	} else {
		/* the suite's own spelling of its knobs: --budget_ms=, as in its table */
		ib_argv_push(argv, o->suite);
		ib_argv_push(argv, "--mode=native");
		for (unsigned k = 0; k < o->nknobs; k++)
			ib_argv_pushf(argv, "--%s=%s", o->knob[k].name, o->knob[k].value);
		if (o->seed_set)
			ib_argv_pushf(argv, "--seed=%lu", o->seed);
	}
}

/* what KVM decision a boot would get, without the probe (that needs a boot) */
static int dry_kvm(struct ib_run_ctx *rc)
{
	struct ib_qemu_cfg qc = { .kernel = rc->o->kernel };
	char why[256];

	if (!strcmp(rc->o->accel, "tcg"))
		return 0;
	if (!strcmp(rc->o->accel, "kvm"))
		return 1;
	if (ib_arch_kvm_usable(ib_qemu_arch(&qc), why, sizeof(why)) &&
	    ib_kvm_check(why, sizeof(why)) == 0) {
		if (!rc->accel.decided)
			fprintf(stderr, "initbench: dry run, --accel auto: KVM shown; a real run "
				"first probes it (%g s for a first byte) and falls back to -accel "
				"tcg\n", rc->o->probe_s);
		rc->accel.decided = 1;
		return 1;
	}
	return 0;
}

static int dry_boot(struct ib_run_ctx *rc)
{
	struct ib_argv argv = { 0 }, env = { 0 };
	char *q;

	rc->knobs[0] = '\0';
	ib_runopts_knob_words(rc->o, rc->knobs, sizeof(rc->knobs));
	ib_launch_kernel_config(rc, NULL);
	rc->fs_img[0] = '\0';
	if (rc->kind && ib_fsimage_needs_disk(ib_runopts_knob_value(rc->o, "fs")))
		snprintf(rc->fs_img, sizeof(rc->fs_img), "%s/N/fs.img", rc->label_dir);
	ib_boot_argv(rc, rc->kind && dry_kvm(rc), NULL, &argv, &env);
	q = ib_argv_quote(argv.v);
	printf("%s\n", q);
	free(q);
	ib_argv_free(&argv);
	ib_argv_free(&env);
	return 0;
}

static void progress_start(struct ib_run_ctx *rc, unsigned i, struct ib_progress *p)
{
	memset(p, 0, sizeof(*p));
	p->tty = isatty(2) && !rc->o->verbose;
	p->boot = rc->camp ? rc->pos : i;
	p->nboots = rc->camp ? rc->camp->nboots : rc->o->runs;
	p->label = rc->o->label;
	p->block = rc->camp ? rc->camp->boot[rc->pos - 1].block : 0;
	p->est_s = rc->est_s;
	p->t0 = ib_progress_now();
}

/* UML that cannot run on this host (uml.h): a launcher failure, said so, not a kernel's */
static int uml_refused(const char *log)
{
	char line[256];

	if (!ib_uml_host_refusal(log, line, sizeof(line)))
		return 0;
	fprintf(stderr, "initbench: UML cannot run on this host: it said \"%s\" before its init "
		"ran: this UML kernel cannot restore this CPU's FPU state through ptrace (Debian's 6.1 "
		"linux.uml hands the host a 2696-byte XSAVE area, the AVX-512 size; a CPU with AMX "
		"needs more): boot under QEMU, or a UML kernel that supports this CPU\n", line);
	return 1;
}

/* the console's callbacks: the progress line, and once a second a look at our host CPU */
struct boot_cb {
	struct ib_progress *prog;
	struct ib_cpuwatch *watch;
	const struct ib_console_result *r;
};

static void cb_line(void *ctx, const char *line, size_t len)
{
	ib_progress_line(((struct boot_cb *)ctx)->prog, line, len);
}

static void cb_tick(void *ctx, int final)
{
	struct boot_cb *b = ctx;

	ib_progress_tick(b->prog, final);
	if (!final)
		ib_cpuwatch_tick(b->watch, b->r->pid);
}

static int boot_one(struct ib_run_ctx *rc, unsigned i, unsigned *stored)
{
	struct boot_cb cb;
	struct ib_run_opts *o = rc->o;
	struct ib_argv argv = { 0 }, env = { 0 };
	struct ib_console_opts co;
	struct ib_console_result r;
	struct ib_progress prog;
	char uml_tmp[PATH_MAX] = "", *dir, *log, *json, *cmdtxt, *probe_log, *q;
	int crc, prc, verdict;
	unsigned num;
	time_t started = time(NULL);
	json_t *launch;

	if (o->dry_run)
		return dry_boot(rc);
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
	rc->knobs[0] = '\0';
	ib_runopts_knob_words(o, rc->knobs, sizeof(rc->knobs));
	ib_launch_kernel_config(rc, dir);
	rc->fs_img[0] = '\0';
	if (rc->kind && ib_fsimage_needs_disk(ib_runopts_knob_value(o, "fs"))) {
		char err[1024];

		/* a fresh file system per boot: every boot starts from the same empty disk */
		snprintf(rc->fs_img, sizeof(rc->fs_img), "%s/fs.img", dir);
		if (ib_fsimage_make(ib_runopts_knob_value(o, "fs"), rc->fs_img, err, sizeof(err))) {
			char *kc = ib_strf("%s/kernel.config", dir);

			fprintf(stderr, "initbench: %s\n", err);
			rc->fs_img[0] = '\0';
			unlink(kc);     /* no boot happened: no boot directory either */
			rmdir(dir);
			free(kc), free(dir), free(log), free(json), free(cmdtxt), free(probe_log);
			return IB_EXIT_HOSTIO;
		}
	}
	progress_start(rc, i, &prog);
	if (!prog.tty) {
		say_boot(rc, i);
		fprintf(stderr, " %s %s -> %s\n", rc->launcher, rc->kind ? o->kernel : o->suite,
			dir);
	}

	memset(&co, 0, sizeof(co));
	co.host_cpu = o->host_cpu;
	co.host_cpus = o->host_cpus;
	co.host_ncpus = o->nhost_cpus;
	co.timeout_s = o->timeout_s;
	co.log_max = (unsigned long long)o->log_max_mb << 20;
	ib_cpuwatch_start(&rc->watch, o->host_cpu);
	ib_hostload_take(&rc->load0, o->host_cpu);
	cb = (struct boot_cb){ &prog, &rc->watch, &r };
	co.on_line = cb_line;
	co.on_tick = cb_tick;
	co.ctx = &cb;
	co.verbose = o->verbose;
	co.log_path = log;
	if (rc->kind == IB_KERNEL_BZIMAGE || rc->kind == IB_KERNEL_IMAGE) {
		struct ib_qemu_cfg qc = {
			.kernel = o->kernel, .image = o->image, .mem_mb = o->mem_mb,
			.smp = o->smp, .knobs = rc->knobs, .append = o->append, .accel = o->accel,
			.probe_s = o->probe_s, .log = log, .probe_log = probe_log,
			.disk = o->disk, .disk_if = o->disk_if, .disk_ro = o->disk_ro,
			.fs_disk = rc->fs_img[0] ? rc->fs_img : NULL,
		};

		crc = ib_qemu_boot(&qc, &co, &rc->accel, &r, &argv);
	} else {
		if (rc->kind == IB_KERNEL_UML && ib_uml_tmpdir(uml_tmp, sizeof(uml_tmp)) < 0)
			return IB_EXIT_HOSTIO;
		ib_boot_argv(rc, 0, uml_tmp, &argv, &env);
		co.argv = argv.v;
		co.env = env.v;
		crc = ib_console_run(&co, &r);
		if (uml_tmp[0])
			ib_uml_tmpdir_remove(uml_tmp);
	}
	ib_hostload_take(&rc->load1, o->host_cpu);
	q = ib_argv_quote(argv.v);
	if (write_text(cmdtxt, q) < 0)
		crc = -1;
	free(q);
	/* the scratch disk is the guest's business only: gone with the boot (launch.fs says
	 * how it was made) */
	if (rc->fs_img[0])
		unlink(rc->fs_img);

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
	if (verdict == IB_EXIT_DONE)
		rc->est_s = r.wall_s;
	say_outcome(rc, i, argv.v[0], &r, verdict, rc->launcher);
	if (rc->kind == IB_KERNEL_UML && verdict != IB_EXIT_DONE && uml_refused(log))
		verdict = IB_EXIT_LAUNCHER;   /* every later boot would end the same */
	if (prog.tty)
		fprintf(stderr, "initbench: stored in %s\n", dir);
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
	rc->est_s = -1;
	if (o->dry_run)
		return 0;
	/* the store may be a link the user chose; a label directory is never one (safeio.h) */
	if (ib_mkdir_p(o->results, 0755) < 0) {
		fprintf(stderr, "initbench: cannot create %s: %s\n", o->results, strerror(errno));
		free(rc->label_dir);
		return -1;
	}
	char err[512];
	int rfd = open(o->results, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int lfd = rfd < 0 ? -1 : ib_subdir_open(rfd, o->results, o->label, 1, err, sizeof(err));

	if (rfd < 0)
		snprintf(err, sizeof(err), "%s: %s", o->results, strerror(errno));
	if (rfd >= 0)
		close(rfd);
	if (lfd < 0) {
		fprintf(stderr, "initbench: %s\n", err);
		free(rc->label_dir);
		return -1;
	}
	close(lfd);
	rc->est_s = ib_progress_estimate(rc->label_dir);
	return 0;
}

/*
 * The host CPUs of the whole run, held until its last boot ends (cpulock.h): o->host_cpu, and
 * for a guest of n > 1 vCPUs the n-CPU set from it (ib_cpuset_from()), each locked. 0 with
 * l[] filled (l[0].fd -1 when unpinned or a dry run), o->host_cpu the first CPU taken and
 * o->host_cpus the set, else the exit code.
 */
static int hold_cpu(struct ib_run_opts *o, unsigned n, struct ib_cpulock *l)
{
	char dir[4096], err[4400];
	int rc;

	memset(l, 0, sizeof(*l));
	l->fd = -1;
	o->nhost_cpus = 0;
	if (o->dry_run || o->host_cpu == -1)
		return 0;
	if (n > 1) {
		cpu_set_t allowed;

		if (sched_getaffinity(0, sizeof(allowed), &allowed) < 0) {
			fprintf(stderr, "initbench: sched_getaffinity: %s\n", strerror(errno));
			return IB_EXIT_HOSTIO;
		}
		if (ib_cpuset_from(&allowed, o->host_cpu, n, o->host_cpus) < n) {
			fprintf(stderr, "initbench: --smp %u needs %u host CPUs to pin to, this run may "
				"use %d (--host-cpu -1: unpinned, the vCPUs then share the host's "
				"CPUs)\n", n, n, CPU_COUNT(&allowed));
			return IB_EXIT_USAGE;
		}
	}
	if (ib_cpulock_dir(dir, sizeof(dir)) < 0) {
		fprintf(stderr, "initbench: no directory for the host CPU lock (/run/lock/initbench, "
			"%s: %s); set INITBENCH_LOCK_DIR\n", dir, strerror(errno));
		return IB_EXIT_HOSTIO;
	}
	if (n > 1)
		rc = ib_cpulock_take_set(dir, o->host_cpus, n, o->no_wait ? IB_CPULOCK_NOWAIT : 0,
					 l, stderr, err, sizeof(err));
	else
		rc = ib_cpulock_take(dir, o->host_cpu, o->no_wait ? IB_CPULOCK_NOWAIT : 0, l,
				     stderr, err, sizeof(err));
	if (rc < 0)
		fprintf(stderr, "initbench: %s\n", err);
	if (rc)
		return rc < 0 ? IB_EXIT_HOSTIO : IB_EXIT_BUSY;
	if (o->host_cpu == IB_CPU_ANY)
		fprintf(stderr, "initbench: --host-cpu any: host CPU %d\n", l->cpu);
	o->host_cpu = l->cpu;
	o->host_cpus[0] = l->cpu;
	o->nhost_cpus = n;
	return 0;
}

static void release_cpus(struct ib_cpulock *l, unsigned n)
{
	for (unsigned i = 0; i < (n ? n : 1); i++)
		ib_cpulock_release(&l[i]);
}

static int stops_all(int verdict)
{
	return verdict == IB_EXIT_LAUNCHER || verdict == IB_EXIT_HOSTIO ||
	       verdict == IB_EXIT_INTERRUPT;
}

int ib_run_boots(struct ib_run_opts *o, int kind, const char *launcher)
{
	struct ib_run_ctx rc;
	static struct ib_cpulock lock[IB_SMP_MAX];
	unsigned stored;
	int worst = 0;

	/* before the label directory: a refused run leaves nothing behind */
	if ((worst = hold_cpu(o, o->smp > 1 ? o->smp : 1, lock)))
		return worst;
	if (ctx_init(&rc, o, kind, launcher) < 0) {
		release_cpus(lock, o->nhost_cpus);
		return IB_EXIT_HOSTIO;
	}
	rc.lock = lock;
	ib_console_catch_signals();
	for (unsigned i = 1; i <= o->runs; i++) {
		int v = boot_one(&rc, i, &stored);

		if (v > worst)
			worst = v;
		if (stops_all(v))
			break;
	}
	release_cpus(lock, o->nhost_cpus);
	free(rc.label_dir);
	return worst;
}

/*
 * A campaign: one run_ctx (and one copy of the options) per variant, boots in the order of
 * ib_campaign_plan(); the campaign file is written before the first boot and after each.
 */
int ib_run_campaign(struct ib_campaign *c, struct ib_run_opts *vo, const int *kind)
{
	struct ib_run_ctx *rc = calloc(c->nvariants, sizeof(*rc));
	struct ib_accel_state accel = { 0 };
	static struct ib_cpulock lock[IB_SMP_MAX];
	int worst = 0, dry = vo[0].dry_run;
	unsigned made = 0, n = 1, held;

	/* as many host CPUs as the biggest guest has vCPUs (a UML variant has one) */
	for (unsigned i = 0; i < c->nvariants; i++)
		n = vo[i].smp > n ? vo[i].smp : n;
	/* before the campaign file: a refused campaign leaves nothing behind */
	if ((worst = hold_cpu(&vo[0], n, lock))) {
		free(rc);
		return worst;
	}
	/* the options are one copy per variant: the set the first took is every variant's, but
	 * a one-CPU variant (UML, its smp made 1 by cmd-run) is pinned to its first CPU only */
	held = vo[0].nhost_cpus;
	for (unsigned i = 0; i < c->nvariants; i++) {
		vo[i].host_cpu = vo[0].host_cpu;
		vo[i].nhost_cpus = vo[i].smp > 1 || !held ? held : 1;
		if (i)
			memcpy(vo[i].host_cpus, vo[0].host_cpus, sizeof(vo[0].host_cpus));
	}

	if (!rc || (!dry && (ib_mkdir_p(vo[0].results, 0755) < 0 ||
			     ib_campaign_create(c, vo[0].results) < 0))) {
		release_cpus(lock, held);
		free(rc);
		return IB_EXIT_HOSTIO;
	}
	for (; made < c->nvariants; made++)
		if (ctx_init(&rc[made], &vo[made], kind[made],
			     kind[made] == IB_KERNEL_UML ? "uml" : "qemu") < 0) {
			worst = IB_EXIT_HOSTIO;
			break;
		}
	if (dry)
		fprintf(stderr, "initbench: campaign (dry run, nothing stored): %u variants x %u "
			"blocks, seed %llu\n", c->nvariants, c->blocks, (unsigned long long)c->seed);
	else
		fprintf(stderr, "initbench: campaign %s: %u variants x %u blocks, seed %llu -> %s\n",
			c->id, c->nvariants, c->blocks, (unsigned long long)c->seed, c->path);
	ib_console_catch_signals();
	for (unsigned p = 0; made == c->nvariants && p < c->nboots; p++) {
		struct ib_campaign_boot *b = &c->boot[p];
		struct ib_run_ctx *r = &rc[b->variant];
		int v;

		r->camp = c;
		r->pos = p + 1;
		r->lock = lock;
		r->accel = accel;   /* one KVM/TCG decision for every variant */
		r->o->seed = b->boot_seed;
		r->o->seed_set = 1;
		v = boot_one(r, b->boot, &b->stored);
		accel = r->accel;
		b->verdict = v;
		if (!dry && ib_campaign_write(c) < 0 && v < IB_EXIT_HOSTIO)
			v = IB_EXIT_HOSTIO;
		if (v > worst)
			worst = v;
		if (stops_all(v))
			break;
		if (!dry && c->until_mde_pct > 0 && (p + 1) % c->nvariants == 0 &&
		    b->block >= 2 && b->block < c->blocks && ib_until_mde_after_block(c, vo[0].results, b->block))
			break;
	}
	if (!dry && c->until_mde_pct > 0 && !c->stopped_after)
		fprintf(stderr, "initbench: --until-mde %g%%: not reached within the %u blocks of "
			"--max-runs; compare the labels for the MDE they give\n", c->until_mde_pct,
			c->blocks);
	for (unsigned i = 0; i < made; i++)
		free(rc[i].label_dir);
	free(rc);
	release_cpus(lock, held);
	return worst;
}
