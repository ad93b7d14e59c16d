/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu.c - QEMU command line per architecture, KVM probe, fallback to TCG (contract in qemu.h).
 */
#define _GNU_SOURCE
#include "host/boot/qemu.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/lib/hostutil.h"
#include "host/lib/argv.h"

const struct ib_arch *ib_qemu_arch(const struct ib_qemu_cfg *c)
{
	const struct ib_arch *arch = c->arch;

	if (!arch && c->kernel)
		arch = ib_arch_of_kernel_file(c->kernel);
	return arch ? arch : ib_arch_find("x86_64");
}

/* a path for -drive file=: a ',' would start another option, QEMU wants it doubled */
static char *drive_path(const char *path)
{
	char *p = ib_xmalloc(2 * strlen(path) + 1), *q = p;

	for (const char *s = path; *s; s++)
		if ((*q++ = *s) == ',')
			*q++ = ',';
	*q = '\0';
	return p;
}

void ib_qemu_argv(const struct ib_qemu_cfg *c, int use_kvm, struct ib_argv *a)
{
	const struct ib_arch *arch = ib_qemu_arch(c);
	char *cmdline = ib_strf("console=%s panic=-1%s%s%s%s", arch->console,
				c->knobs && *c->knobs ? " " : "", c->knobs ? c->knobs : "",
				c->append && *c->append ? " " : "", c->append ? c->append : "");

	ib_argv_push(a, arch->qemu_bin);
	ib_argv_push(a, "-nodefaults");
	ib_argv_push(a, "-no-reboot");
	ib_argv_push(a, "-display");
	ib_argv_push(a, "none");
	if (arch->machine) {
		ib_argv_push(a, "-M");
		ib_argv_push(a, arch->machine);
	}
	ib_argv_push(a, "-m");
	ib_argv_pushf(a, "%u", c->mem_mb);
	ib_argv_push(a, "-smp");
	ib_argv_pushf(a, "%u", c->smp ? c->smp : 1);
	ib_argv_push(a, "-kernel");
	ib_argv_push(a, c->kernel);
	ib_argv_push(a, "-initrd");
	ib_argv_push(a, c->image);
	ib_argv_push(a, "-append");
	ib_argv_push(a, cmdline);
	ib_argv_push(a, "-chardev");
	ib_argv_push(a, "stdio,id=s0,signal=off");
	ib_argv_push(a, "-serial");
	ib_argv_push(a, "chardev:s0");
	if (c->disk) {
		char *p = drive_path(c->disk);

		ib_argv_push(a, "-drive");
		ib_argv_pushf(a, "file=%s,format=raw,if=none,id=ibdisk,cache=writethrough%s", p,
			      c->disk_ro ? ",readonly=on" : "");
		ib_argv_push(a, "-device");
		ib_argv_push(a, c->disk_if && !strcmp(c->disk_if, "nvme")
				 ? "nvme,drive=ibdisk,serial=initbench" : "virtio-blk-pci,drive=ibdisk");
		free(p);
	}
	if (c->fs_disk) {
		char *p = drive_path(c->fs_disk);

		ib_argv_push(a, "-drive");
		ib_argv_pushf(a, "file=%s,format=raw,if=none,id=ibfs,cache=unsafe", p);
		ib_argv_push(a, "-device");
		ib_argv_push(a, "virtio-blk-pci,drive=ibfs");
		free(p);
	}
	ib_argv_push(a, "-accel");
	if (use_kvm) {
		ib_argv_push(a, "kvm");
		ib_argv_push(a, "-cpu");
		ib_argv_push(a, arch->cpu_kvm);
	} else {
		ib_argv_push(a, "tcg");
		if (arch->cpu_tcg) {
			ib_argv_push(a, "-cpu");
			ib_argv_push(a, arch->cpu_tcg);
		}
	}
	free(cmdline);
}

int ib_kvm_check(char *why, size_t len)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (errno == ENOENT)
		snprintf(why, len, "/dev/kvm missing");
	else
		snprintf(why, len, "/dev/kvm: %s", strerror(errno));
	return -1;
}

static int boot_once(const struct ib_qemu_cfg *c, struct ib_console_opts *co, int use_kvm,
		     double probe_s, struct ib_console_result *res, struct ib_argv *argv_used)
{
	ib_argv_free(argv_used);
	ib_qemu_argv(c, use_kvm, argv_used);
	co->argv = argv_used->v;
	co->log_path = c->log;
	co->probe_s = probe_s;
	return ib_console_run(co, res);
}

int ib_qemu_kvm_probe(const struct ib_qemu_cfg *c, char *why, size_t len)
{
	struct ib_console_opts co;
	struct ib_console_result res;
	struct ib_argv argv = { 0 };
	int rc;

	if (!ib_arch_kvm_usable(ib_qemu_arch(c), why, len) || ib_kvm_check(why, len) < 0)
		return 0;
	memset(&co, 0, sizeof(co));
	co.host_cpu = -1;
	/* a guest that printed its first byte has answered: it is stopped soon after */
	co.timeout_s = c->probe_s + 1;
	unlink(c->probe_log);
	ib_qemu_argv(c, 1, &argv);
	co.argv = argv.v;
	co.log_path = c->probe_log;
	co.probe_s = c->probe_s;
	rc = ib_console_run(&co, &res);
	ib_argv_free(&argv);
	if (rc < 0)
		snprintf(why, len, "cannot start %s: %s", ib_qemu_arch(c)->qemu_bin,
			 strerror(res.spawn_errno));
	else if (res.first_byte_s >= 0)
		return 1;
	else if (res.ended_by == IB_END_NOOUTPUT)
		snprintf(why, len, "no output within %g s", c->probe_s);
	else
		snprintf(why, len, "QEMU died without output: %.180s",
			 res.last_err[0] ? res.last_err : "?");
	return 0;
}

int ib_qemu_boot(const struct ib_qemu_cfg *c, struct ib_console_opts *co,
		 struct ib_accel_state *st, struct ib_console_result *res,
		 struct ib_argv *argv_used)
{
	int rc;

	if (!strcmp(c->accel, "tcg")) {
		st->decided = 1;
		st->use_kvm = 0;
		return boot_once(c, co, 0, 0, res, argv_used);
	}
	if (!strcmp(c->accel, "kvm")) {
		st->decided = 1;
		st->use_kvm = 1;
		return boot_once(c, co, 1, c->probe_s, res, argv_used);
	}
	/* auto */
	if (st->decided)
		return boot_once(c, co, st->use_kvm, 0, res, argv_used);
	st->decided = 1;
	if (ib_arch_kvm_usable(ib_qemu_arch(c), st->reason, sizeof(st->reason)) &&
	    ib_kvm_check(st->reason, sizeof(st->reason)) == 0) {
		rc = boot_once(c, co, 1, c->probe_s, res, argv_used);
		if (res->ended_by == IB_END_NOOUTPUT) {
			snprintf(st->reason, sizeof(st->reason), "no output within %g s", c->probe_s);
		} else if (rc == 0 && res->first_byte_s < 0 && !(res->exited && !res->exit_code)) {
			/* QEMU refused KVM outright (e.g. "failed to initialize kvm") */
			char how[32];

			if (res->exited)
				snprintf(how, sizeof(how), "exit %d", res->exit_code);
			else
				snprintf(how, sizeof(how), "signal %d", res->term_signal);
			snprintf(st->reason, sizeof(st->reason), "QEMU died without output, %s: %.180s",
				 how, res->last_err[0] ? res->last_err : "?");
		} else {
			st->use_kvm = 1;
			st->reason[0] = '\0';
			return rc;
		}
		if (rename(c->log, c->probe_log) < 0) {
			fprintf(stderr, "initbench: rename %s: %s\n", c->log, strerror(errno));
			return -1;
		}
	}
	st->use_kvm = 0;
	fprintf(stderr, "initbench: KVM unusable (%s), falling back to TCG\n", st->reason);
	return boot_once(c, co, 0, 0, res, argv_used);
}
