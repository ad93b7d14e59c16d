/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the newc writer (initramfs/cpio.c): byte identity of two
 * builds, one entry's header and padding checked byte by byte against the
 * newc layout, sort order and inode numbers, the trailer, and errors that
 * name the manifest line.
 *
 * Build: gcc -std=c11 -Iinitramfs tests/unit/initramfs/test_cpio.c initramfs/cpio.c -lcmocka
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
#include <utime.h>

#include "initramfs/cpio.h"

#define MTIME 0x65432100UL

static char tmpdir[64];
static char src_a[128];    /* 5 bytes "abcde" */
static char src_b[128];    /* 0 bytes */

struct buf {
	char *p;
	size_t n;
};

static int setup(void **state)
{
	FILE *f;

	(void)state;
	strcpy(tmpdir, "/tmp/test_cpio.XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	snprintf(src_a, sizeof(src_a), "%s/a.bin", tmpdir);
	snprintf(src_b, sizeof(src_b), "%s/empty", tmpdir);
	f = fopen(src_a, "w");
	if (!f || fputs("abcde", f) < 0 || fclose(f))
		return -1;
	f = fopen(src_b, "w");
	if (!f || fclose(f))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(src_a);
	unlink(src_b);
	rmdir(tmpdir);
	return 0;
}

/* Replace @A@ and @B@ in a manifest template with the source files. */
static char *manifest(const char *tmpl)
{
	size_t cap = strlen(tmpl) + 1024, n = 0;
	char *out = malloc(cap);

	assert_non_null(out);
	for (const char *p = tmpl; *p; ) {
		const char *rep = NULL;

		if (!strncmp(p, "@A@", 3))
			rep = src_a;
		else if (!strncmp(p, "@B@", 3))
			rep = src_b;
		if (rep) {
			n += (size_t)snprintf(out + n, cap - n, "%s", rep);
			p += 3;
		} else {
			out[n++] = *p++;
		}
		assert_true(n < cap - 1);
	}
	out[n] = '\0';
	return out;
}

/* Build an archive from a template; returns the cpio_build() result. */
static int build(const char *tmpl, struct buf *b, char *err)
{
	char *m = manifest(tmpl);
	FILE *in = fmemopen(m, strlen(m), "r");
	FILE *out = open_memstream(&b->p, &b->n);
	int rc;

	assert_non_null(in);
	assert_non_null(out);
	err[0] = '\0';
	rc = cpio_build(in, "test.list", MTIME, out, err, CPIO_ERRLEN);
	fclose(in);
	fclose(out);
	free(m);
	return rc;
}

/* An independent newc reader, so the test does not trust the writer. */
struct hdr {
	unsigned long f[13];   /* ino mode uid gid nlink mtime size dmaj dmin rmaj rmin namesize check */
	const char *name;
	const char *data;
	size_t next;           /* offset of the following header */
};

static unsigned long hex8(const char *p)
{
	char t[9];

	memcpy(t, p, 8);
	t[8] = '\0';
	for (int i = 0; i < 8; i++)
		assert_non_null(strchr("0123456789ABCDEF", t[i]));
	return strtoul(t, NULL, 16);
}

static size_t up4(size_t x)
{
	return (x + 3) & ~(size_t)3;
}

static void read_hdr(const struct buf *b, size_t off, struct hdr *h)
{
	assert_true(off % 4 == 0);
	assert_true(off + 110 <= b->n);
	assert_memory_equal(b->p + off, "070701", 6);
	for (int i = 0; i < 13; i++)
		h->f[i] = hex8(b->p + off + 6 + 8 * i);
	h->name = b->p + off + 110;
	assert_true(off + 110 + h->f[11] <= b->n);
	assert_int_equal(h->name[h->f[11] - 1], '\0');
	h->data = b->p + up4(off + 110 + h->f[11]);
	h->next = up4((size_t)(h->data - b->p) + h->f[6]);
	assert_true(h->next <= b->n);
}

static const char *small =
	"# a comment, then a blank line\n"
	"\n"
	"slink /d/link    target 0777 0 0\n"
	"file  /d/f       @A@ 0644 12 34\n"
	"nod   /d/null    0666 0 0 c 1 3\n"
	"dir   /d         0755 0 0\n"
	"file  /e         @B@ 0600 0 0\n";

static void test_two_builds_identical(void **state)
{
	struct buf a = { 0 }, b = { 0 };
	char err[CPIO_ERRLEN];
	struct utimbuf ut = { .actime = 1, .modtime = 1 };

	(void)state;
	assert_int_equal(build(small, &a, err), 0);
	/* the source's own mtime must not leak into the archive */
	assert_int_equal(utime(src_a, &ut), 0);
	assert_int_equal(build(small, &b, err), 0);
	assert_int_equal(a.n, b.n);
	assert_memory_equal(a.p, b.p, a.n);
	free(a.p);
	free(b.p);
}

static void test_known_entry_bytes(void **state)
{
	struct buf b = { 0 };
	char err[CPIO_ERRLEN];
	/* entry 1 is "d" (110 + "d\0" = 112, no pad), entry 2 is "d/f" */
	static const char want[] =
		"070701"
		"00000002"  /* ino: second in sort order */
		"000081A4"  /* S_IFREG | 0644 */
		"0000000C"  /* uid 12 */
		"00000022"  /* gid 34 */
		"00000001"  /* nlink */
		"65432100"  /* mtime */
		"00000005"  /* filesize */
		"00000000" "00000000"   /* devmajor, devminor */
		"00000000" "00000000"   /* rdevmajor, rdevminor */
		"00000004"  /* namesize: "d/f" + NUL */
		"00000000"  /* check */
		"d/f\0"     /* 110 + 4 = 114: pad to 116 */
		"\0\0"
		"abcde"     /* 5 bytes: pad to 8 */
		"\0\0\0";
	const size_t off = 112;

	(void)state;
	assert_int_equal(build(small, &b, err), 0);
	assert_true(b.n >= off + sizeof(want) - 1);
	assert_memory_equal(b.p, "070701", 6);
	assert_int_equal(hex8(b.p + 6 + 8 * 11), 2);      /* "d" namesize */
	assert_memory_equal(b.p + off, want, sizeof(want) - 1);
	/* the next header starts right after the padding */
	assert_memory_equal(b.p + off + sizeof(want) - 1, "070701", 6);
	free(b.p);
}

static void test_order_inodes_types(void **state)
{
	static const char *tmpl =
		"dir   /b      0755 0 0\n"
		"dir   /a-b    0755 0 0\n"
		"file  /a/z    @B@ 0644 0 0\n"
		"dir   /a      0755 0 0\n"
		"slink /a/c    ../b 0777 0 0\n"
		"nod   /b/blk  0600 0 6 b 8 1\n";
	static const char *order[] = { "a", "a/c", "a/z", "a-b", "b", "b/blk" };
	static const unsigned long mode[] = {
		040755, 0120777, 0100644, 040755, 040755, 060600
	};
	static const unsigned long nlink[] = { 2, 1, 1, 2, 2, 1 };
	struct buf b = { 0 };
	char err[CPIO_ERRLEN];
	struct hdr h;
	size_t off = 0;

	(void)state;
	assert_int_equal(build(tmpl, &b, err), 0);
	for (size_t i = 0; i < 6; i++) {
		read_hdr(&b, off, &h);
		assert_string_equal(h.name, order[i]);
		assert_int_equal(h.f[0], i + 1);
		assert_int_equal(h.f[1], mode[i]);
		assert_int_equal(h.f[4], nlink[i]);
		assert_int_equal(h.f[5], MTIME);
		assert_int_equal(h.f[7], 0);
		assert_int_equal(h.f[8], 0);
		if (i == 1) {
			assert_int_equal(h.f[6], 4);
			assert_memory_equal(h.data, "../b", 4);
		}
		if (i == 5) {
			assert_int_equal(h.f[3], 6);
			assert_int_equal(h.f[9], 8);
			assert_int_equal(h.f[10], 1);
		} else {
			assert_int_equal(h.f[9], 0);
			assert_int_equal(h.f[10], 0);
		}
		off = h.next;
	}
	read_hdr(&b, off, &h);
	assert_string_equal(h.name, "TRAILER!!!");
	assert_int_equal(h.f[0], 0);
	assert_int_equal(h.f[6], 0);
	/* after the trailer: zeros up to a 512-byte block, nothing else */
	assert_int_equal(b.n % 512, 0);
	for (size_t i = h.next; i < b.n; i++)
		assert_int_equal(b.p[i], 0);
	assert_true(b.n - h.next < 512);
	free(b.p);
}

static void expect_error(const char *third_line, const char *needle)
{
	char tmpl[512];
	struct buf b = { 0 };
	char err[CPIO_ERRLEN];

	snprintf(tmpl, sizeof(tmpl), "dir /d 0755 0 0\n# two\n%s\n", third_line);
	assert_int_not_equal(build(tmpl, &b, err), 0);
	if (!strstr(err, "test.list:3: ") || !strstr(err, needle))
		fail_msg("line '%s': got '%s', want 'test.list:3: ...%s...'",
			 third_line, err, needle);
	assert_null(strchr(err, '\n'));
	free(b.p);
}

static void test_bad_lines(void **state)
{
	(void)state;
	expect_error("pipe /d/p 0644 0 0", "unknown entry type 'pipe'");
	expect_error("file /d/f @A@ 0644 0", "needs 5 fields");
	expect_error("file /d/f @A@ 0644 0 0 2", "needs 5 fields");
	expect_error("dir /x 0999 0 0", "bad mode '0999'");
	expect_error("dir /x 17777 0 0", "bad mode");
	expect_error("dir /x 0755 root 0", "bad uid 'root'");
	expect_error("dir /x 0755 0 -1", "bad gid");
	expect_error("nod /d/n 0600 0 0 x 1 3", "bad device type 'x'");
	expect_error("nod /d/n 0600 0 0 c 1 z", "bad minor");
	expect_error("dir /d/../x 0755 0 0", "bad name");
	expect_error("dir / 0755 0 0", "bad name");
	expect_error("file /d/f /nonexistent/src 0644 0 0", "cannot read '/nonexistent/src'");
	expect_error("file /d/f /tmp 0644 0 0", "not a regular file");
	expect_error("dir /d 0700 0 0", "duplicate name 'd' (also line 1)");
	expect_error("file /q/f @A@ 0644 0 0", "parent 'q' of 'q/f'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_builds_identical),
		cmocka_unit_test(test_known_entry_bytes),
		cmocka_unit_test(test_order_inodes_types),
		cmocka_unit_test(test_bad_lines),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
