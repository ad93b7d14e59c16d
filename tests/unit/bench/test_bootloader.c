/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ib_boot_loader_name() (bench/lib/env.h): the boot protocol's loader IDs as the kernel's
 * bootloader_type gives them, including the extended IDs the kernel folds in (0x12X: OVMF)
 * and the values that name no loader.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bench/lib/env.h"

static void test_ids(void **state)
{
	(void)state;
	assert_string_equal(ib_boot_loader_name(0x72), "GRUB");   /* GRUB 2 */
	assert_string_equal(ib_boot_loader_name(0x70), "GRUB");
	assert_string_equal(ib_boot_loader_name(0xb0), "QEMU");   /* QEMU -kernel */
	assert_string_equal(ib_boot_loader_name(0x41), "iPXE");
	assert_string_equal(ib_boot_loader_name(0xd0), "kexec-tools");
	assert_string_equal(ib_boot_loader_name(0x34), "Syslinux");
	assert_string_equal(ib_boot_loader_name(0x120), "OVMF");   /* extended: 0xe0 + ext 2 */
	assert_string_equal(ib_boot_loader_name(0x131), "barebox");
	assert_string_equal(ib_boot_loader_name(0x00), "LILO");
}

static void test_no_loader(void **state)
{
	(void)state;
	assert_string_equal(ib_boot_loader_name(0xff), "undefined");
	assert_string_equal(ib_boot_loader_name(0xf3), "undefined");
	assert_string_equal(ib_boot_loader_name(0x60), "unknown");   /* 6 is not assigned */
	assert_string_equal(ib_boot_loader_name(0x140), "unknown");  /* past the table */
	assert_string_equal(ib_boot_loader_name(-1), "");             /* not x86 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_no_loader),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
