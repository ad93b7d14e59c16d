/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * host/disk: the partitions of a disk image (layout.h), its GRUB menu with the boot
 * counter (grubcfg.h) and GRUB's BIOS boot code written into it (biosboot.h), on the
 * bytes: every field grub-bios-setup would write, the partition table kept; a counter chain
 * that boots each count once and ends in the power-off entry.
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

#include "host/disk/biosboot.h"
#include "host/disk/grubcfg.h"
#include "host/disk/layout.h"

static void test_layout(void **state)
{
	struct ib_disk_layout l;
	char *s;

	(void)state;
	ib_disk_layout(20u << 20, 64, 1, &l);   /* a small payload: the 64 MiB minimum */
	assert_int_equal(l.bios_lba, 2048);
	assert_int_equal(l.bios_sectors, 2048);
	assert_int_equal(l.esp_part, 2);
	assert_int_equal(l.esp_lba, 4096);
	assert_int_equal(l.esp_sectors, 64 * 2048);
	assert_int_equal(l.out_part, 3);
	assert_int_equal(l.out_lba, 4096 + 64 * 2048);
	assert_int_equal(l.out_sectors, 64 * 2048);
	assert_int_equal(l.bytes, (uint64_t)(4096 + 128 * 2048 + 2048) * 512);
	s = ib_disk_sfdisk(&l);
	assert_string_equal(s, "label: gpt\nunit: sectors\n"
		"start=2048, size=2048, type=21686148-6449-6E6F-744E-656564454649, name=\"BIOS boot\"\n"
		"start=4096, size=131072, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name=\"EFI system\"\n"
		"start=135168, size=131072, type=EBD0A0A2-B9E5-4433-87C0-68B6B72699C7, name=\"initbench results\"\n");
	free(s);
	/* UEFI only: no BIOS boot partition; a big payload grows the ESP; a tiny results
	 * partition is raised to what FAT32 needs */
	ib_disk_layout(100u << 20, 1, 0, &l);
	assert_int_equal(l.bios_sectors, 0);
	assert_int_equal(l.esp_part, 1);
	assert_int_equal(l.esp_lba, 2048);
	assert_int_equal(l.esp_sectors, (100 + 100 / 8 + 4 + 1) * 2048);   /* 117.5 + 4, rounded up */
	assert_int_equal(l.out_part, 2);
	assert_int_equal(l.out_sectors, IB_DISK_OUT_MIN_MIB * 2048);
	s = ib_disk_sfdisk(&l);
	assert_null(strstr(s, "BIOS boot"));
	free(s);
}

static const struct ib_grub_boot boots[] = {
	{ "base", "/initbench/base/vmlinuz", "/initbench/base/initramfs.cpio.gz", NULL },
	{ "new", "/initbench/new/bzImage", "/initbench/new/initramfs.cpio.gz", "mitigations=off" },
	{ "new", "/initbench/new/bzImage", "/initbench/new/initramfs.cpio.gz", "mitigations=off" },
	{ "base", "/initbench/base/vmlinuz", "/initbench/base/initramfs.cpio.gz", NULL },
};

static char *cfg(unsigned n, const char *append, char *err)
{
	struct ib_grub_loop l = { n, boots, "ttyS0,115200", "IBOUT", append, 3, "initbench_boot",
				  "2 variants x 2 runs" };

	return ib_grub_cfg(&l, err, 256);
}

static void test_grub_loop(void **state)
{
	char err[256], *s = cfg(4, "initbench.bench=null_call", err);

	(void)state;
	assert_non_null(s);
	/* the counter: read, advanced and saved before the boot, each count to its entry */
	assert_non_null(strstr(s, "load_env initbench_boot\n"));
	assert_non_null(strstr(s, "set default=ib-done\n"));
	assert_non_null(strstr(s, "if [ \"$initbench_boot\" = 0 ]; then set default=ib-1; set initbench_boot=1\n"));
	assert_non_null(strstr(s, "elif [ \"$initbench_boot\" = 3 ]; then set default=ib-4; set initbench_boot=4\nfi\n"));
	assert_null(strstr(s, "= 4 ]"));   /* after the last count: ib-done */
	assert_true(strstr(s, "save_env initbench_boot") < strstr(s, "menuentry"));
	assert_non_null(strstr(s, "set fallback=5\n"));   /* ib-next's number */
	assert_true(strstr(s, "--id ib-4 {") < strstr(s, "--id ib-done {"));
	assert_true(strstr(s, "--id ib-done {") < strstr(s, "--id ib-next {"));
	assert_non_null(strstr(s, "serial --unit=0 --speed=115200\n"));
	assert_non_null(strstr(s, "set timeout_style=countdown\nset timeout=3\n"));
	/* entries: grub-entry's words, the file of their count, reboot but the last */
	assert_non_null(strstr(s, "menuentry 'initbench 2/4: new' --id ib-2 {\n"
		"\tlinux '/initbench/new/bzImage' 'console=tty0' 'console=ttyS0,115200' 'panic=-1' "
		"'initbench.out=LABEL=IBOUT:vfat:/runs/02-new.log' 'initbench.end=reboot' "
		"'initbench.bench=null_call' 'mitigations=off'\n"
		"\tinitrd '/initbench/new/initramfs.cpio.gz'\n}\n"));
	assert_non_null(strstr(s, "'initbench.out=LABEL=IBOUT:vfat:/runs/04-base.log' "
			       "'initbench.end=poweroff' 'initbench.bench=null_call'\n"));
	assert_non_null(strstr(s, "--id ib-done {\n"));
	assert_non_null(strstr(s, "\thalt\n"));
	assert_non_null(strstr(s, "--id ib-next {\n"));
	assert_non_null(strstr(s, "\treboot\n"));
	free(s);
}

static void test_grub_refusals(void **state)
{
	char err[256];
	struct ib_grub_loop none = { 0, boots, "ttyS0", "IBOUT", NULL, 3, "c", NULL };
	struct ib_grub_loop arm = { 1, boots, "ttyAMA0,115200", "IBOUT", NULL, 0, "c", NULL };
	char *s;

	(void)state;
	assert_null(cfg(4, "quote='", err));
	assert_non_null(strstr(err, "single quote"));
	assert_null(ib_grub_cfg(&none, err, sizeof(err)));
	assert_string_equal(err, "no boots to write a GRUB menu for");
	/* a console GRUB cannot drive stays the kernel's; GRUB keeps the firmware's */
	s = ib_grub_cfg(&arm, err, sizeof(err));
	assert_non_null(s);
	assert_null(strstr(s, "serial --unit"));
	assert_non_null(strstr(s, "'console=ttyAMA0,115200'"));
	/* no wait: GRUB's countdown style would still count 3 s down */
	assert_non_null(strstr(s, "set timeout_style=hidden\nset timeout=0\n"));
	free(s);
}

static void test_log_path(void **state)
{
	char p[64];

	(void)state;
	ib_grub_log_path(3, 9, "base", p, sizeof(p));
	assert_string_equal(p, "/runs/03-base.log");
	ib_grub_log_path(7, 120, "new", p, sizeof(p));
	assert_string_equal(p, "/runs/007-new.log");
}

/* a stand-in boot.img and core.img with GRUB's marks where biosboot.c looks */
static void grub_like(unsigned char *boot, unsigned char *core, size_t len)
{
	memset(boot, 0xb0, 512);
	boot[0x5c] = 1;
	boot[0x66] = 0xeb;
	boot[0x67] = 0x05;
	boot[510] = 0x55;
	boot[511] = 0xaa;
	memset(core, 0xc0, len);
	core[0x1f4 + 10] = 0x20;
	core[0x1f4 + 11] = 0x08;
}

static uint64_t le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static void test_bios_boot(void **state)
{
	unsigned char mbr[512], boot[512], *core = calloc(1, 5 * 512), was[512];
	char err[256];

	(void)state;
	memset(mbr, 0, sizeof(mbr));
	mbr[0x1b8] = 0x12;                   /* disk signature */
	mbr[0x1be + 4] = 0xee;               /* the protective partition */
	mbr[510] = 0x55;
	mbr[511] = 0xaa;
	memcpy(was, mbr, 512);
	grub_like(boot, core, 4 * 512 + 100);
	assert_int_equal(ib_bios_boot_patch(mbr, boot, core, 4 * 512 + 100, 2048, 2048, err,
					    sizeof(err)), 5);
	assert_memory_equal(mbr + 0x5c + 8, boot + 0x5c + 8, 0x66 - 0x64);   /* boot drive */
	assert_int_equal(le(mbr + 0x5c, 8), 2048);                        /* the core's LBA */
	assert_int_equal(mbr[0x66], 0x90);
	assert_int_equal(mbr[0x67], 0x90);
	assert_memory_equal(mbr, boot, 0x5c);
	assert_memory_equal(mbr + 0x1b8, was + 0x1b8, 512 - 0x1b8);       /* the table kept */
	assert_int_equal(le(core + 0x1f4, 8), 2049);                      /* the rest of core */
	assert_int_equal(le(core + 0x1f4 + 8, 2), 4);
	assert_int_equal(le(core + 0x1f4 + 10, 2), 0x820);
	for (size_t i = 4 * 512 + 100; i < 5 * 512; i++)
		assert_int_equal(core[i], 0);                                  /* padded */
	/* refused: no room, not a core image, not a boot sector, no partition table */
	grub_like(boot, core, 4 * 512 + 100);
	assert_int_equal(ib_bios_boot_patch(mbr, boot, core, 4 * 512 + 100, 2048, 4, err,
					    sizeof(err)), -1);
	assert_string_equal(err, "core.img: 5 sectors do not fit the BIOS boot partition's 4");
	core[0x1f4 + 11] = 0;
	assert_int_equal(ib_bios_boot_patch(mbr, boot, core, 2048, 2048, 2048, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not an i386-pc core image"));
	grub_like(boot, core, 2048);
	boot[511] = 0;
	assert_int_equal(ib_bios_boot_patch(mbr, boot, core, 2048, 2048, 2048, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "boot.img"));
	grub_like(boot, core, 2048);
	mbr[510] = 0;
	assert_int_equal(ib_bios_boot_patch(mbr, boot, core, 2048, 2048, 2048, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no partition table"));
	free(core);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_grub_loop),
		cmocka_unit_test(test_grub_refusals),
		cmocka_unit_test(test_log_path),
		cmocka_unit_test(test_bios_boot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
