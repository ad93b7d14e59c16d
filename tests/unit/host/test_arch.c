/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_arch.c - the architecture table (host/boot/arch.h): rows, a kernel file's row by its boot
 * header magic (and ib_kernel_kind() on it), the QEMU command line each row gives (x86_64's
 * unchanged from before the table), and the KVM fallback for a guest of another
 * architecture than the host's, with a fake QEMU in PATH.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/boot/arch.h"
#include "host/boot/qemu.h"
#include "host/lib/argv.h"
#include "host/boot/kernel.h"

static char dir[] = "/tmp/test_arch.XXXXXX";

static const char *put(const char *name, const void *bytes, size_t n, mode_t mode)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
	return path;
}

/* a file that looks like an arm64 Image: "ARM\x64" at 0x38 */
static const char *arm64_image(void)
{
	unsigned char b[4096];

	memset(b, 0, sizeof(b));
	memcpy(b + 0x38, "ARM\x64", 4);
	return put("Image", b, sizeof(b), 0644);
}

static const char *bzimage(void)
{
	unsigned char b[4096];

	memset(b, 0, sizeof(b));
	memcpy(b + 0x202, "HdrS", 4);
	return put("bzImage", b, sizeof(b), 0644);
}

static void rows(void **state)
{
	const struct ib_arch *a = ib_arch_find("arm64"), *x = ib_arch_find("x86_64");

	(void)state;
	assert_non_null(a);
	assert_non_null(x);
	assert_string_equal(a->uname_m, "aarch64");
	assert_string_equal(a->qemu_bin, "qemu-system-aarch64");
	assert_string_equal(a->console, "ttyAMA0");
	assert_string_equal(x->console, "ttyS0");
	assert_ptr_equal(ib_arch_by_uname("aarch64"), a);
	assert_ptr_equal(ib_arch_by_uname("x86_64"), x);
	assert_null(ib_arch_find("riscv64"));
	assert_null(ib_arch_find(NULL));
	assert_null(ib_arch_by_uname("sparc64"));
	/* every row can be told from the others by its kernel file */
	for (size_t i = 0; i < ib_narches; i++)
		for (size_t j = 0; j < i; j++)
			assert_false(ib_arches[i].magic_off == ib_arches[j].magic_off &&
				     !memcmp(ib_arches[i].magic, ib_arches[j].magic, 4));
}

static void kernel_magic(void **state)
{
	unsigned char b[0x300];
	char err[512] = "";

	(void)state;
	memset(b, 0, sizeof(b));
	memcpy(b + 0x38, "ARM\x64", 4);
	assert_ptr_equal(ib_arch_of_kernel(b, sizeof(b)), ib_arch_find("arm64"));
	/* too short to hold the magic */
	assert_null(ib_arch_of_kernel(b, 0x3b));
	memset(b, 0, sizeof(b));
	memcpy(b + 0x202, "HdrS", 4);
	assert_ptr_equal(ib_arch_of_kernel(b, sizeof(b)), ib_arch_find("x86_64"));
	memset(b, 'x', sizeof(b));
	assert_null(ib_arch_of_kernel(b, sizeof(b)));

	assert_ptr_equal(ib_arch_of_kernel_file(arm64_image()), ib_arch_find("arm64"));
	assert_int_equal(ib_kernel_kind(arm64_image(), err, sizeof(err)), IB_KERNEL_IMAGE);
	assert_string_equal(ib_kernel_kind_name(IB_KERNEL_IMAGE), "image");
	assert_int_equal(ib_kernel_kind(bzimage(), err, sizeof(err)), IB_KERNEL_BZIMAGE);
	/* an Image.gz is refused with a message that says what to do */
	memset(b, 0, sizeof(b));
	b[0] = 0x1f;
	b[1] = 0x8b;
	assert_int_equal(ib_kernel_kind(put("Image.gz", b, sizeof(b), 0644), err, sizeof(err)),
			 IB_KERNEL_BAD);
	assert_non_null(strstr(err, "gzip"));
	assert_null(ib_arch_of_kernel_file("/nonexistent/kernel"));
}

static int has(char **v, const char *a, const char *b)
{
	for (size_t i = 0; v[i]; i++)
		if (!strcmp(v[i], a) && (!b || (v[i + 1] && !strcmp(v[i + 1], b))))
			return 1;
	return 0;
}

static void argv_x86_unchanged(void **state)
{
	/* what ib_qemu_argv() gave before the table: x86_64 boots must not change */
	static const char *const want_tcg[] = {
		"qemu-system-x86_64", "-nodefaults", "-no-reboot", "-display", "none", "-m", "512",
		"-smp", "1", "-kernel", NULL, "-initrd", "img", "-append",
		"console=ttyS0 panic=-1 initbench.reps=3 quiet", "-chardev",
		"stdio,id=s0,signal=off", "-serial", "chardev:s0", "-accel", "tcg",
	};
	struct ib_qemu_cfg c = { .kernel = bzimage(), .image = "img", .mem_mb = 512,
				 .knobs = "initbench.reps=3", .append = "quiet" };
	struct ib_argv a = { 0 };
	size_t n = sizeof(want_tcg) / sizeof(want_tcg[0]);

	(void)state;
	ib_qemu_argv(&c, 0, &a);
	assert_int_equal(a.n, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(a.v[i], want_tcg[i] ? want_tcg[i] : c.kernel);
	ib_argv_free(&a);
	ib_qemu_argv(&c, 1, &a);
	assert_int_equal(a.n, n + 2);
	assert_true(has(a.v, "-accel", "kvm"));
	assert_true(has(a.v, "-cpu", "host"));
	ib_argv_free(&a);
	/* no magic at all: x86_64, as before the table */
	c.kernel = put("junk", "junk", 4, 0644);
	ib_qemu_argv(&c, 0, &a);
	assert_string_equal(a.v[0], "qemu-system-x86_64");
	ib_argv_free(&a);
}

static void argv_arm64(void **state)
{
	struct ib_qemu_cfg c = { .kernel = arm64_image(), .image = "img", .mem_mb = 256 };
	struct ib_argv a = { 0 };

	(void)state;
	ib_qemu_argv(&c, 0, &a);
	assert_string_equal(a.v[0], "qemu-system-aarch64");
	assert_true(has(a.v, "-M", "virt,gic-version=max"));
	assert_true(has(a.v, "-append", "console=ttyAMA0 panic=-1"));
	assert_true(has(a.v, "-accel", "tcg"));
	assert_true(has(a.v, "-cpu", "max,pauth-impdef=on"));
	ib_argv_free(&a);
	ib_qemu_argv(&c, 1, &a);
	assert_true(has(a.v, "-accel", "kvm"));
	assert_true(has(a.v, "-cpu", "host"));
	assert_false(has(a.v, "-cpu", "max,pauth-impdef=on"));
	ib_argv_free(&a);
	/* cfg->arch wins over the file */
	c.arch = ib_arch_find("x86_64");
	ib_qemu_argv(&c, 0, &a);
	assert_string_equal(a.v[0], "qemu-system-x86_64");
	ib_argv_free(&a);
}

/* --smp N is QEMU's -smp N, 0 (unset) is 1; MTTCG needs no word of ours (qemu.h) */
static void argv_smp(void **state)
{
	struct ib_qemu_cfg c = { .kernel = bzimage(), .image = "img", .mem_mb = 512, .smp = 2 };
	struct ib_argv a = { 0 };

	(void)state;
	ib_qemu_argv(&c, 0, &a);
	assert_true(has(a.v, "-smp", "2"));
	assert_true(has(a.v, "-accel", "tcg"));
	assert_false(has(a.v, "-smp", "1"));
	ib_argv_free(&a);
	ib_qemu_argv(&c, 1, &a);
	assert_true(has(a.v, "-smp", "2"));
	assert_true(has(a.v, "-accel", "kvm"));
	ib_argv_free(&a);
	c.smp = 0;
	ib_qemu_argv(&c, 0, &a);
	assert_true(has(a.v, "-smp", "1"));
	ib_argv_free(&a);
}

/* a row that is not the host's: KVM is refused with a reason, auto falls back to TCG */
static void kvm_needs_the_host_arch(void **state)
{
	const struct ib_arch *host = ib_arch_host(), *other = NULL;
	struct ib_accel_state st = { 0 };
	struct ib_console_opts co;
	struct ib_console_result res;
	struct ib_argv used = { 0 };
	char why[256] = "", fake[300], path[600], log[300], probe[300];
	const char *old = getenv("PATH");
	FILE *f;

	(void)state;
	for (size_t i = 0; i < ib_narches && !other; i++)
		if (&ib_arches[i] != host)
			other = &ib_arches[i];
	assert_non_null(other);
	if (host)
		assert_int_equal(ib_arch_kvm_usable(host, why, sizeof(why)), 1);
	assert_int_equal(ib_arch_kvm_usable(other, why, sizeof(why)), 0);
	assert_non_null(strstr(why, other->name));
	assert_non_null(strstr(why, "host"));

	/* the fake QEMU prints its -accel and exits; no /dev/kvm is ever needed */
	snprintf(fake, sizeof(fake), "%s/%s", dir, other->qemu_bin);
	f = fopen(fake, "w");
	assert_non_null(f);
	fputs("#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -accel ] && echo \"accel $2\"; shift; done\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(fake, 0755), 0);
	snprintf(path, sizeof(path), "%s:%s", dir, old ? old : "/usr/bin:/bin");
	setenv("PATH", path, 1);
	snprintf(log, sizeof(log), "%s/fallback.log", dir);
	snprintf(probe, sizeof(probe), "%s/probe.log", dir);
	struct ib_qemu_cfg c = { .kernel = "k", .image = "img", .mem_mb = 64, .accel = "auto",
				 .probe_s = 5, .log = log, .probe_log = probe, .arch = other };
	memset(&co, 0, sizeof(co));
	co.host_cpu = -1;
	co.timeout_s = 20;
	assert_int_equal(ib_qemu_boot(&c, &co, &st, &res, &used), 0);
	setenv("PATH", old ? old : "/usr/bin:/bin", 1);
	assert_int_equal(st.decided, 1);
	assert_int_equal(st.use_kvm, 0);
	assert_non_null(strstr(st.reason, "host"));
	assert_true(has(used.v, "-accel", "tcg"));
	assert_int_equal(access(probe, F_OK), -1);   /* no KVM probe ran */
	assert_true(res.exited && res.exit_code == 0);
	ib_argv_free(&used);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rows),
		cmocka_unit_test(kernel_magic),
		cmocka_unit_test(argv_x86_unchanged),
		cmocka_unit_test(argv_arm64),
		cmocka_unit_test(argv_smp),
		cmocka_unit_test(kvm_needs_the_host_arch),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
