/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of initramfs/blkid.c on images made by the real tools, with the identities
 * given to them explicitly (so the expected values are known without trusting another
 * probe): mkfs.vfat -n/-i (FAT16 and FAT32), mkfs.ext4 -L/-U, mkfs.xfs -L/-m uuid=, sfdisk
 * GPT with uuid= and MBR with label-id. A tool that is missing makes its test a skip.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "initramfs/blkid.h"
#include "initramfs/dump.h"

extern char **environ;

static char dir[64], img[128];

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	return pread(*(int *)ctx, buf, len, (off_t)off) == (ssize_t)len ? 0 : -1;
}

/* argv run with stdin from `input` (or /dev/null), stdout and stderr to /dev/null */
static int run(const char *input, char *const argv[])
{
	posix_spawn_file_actions_t fa;
	int in[2], st;
	pid_t pid;

	if (pipe(in))
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		close(in[0]);
		close(in[1]);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	if (input && write(in[1], input, strlen(input)) < 0)
		fail_msg("writing to %s", argv[0]);
	close(in[1]);
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int have(const char *tool)
{
	char *argv[] = { "sh", "-c", NULL, NULL }, cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s", tool);
	argv[2] = cmd;
	return run(NULL, argv) == 0;
}

static void blank_image(unsigned mb)
{
	int fd = open(img, O_RDWR | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)mb << 20), 0);
	close(fd);
}

static void probe(struct ib_blk_info *info)
{
	int fd = open(img, O_RDONLY);

	assert_true(fd >= 0);
	assert_int_equal(ib_blk_probe(fd_read, &fd, info), 0);
	close(fd);
}

static int partuuid(unsigned n, char *out, size_t cap)
{
	int fd = open(img, O_RDONLY), r;

	assert_true(fd >= 0);
	r = ib_blk_partuuid(fd_read, &fd, n, out, cap);
	close(fd);
	return r;
}

static int part(unsigned n, struct ib_blk_part *p)
{
	int fd = open(img, O_RDONLY), r;

	assert_true(fd >= 0);
	r = ib_blk_part(fd_read, &fd, n, p);
	close(fd);
	return r;
}

static int setup(void **state)
{
	char path[4096];

	(void)state;
	/* the mkfs tools live in sbin, which a non-login PATH may lack */
	snprintf(path, sizeof(path), "%s:/usr/sbin:/sbin", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	setenv("PATH", path, 1);
	snprintf(dir, sizeof(dir), "/tmp/ib-test-blkid-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(img, sizeof(img), "%s/disk.img", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(img);
	return rmdir(dir);
}

static void test_zeros_and_dump(void **state)
{
	struct ib_blk_info info;
	unsigned char hdr[IB_DUMP_HDR];
	struct ib_dump_hdr h = { IB_DUMP_VERSION, 0, 0, 0, "" };
	char id[64];
	int fd;

	(void)state;
	blank_image(1);
	probe(&info);
	assert_string_equal(info.type, "");
	assert_int_equal(partuuid(1, id, sizeof(id)), -1);
	ib_dump_header(hdr, &h);
	fd = open(img, O_WRONLY);
	assert_int_equal(pwrite(fd, hdr, sizeof(hdr), 0), (ssize_t)sizeof(hdr));
	close(fd);
	probe(&info);
	assert_string_equal(info.type, "initbench");
}

static void test_vfat(void **state)
{
	struct ib_blk_info info;
	char *fat16[] = { "mkfs.vfat", "-F", "16", "-n", "IBOUT", "-i", "4f36adf0", img, NULL };
	char *fat32[] = { "mkfs.vfat", "-F", "32", "-n", "STICK 2", "-i", "DEADBEEF", img, NULL };
	char *nolabel[] = { "mkfs.vfat", "-i", "00010002", img, NULL };

	(void)state;
	if (!have("mkfs.vfat"))
		skip();
	blank_image(32);
	assert_int_equal(run(NULL, fat16), 0);
	probe(&info);
	assert_string_equal(info.type, "vfat");
	assert_string_equal(info.label, "IBOUT");
	assert_string_equal(info.uuid, "4F36-ADF0");

	blank_image(64);
	assert_int_equal(run(NULL, fat32), 0);
	probe(&info);
	assert_string_equal(info.type, "vfat");
	assert_string_equal(info.label, "STICK 2");
	assert_string_equal(info.uuid, "DEAD-BEEF");

	blank_image(8);
	assert_int_equal(run(NULL, nolabel), 0);
	probe(&info);
	assert_string_equal(info.type, "vfat");
	assert_string_equal(info.label, "");
	assert_string_equal(info.uuid, "0001-0002");
}

/* ext4 and xfs: the label and UUID given to mkfs come back (xfs's smallest is 300 MB) */
static void test_ext4_xfs(void **state)
{
	static const char uuid[] = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
	char *ext4[] = { "mkfs.ext4", "-q", "-F", "-L", "IBEXT", "-U", (char *)uuid, img, NULL };
	char *xfs[] = { "mkfs.xfs", "-q", "-f", "-L", "IBXFS", "-m", "uuid=" "0f1e2d3c-4b5a-"
			"6978-8796-a5b4c3d2e1f0", img, NULL };
	char **mk[] = { ext4, xfs };
	static const char *const type[] = { "ext4", "xfs" }, *const label[] = { "IBEXT", "IBXFS" };
	static const unsigned mb[] = { 16, 320 };
	unsigned done = 0;

	(void)state;
	for (int i = 0; i < 2; i++) {
		struct ib_blk_info info;

		if (!have(mk[i][0]))
			continue;
		blank_image(mb[i]);
		assert_int_equal(run(NULL, mk[i]), 0);
		probe(&info);
		assert_string_equal(info.type, type[i]);
		assert_string_equal(info.label, label[i]);
		assert_string_equal(info.uuid, uuid);
		done++;
	}
	if (!done)
		skip();
}

static void test_gpt(void **state)
{
	struct ib_blk_info info;
	char *sf[] = { "sfdisk", "-q", img, NULL }, id[64];

	(void)state;
	if (!have("sfdisk"))
		skip();
	blank_image(8);
	assert_int_equal(run("label: gpt\n"
			     "start=2048, size=2048, uuid=CA3F47CB-0116-0242-9144-53B3A35EAD2F\n"
			     "start=4096, size=2048, uuid=11223344-5566-7788-99aa-bbccddeeff00, "
			     "type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B\n", sf), 0);
	probe(&info);
	assert_string_equal(info.type, "gpt");
	assert_int_equal(partuuid(1, id, sizeof(id)), 0);
	assert_string_equal(id, "ca3f47cb-0116-0242-9144-53b3a35ead2f");
	assert_int_equal(partuuid(2, id, sizeof(id)), 0);
	assert_string_equal(id, "11223344-5566-7788-99aa-bbccddeeff00");
	assert_int_equal(partuuid(3, id, sizeof(id)), -1);   /* an unused entry */
	assert_int_equal(partuuid(0, id, sizeof(id)), -1);

	struct ib_blk_part p;

	assert_int_equal(part(2, &p), 0);
	assert_string_equal(p.table, "gpt");
	assert_string_equal(p.type, "c12a7328-f81f-11d2-ba4b-00a0c93ec93b");   /* EFI system */
	assert_string_equal(p.uuid, "11223344-5566-7788-99aa-bbccddeeff00");
	assert_int_equal(p.start, 4096 * 512);
	assert_int_equal(p.size, 2048 * 512);
	assert_int_equal(part(1, &p), 0);
	assert_int_equal(p.start, 2048 * 512);
	assert_int_equal(part(3, &p), 1);     /* unused, inside sfdisk's 128 entries */
	assert_int_equal(part(128, &p), 1);
	assert_int_equal(part(129, &p), -1);  /* past the table */
}

static void test_mbr(void **state)
{
	struct ib_blk_info info;
	char *sf[] = { "sfdisk", "-q", img, NULL }, id[64];

	(void)state;
	if (!have("sfdisk"))
		skip();
	blank_image(8);
	assert_int_equal(run("label: dos\nlabel-id: 0x0d2a3c4e\n"
			     "start=2048, size=2048, type=83\nstart=4096, size=2048, type=c\n", sf), 0);
	probe(&info);
	assert_string_equal(info.type, "mbr");
	assert_int_equal(partuuid(2, id, sizeof(id)), 0);
	assert_string_equal(id, "0d2a3c4e-02");
	assert_int_equal(partuuid(3, id, sizeof(id)), -1);

	struct ib_blk_part p;

	assert_int_equal(part(2, &p), 0);
	assert_string_equal(p.table, "mbr");
	assert_string_equal(p.type, "0x0c");
	assert_int_equal(p.start, 4096 * 512);
	assert_int_equal(p.size, 2048 * 512);
	assert_int_equal(part(3, &p), 1);
	assert_int_equal(part(5, &p), -1);
	blank_image(8);
	assert_int_equal(part(1, &p), -1);    /* no table at all */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zeros_and_dump),
		cmocka_unit_test(test_vfat),
		cmocka_unit_test(test_ext4_xfs),
		cmocka_unit_test(test_gpt),
		cmocka_unit_test(test_mbr),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
