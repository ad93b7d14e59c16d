/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_loops.c - the loops of the memory and file bandwidths (contract: bw_mem.h). No
 * benchmark here; linked into the host library too, for its unit test
 * (tests/unit/bench/test_bwlayout.c).
 *
 * lmbench 2.0's loops work on 4-byte words in blocks of 128, fully unrolled. Under an
 * emulator (QEMU's TCG turns every guest load and store into a software TLB lookup) and on
 * a CPU where the loop rather than memory sets the pace, the word size and the shape of the
 * loop are the figure, so the 2.0 columns use these and say so; the 64-bit loops are ours.
 * Each is kept the loop it is written as: no vectorisation, no rewrite into memset/memcpy
 * (GCC's loop distribution), and noipa, without which GCC proved a pass pure and ran it
 * once instead of n times (1.3 TB/s "read").
 */
#include "bench/mem/bw_mem.h"

#define WORD_LOOP __attribute__((noipa, optimize("no-tree-vectorize", \
						    "no-tree-loop-distribute-patterns")))

/* X128(m) expands m(0) .. m(127) */
#define X8(m, b) m(b) m(b + 1) m(b + 2) m(b + 3) m(b + 4) m(b + 5) m(b + 6) m(b + 7)
#define X64(m, b) X8(m, b) X8(m, b + 8) X8(m, b + 16) X8(m, b + 24) X8(m, b + 32) \
	X8(m, b + 40) X8(m, b + 48) X8(m, b + 56)
#define X128(m) X64(m, 0) X64(m, 64)

WORD_LOOP uint32_t ib_sum_ints(const uint32_t *p, size_t count)
{
	uint32_t sum = 0;

	/* one expression per block: 127 dependent adds, then one into sum, as lmbench's */
	for (const uint32_t *end = p + count; p < end; p += IB_BW_BLOCK_INTS) {
#define TERM(i) + p[i]
		sum += 0 X128(TERM);
#undef TERM
	}
	return sum;
}

WORD_LOOP void ib_store_ints(uint32_t *p, size_t count)
{
	for (uint32_t *end = p + count; p < end; p += IB_BW_BLOCK_INTS) {
		/* the block's top word first: natively here the order alone moves the figure
		 * several-fold (bench/README.md), so it is lmbench's */
#define STORE(i) p[IB_BW_BLOCK_INTS - 1 - (i)] = 1;
		X128(STORE)
#undef STORE
	}
}

WORD_LOOP void ib_copy_ints(uint32_t *restrict dst, const uint32_t *restrict src, size_t count)
{
	for (const uint32_t *end = src + count; src < end;
	     src += IB_BW_BLOCK_INTS, dst += IB_BW_BLOCK_INTS) {
#define COPY(i) dst[i] = src[i];
		X128(COPY)
#undef COPY
	}
}

WORD_LOOP uint64_t ib_sum_words(const uint64_t *p, size_t count)
{
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	for (size_t i = 0; i < count; i += 8) {
		s0 += p[i] + p[i + 4];
		s1 += p[i + 1] + p[i + 5];
		s2 += p[i + 2] + p[i + 6];
		s3 += p[i + 3] + p[i + 7];
	}
	return s0 + s1 + s2 + s3;
}

WORD_LOOP void ib_store_words(uint64_t *p, size_t count, uint64_t v)
{
	for (size_t i = 0; i < count; i += 8) {
		p[i] = v;
		p[i + 1] = v;
		p[i + 2] = v;
		p[i + 3] = v;
		p[i + 4] = v;
		p[i + 5] = v;
		p[i + 6] = v;
		p[i + 7] = v;
	}
}
