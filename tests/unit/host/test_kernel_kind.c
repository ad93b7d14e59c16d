/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_kernel_kind.c - ib_kernel_kind() tells a UML ELF executable from a bzImage from
 * anything else, by the file's bytes, on small files written here.
 */
#define _GNU_SOURCE
#include <elf.h>
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

#include "host/boot/uml.h"
#include "host/boot/kernel.h"

static char dir[] = "/tmp/test_kernel_kind.XXXXXX";

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

static void elf_bytes(unsigned char *b, size_t n, unsigned type)
{
	memset(b, 0, n);
	memcpy(b, ELFMAG, SELFMAG);
	b[EI_CLASS] = ELFCLASS64;
	b[EI_DATA] = ELFDATA2LSB;
	b[EI_VERSION] = EV_CURRENT;
	b[16] = (unsigned char)(type & 0xff);
	b[17] = (unsigned char)(type >> 8);
}

static void elf_exec_is_uml(void **state)
{
	unsigned char b[64];
	char err[512] = "";

	(void)state;
	elf_bytes(b, sizeof(b), ET_EXEC);
	assert_int_equal(ib_kernel_kind(put("exec", b, sizeof(b), 0755), err, sizeof(err)),
			 IB_KERNEL_UML);
	elf_bytes(b, sizeof(b), ET_DYN);
	assert_int_equal(ib_kernel_kind(put("dyn", b, sizeof(b), 0755), err, sizeof(err)),
			 IB_KERNEL_UML);
}

static void elf_not_executable_is_refused(void **state)
{
	unsigned char b[64];
	char err[512] = "";
	const char *p;

	(void)state;
	elf_bytes(b, sizeof(b), ET_REL); /* an object file */
	p = put("obj", b, sizeof(b), 0755);
	assert_int_equal(ib_kernel_kind(p, err, sizeof(err)), IB_KERNEL_BAD);
	assert_non_null(strstr(err, p));
	elf_bytes(b, sizeof(b), ET_EXEC); /* no x bit at all: not even root may exec it */
	p = put("noexec", b, sizeof(b), 0644);
	assert_int_equal(ib_kernel_kind(p, err, sizeof(err)), IB_KERNEL_BAD);
	assert_non_null(strstr(err, "not executable"));
}

static void bzimage_by_hdrs_magic(void **state)
{
	unsigned char b[1024];
	char err[512] = "";

	(void)state;
	memset(b, 0, sizeof(b));
	memcpy(b + 0x202, "HdrS", 4);
	b[0x1fe] = 0x55;
	b[0x1ff] = 0xaa;
	assert_int_equal(ib_kernel_kind(put("bz", b, sizeof(b), 0644), err, sizeof(err)),
			 IB_KERNEL_BZIMAGE);
	/* magic one byte off: not a bzImage */
	memset(b + 0x202, 0, 4);
	memcpy(b + 0x203, "HdrS", 4);
	assert_int_equal(ib_kernel_kind(put("bzoff", b, sizeof(b), 0644), err, sizeof(err)),
			 IB_KERNEL_BAD);
}

static void garbage_is_refused_naming_the_file(void **state)
{
	char junk[2048], err[512] = "";
	const char *p;

	(void)state;
	memset(junk, 'x', sizeof(junk));
	p = put("junk", junk, sizeof(junk), 0755);
	assert_int_equal(ib_kernel_kind(p, err, sizeof(err)), IB_KERNEL_BAD);
	assert_non_null(strstr(err, p));
	assert_null(strchr(err, '\n'));
	/* too short to hold either magic */
	p = put("short", "\x7f", 1, 0755);
	assert_int_equal(ib_kernel_kind(p, err, sizeof(err)), IB_KERNEL_BAD);
	p = put("empty", "", 0, 0644);
	assert_int_equal(ib_kernel_kind(p, err, sizeof(err)), IB_KERNEL_BAD);
}

static void missing_file_and_directory(void **state)
{
	char path[256], err[512] = "";

	(void)state;
	snprintf(path, sizeof(path), "%s/does-not-exist", dir);
	assert_int_equal(ib_kernel_kind(path, err, sizeof(err)), IB_KERNEL_BAD);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "No such file"));
	assert_int_equal(ib_kernel_kind(dir, err, sizeof(err)), IB_KERNEL_BAD);
	assert_non_null(strstr(err, "not a regular file"));
}

/* the console of Debian's UML on a CPU with AMX, as captured here, and one that ran */
static void uml_that_cannot_run_here(void **state)
{
	char path[256], line[256] = "";
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/umllog", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("Linux version 6.1.176\nRun /init as init process\r\n"
	      "userspace - ptrace set fp regs failed, errno = 14\r\n"
	      "Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b\n", f);
	fclose(f);
	assert_int_equal(ib_uml_host_refusal(path, line, sizeof(line)), 1);
	assert_string_equal(line, "userspace - ptrace set fp regs failed, errno = 14");
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("Run /init as init process\n# IB 0 begin proto=1 *00000000\n"
	      "a benchmark printed ptrace set fp regs failed\n", f);
	fclose(f);
	assert_int_equal(ib_uml_host_refusal(path, line, sizeof(line)), 0);
	snprintf(path, sizeof(path), "%s/no-such-log", dir);
	assert_int_equal(ib_uml_host_refusal(path, line, sizeof(line)), 0);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	const char *names[] = { "exec", "dyn", "obj", "noexec", "bz", "bzoff", "junk", "short",
				"empty", "umllog" };
	char path[256];

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(elf_exec_is_uml),
		cmocka_unit_test(elf_not_executable_is_refused),
		cmocka_unit_test(bzimage_by_hdrs_magic),
		cmocka_unit_test(garbage_is_refused_naming_the_file),
		cmocka_unit_test(missing_file_and_directory),
		cmocka_unit_test(uml_that_cannot_run_here),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
