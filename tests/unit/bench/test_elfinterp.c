/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_elfinterp.c - the program interpreter of an ELF file (bench/proc/elfinterp.c), which
 * exec proc reads to tell the dynamic hello from the static one.
 *
 * The headers are written here byte by byte from the ELF specification (Elf64_Ehdr: e_phoff
 * at 32, e_phentsize at 54, e_phnum at 56; Elf64_Phdr: p_type, p_flags, p_offset at 8,
 * p_filesz at 32; Elf32: e_phoff at 28, e_phentsize at 42, e_phnum at 44; Elf32_Phdr:
 * p_offset at 4, p_filesz at 16), not produced by the code under test; plus this test
 * program itself, which the host's gcc links dynamically.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench/proc/elfinterp.h"

static const char LDSO[] = "/lib/ld-musl-x86_64.so.1";

static void put(unsigned char *b, size_t off, uint64_t v, unsigned n, int msb)
{
	for (unsigned i = 0; i < n; i++)
		b[off + i] = (unsigned char)(v >> (8 * (msb ? n - 1 - i : i)));
}

/*
 * A 64-bit (or 32-bit) file of the given byte order: header, two program headers at 64 (52)
 * (PT_LOAD, then PT_INTERP when interp is set), the path at 256. Returns its length.
 */
static size_t elf(unsigned char *b, int is64, int msb, const char *interp)
{
	size_t ph = is64 ? 64 : 52, phsz = is64 ? 56 : 32;

	memset(b, 0, 512);
	memcpy(b, "\177ELF", 4);
	b[4] = is64 ? 2 : 1;
	b[5] = msb ? 2 : 1;
	b[6] = 1;
	put(b, is64 ? 32 : 28, ph, is64 ? 8 : 4, msb);
	put(b, is64 ? 54 : 42, phsz, 2, msb);
	put(b, is64 ? 56 : 44, interp ? 2 : 1, 2, msb);
	put(b, ph, 1, 4, msb);                        /* PT_LOAD */
	if (interp) {
		size_t p = ph + phsz;
		put(b, p, 3, 4, msb);                 /* PT_INTERP */
		put(b, p + (is64 ? 8 : 4), 256, is64 ? 8 : 4, msb);
		put(b, p + (is64 ? 32 : 16), strlen(interp) + 1, is64 ? 8 : 4, msb);
		memcpy(b + 256, interp, strlen(interp) + 1);
	}
	return 512;
}

static void test_dynamic_and_static(void **state)
{
	unsigned char b[512];
	char out[64];
	(void)state;
	for (int is64 = 0; is64 < 2; is64++)
		for (int msb = 0; msb < 2; msb++) {
			size_t n = elf(b, is64, msb, LDSO);
			memset(out, 'x', sizeof(out));
			assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), 1);
			assert_string_equal(out, LDSO);
			n = elf(b, is64, msb, NULL);
			assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), 0);
		}
}

static void test_refused(void **state)
{
	unsigned char b[512];
	char out[64];
	size_t n;
	(void)state;
	n = elf(b, 1, 0, LDSO);
	/* not ELF */
	assert_int_equal(ib_elf_interp_parse((const unsigned char *)"#!/bin/sh\n", 10, out, 64),
			 IB_ELF_NOTELF);
	assert_int_equal(ib_elf_interp_parse(b, 3, out, sizeof(out)), IB_ELF_NOTELF);
	/* cut inside the header, the program headers, the path */
	assert_int_equal(ib_elf_interp_parse(b, 40, out, sizeof(out)), IB_ELF_BAD);
	assert_int_equal(ib_elf_interp_parse(b, 64 + 56 + 10, out, sizeof(out)), IB_ELF_BAD);
	assert_int_equal(ib_elf_interp_parse(b, 256 + 5, out, sizeof(out)), IB_ELF_BAD);
	/* a path longer than out holds: refused, not cut */
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(LDSO) - 1), IB_ELF_BAD);
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(LDSO)), 1);
	/* the path's NUL missing, a NUL inside it */
	b[256 + sizeof(LDSO) - 1] = 'z';
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), IB_ELF_BAD);
	b[256 + sizeof(LDSO) - 1] = 0;
	b[260] = 0;
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), IB_ELF_BAD);
	/* an unknown class, a program header entry too small to hold p_filesz */
	n = elf(b, 1, 0, LDSO);
	b[4] = 3;
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), IB_ELF_BAD);
	n = elf(b, 1, 0, LDSO);
	put(b, 54, 16, 2, 0);
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), IB_ELF_BAD);
	/* a table that claims more entries than the bytes hold */
	n = elf(b, 1, 0, LDSO);
	put(b, 56, 60000, 2, 0);
	assert_int_equal(ib_elf_interp_parse(b, n, out, sizeof(out)), IB_ELF_BAD);
}

static void test_files(void **state)
{
	char out[256];
	(void)state;
	/* this program: the host's gcc links it dynamically, so it names its loader */
	assert_int_equal(ib_elf_interp("/proc/self/exe", out, sizeof(out)), 1);
	assert_int_equal(out[0], '/');
	assert_int_equal(ib_elf_interp("/nonexistent/hello", out, sizeof(out)), -ENOENT);
	assert_int_equal(ib_elf_interp("/proc/self/status", out, sizeof(out)), IB_ELF_NOTELF);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dynamic_and_static),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
