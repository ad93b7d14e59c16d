/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_fsimage.c - the --fs disk (host/boot/fsimage.c): its mkfs command lines, and the
 * image each makes, read back with PID 1's own probe (initramfs/blkid.c), so the label PID 1
 * looks for is the label the host wrote. A missing mkfs makes its part a skip.
 */
#define _GNU_SOURCE
#include <fcntl.h>
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

#include "host/boot/fsimage.h"
#include "host/lib/argv.h"
#include "initramfs/blkid.h"
#include "initramfs/fsmount.h"

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	return pread(*(int *)ctx, buf, len, (off_t)off) == (ssize_t)len ? 0 : -1;
}

static void test_argv(void **state)
{
	struct ib_argv a = { 0 };
	char *q;

	(void)state;
	assert_int_equal(ib_fsimage_needs_disk("ext4"), 1);
	assert_int_equal(ib_fsimage_needs_disk("xfs"), 1);
	assert_int_equal(ib_fsimage_needs_disk("vfat"), 1);
	assert_int_equal(ib_fsimage_needs_disk("tmpfs"), 0);
	assert_int_equal(ib_fsimage_needs_disk(""), 0);
	assert_int_equal(ib_fsimage_needs_disk(NULL), 0);
	assert_int_equal(ib_fsimage_mkfs("tmpfs", "/x", &a), -1);
	assert_null(a.v);
	assert_int_equal(ib_fsimage_mkfs("xfs", "/r/a b/fs.img", &a), 0);
	q = ib_argv_quote(a.v);
	assert_string_equal(q, "mkfs.xfs -q -f -L IBFS '/r/a b/fs.img'");
	free(q);
	ib_argv_free(&a);
	/* the label the host writes is the one PID 1 looks for */
	assert_string_equal(IB_FSIMAGE_LABEL, IB_FS_LABEL);
}

static void test_make(void **state)
{
	static const char *const types[] = { "ext4", "xfs", "vfat" };
	char dir[] = "/tmp/ib-fsimage-XXXXXX", img[64], err[512], tool[512];
	const char *pkg;
	unsigned made = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(img, sizeof(img), "%s/fs.img", dir);
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		struct ib_blk_info info;
		struct stat st;
		int fd;

		if (ib_fsimage_tool(types[i], tool, sizeof(tool), &pkg)) {
			fprintf(stderr, "no mkfs for %s (%s): not checked\n", types[i], pkg);
			continue;
		}
		if (ib_fsimage_make(types[i], img, err, sizeof(err)))
			fail_msg("%s: %s", types[i], err);
		assert_int_equal(stat(img, &st), 0);
		assert_true(st.st_size == (off_t)IB_FSIMAGE_MB << 20);
		/* sparse: mkfs wrote its metadata, not a gigabyte */
		assert_true(st.st_blocks * 512 < st.st_size / 4);
		fd = open(img, O_RDONLY);
		assert_true(fd >= 0);
		assert_int_equal(ib_blk_probe(fd_read, &fd, &info), 0);
		close(fd);
		assert_string_equal(info.type, types[i]);
		assert_string_equal(info.label, IB_FS_LABEL);
		made++;
	}
	/* a file that cannot be made: one line, nothing left */
	assert_int_equal(ib_fsimage_make("ext4", "/nonexistent/dir/fs.img", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/dir/fs.img"));
	assert_int_equal(ib_fsimage_make("btrfs", img, err, sizeof(err)), -1);
	unlink(img);
	rmdir(dir);
	if (!made)
		skip();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_argv),
		cmocka_unit_test(test_make),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
