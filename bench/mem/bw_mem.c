/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_mem.c - memory bandwidths: Bcopy (libc), Bcopy (hand), Mem read, Mem write.
 *
 * Contract (bench/lib/bench.h): each ib_run_bw_* emits one `m` record in MB/s (MB = 10^6 bytes)
 * with params from ib_bw_params() (bw_mem.h: size_kb, llc_kb, avail_kb, beyond_llc) plus
 * `words=u64`. One operation is one pass over the whole buffer; `bytes` is the buffer size:
 *  - bw_bcopy_libc: memcpy(dst, src, size);
 *  - bw_bcopy_hand: a loop copying 8 64-bit words per iteration;
 *  - bw_mem_read:   the sum of every 64-bit word (4 accumulators, 8 words per iteration);
 *  - bw_mem_write:  a store to every 64-bit word (8 per iteration).
 * Bcopy counts the bytes copied, not read + written (as lmbench does), so a copy at the
 * same speed as a read moves twice the traffic. The buffers are mmap()ed anonymous memory,
 * written once before timing so no page fault is timed. The hand-written loops are compiled
 * without auto-vectorisation and without loop-to-libcall distribution (GCC would otherwise
 * turn the copy into memcpy and the store loop into memset, i.e. measure libc twice); they
 * stay word loops, like lmbench's C loops; they are noipa so GCC cannot prove a pass pure
 * and hoist it out of the n-pass loop (it did: 1.3 TB/s "read" at n > 1). Skips with a reason when the memory is too small.
 */

//bench: 370 bw_bcopy_libc IB_BENCH_BW_BCOPY_LIBC bw_local
//bench: 380 bw_bcopy_hand IB_BENCH_BW_BCOPY_HAND bw_local
//bench: 390 bw_mem_read IB_BENCH_BW_MEM_READ bw_local
//bench: 400 bw_mem_write IB_BENCH_BW_MEM_WRITE bw_local
//
//config:config IB_BENCH_BW_BCOPY_LIBC
//config:	bool "Bcopy (libc): memcpy"
//config:	default y
//
//config:config IB_BENCH_BW_BCOPY_HAND
//config:	bool "Bcopy (hand): an unrolled word copy"
//config:	default y
//
//config:config IB_BENCH_BW_MEM_READ
//config:	bool "Mem read: sum every word"
//config:	default y
//
//config:config IB_BENCH_BW_MEM_WRITE
//config:	bool "Mem write: store every word"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/mem/bw_mem.h"
#include "bench/lib/sysinfo.h"

#define WORD_LOOP __attribute__((noipa, optimize("no-tree-vectorize", \
						    "no-tree-loop-distribute-patterns")))

int ib_bw_size(unsigned nbufs, struct ib_bw_size *s)
{
	struct ib_cache_sizes caches;
	uint64_t want, cap;
	long avail_kb;

	memset(s, 0, sizeof(*s));
	ib_cache_sizes(&caches);
	s->llc_bytes = caches.llc;
	if (!s->llc_bytes) {
		s->llc_bytes = IB_BW_LLC_GUESS;
		s->llc_guessed = 1;
	}
	avail_kb = ib_mem_available_kb();
	s->avail_bytes = avail_kb > 0 ? (uint64_t)avail_kb * 1024 : 0;
	want = 4 * s->llc_bytes;
	if (want < IB_BW_MIN_BYTES)
		want = IB_BW_MIN_BYTES;
	cap = s->avail_bytes / 4 / (nbufs ? nbufs : 1);
	if (want > cap)
		want = cap;
	want &= ~(((uint64_t)1 << 20) - 1);
	if (want < IB_BW_MIN_BYTES || want > SIZE_MAX / 2) {
		ib_reason("memory too small: %u x %zu MiB needed, MemAvailable/4 is %llu MiB", nbufs,
			  IB_BW_MIN_BYTES >> 20, (unsigned long long)(s->avail_bytes >> 22));
		return -ENOMEM;
	}
	s->bytes = (size_t)want;
	s->beyond_llc = want >= 2 * s->llc_bytes;
	return 0;
}

void ib_bw_params(const struct ib_bw_size *s, char *buf, size_t cap)
{
	snprintf(buf, cap, "size_kb=%zu llc_kb=%llu llc_src=%s avail_kb=%llu beyond_llc=%d",
		 s->bytes >> 10, (unsigned long long)(s->llc_bytes >> 10),
		 s->llc_guessed ? "guess" : "sysfs", (unsigned long long)(s->avail_bytes >> 10),
		 s->beyond_llc);
}

struct bufs {
	uint64_t *src, *dst;
	size_t bytes, words;
	uint64_t pass;
};

WORD_LOOP uint64_t ib_sum_words(const uint64_t *p, size_t words)
{
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	for (size_t i = 0; i < words; i += 8) {
		s0 += p[i] + p[i + 4];
		s1 += p[i + 1] + p[i + 5];
		s2 += p[i + 2] + p[i + 6];
		s3 += p[i + 3] + p[i + 7];
	}
	return s0 + s1 + s2 + s3;
}

static WORD_LOOP void store_words(uint64_t *p, size_t words, uint64_t v)
{
	for (size_t i = 0; i < words; i += 8) {
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

static WORD_LOOP void copy_words(uint64_t *restrict d, const uint64_t *restrict s, size_t words)
{
	for (size_t i = 0; i < words; i += 8) {
		uint64_t a = s[i], b = s[i + 1], c = s[i + 2], e = s[i + 3];
		uint64_t f = s[i + 4], g = s[i + 5], h = s[i + 6], k = s[i + 7];

		d[i] = a;
		d[i + 1] = b;
		d[i + 2] = c;
		d[i + 3] = e;
		d[i + 4] = f;
		d[i + 5] = g;
		d[i + 6] = h;
		d[i + 7] = k;
	}
}

static int libc_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++) {
		memcpy(b->dst, b->src, b->bytes);
		ib_sink = b->dst[(b->pass++ * 4099) % b->words];
	}
	return 0;
}

static int hand_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++) {
		copy_words(b->dst, b->src, b->words);
		ib_sink = b->dst[(b->pass++ * 4099) % b->words];
	}
	return 0;
}

static int read_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;
	uint64_t acc = 0;

	for (uint64_t i = 0; i < n; i++)
		acc += ib_sum_words(b->src, b->words);
	ib_sink = acc;
	return 0;
}

static int write_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++) {
		store_words(b->src, b->words, ++b->pass);
		ib_sink = b->src[(b->pass * 4099) % b->words];
	}
	return 0;
}

static uint64_t *map_buf(size_t bytes, uint64_t seed)
{
	uint64_t *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	for (size_t i = 0; i < bytes / sizeof(*p); i++)   /* fault every page in now */
		p[i] = seed + i;
	return p;
}

static int run_bw(const char *name, unsigned nbufs, ib_loop_fn fn)
{
	char params[160];
	struct ib_metric m = { name, "MB/s", 0.0, params, 0 };
	struct ib_bw_size sz;
	struct bufs b = { 0 };
	struct ib_result r;
	int err, ret = IB_FAIL;

	if (ib_bw_size(nbufs, &sz))
		return IB_SKIP;
	ib_bw_params(&sz, params, sizeof(params) - 16);
	strcat(params, " words=u64");
	m.bytes = (double)sz.bytes;
	b.bytes = sz.bytes;
	b.words = sz.bytes / sizeof(uint64_t);
	b.src = map_buf(sz.bytes, 1);
	if (nbufs > 1)
		b.dst = map_buf(sz.bytes, 2);
	if (!b.src || (nbufs > 1 && !b.dst)) {
		ib_reason("%s: mmap %u x %zu MiB: %s", name, nbufs, sz.bytes >> 20, strerror(errno));
		ret = IB_SKIP;
		goto out;
	}
	err = ib_measure(&m, fn, &b, &r);
	if (err)
		ib_reason("%s: %s", name, strerror(-err));
	else
		ret = IB_OK;
out:
	if (b.src)
		munmap(b.src, sz.bytes);
	if (b.dst)
		munmap(b.dst, sz.bytes);
	return ret;
}

int ib_run_bw_bcopy_libc(void) { return run_bw("bw_bcopy_libc", 2, libc_loop); }
int ib_run_bw_bcopy_hand(void) { return run_bw("bw_bcopy_hand", 2, hand_loop); }
int ib_run_bw_mem_read(void) { return run_bw("bw_mem_read", 1, read_loop); }
int ib_run_bw_mem_write(void) { return run_bw("bw_mem_write", 1, write_loop); }
