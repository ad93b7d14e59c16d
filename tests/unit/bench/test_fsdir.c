/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_fsdir.c - which mount holds fsdir and what the kernel knows (bench/lib/fsdir.c), on
 * texts copied from real /proc files (a Debian host, the image under QEMU), and the check
 * every file benchmark makes, on this host's own directories.
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

#include "bench/lib/bench.h"
#include "bench/lib/fsdir.h"
#include "bench/lib/measure.h"

/* the image under QEMU with --fs ext4 (PID 1's mounts, then the disk), and a host's over-mount */
static const char mountinfo[] =
	"1 1 0:2 / / rw - rootfs rootfs rw,size=237380k,nr_inodes=59345\n"
	"14 1 0:20 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw\n"
	"15 1 0:21 / /sys rw,nosuid,nodev,noexec,relatime - sysfs sysfs rw\n"
	"16 1 0:5 / /dev rw,nosuid,relatime - devtmpfs devtmpfs rw,size=236240k,nr_inodes=59060,mode=755\n"
	"17 1 0:22 / /tmp rw,nosuid,nodev,relatime - tmpfs tmpfs rw,mode=1777\n"
	"18 1 254:0 / /mnt/fs rw,relatime - ext4 /dev/vda rw\n"
	"19 1 0:23 / /mnt/fs2 rw,relatime shared:5 master:1 - tmpfs tmpfs rw\n"
	"20 19 8:1 / /mnt/fs2 rw,noatime - xfs /dev/sda1 rw,attr2,inode64,logbufs=8,noquota\n"
	"21 1 8:2 /sub /mnt/with\\040blank ro,relatime - vfat /dev/sdb rw,fmask=0022,codepage=437\n";

static void test_mountinfo(void **state)
{
	/* path: the mount that holds it (NULL: none) */
	static const struct {
		const char *path, *mnt, *type, *dev, *opts;
	} want[] = {
		{ "/mnt/fs", "/mnt/fs", "ext4", "/dev/vda", "rw,relatime" },
		/* a directory below it; a name that only starts like it is not below it */
		{ "/mnt/fs/ib-fs.abc", "/mnt/fs", "ext4", "/dev/vda", "rw,relatime" },
		{ "/mnt/fsx", "/", "rootfs", "rootfs", "rw,size=237380k,nr_inodes=59345" },
		{ "/tmp", "/tmp", "tmpfs", "tmpfs", "rw,nosuid,nodev,relatime,mode=1777" },
		/* the later of two mounts on one point wins, optional fields skipped */
		{ "/mnt/fs2/x", "/mnt/fs2", "xfs", "/dev/sda1",
		  "rw,noatime,attr2,inode64,logbufs=8,noquota" },
		/* the kernel's octal escape undone */
		{ "/mnt/with blank/d", "/mnt/with blank", "vfat", "/dev/sdb",
		  "ro,relatime,rw,fmask=0022,codepage=437" },
	};
	struct ib_mount m;

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		if (ib_mountinfo_find(mountinfo, want[i].path, &m))
			fail_msg("%s: no mount found", want[i].path);
		if (strcmp(m.mnt, want[i].mnt) || strcmp(m.type, want[i].type) ||
		    strcmp(m.dev, want[i].dev) || strcmp(m.opts, want[i].opts))
			fail_msg("%s: got %s %s %s %s", want[i].path, m.mnt, m.type, m.dev, m.opts);
	}
	/* nothing that holds it, and a malformed text */
	assert_int_equal(ib_mountinfo_find("18 1 254:0 / /mnt/fs rw - ext4 /dev/vda rw\n", "/tmp", &m), -1);
	assert_string_equal(m.mnt, "");
	assert_int_equal(ib_mountinfo_find("18 1 254:0 / /mnt/fs rw\n", "/mnt/fs", &m), -1);
	assert_int_equal(ib_mountinfo_find("", "/", &m), -1);
}

static void test_filesystems(void **state)
{
	static const char fs[] = "nodev\tsysfs\nnodev\ttmpfs\n\text4\nnodev\tmqueue\n\tvfat\n";

	(void)state;
	assert_int_equal(ib_filesystems_has(fs, "ext4"), 1);
	assert_int_equal(ib_filesystems_has(fs, "tmpfs"), 1);
	assert_int_equal(ib_filesystems_has(fs, "vfat"), 1);
	assert_int_equal(ib_filesystems_has(fs, "xfs"), 0);
	assert_int_equal(ib_filesystems_has(fs, "ext"), 0);
	assert_int_equal(ib_filesystems_has(fs, "nodev"), 0);
	assert_int_equal(ib_filesystems_has("", "ext4"), 0);
}

/* the check itself, here: a missing or non-directory fsdir, then the fs knob's type */
static void test_ready(void **state)
{
	static struct ib_opts o = { .reps = 3, .budget_ms = 1, .timeout_s = 10, .fsdir = "/",
				    .fs = "" };
	char dir[] = "/tmp/ib-fsdir.XXXXXX";

	(void)state;
	assert_non_null(mkdtemp(dir));
	ib_opts = &o;
	o.fsdir = dir;
	assert_int_equal(ib_fsdir_ready("t"), 0);
	o.fsdir = "/nonexistent/ib";
	ib_reason_clear();
	assert_int_equal(ib_fsdir_ready("t"), IB_SKIP);
	assert_non_null(strstr(ib_reason_text(), "t: fsdir /nonexistent/ib: "));
	o.fsdir = "/proc/self/status";
	assert_int_equal(ib_fsdir_ready("t"), IB_SKIP);
	assert_non_null(strstr(ib_reason_text(), "is not a directory"));
	o.fsdir = "tmp";
	assert_int_equal(ib_fsdir_ready("t"), IB_SKIP);
	/* /proc is never a vfat: either this kernel lacks vfat or the type is wrong */
	o.fsdir = "/proc";
	o.fs = "vfat";
	assert_int_equal(ib_fsdir_ready("t"), IB_SKIP);
	assert_true(strstr(ib_reason_text(), "t: no vfat") ||
		    strstr(ib_reason_text(), "t: fsdir /proc is 0x9fa0, not vfat"));
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mountinfo),
		cmocka_unit_test(test_filesystems),
		cmocka_unit_test(test_ready),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
