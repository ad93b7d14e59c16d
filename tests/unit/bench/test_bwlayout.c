/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_bwlayout.c - the bandwidths' size rule, a copy's placement and the loops
 * (bench/mem/bw_layout.c, bench/mem/bw_loops.c; contract bench/mem/bw_mem.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/mem/bw_mem.h"

#define MiB ((uint64_t)1 << 20)

static void test_pick(void **state)
{
	/* llc, MemAvailable -> MB, beyond_llc (0: -ENOMEM) */
	static const struct {
		uint64_t llc, avail, bytes;
		int beyond;
	} cases[] = {
		{ 32 * MiB, 64 * 1024 * MiB, 128 * MiB, 1 },   /* this host: 4 x 32 MiB */
		{ 16 * MiB, 450 * MiB, 64 * MiB, 1 },          /* a 512 MB TCG guest: 16 MiB L3 */
		{ 32 * MiB, 450 * MiB, 64 * MiB, 0 },          /* UML: the guess, memory-bound */
		{ 36 * MiB, 64 * 1024 * MiB, 256 * MiB, 1 },   /* 144 MiB rounds up to a power of 2 */
		{ 36 * MiB, 900 * MiB, 128 * MiB, 0 },         /* ... and down to the memory's */
		{ 1 * MiB, 64 * 1024 * MiB, 8 * MiB, 1 },      /* lmbench's own default MB, 8 */
		{ 0, 64 * 1024 * MiB, 8 * MiB, 1 },
		{ 3 * MiB, 64 * 1024 * MiB, 16 * MiB, 1 },
		{ 2 * MiB, 32 * MiB, 8 * MiB, 1 },             /* avail/4 = 8 MiB exactly */
		{ 2 * MiB, 32 * MiB - 1, 0, 0 },               /* just below: too small */
		{ 32 * MiB, 0, 0, 0 },                         /* MemAvailable unknown */
		{ (uint64_t)1 << 62, 64 * 1024 * MiB, 16 * 1024 * MiB, 0 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ib_bw_size s;
		int err = ib_bw_pick(cases[i].llc, cases[i].avail, &s);

		if (!cases[i].bytes) {
			assert_int_equal(err, -ENOMEM);
			continue;
		}
		assert_int_equal(err, 0);
		assert_int_equal(s.bytes, cases[i].bytes);
		assert_int_equal(s.beyond_llc, cases[i].beyond);
		assert_int_equal(s.llc_bytes, cases[i].llc);
		assert_int_equal(s.avail_bytes, cases[i].avail);
	}
}

static void test_params(void **state)
{
	struct ib_bw_size s;
	char out[200];

	(void)state;
	assert_int_equal(ib_bw_pick(16 * MiB, 450 * MiB, &s), 0);
	s.llc_guessed = 0;
	ib_bw_params(&s, s.bytes / 2, out, sizeof(out));
	assert_string_equal(out, "size_kb=32768 mb_kb=65536 llc_kb=16384 llc_src=sysfs "
			    "avail_kb=460800 beyond_llc=1");
	s.llc_guessed = 1;
	ib_bw_params(&s, s.bytes, out, 40);   /* cut, still terminated */
	assert_int_equal(strlen(out), 39);
}

static void test_copy_layout(void **state)
{
	/* what lmbench 2.0's bw_mem gets from musl's valloc() (measured in its own process,
	 * natively and in the guest): 32 MiB apart by 8194 pages, the destination 1920 bytes on */
	static const size_t sizes[] = { 4096, 8 << 20, 32 << 20, 55 << 20, 64 << 20 };
	struct ib_bw_layout l;

	(void)state;
	assert_int_equal(ib_bw_copy_layout(32 << 20, 4096, &l), 0);
	assert_int_equal(l.src_off - l.dst_off, 8194 * 4096 - 1920);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t pages = sizes[i] / 4096, dist;

		assert_int_equal(ib_bw_copy_layout(sizes[i], 4096, &l), 0);
		assert_int_equal(l.src_off % 4096, 0);
		assert_int_equal(l.dst_off, 1920);
		assert_true(l.dst_off + sizes[i] <= l.src_off);
		assert_int_equal(l.map_bytes, l.src_off + sizes[i]);
		dist = l.src_off - l.dst_off;
		assert_int_equal(dist, (pages + 2) * 4096 - 1920);
		/* the pages of source and destination bytes are pages + 1 or pages + 2 apart:
		 * for these sizes never a multiple of a power-of-two TLB size of 4 or more */
		assert_true((pages + 1) % 4 && (pages + 2) % 4);
	}
	assert_int_equal(ib_bw_copy_layout(65536, 16384, &l), 0);  /* 16K pages (arm64) */
	assert_int_equal(l.src_off, 6 * 16384);
	assert_int_equal(ib_bw_copy_layout(4097, 4096, &l), -EINVAL);
	assert_int_equal(ib_bw_copy_layout(0, 4096, &l), -EINVAL);
	assert_int_equal(ib_bw_copy_layout(4096, 1024, &l), -EINVAL);
	assert_int_equal(ib_bw_copy_layout(SIZE_MAX - 4095, 4096, &l), -EINVAL);
}

/* every word counted once, wrapping as lmbench's int sum does */
static void test_sum(void **state)
{
	const size_t n = 3 * IB_BW_BLOCK_INTS;
	uint32_t *p = calloc(n + IB_BW_BLOCK_INTS, sizeof(*p));
	uint64_t *q = calloc(n, sizeof(*q));
	uint32_t want = 0;
	uint64_t want64 = 0;

	(void)state;
	assert_non_null(p);
	assert_non_null(q);
	for (size_t i = 0; i < n; i++) {
		p[i] = 0x9e3779b9u * (uint32_t)(i + 1);
		want += p[i];
		q[i] = 0x9e3779b97f4a7c15ull * (i + 1);
		want64 += q[i];
	}
	p[n] = 12345;   /* past the end: never read */
	assert_int_equal(ib_sum_ints(p, n), want);
	assert_int_equal(ib_sum_ints(p, 0), 0);
	assert_int_equal(ib_sum_words(q, n), want64);
	free(p);
	free(q);
}

static void test_store_copy(void **state)
{
	const size_t n = 2 * IB_BW_BLOCK_INTS;
	uint32_t *p = malloc((n + 1) * sizeof(*p)), *d = malloc((n + 1) * sizeof(*d));
	uint64_t *q = malloc((n + 1) * sizeof(*q));

	(void)state;
	assert_non_null(p);
	assert_non_null(d);
	assert_non_null(q);
	memset(p, 0xaa, (n + 1) * sizeof(*p));
	memset(q, 0xaa, (n + 1) * sizeof(*q));
	ib_store_ints(p, n);
	ib_store_words(q, n, 77);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(p[i], 1);
		assert_int_equal(q[i], 77);
	}
	assert_int_equal(p[n], 0xaaaaaaaau);
	assert_int_equal(q[n], 0xaaaaaaaaaaaaaaaaull);
	for (size_t i = 0; i < n; i++)
		p[i] = (uint32_t)(i * 2654435761u);
	memset(d, 0x55, (n + 1) * sizeof(*d));
	ib_copy_ints(d, p, n);
	assert_memory_equal(d, p, n * sizeof(*d));
	assert_int_equal(d[n], 0x55555555u);
	free(p);
	free(d);
	free(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pick),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_copy_layout),
		cmocka_unit_test(test_sum),
		cmocka_unit_test(test_store_copy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
