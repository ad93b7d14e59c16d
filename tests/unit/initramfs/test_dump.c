/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of results on a disk: the initbench.out= spec (initramfs/dump.c), the raw
 * dump header (round trip, byte layout, every way a header can be refused) and the host
 * reader (report/import/diskdump.c) on a dump file, a damaged one and one that is not a dump.
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
#include <unistd.h>
#include <sys/stat.h>

#include "report/import/diskdump.h"
#include "initramfs/dump.h"
#include "bench/base/record.h"

static void spec_ok(const char *in, enum ib_dev_by by, const char *dev, enum ib_out_kind kind,
		    const char *path)
{
	struct ib_out_spec s;
	char err[256] = "";

	if (ib_out_spec_parse(in, &s, err, sizeof(err)))
		fail_msg("%s refused: %s", in, err);
	assert_int_equal(s.by, by);
	assert_string_equal(s.dev, dev);
	assert_int_equal(s.kind, kind);
	assert_string_equal(s.path, path);
}

static void spec_bad(const char *in, const char *words)
{
	struct ib_out_spec s;
	char err[256] = "";

	if (!ib_out_spec_parse(in, &s, err, sizeof(err)))
		fail_msg("%s accepted", in);
	assert_non_null(strstr(err, "initbench.out="));
	if (!strstr(err, words))
		fail_msg("%s: '%s' does not say '%s'", in, err, words);
	assert_null(strchr(err, '\n'));
}

static void test_spec_good(void **state)
{
	(void)state;
	spec_ok("vda", IB_DEV_PATH, "/dev/vda", IB_OUT_RAW, "");
	spec_ok("/dev/sdb", IB_DEV_PATH, "/dev/sdb", IB_OUT_RAW, "");
	spec_ok("/dev/disk/by-id/usb-x_1.0", IB_DEV_PATH, "/dev/disk/by-id/usb-x_1.0", IB_OUT_RAW, "");
	spec_ok("nvme0n1:raw", IB_DEV_PATH, "/dev/nvme0n1", IB_OUT_RAW, "");
	spec_ok("LABEL=IBOUT:vfat", IB_DEV_LABEL, "IBOUT", IB_OUT_VFAT, "/initbench.log");
	spec_ok("LABEL=IBOUT:vfat:/runs/", IB_DEV_LABEL, "IBOUT", IB_OUT_VFAT, "/runs/");
	spec_ok("UUID=4F36-ADF0:vfat:/a.log", IB_DEV_UUID, "4F36-ADF0", IB_OUT_VFAT, "/a.log");
	spec_ok("PARTUUID=ca3f47cb-0116-0242-9144-53b3a35ead2f:ext4:/ib/x.log", IB_DEV_PARTUUID,
		"ca3f47cb-0116-0242-9144-53b3a35ead2f", IB_OUT_EXT4, "/ib/x.log");
	spec_ok("PARTUUID=0d2a3c4e-01", IB_DEV_PARTUUID, "0d2a3c4e-01", IB_OUT_RAW, "");
	assert_string_equal(ib_out_kind_name(IB_OUT_EXT4), "ext4");
}

static void test_spec_bad(void **state)
{
	(void)state;
	spec_bad("", "no device");
	spec_bad(":vfat", "no device");
	spec_bad("vda:btrfs", "unknown kind 'btrfs'");
	spec_bad("vda:raw:/x", "takes no path");
	spec_bad("LABEL=:vfat", "bad device");
	spec_bad("LABEL=a b", "bad device value");
	spec_bad("LABEL=x;rm", "bad device value");
	spec_bad("/dev/../etc/passwd", "bad device");
	spec_bad("/dev/", "bad device");
	spec_bad("vd$a", "bad device");
	spec_bad("vda:vfat:relative.log", "bad path");
	spec_bad("vda:vfat:/a/../b", "bad path");
	spec_bad("vda:vfat:/a/./b", "bad path");
	spec_bad("vda:vfat:/a//b", "bad path");
	spec_bad("vda:ext4:/a b", "bad path");
	spec_bad("LABEL=0123456789012345678901234567890123456789012345678901234567890123", "bad device value");
}

static void test_header_round_trip(void **state)
{
	unsigned char b[IB_DUMP_HDR];
	struct ib_dump_hdr h = { IB_DUMP_VERSION, 123456789012ull, 0xcbf43926u,
				 IB_DUMP_COMPLETE, "6.1.0-57-cloud-amd64" }, r;
	char err[200];

	(void)state;
	ib_dump_header(b, &h);
	assert_memory_equal(b, "IBDUMP\r\n", 8);
	/* little-endian fields at their documented offsets */
	assert_int_equal(b[8], 1);
	assert_int_equal(b[12] | b[13] << 8, 512);
	assert_int_equal(b[16], 123456789012ull & 0xff);
	assert_int_equal(b[20], (123456789012ull >> 32) & 0xff);
	assert_int_equal(b[24], 0x26);
	assert_int_equal(b[27], 0xcb);
	assert_int_equal(b[28], IB_DUMP_COMPLETE);
	assert_string_equal((char *)b + 32, "6.1.0-57-cloud-amd64");
	assert_int_equal(b[507], 0);
	assert_int_equal(ib_dump_parse(b, sizeof(b), &r, err, sizeof(err)), 0);
	assert_true(r.len == h.len);
	assert_int_equal(r.crc, h.crc);
	assert_int_equal(r.flags, h.flags);
	assert_string_equal(r.release, h.release);
}

static void test_header_refused(void **state)
{
	unsigned char b[IB_DUMP_HDR];
	struct ib_dump_hdr h = { IB_DUMP_VERSION, 10, 1, 0, "x" }, r;
	char err[200];

	(void)state;
	ib_dump_header(b, &h);
	assert_int_equal(ib_dump_parse(b, 100, &r, err, sizeof(err)), -1);
	b[40] ^= 1;                                   /* a flipped bit anywhere */
	assert_int_equal(ib_dump_parse(b, sizeof(b), &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "header CRC"));
	h.version = IB_DUMP_VERSION + 1;
	ib_dump_header(b, &h);
	assert_int_equal(ib_dump_parse(b, sizeof(b), &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "newer than this reader"));
	memset(b, 0, sizeof(b));
	assert_int_equal(ib_dump_parse(b, sizeof(b), &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no initbench dump header"));
}

static char *write_dump(const char *data, size_t len, uint32_t crc, uint64_t claimed)
{
	static char path[64];
	unsigned char b[IB_DUMP_HDR];
	struct ib_dump_hdr h = { IB_DUMP_VERSION, claimed, crc, IB_DUMP_COMPLETE, "k" };
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "/tmp/ib-test-dump-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "wb");
	ib_dump_header(b, &h);
	fwrite(b, 1, sizeof(b), f);
	fwrite(data, 1, len, f);
	fclose(f);
	return path;
}

static void test_reader(void **state)
{
	const char *data = "# IB 0 begin proto=1 *00000000\nsome line\n";
	size_t n = strlen(data), len;
	struct ib_dump_hdr h;
	char err[256], *got, *path;
	int ok;

	(void)state;
	path = write_dump(data, n, ib_crc32(0, data, n), n);
	assert_int_equal(ib_dump_read(path, 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), 1);
	assert_int_equal(len, n);
	assert_memory_equal(got, data, n);
	assert_int_equal(ok, 1);
	free(got);
	unlink(path);

	path = write_dump(data, n, ib_crc32(0, data, n) ^ 1, n);  /* damaged data */
	assert_int_equal(ib_dump_read(path, 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), 1);
	assert_int_equal(ok, 0);
	free(got);
	unlink(path);

	path = write_dump(data, n, 0, n + 1000);                  /* longer than the file */
	assert_int_equal(ib_dump_read(path, 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), -2);
	assert_non_null(strstr(err, "more than it holds"));
	assert_null(got);
	unlink(path);

	/* more than the cap (--log-max): refused by its header, naming the cap */
	path = write_dump(data, n, ib_crc32(0, data, n), n);
	assert_int_equal(ib_dump_read(path, 16, &got, &len, &h, &ok, err, sizeof(err)), -2);
	assert_non_null(strstr(err, "--log-max"));
	assert_null(got);
	unlink(path);

	/* a FIFO is refused at once (opening it would wait for a writer), a directory too */
	char dir[] = "/tmp/test_dump.XXXXXX", fifo[64];
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(ib_dump_read(fifo, 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a FIFO, not a regular file"));
	unlink(fifo);
	rmdir(dir);
	assert_int_equal(ib_dump_read("/tmp", 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a directory, not a regular file"));

	/* a console capture is no dump: 0, nothing allocated */
	assert_int_equal(ib_dump_read("/etc/hostname", 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), 0);
	assert_null(got);
	assert_int_equal(ib_dump_read("/nonexistent/x", 1 << 20, &got, &len, &h, &ok, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/x: No such file"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spec_good),
		cmocka_unit_test(test_spec_bad),
		cmocka_unit_test(test_header_round_trip),
		cmocka_unit_test(test_header_refused),
		cmocka_unit_test(test_reader),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
