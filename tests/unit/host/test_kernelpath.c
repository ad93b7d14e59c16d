/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of host/boot/kernel.c: KERNEL= as a file, as `make kernel`'s directory, as a
 * kernel build tree (arch/x86/boot/bzImage) or a UML build (linux); the .config that
 * belongs to each, including a distro's /boot/config-VERSION found through a symlink; and
 * the CRC and copy of a config.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/boot/kernel.h"
#include "bench/base/record.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char p[256], *slash;
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	for (slash = p + strlen(root) + 1; (slash = strchr(slash, '/')); slash++) {
		*slash = '\0';
		mkdir(p, 0755);
		*slash = '/';
	}
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* root/rel; two buffers in turn, so that one call can take two of them */
static char *at(const char *rel)
{
	static char p[2][256];
	static int turn;

	turn ^= 1;
	snprintf(p[turn], sizeof(p[turn]), "%s/%s", root, rel);
	return p[turn];
}

static void expect_path(const char *given, const char *want)
{
	char err[400] = "", *got = ib_kernel_path(at(given), err, sizeof(err));

	assert_non_null(got);
	assert_string_equal(got, at(want));
	free(got);
}

static void expect_config(const char *kernel, const char *want)
{
	char *got = ib_kernel_config(at(kernel));

	if (!want) {
		assert_null(got);
		return;
	}
	assert_non_null(got);
	assert_string_equal(got, at(want));
	free(got);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/ib-test-kpath-XXXXXX");
	return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_paths_and_configs(void **state)
{
	char err[400] = "", *got;

	(void)state;
	put("made/bzImage", "k");
	put("made/config", "CONFIG_A=y\n");
	put("tree/arch/x86/boot/bzImage", "k");
	put("tree/.config", "CONFIG_B=y\n");
	put("uml/linux", "u");
	put("uml/.config", "CONFIG_UML=y\n");
	put("deb/boot/vmlinuz-6.1.0-57-cloud-amd64", "k");
	put("deb/boot/config-6.1.0-57-cloud-amd64", "CONFIG_C=y\n");
	put("plain/vmlinuz", "k");
	put("empty/README", "nothing");
	assert_int_equal(symlink(at("deb/boot/vmlinuz-6.1.0-57-cloud-amd64"), at("default-vmlinuz")), 0);

	expect_path("made", "made/bzImage");
	expect_path("tree", "tree/arch/x86/boot/bzImage");
	expect_path("uml", "uml/linux");
	expect_path("plain", "plain/vmlinuz");
	expect_path("made/bzImage", "made/bzImage");       /* a file stays itself */
	got = ib_kernel_path(at("empty"), err, sizeof(err));
	assert_null(got);
	assert_non_null(strstr(err, "a directory without a kernel in it"));
	assert_null(strchr(err, '\n'));

	expect_config("made/bzImage", "made/config");
	expect_config("tree/arch/x86/boot/bzImage", "tree/arch/x86/boot/../../../.config");
	expect_config("uml/linux", "uml/.config");
	expect_config("default-vmlinuz", "deb/boot/config-6.1.0-57-cloud-amd64");
	expect_config("plain/vmlinuz", NULL);
}

static void test_config_id(void **state)
{
	const char *text = "CONFIG_A=y\n# CONFIG_B is not set\n";
	unsigned crc = 0;
	char buf[128] = "";
	FILE *f;

	(void)state;
	put("c/config", text);
	assert_int_equal(ib_kernel_config_id(at("c/config"), NULL, &crc), 0);
	assert_int_equal(crc, ib_crc32(0, text, strlen(text)));
	assert_int_equal(ib_kernel_config_id(at("c/config"), at("c/copy"), &crc), 0);
	f = fopen(at("c/copy"), "r");
	assert_non_null(f);
	assert_int_equal(fread(buf, 1, sizeof(buf) - 1, f), strlen(text));
	fclose(f);
	assert_string_equal(buf, text);
	/* an existing copy is never overwritten; a missing config is an error */
	assert_int_equal(ib_kernel_config_id(at("c/config"), at("c/copy"), &crc), -1);
	assert_int_equal(ib_kernel_config_id(at("c/none"), NULL, &crc), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paths_and_configs),
		cmocka_unit_test(test_config_id),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
