/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-disk.c - `initbench disk-image` (contract in disk.h): the options, the plan (the
 * variants in interleaved blocks, as `initbench run` orders a campaign) and the tools run
 * in order.
 */
#define _GNU_SOURCE
#include "host/disk/disk.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "host/boot/kernel.h"
#include "host/disk/biosboot.h"
#include "host/disk/grubcfg.h"
#include "host/disk/layout.h"
#include "host/launch/campaign.h"
#include "host/lib/argv.h"
#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/lib/hostutil.h"
#include "host/lib/runprog.h"
#include "host/lib/safeio.h"

#define COUNTER "initbench_boot"
#define MAX_BOOTS 999
#define GRUB_MODULES "normal linux loadenv test echo halt reboot serial terminal search " \
	"search_label part_gpt part_msdos fat sleep"

static const char usage[] =
	"usage: initbench disk-image FILE (--kernel PATH [--label NAME] | --variant NAME:KERNEL[:APPEND]...)\n"
	"         [--image PATH] [--runs N] [--seed N] [--append ARGS] [--firmware both|bios|uefi]\n"
	"         [--console ttyS0,115200] [--out-label IBOUT] [--results-mib 64] [--timeout 3]\n"
	"         [--grub-dir /usr/lib/grub]\n"
	"  writes FILE, a disk image to dd to a USB stick or a spare disk: a GPT with a BIOS boot\n"
	"  partition, an EFI system partition holding GRUB for BIOS and UEFI (Debian's grub-pc-bin\n"
	"  and grub-efi-amd64-bin), each variant's kernel and image and a GRUB menu that boots the\n"
	"  suite --runs times per variant by itself (a boot counter in GRUB's environment block,\n"
	"  advanced before each boot; the variants interleaved in randomised blocks by --seed),\n"
	"  then powers off; and a FAT32 results partition labelled --out-label where boot c writes\n"
	"  /runs/NN-NAME.log (initbench.out=LABEL=IBOUT:vfat:/runs/NN-NAME.log). Read them back\n"
	"  with `initbench import FILE` (or the stick's device). --runs: boots per variant (default\n"
	"  1, or 5 per variant with --variant). No step needs root. x86 kernels (bzImage) only.\n"
	"  Exit: 0 written; 2 usage (a bad option, a kernel or image missing or of another kind);\n"
	"  1 a tool failed or FILE cannot be written (the reason on one line).\n";

enum { K_KERNEL = 2, K_LABEL, K_VARIANT, K_IMAGE, K_RUNS, K_SEED, K_APPEND, K_FIRMWARE,
       K_CONSOLE, K_OUT_LABEL, K_RESULTS_MIB, K_TIMEOUT, K_GRUB_DIR, K_HELP };

struct disk_opts {
	const char *file, *kernel, *label, *image, *append, *firmware, *console, *out_label;
	const char *grub_dir;
	const char *variant[IB_MAX_VARIANTS];
	unsigned nvariants, runs, out_mib, timeout;
	uint64_t seed;
	int seed_given;
};

static int bad(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "initbench disk-image: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return IB_EXIT_USAGE;
}

static int number(const char *opt, const char *v, unsigned long lo, unsigned long hi,
		  unsigned long long *out)
{
	char *end, range[64];

	errno = 0;
	*out = strtoull(v, &end, 10);
	if (!errno && *v && !*end && *v != '-' && *out >= lo && *out <= hi)
		return 0;
	snprintf(range, sizeof(range), "%lu..%lu", lo, hi);
	fprintf(stderr, "initbench disk-image: bad argument '--%s %s': use %s\n", opt, v, range);
	return -1;
}

static int parse(int argc, char **argv, struct disk_opts *o)
{
	static const struct ib_optdef defs[] = {
		{ "kernel", required_argument, K_KERNEL, 0 },
		{ "label", required_argument, K_LABEL, 0 },
		{ "variant", required_argument, K_VARIANT, 0 },
		{ "image", required_argument, K_IMAGE, 0 },
		{ "runs", required_argument, K_RUNS, 0 },
		{ "seed", required_argument, K_SEED, 0 },
		{ "append", required_argument, K_APPEND, 0 },
		{ "firmware", required_argument, K_FIRMWARE, 0 },
		{ "console", required_argument, K_CONSOLE, 0 },
		{ "out-label", required_argument, K_OUT_LABEL, 0 },
		{ "results-mib", required_argument, K_RESULTS_MIB, 0 },
		{ "timeout", required_argument, K_TIMEOUT, 0 },
		{ "grub-dir", required_argument, K_GRUB_DIR, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	const struct ib_optdef *def;
	struct ib_getopt g;
	const char *v;
	char err[256];
	unsigned long long n;
	int key;

	memset(o, 0, sizeof(*o));
	o->firmware = "both";
	o->console = "ttyS0,115200";
	o->out_label = "IBOUT";
	o->grub_dir = "/usr/lib/grub";
	o->out_mib = 64;
	o->timeout = 3;
	ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0]));
	while ((key = ib_getopt_next(&g, argc, argv, &v, &def, err, sizeof(err))) != 0) {
		switch (key) {
		case K_HELP:
			fputs(usage, stdout);
			return -1;
		case IB_OPT_OPERAND:
			if (o->file)
				return bad("one FILE only, not %s%s", v, "");
			o->file = v;
			break;
		case K_KERNEL: o->kernel = v; break;
		case K_LABEL: o->label = v; break;
		case K_IMAGE: o->image = v; break;
		case K_APPEND: o->append = v; break;
		case K_CONSOLE: o->console = v; break;
		case K_GRUB_DIR: o->grub_dir = v; break;
		case K_VARIANT:
			if (o->nvariants == IB_MAX_VARIANTS)
				return bad("more variants than %s%s", "IB_MAX_VARIANTS (16)", "");
			o->variant[o->nvariants++] = v;
			break;
		case K_FIRMWARE:
			if (strcmp(v, "both") && strcmp(v, "bios") && strcmp(v, "uefi"))
				return bad("bad argument '--firmware %s': use both, bios or uefi%s", v, "");
			o->firmware = v;
			break;
		case K_OUT_LABEL:
			if (!*v || strlen(v) > 11 || strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
			    strlen(v))
				return bad("bad argument '--out-label %s': a FAT label is 1-11 of "
					   "[A-Z0-9_-]%s", v, "");
			o->out_label = v;
			break;
		case K_RUNS:
			if (number("runs", v, 1, MAX_BOOTS, &n))
				return IB_EXIT_USAGE;
			o->runs = (unsigned)n;
			break;
		case K_SEED:
			if (number("seed", v, 0, (unsigned long)-1, &n))
				return IB_EXIT_USAGE;
			o->seed = n;
			o->seed_given = 1;
			break;
		case K_RESULTS_MIB:
			if (number("results-mib", v, IB_DISK_OUT_MIN_MIB, 1 << 20, &n))
				return IB_EXIT_USAGE;
			o->out_mib = (unsigned)n;
			break;
		case K_TIMEOUT:
			if (number("timeout", v, 0, 3600, &n))
				return IB_EXIT_USAGE;
			o->timeout = (unsigned)n;
			break;
		default:
			fprintf(stderr, "initbench disk-image: %s\n", err);
			return IB_EXIT_USAGE;
		}
	}
	if (!o->file)
		return bad("which FILE? (initbench disk-image --help)%s%s", "", "");
	if (!o->kernel == !o->nvariants)
		return bad("give --kernel PATH or --variant NAME:KERNEL (one of the two)%s%s", "", "");
	if (o->label && !o->kernel)
		return bad("--label goes with --kernel (a variant names itself)%s%s", "", "");
	if (o->label && !ib_label_ok(o->label))
		return bad("bad argument '--label %s': %s", o->label, IB_LABEL_RULE);
	return 0;
}

/* the variants with their kernels checked: x86 bzImages only (GRUB's linux command) */
static int variants(struct disk_opts *o, struct ib_variant *v, unsigned *nv)
{
	char err[600];

	*nv = o->nvariants ? o->nvariants : 1;
	for (unsigned i = 0; i < *nv; i++) {
		char *k;
		int kind;

		if (o->nvariants) {
			if (ib_variant_parse(o->variant[i], &v[i], err, sizeof(err)))
				return bad("%s%s", err, "");
		} else {
			memset(&v[i], 0, sizeof(v[i]));
			snprintf(v[i].name, sizeof(v[i].name), "%s", o->label ? o->label : "default");
			snprintf(v[i].kernel, sizeof(v[i].kernel), "%s", o->kernel);
		}
		for (unsigned j = 0; j < i; j++)
			if (!strcasecmp(v[i].name, v[j].name))
				return bad("variants %s and %s: a FAT file system does not tell their "
					   "names apart", v[j].name, v[i].name);
		if (!(k = ib_kernel_path(v[i].kernel, err, sizeof(err))))
			return bad("%s%s", err, "");
		snprintf(v[i].kernel, sizeof(v[i].kernel), "%s", k);
		free(k);
		kind = ib_kernel_kind(v[i].kernel, err, sizeof(err));
		if (kind == IB_KERNEL_BAD)
			return bad("%s%s", err, "");
		if (kind != IB_KERNEL_BZIMAGE)
			return bad("%s: a %s, but GRUB on a PC boots x86 kernels (bzImage)",
				   v[i].kernel, ib_kernel_kind_name(kind));
	}
	return 0;
}

static const char *leaf(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static off_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

/* one tool run; on failure the reason on stderr */
static int tool(char *const argv[], const char *in)
{
	struct ib_prog_result r;

	if (!ib_prog_run(argv, in, in ? strlen(in) : 0, NULL, 0, &r))
		return 0;
	fprintf(stderr, "initbench disk-image: %s\n", r.why);
	return -1;
}

/* mtools on partition lba of disk: "disk@@offset" */
static char *part_of(const char *disk, uint64_t lba)
{
	return ib_strf("%s@@%llu", disk, (unsigned long long)lba * 512);
}

static int mkfat(const char *disk, uint64_t lba, uint64_t sectors, const char *label)
{
	char off[32], kib[32];
	char *argv[] = { "mkfs.vfat", "-F", "32", "-n", (char *)label, "--offset", off,
			 (char *)disk, kib, NULL };

	snprintf(off, sizeof(off), "%llu", (unsigned long long)lba);
	snprintf(kib, sizeof(kib), "%llu", (unsigned long long)sectors / 2);
	return tool(argv, NULL);
}

static int mmd(const char *part, const char *dir)
{
	char *argv[] = { "mmd", "-i", (char *)part, (char *)dir, NULL };

	return tool(argv, NULL);
}

static int mcopy(const char *part, const char *from, const char *to)
{
	char *argv[] = { "mcopy", "-D", "o", "-i", (char *)part, (char *)from, (char *)to, NULL };

	return tool(argv, NULL);
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f && fputs(text, f) >= 0 && !fclose(f))
		return 0;
	fprintf(stderr, "initbench disk-image: writing %s: %s\n", path, strerror(errno));
	if (f)
		fclose(f);
	return -1;
}

static int grub_image(const struct disk_opts *o, const char *target, const char *out,
		      const char *prefix, const char *extra)
{
	struct ib_argv a = { 0 };
	int rc;

	ib_argv_push(&a, "grub-mkimage");
	ib_argv_push(&a, "-O");
	ib_argv_push(&a, target);
	ib_argv_push(&a, "-d");
	ib_argv_pushf(&a, "%s/%s", o->grub_dir, target);
	ib_argv_push(&a, "-p");
	ib_argv_push(&a, prefix);
	ib_argv_push(&a, "-o");
	ib_argv_push(&a, out);
	ib_argv_push_words(&a, GRUB_MODULES);
	ib_argv_push_words(&a, extra);
	rc = tool(a.v, NULL);
	ib_argv_free(&a);
	return rc;
}

struct build {
	const struct disk_opts *o;
	const struct ib_variant *v;
	unsigned nv, n;
	const unsigned *order;
	const char *tmp;      /* the private directory */
	char *disk;           /* tmp/disk.img */
	struct ib_disk_layout l;
};

/* the boot partition: GRUB's files, its menu and counter, the kernels and images */
static int fill_esp(struct build *b, int bios, int uefi)
{
	const struct disk_opts *o = b->o;
	char *esp = part_of(b->disk, b->l.esp_lba), err[300], *cfg, *f;
	struct ib_grub_boot *boots = ib_xmalloc(b->n * sizeof(*boots));
	char **kpath = ib_xmalloc(b->nv * sizeof(char *)), **ipath = ib_xmalloc(b->nv * sizeof(char *));
	char prefix[32], comment[200];
	int rc = -1;

	snprintf(prefix, sizeof(prefix), "(,gpt%u)/boot/grub", b->l.esp_part);
	for (unsigned i = 0; i < b->nv; i++) {
		kpath[i] = ib_strf("/initbench/%s/%s", b->v[i].name, leaf(b->v[i].kernel));
		ipath[i] = ib_strf("/initbench/%s/%s", b->v[i].name, leaf(o->image));
	}
	for (unsigned c = 0; c < b->n; c++) {
		const struct ib_variant *v = &b->v[b->order[c]];

		boots[c] = (struct ib_grub_boot){ v->name, kpath[b->order[c]], ipath[b->order[c]],
						  v->append[0] ? v->append : NULL };
	}
	snprintf(comment, sizeof(comment), "%u variant%s x %u run%s, interleaved in blocks by "
		 "seed %llu", b->nv, b->nv == 1 ? "" : "s", o->runs, o->runs == 1 ? "" : "s",
		 (unsigned long long)o->seed);
	struct ib_grub_loop loop = { b->n, boots, o->console, o->out_label, o->append, o->timeout,
				     COUNTER, comment };

	if (!(cfg = ib_grub_cfg(&loop, err, sizeof(err)))) {
		fprintf(stderr, "initbench disk-image: %s\n", err);
		goto out;
	}
	f = ib_strf("%s/grub.cfg", b->tmp);
	rc = write_text(f, cfg);
	free(f);
	free(cfg);
	if (rc)
		goto out;
	rc = -1;
	{
		char *env = ib_strf("%s/grubenv", b->tmp), *set = ib_strf("%s=0", COUNTER);
		char *create[] = { "grub-editenv", env, "create", NULL };
		char *zero[] = { "grub-editenv", env, "set", set, NULL };
		int bad_env = tool(create, NULL) || tool(zero, NULL);

		free(set);
		free(env);
		if (bad_env)
			goto out;
	}
	if (mkfat(b->disk, b->l.esp_lba, b->l.esp_sectors, "IBBOOT") || mmd(esp, "::/boot") ||
	    mmd(esp, "::/boot/grub") || mmd(esp, "::/initbench"))
		goto out;
	for (unsigned i = 0; i < b->nv; i++) {
		char *dir = ib_strf("::/initbench/%s", b->v[i].name);
		char *kt = ib_strf("::%s", kpath[i]), *it = ib_strf("::%s", ipath[i]);
		int bad_copy = mmd(esp, dir) || mcopy(esp, b->v[i].kernel, kt) || mcopy(esp, o->image, it);

		free(dir);
		free(kt);
		free(it);
		if (bad_copy)
			goto out;
	}
	{
		char *cfgf = ib_strf("%s/grub.cfg", b->tmp), *env = ib_strf("%s/grubenv", b->tmp);
		int bad_copy = mcopy(esp, cfgf, "::/boot/grub/grub.cfg") ||
			       mcopy(esp, env, "::/boot/grub/grubenv");

		free(cfgf);
		free(env);
		if (bad_copy)
			goto out;
	}
	if (uefi) {
		char *efi = ib_strf("%s/BOOTX64.EFI", b->tmp);
		int bad_efi = grub_image(o, "x86_64-efi", efi, prefix, "efi_gop") ||
			      mmd(esp, "::/EFI") || mmd(esp, "::/EFI/BOOT") ||
			      mcopy(esp, efi, "::/EFI/BOOT/BOOTX64.EFI");

		free(efi);
		if (bad_efi)
			goto out;
	}
	if (bios) {
		char *core = ib_strf("%s/core.img", b->tmp);
		char *boot = ib_strf("%s/i386-pc/boot.img", o->grub_dir);
		int bad_bios = grub_image(o, "i386-pc", core, prefix, "biosdisk");

		if (!bad_bios && ib_bios_boot_install(b->disk, boot, core, err, sizeof(err))) {
			fprintf(stderr, "initbench disk-image: %s\n", err);
			bad_bios = 1;
		}
		free(core);
		free(boot);
		if (bad_bios)
			goto out;
	}
	rc = 0;
out:
	for (unsigned i = 0; i < b->nv; i++) {
		free(kpath[i]);
		free(ipath[i]);
	}
	free(kpath);
	free(ipath);
	free(boots);
	free(esp);
	return rc;
}

/* the results partition: /runs/ and the plan, for whoever finds the stick */
static int fill_out(struct build *b)
{
	char *out = part_of(b->disk, b->l.out_lba), *plan = ib_strf("%s/plan.txt", b->tmp);
	FILE *f = fopen(plan, "w");
	int rc = -1;

	if (!f) {
		fprintf(stderr, "initbench disk-image: writing %s: %s\n", plan, strerror(errno));
		goto out;
	}
	fprintf(f, "initbench: the boots of this disk, in order (seed %llu); boot c writes "
		"/runs/NN-NAME.log.\r\nRead them back with: initbench import DEVICE-OR-IMAGE\r\n",
		(unsigned long long)b->o->seed);
	for (unsigned c = 0; c < b->n; c++) {
		char path[300];

		ib_grub_log_path(c + 1, b->n, b->v[b->order[c]].name, path, sizeof(path));
		fprintf(f, "%u %s %s\r\n", c + 1, b->v[b->order[c]].name, path);
	}
	if (fclose(f)) {
		fprintf(stderr, "initbench disk-image: writing %s: %s\n", plan, strerror(errno));
		goto out;
	}
	rc = mkfat(b->disk, b->l.out_lba, b->l.out_sectors, b->o->out_label) || mmd(out, "::/runs") ||
	     mcopy(out, plan, "::/plan.txt") ? -1 : 0;
out:
	free(plan);
	free(out);
	return rc;
}

static int build_image(struct build *b, int bios, int uefi)
{
	const struct disk_opts *o = b->o;
	uint64_t payload = 2u << 20;   /* GRUB's EFI image, grub.cfg, grubenv */
	int fd;
	char *script;

	for (unsigned i = 0; i < b->nv; i++)
		payload += (uint64_t)file_size(b->v[i].kernel) + (uint64_t)file_size(o->image);
	ib_disk_layout(payload, o->out_mib, bios, &b->l);
	fd = open(b->disk, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || ftruncate(fd, (off_t)b->l.bytes) || close(fd)) {
		fprintf(stderr, "initbench disk-image: cannot make %s: %s\n", b->disk, strerror(errno));
		return -1;
	}
	script = ib_disk_sfdisk(&b->l);
	{
		char *argv[] = { "sfdisk", "-q", b->disk, NULL };
		int rc = tool(argv, script);

		free(script);
		if (rc)
			return -1;
	}
	return fill_esp(b, bios, uefi) || fill_out(b) ? -1 : 0;
}

int ib_cmd_disk_image(int argc, char **argv)
{
	struct disk_opts o;
	struct ib_variant *v = ib_xmalloc(IB_MAX_VARIANTS * sizeof(*v));
	struct build b = { 0 };
	unsigned nv, *order = NULL;
	char err[600], tmpname[64], *dir = NULL, *base = NULL, *tmp = NULL;
	int rc, dfd = -1, bios, uefi;
	struct stat st;

	if ((rc = parse(argc, argv, &o))) {
		rc = rc < 0 ? 0 : rc;   /* --help */
		goto done;
	}
	rc = IB_EXIT_USAGE;
	if (!stat(o.file, &st) && !S_ISREG(st.st_mode)) {
		bad("%s is a %s: write the image to a file, then dd it to the device", o.file,
		    ib_file_kind(st.st_mode));
		goto done;
	}
	if (!o.image && !(o.image = ib_installed_file(ib_exe_dir(), "initramfs.cpio.gz", err,
						      sizeof(err)))) {
		bad("%s (--image PATH)%s", err, "");
		goto done;
	}
	if (access(o.image, R_OK)) {
		bad("image %s: %s", o.image, strerror(errno));
		goto done;
	}
	if (variants(&o, v, &nv))
		goto done;
	if (!o.runs)
		o.runs = o.nvariants ? IB_CAMPAIGN_RUNS : 1;
	if (nv * o.runs > MAX_BOOTS) {
		fprintf(stderr, "initbench disk-image: %u variants x --runs %u: more than %d boots\n",
			nv, o.runs, MAX_BOOTS);
		goto done;
	}
	if (!o.seed_given)
		o.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	order = ib_xmalloc(nv * o.runs * sizeof(*order));
	ib_campaign_order(nv, o.runs, o.seed, order);
	bios = strcmp(o.firmware, "uefi") != 0;
	uefi = strcmp(o.firmware, "bios") != 0;
	for (int i = 0; i < 2; i++) {
		const char *t = i ? "x86_64-efi" : "i386-pc";
		char *d = ib_strf("%s/%s/linux.mod", o.grub_dir, t);
		int missing = (i ? uefi : bios) && access(d, R_OK);

		free(d);
		if (missing) {
			bad("no GRUB for %s in %s (apt-get install grub-pc-bin grub-efi-amd64-bin)",
			    t, o.grub_dir);
			goto done;
		}
	}
	ib_cleanup_on_signals();
	rc = IB_EXIT_HOSTIO;
	base = ib_xstrdup(o.file);
	dir = ib_xstrdup(dirname(base));   /* dirname may write into base: copied at once */
	free(base);
	base = NULL;
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    ib_tmpdir_make(dfd, dir, tmpname, sizeof(tmpname), err, sizeof(err)) < 0) {
		fprintf(stderr, "initbench disk-image: %s: %s\n", dir, dfd < 0 ? strerror(errno) : err);
		goto done;
	}
	tmp = ib_strf("%s/%s", dir, tmpname);
	/* mtools refuses some valid FAT layouts it did not make itself; ours are mkfs.vfat's */
	setenv("MTOOLS_SKIP_CHECK", "1", 1);
	b = (struct build){ &o, v, nv, nv * o.runs, order, tmp, ib_strf("%s/disk.img", tmp), { 0 } };
	if (!build_image(&b, bios, uefi)) {
		if (rename(b.disk, o.file))
			fprintf(stderr, "initbench disk-image: cannot rename %s to %s: %s\n", b.disk,
				o.file, strerror(errno));
		else
			rc = 0;
	}
	ib_tmpdir_remove(dfd, tmpname);
	if (!rc) {
		printf("initbench: wrote %s (%llu MiB): GRUB for %s, %u boot%s (%u variant%s x %u, "
		       "seed %llu) then power off; results to LABEL=%s:/runs/\n", o.file,
		       (unsigned long long)(b.l.bytes >> 20), bios && uefi ? "BIOS and UEFI" :
		       bios ? "BIOS" : "UEFI", b.n, b.n == 1 ? "" : "s", nv, nv == 1 ? "" : "s",
		       o.runs, (unsigned long long)o.seed, o.out_label);
		printf("initbench: to a USB stick or a spare disk (ALL its data lost): "
		       "dd if=%s of=/dev/sdX bs=4M conv=fsync\n", o.file);
	}
done:
	if (dfd >= 0)
		close(dfd);
	free(b.disk);
	free(tmp);
	free(dir);
	free(base);
	free(order);
	free(v);
	return rc;
}
