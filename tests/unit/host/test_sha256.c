/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sha256.c - host/lib/sha256.c against FIPS 180-4's vectors and the padding's edges
 * (55 and 64 bytes), and a file's digest (the LAVA job names the image and kernel by it).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "host/lib/sha256.h"

static void test_sha256_vectors(void **state)
{
	char hex[65], *a = malloc(1000);
	(void)state;

	ib_sha256("", 0, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	ib_sha256("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	ib_sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	memset(a, 'a', 1000);
	/* 55 and 64 bytes: the padding's two edges; 1000: several blocks */
	ib_sha256(a, 55, hex);
	assert_string_equal(hex, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
	ib_sha256(a, 64, hex);
	assert_string_equal(hex, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
	ib_sha256(a, 1000, hex);
	assert_string_equal(hex, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
	free(a);
}

static void test_sha256_file(void **state)
{
	char d[] = "/tmp/test_sha256.XXXXXX", *p, hex[65];
	FILE *f;
	(void)state;

	assert_non_null(mkdtemp(d));
	assert_true(asprintf(&p, "%s/x", d) > 0);
	f = fopen(p, "w");
	assert_non_null(f);
	for (int i = 0; i < 1000; i++)
		fputc('a', f);
	fclose(f);
	assert_int_equal(ib_sha256_file(p, hex), 0);
	assert_string_equal(hex, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
	unlink(p);
	assert_int_equal(ib_sha256_file(p, hex), -1);
	rmdir(d);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sha256_vectors),
		cmocka_unit_test(test_sha256_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
