/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lava.c - `initbench lava`: a LAVA job definition for the image (contract in lava.h,
 * docs/lava.md). The kernel command line is built as `initbench run` builds it, so a lab
 * boot and a local boot of the same options run the same suite.
 */
#define _GNU_SOURCE
#include "report/lava/lava.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "config_hash.h"
#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "host/boot/kernel.h"
#include "host/boot/qemu.h"
#include "bench/lib/knobs.h"
#include "host/launch/runopts.h"
#include "host/lib/safeio.h"
#include "host/lib/sha256.h"
#include "host/lib/argv.h"

static const char *lava_arch(const struct ib_arch *a);

/* ---- timeouts ---- */

static unsigned up_to_minute(unsigned s)
{
	return (s + 59) / 60 * 60;
}

void ib_lava_timeouts(const struct ib_lava_suite *s, int board, struct ib_lava_timeouts *t)
{
	unsigned per_bench = s->timeout_s + IB_LAVA_GRACE_S;
	unsigned runs = (s->benches ? s->benches : 1) * (s->rounds ? s->rounds : 1);
	unsigned boot = board ? 300 : 120;

	t->deploy = board ? 600 : 300;
	t->start = board ? 300 : 120;
	t->boot = up_to_minute(boot > per_bench ? boot : per_bench);
	t->test = up_to_minute(t->start + runs * per_bench);
	t->job = t->deploy + t->boot + t->test + 300;
}

/* ---- the job ---- */

void ib_lava_yaml_quote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

static void minutes(FILE *f, const char *indent, const char *key, unsigned s)
{
	fprintf(f, "%s%s: {minutes: %u}\n", indent, key, (s + 59) / 60);
}

static void image_entry(FILE *f, const char *indent, const char *url, const char *sha)
{
	fprintf(f, "%surl: ", indent);
	ib_lava_yaml_quote(f, url);
	fputc('\n', f);
	if (sha)
		fprintf(f, "%ssha256sum: %s\n", indent, sha);
}

static void write_deploy(FILE *f, const struct ib_lava_job *j, int qemu)
{
	fprintf(f, "- deploy:\n    to: %s\n", qemu ? "tmpfs" : "tftp");
	minutes(f, "    ", "timeout", j->t.deploy);
	if (qemu) {
		char *arg = NULL;

		fprintf(f, "    images:\n      kernel:\n        image_arg: ");
		if (asprintf(&arg, "-kernel {kernel} -append \"%s\"", j->cmdline) < 0)
			return;
		ib_lava_yaml_quote(f, arg);
		free(arg);
		fputc('\n', f);
		image_entry(f, "        ", j->kernel_url, j->kernel_sha256);
		fprintf(f, "      initrd:\n        image_arg: '-initrd {initrd}'\n");
		image_entry(f, "        ", j->image_url, j->image_sha256);
		return;
	}
	fprintf(f, "    kernel:\n");
	image_entry(f, "      ", j->kernel_url, j->kernel_sha256);
	if (j->kernel_type)
		fprintf(f, "      type: %s\n", j->kernel_type);
	/* LAVA would otherwise unpack the image to add its overlay: keep ours byte for byte */
	fprintf(f, "    ramdisk:\n");
	image_entry(f, "      ", j->image_url, j->image_sha256);
	fprintf(f, "      compression: gz\n      install_modules: false\n"
		   "      install_overlay: false\n");
}

int ib_lava_write_job(FILE *f, const struct ib_lava_job *j)
{
	int qemu = !strcmp(j->device_type, "qemu");
	const struct ib_lava_suite *s = &j->suite;

	fprintf(f, "# LAVA job written by initbench lava (docs/lava.md): suite %s, config %s,\n"
		   "# image sha256 %s.\n"
		   "# %u benchmark(s) x %u round(s), reps %u, budget_ms %u, timeout_s %u per benchmark.\n",
		j->suite_version, j->config_hash, j->image_sha256, s->benches, s->rounds, s->reps,
		s->budget_ms, s->timeout_s);
	fprintf(f, "device_type: ");
	ib_lava_yaml_quote(f, j->device_type);
	fprintf(f, "\njob_name: ");
	ib_lava_yaml_quote(f, j->job_name);
	fprintf(f, "\nvisibility: public\npriority: medium\ntimeouts:\n");
	minutes(f, "  ", "job", j->t.job);
	minutes(f, "  ", "action", j->t.deploy);
	fprintf(f, "  connections:\n");
	/* from the end of the boot action to the begin record */
	minutes(f, "    ", "lava-test-monitor", j->t.start);
	fprintf(f, "metadata:\n  initbench.suite: ");
	ib_lava_yaml_quote(f, j->suite_version);
	fprintf(f, "\n  initbench.config: '%s'\n  initbench.image_sha256: '%s'\n",
		j->config_hash, j->image_sha256);
	if (j->kernel_sha256)
		fprintf(f, "  initbench.kernel_sha256: '%s'\n", j->kernel_sha256);
	fprintf(f, "  initbench.cmdline: ");
	ib_lava_yaml_quote(f, j->cmdline);
	fprintf(f, "\n  initbench.benches: '%u'\n  initbench.rounds: '%u'\n"
		   "  initbench.timeout_s: '%u'\n", s->benches, s->rounds, s->timeout_s);
	fprintf(f, "context:\n");
	if (qemu)
		fprintf(f, "  arch: %s\n  memory: %u\n  no_kvm: %s\n",
			lava_arch(j->arch ? j->arch : ib_arch_find("x86_64")), j->mem_mb,
			j->no_kvm ? "true" : "false");
	else {
		fprintf(f, "  extra_kernel_args: ");
		ib_lava_yaml_quote(f, j->cmdline);
		fputc('\n', f);
	}
	fprintf(f, "actions:\n");
	write_deploy(f, j, qemu);
	fprintf(f, "- boot:\n    method: %s\n", qemu ? "qemu" : j->boot_method);
	fprintf(f, qemu ? "    media: tmpfs\n" : "    commands: ramdisk\n");
	/* also the longest silence the monitor accepts: see lava.h */
	minutes(f, "    ", "timeout", j->t.boot);
	fprintf(f, "- test:\n");
	minutes(f, "    ", "timeout", j->t.test);
	fprintf(f, "    monitors:\n    - name: %s\n      start: ", IB_LAVA_SUITE);
	ib_lava_yaml_quote(f, IB_LAVA_START);
	fprintf(f, "\n      end: ");
	ib_lava_yaml_quote(f, IB_LAVA_END);
	fprintf(f, "\n      pattern: ");
	ib_lava_yaml_quote(f, IB_LAVA_PATTERN);
	fprintf(f, "\n      fixupdict: %s\n", IB_LAVA_FIXUP);
	fflush(f);
	return ferror(f) ? -1 : 0;
}

/* LAVA's name of an architecture (its qemu device type's `arch`): amd64, arm64 */
static const char *lava_arch(const struct ib_arch *a)
{
	return !strcmp(a->name, "x86_64") ? "amd64" : a->name;
}

/*
 * A rendered device dictionary for one local QEMU, for lava-run without a server: the
 * constants this dispatcher insists on, and QEMU options close to our launcher's (one CPU,
 * the same memory, no network, no reboot).
 */
int ib_lava_write_qemu_device(FILE *f, unsigned mem_mb, const struct ib_arch *arch, int no_kvm)
{
	const char *cpu = no_kvm ? arch->cpu_tcg : arch->cpu_kvm;

	static const char *const bootloaders[] = {
		"barebox: {interrupt-prompt: a, interrupt-character: a, final-message: x, error-messages: []}",
		"u-boot: {interrupt-prompt: a, interrupt-character: ' ', interrupt_ctrl_list: [], final-message: x, error-messages: []}",
		"grub: {interrupt-prompt: a, interrupt-character: c, error-messages: []}",
		"grub-efi: {interrupt-prompt: a, interrupt-character: c, error-messages: [], installed: []}",
		"ipxe: {interrupt-prompt: a, interrupt-character: b, error-messages: []}",
		"depthcharge: {start-message: x, final-message: x, error-messages: []}",
		"uefi: {interrupt-prompt: x, interrupt-character: x, final-message: x, error-messages: []}",
		"fastboot: {sequence: []}",
	};

	fprintf(f, "# LAVA device dictionary written by initbench lava --device-out (docs/lava.md)\n"
		   "device_type: qemu\navailable_architectures: [%s, %s]\nconstants:\n"
		   "  shutdown-message: 'The system is going down for reboot NOW'\n"
		   "  boot-message: 'Booting Linux'\n  cpu-reset-messages: ['Resetting CPU']\n"
		   "  default-shell-prompt: 'lava-test: # '\n"
		   "  kernel-start-message: 'Linux version [0-9]'\n"
		   "  posix: {lava_test_sh_cmd: /bin/sh, lava_test_results_dir: /lava-%%s, "
		   "lava_test_shell_file: ~/.bashrc}\n", lava_arch(arch), arch->uname_m);
	for (size_t i = 0; i < sizeof(bootloaders) / sizeof(bootloaders[0]); i++)
		fprintf(f, "  %s\n", bootloaders[i]);
	fprintf(f, "  failure_retry: 1\n  boot_retry: 1\n  dispatcher_ip: 127.0.0.1\n"
		   "commands: {connect: /bin/true}\n"
		   "timeouts: {actions: {apply-overlay-image: {minutes: 2}}, connections: {}}\n"
		   "actions:\n  deploy:\n    connections: {serial: }\n    methods:\n      tmpfs:\n"
		   "      image: {parameters: {guest: {size: 512, interface: ide, driveid: lavatest}}}\n"
		   "  boot:\n    connections: {serial: }\n    methods:\n      qemu:\n"
		   "        parameters:\n          command: %s\n"
		   "          boot_options: {root: /dev/sda1, console: '%s,115200', boot_order: c}\n"
		   "          options:\n"
		   "          - -nographic\n          - -nic none\n          - -m %u\n"
		   "          - -smp 1\n          - -monitor none\n          - -no-reboot\n",
		   arch->qemu_bin, arch->console, mem_mb);
	if (arch->machine)
		fprintf(f, "          - -M %s\n", arch->machine);
	/* the dictionary is rendered already: nothing adds -enable-kvm for us, and -cpu host
	 * without it is refused ("requires KVM or HVF") */
	fprintf(f, "          - -accel %s\n", no_kvm ? "tcg" : "kvm");
	if (cpu)
		fprintf(f, "          - -cpu %s\n", cpu);
	fflush(f);
	return ferror(f) ? -1 : 0;
}

/* ---- the command ---- */

static const char lava_usage[] =
	"usage: initbench lava [--device-type qemu|TYPE] [--boot-method u-boot|ipxe|grub|...]\n"
	"         [--kernel PATH] [--kernel-url URL] [--kernel-type zimage|uimage|image]\n"
	"         [--image PATH] [--image-url URL] [--suite PATH] [--append \"WORDS\"] [--mem MB]\n"
	"         [--accel auto|kvm|tcg] [--name JOB_NAME] [--out FILE] [--device-out FILE]\n"
	"         [--probe-kvm] [--KNOB VALUE]...\n"
	"  writes a LAVA job (stdout, or FILE): qemu deploys to tmpfs and boots with the qemu\n"
	"  method; any other device type deploys by tftp and boots with --boot-method (u-boot).\n"
	"  URLs default to file:// of the local files; the image (default beside initbench) is\n"
	"  named by its sha256. Timeouts follow from the suite (its --list with these knobs).\n"
	"  --device-out: also a qemu device dictionary, to run the job with lava-run locally.\n"
	"  --probe-kvm: for a qemu job run on this host (make lava-run), --accel auto boots a KVM\n"
	"  guest first, as `initbench run` does, and writes a TCG job when it stays silent; a\n"
	"  job written for a lab keeps what was asked.\n"
	"  options are spelled with hyphens; the underscore spelling (--device_type) works too.\n"
	"  guest knobs (initbench.KNOB=VALUE on the job's kernel command line; paths in the guest):\n";

static void print_usage(FILE *f)
{
	fputs(lava_usage, f);
	ib_runopts_print_knobs(f, 0);
}

struct lava_args {
	const char *device_type, *boot_method, *kernel_url, *image_url, *kernel_type, *name, *out;
	const char *device_out, *arch;
	int probe_kvm;
};

/* our own options out of argv; the rest (kernel, image, append, knobs...) for runopts */
static int split_args(int argc, char **argv, struct lava_args *a, char **rest, int *nrest)
{
	static const char *const refused[] = { "runs", "variant", "host-cpu", "no-wait",
					       "probe-s", "timeout", "boot-timeout-s", "results",
					       "label", "dry-run" };
	static const struct { const char *name; size_t off; } own[] = {
		{ "device-type", offsetof(struct lava_args, device_type) },
		{ "boot-method", offsetof(struct lava_args, boot_method) },
		{ "kernel-url", offsetof(struct lava_args, kernel_url) },
		{ "image-url", offsetof(struct lava_args, image_url) },
		{ "kernel-type", offsetof(struct lava_args, kernel_type) },
		{ "name", offsetof(struct lava_args, name) },
		{ "out", offsetof(struct lava_args, out) },
		{ "device-out", offsetof(struct lava_args, device_out) },
		{ "arch", offsetof(struct lava_args, arch) },
	};

	*nrest = 0;
	for (int i = 1; i < argc; i++) {
		const char *eq;
		char w[64];
		size_t n, k;

		if (strncmp(argv[i], "--", 2) || !argv[i][2]) {
			rest[(*nrest)++] = argv[i];
			continue;
		}
		/* the spelling rule of cli-opt.h: underscores are aliases of hyphens */
		ib_opt_spelling(argv[i], w, sizeof(w));
		if (!strcmp(w, "--probe-kvm")) {
			a->probe_kvm = 1;
			continue;
		}
		eq = strchr(argv[i], '=');
		n = eq ? (size_t)(eq - argv[i] - 2) : strlen(w + 2);
		for (k = 0; k < sizeof(refused) / sizeof(refused[0]); k++)
			if (strlen(refused[k]) == n && !strncmp(w + 2, refused[k], n)) {
				fprintf(stderr, "initbench lava: --%s has no meaning for a LAVA job "
					"(the lab decides)\n", refused[k]);
				return -1;
			}
		for (k = 0; k < sizeof(own) / sizeof(own[0]); k++)
			if (strlen(own[k].name) == n && !strncmp(w + 2, own[k].name, n))
				break;
		if (k == sizeof(own) / sizeof(own[0])) {
			rest[(*nrest)++] = argv[i];
			continue;
		}
		if (!eq && i + 1 >= argc) {
			fprintf(stderr, "initbench lava: --%s needs a value\n", own[k].name);
			return -1;
		}
		*(const char **)((char *)a + own[k].off) = eq ? eq + 1 : argv[++i];
	}
	return 0;
}

/* how many benchmarks the suite selects with these bench/skip knobs (its --list); the
 * suite is run with execv, no shell */
static int count_benches(const char *suite, const struct ib_knobs *k, unsigned *n)
{
	char line[512], *bench = NULL, *skip = NULL;
	int fd[2], st = -1;
	FILE *p;
	pid_t pid;

	if (access(suite, X_OK) < 0) {
		fprintf(stderr, "initbench lava: suite %s: %s (--suite PATH)\n", suite,
			strerror(errno));
		return -1;
	}
	if (asprintf(&bench, "--bench=%s", k->bench) < 0 || asprintf(&skip, "--skip=%s", k->skip) < 0 ||
	    pipe(fd) < 0) {
		free(bench);
		free(skip);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		char *argv[] = { (char *)suite, "--list", bench, skip, NULL };

		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		execv(suite, argv);
		_exit(127);
	}
	free(bench);
	free(skip);
	close(fd[1]);
	if (pid < 0 || !(p = fdopen(fd[0], "r"))) {
		close(fd[0]);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return -1;
	}
	*n = 0;
	while (fgets(line, sizeof(line), p)) {
		char name[128];
		int en, sel;

		if (sscanf(line, "%127s %*s %d %d", name, &en, &sel) == 3 && sel == 1)
			(*n)++;
	}
	fclose(p);
	if (waitpid(pid, &st, 0) != pid)
		st = -1;
	if (st != 0 || !*n) {
		fprintf(stderr, "initbench lava: %s --list selected no benchmark (status %d)\n",
			suite, st);
		return -1;
	}
	return 0;
}

static int quote_free(const char *what, const char *s)
{
	if (strpbrk(s, "\"'\\")) {
		fprintf(stderr, "initbench lava: %s must not hold quotes or backslashes: %s\n",
			what, s);
		return -1;
	}
	return 0;
}

static char *file_url(const char *path)
{
	char *abs = realpath(path, NULL), *url = NULL;

	if (abs && asprintf(&url, "file://%s", abs) < 0)
		url = NULL;
	free(abs);
	return url;
}

/* --probe-kvm: 1 when KVM answers here; the probe's console goes beside the job */
static int probe_kvm(const struct ib_run_opts *o, const struct ib_arch *arch, const char *out)
{
	struct ib_qemu_cfg c;
	char why[256];
	char *log = ib_strf("%s.kvm-probe.log", out ? out : "lava-job");
	int ok;

	memset(&c, 0, sizeof(c));
	c.kernel = o->kernel;
	c.image = o->image;
	c.mem_mb = o->mem_mb;
	c.accel = "kvm";
	c.probe_s = o->probe_s;
	c.probe_log = log;
	c.arch = arch;
	ok = ib_qemu_kvm_probe(&c, why, sizeof(why));
	if (ok)
		fprintf(stderr, "initbench lava: KVM answers on this host: the job runs QEMU with KVM\n");
	else
		fprintf(stderr, "initbench lava: KVM unusable (%s), falling back to TCG: the job runs "
			"QEMU without KVM (probe log %s)\n", why, log);
	free(log);
	return ok;
}

int ib_cmd_lava(int argc, char **argv)
{
	struct lava_args a = { "qemu", "u-boot", NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0 };
	const struct ib_arch *arch;
	struct ib_run_opts o;
	struct ib_knobs k;
	struct ib_lava_job j;
	char **rest = calloc((size_t)argc + 3, sizeof(*rest));
	char err[512], words[4096], cmdline[4096 + 4096 + 64], isha[65], ksha[65], name[256];
	char *kurl = NULL, *iurl = NULL, *kconfig;
	unsigned kcrc;
	int nrest, rc = 2, qemu, local_kernel = 0;
	FILE *out = stdout;

	if (!rest || split_args(argc, argv, &a, rest, &nrest) < 0)
		goto done;
	for (int i = 0; i < nrest; i++)
		if (!strcmp(rest[i], "--kernel") || !strncmp(rest[i], "--kernel=", 9))
			local_kernel = 1;
	/* run's parser wants a kernel: a kernel known only by its URL is named by it */
	if (!local_kernel && a.kernel_url) {
		rest[nrest++] = "--kernel";
		rest[nrest++] = (char *)a.kernel_url;
	}
	ib_runopts_init(&o, 0);
	rc = ib_runopts_parse(&o, nrest, rest, err, sizeof(err));
	if (rc == 1) {
		print_usage(stdout);
		rc = 0;
		goto done;
	}
	if (rc < 0) {
		fprintf(stderr, "initbench lava: %s (initbench lava --help)\n", err);
		rc = 2;
		goto done;
	}
	rc = 2;
	if (!o.kernel) {
		fprintf(stderr, "initbench lava: --kernel PATH or --kernel-url URL is needed "
			"(initbench lava --help)\n");
		goto done;
	}
	qemu = !strcmp(a.device_type, "qemu");
	if (!o.image && !(o.image = ib_installed_file(ib_exe_dir(), "initramfs.cpio.gz", err,
						       sizeof(err)))) {
		fprintf(stderr, "initbench lava: %s (--image PATH)\n", err);
		goto done;
	}
	if (!o.suite && !(o.suite = ib_installed_file(ib_exe_dir(), "bench/ibsuite", err,
						      sizeof(err)))) {
		fprintf(stderr, "initbench lava: %s (--suite PATH)\n", err);
		goto done;
	}
	if (ib_sha256_file(o.image, isha) < 0) {
		fprintf(stderr, "initbench lava: image %s: %s\n", o.image, strerror(errno));
		goto done;
	}
	if (local_kernel) {
		/* a build directory names its kernel, as for `initbench run` */
		char *k = ib_kernel_path(o.kernel, err, sizeof(err));

		if (!k) {
			fprintf(stderr, "initbench lava: %s\n", err);
			goto done;
		}
		o.kernel = k;   /* the process ends soon: not freed */
	}
	if (local_kernel && ib_sha256_file(o.kernel, ksha) < 0) {
		fprintf(stderr, "initbench lava: kernel %s: %s\n", o.kernel, strerror(errno));
		goto done;
	}
	kurl = a.kernel_url ? strdup(a.kernel_url) : file_url(o.kernel);
	iurl = a.image_url ? strdup(a.image_url) : file_url(o.image);
	if (!kurl || !iurl || quote_free("--append", o.append) < 0)
		goto done;

	/* the same words, in the same order, as `initbench run` and the QEMU launcher */
	ib_runopts_knob_words(&o, words, sizeof(words));
	kconfig = local_kernel ? ib_kernel_config(o.kernel) : NULL;
	if (kconfig && ib_kernel_config_id(kconfig, NULL, &kcrc) == 0) {
		size_t used = strlen(words);

		snprintf(words + used, sizeof(words) - used, "%sinitbench.kconfig=%08x",
			 used ? " " : "", kcrc);
	}
	free(kconfig);
	/* the architecture: as asked, else the kernel file's own, else x86_64 */
	arch = a.arch ? ib_arch_find(a.arch) : local_kernel ? ib_arch_of_kernel_file(o.kernel) : NULL;
	if (a.arch && !arch) {
		fprintf(stderr, "initbench lava: --arch %s: not one of the architectures (make help)\n",
			a.arch);
		goto done;
	}
	if (!arch)
		arch = ib_arch_find("x86_64");
	snprintf(cmdline, sizeof(cmdline), "%s%s%s%s%s%s%s", qemu ? "console=" : "",
		 qemu ? arch->console : "", qemu ? " panic=-1" : "panic=-1", *words ? " " : "",
		 words, *o.append ? " " : "", o.append);
	/* what the guest will make of them, refusals included */
	ib_knobs_init(&k);
	ib_knobs_from_cmdline(&k, cmdline);
	memset(&j, 0, sizeof(j));
	if (count_benches(o.suite, &k, &j.suite.benches) < 0)
		goto done;
	j.suite.rounds = k.rounds;
	j.suite.timeout_s = k.opts.timeout_s;
	j.suite.reps = k.opts.reps;
	j.suite.budget_ms = k.opts.budget_ms;
	ib_lava_timeouts(&j.suite, !qemu, &j.t);
	snprintf(name, sizeof(name), "initbench %s %s image %.12s", a.device_type, IB_SUITE_VERSION,
		 isha);
	j.device_type = a.device_type;
	j.boot_method = a.boot_method;
	j.kernel_url = kurl;
	j.image_url = iurl;
	j.kernel_type = a.kernel_type;
	j.kernel_sha256 = local_kernel ? ksha : NULL;
	j.image_sha256 = isha;
	j.cmdline = cmdline;
	j.job_name = a.name ? a.name : name;
	j.suite_version = IB_SUITE_VERSION;
	j.config_hash = IB_CONFIG_HASH;
	j.mem_mb = o.mem_mb;
	j.no_kvm = !strcmp(o.accel, "tcg");
	j.arch = arch;
	if (a.probe_kvm && qemu && !strcmp(o.accel, "auto") && !probe_kvm(&o, arch, a.out))
		j.no_kvm = 1;
	/* each output written whole, never through a link it does not name (safeio.h) */
	ib_cleanup_on_signals();
	struct ib_out oj = { 0 }, od = { 0 };

	err[0] = '\0';

	if (a.out) {
		if (ib_out_open(&oj, a.out, IB_OUT_USER, err, sizeof(err))) {
			fprintf(stderr, "initbench lava: %s\n", err);
			rc = 1;
			goto done;
		}
		if (oj.note[0])
			fprintf(stderr, "initbench lava: %s\n", oj.note);
		out = oj.f;
	}
	rc = ib_lava_write_job(out, &j) < 0 ? 1 : 0;
	if (!rc && a.device_out) {
		rc = ib_out_open(&od, a.device_out, IB_OUT_USER, err, sizeof(err)) ||
		     ib_lava_write_qemu_device(od.f, o.mem_mb, arch, j.no_kvm) < 0;
		if (!rc && od.note[0])
			fprintf(stderr, "initbench lava: %s\n", od.note);
		if (od.f && (rc ? (ib_out_abort(&od), 1) : ib_out_commit(&od, err, sizeof(err))))
			rc = 1;
		if (rc)
			fprintf(stderr, "initbench lava: %s\n", err[0] ? err : a.device_out);
	}
	if (out != stdout) {
		if (rc)
			ib_out_abort(&oj);
		else if (ib_out_commit(&oj, err, sizeof(err)))
			rc = 1;
	} else if (fflush(stdout) || ferror(stdout)) {
		rc = 1;
	}
	if (rc)
		fprintf(stderr, "initbench lava: cannot write %s%s%s\n", a.out ? a.out : "stdout",
			err[0] ? ": " : "", err);
	else
		fprintf(stderr, "initbench lava: %s job%s%s: %u benchmark(s) x %u round(s), "
			"timeout_s %u; test %u min, job %u min; image sha256 %s\n", a.device_type,
			a.out ? " " : "", a.out ? a.out : "", j.suite.benches, j.suite.rounds,
			j.suite.timeout_s, j.t.test / 60, j.t.job / 60, isha);
done:
	free(kurl);
	free(iurl);
	free(rest);
	return rc;
}
