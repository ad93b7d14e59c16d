/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_mem.c - memory bandwidths: lmbench 2.0's Bcopy (libc), Bcopy (hand), Mem read and Mem
 * write (bw_mem bcopy, fcp, frd, fwr), and our 64-bit read and write (Bandwidth variants).
 *
 * Contract (bench/lib/bench.h): each ib_run_* emits one `m` record in MB/s (MB = 10^6
 * bytes), params from ib_bw_params() (bw_mem.h: size_kb is the buffer the figure moves, mb_kb
 * lmbench's MB) plus `words=u32|u64` (not for the libc's copy). One operation is one pass
 * over the buffer; `bytes` is the buffer's size. The size rule and the loops are bw_mem.h's.
 *  - bw_mem_bcopy: memmove(dst, src, MB/2) (lmbench calls bcopy(), which musl and glibc
 *    implement as memmove(); with the destination below the source it copies forward with
 *    memcpy());
 *  - bw_mem_fcp:   ib_copy_ints() of MB/2;
 *    both with lmbench's placement, ib_bw_copy_layout() (params dst_off, dst_src: the
 *    destination minus the source in bytes); a copy counts the bytes copied, not read +
 *    written, as lmbench does;
 *  - bw_mem_frd:   ib_sum_ints() of MB;
 *  - bw_mem_fwr:   ib_store_ints() of MB;
 *  - bw_mem_read:  ib_sum_words() of MB (ours: 64-bit words, four accumulators);
 *  - bw_mem_write: ib_store_words() of MB, the value changing per pass (ours).
 * The buffers are anonymous mmap()s written once before timing, so no page fault is timed.
 * Skips with a reason when the memory is too small.
 */

//bench: 370 bw_mem_bcopy IB_BENCH_BW_MEM_BCOPY bw_local
//bench: 380 bw_mem_fcp IB_BENCH_BW_MEM_FCP bw_local
//bench: 390 bw_mem_frd IB_BENCH_BW_MEM_FRD bw_local
//bench: 400 bw_mem_fwr IB_BENCH_BW_MEM_FWR bw_local
//bench: 405 bw_mem_read IB_BENCH_BW_MEM_READ bw_local
//bench: 407 bw_mem_write IB_BENCH_BW_MEM_WRITE bw_local
//
//config:config IB_BENCH_BW_MEM_BCOPY
//config:	bool "Bcopy (libc): memmove of MB/2, lmbench's placement"
//config:	default y
//config:	help
//config:	  lmbench 2.0's bw_mem bcopy: the C library's copy of half the
//config:	  bandwidth size, the destination 1920 bytes into its page.
//
//config:config IB_BENCH_BW_MEM_FCP
//config:	bool "Bcopy (hand): lmbench's unrolled copy of 4-byte words"
//config:	default y
//
//config:config IB_BENCH_BW_MEM_FRD
//config:	bool "Mem read: lmbench's sum of every 4-byte word"
//config:	default y
//
//config:config IB_BENCH_BW_MEM_FWR
//config:	bool "Mem write: lmbench's store to every 4-byte word"
//config:	default y
//
//config:config IB_BENCH_BW_MEM_READ
//config:	bool "64-bit read: sum every 64-bit word (Bandwidth variants)"
//config:	default y
//config:	help
//config:	  Four accumulators over 64-bit words: less bound by the loop
//config:	  than lmbench's chain of 4-byte adds.
//
//config:config IB_BENCH_BW_MEM_WRITE
//config:	bool "64-bit write: store every 64-bit word (Bandwidth variants)"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/mem/bw_mem.h"

struct bufs {
	void *map;              /* what munmap() gets back */
	size_t map_bytes;
	unsigned char *src, *dst;
	size_t bytes;
	uint64_t pass;
};

/* one word of the destination after a pass, so the stores are observable */
static void touch(const struct bufs *b)
{
	size_t i = (size_t)(b->pass * 4099) % (b->bytes / sizeof(uint32_t));

	ib_sink = ((const uint32_t *)(const void *)b->dst)[i];
}

static int bcopy_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++, b->pass++) {
		memmove(b->dst, b->src, b->bytes);
		touch(b);
	}
	return 0;
}

static int fcp_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++, b->pass++) {
		ib_copy_ints((uint32_t *)(void *)b->dst, (const uint32_t *)(void *)b->src,
			     b->bytes / sizeof(uint32_t));
		touch(b);
	}
	return 0;
}

static int frd_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;
	uint32_t acc = 0;

	for (uint64_t i = 0; i < n; i++)
		acc += ib_sum_ints((const uint32_t *)(void *)b->src, b->bytes / sizeof(uint32_t));
	ib_sink = acc;
	return 0;
}

static int fwr_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++, b->pass++) {
		ib_store_ints((uint32_t *)(void *)b->dst, b->bytes / sizeof(uint32_t));
		touch(b);
	}
	return 0;
}

static int read_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;
	uint64_t acc = 0;

	for (uint64_t i = 0; i < n; i++)
		acc += ib_sum_words((const uint64_t *)(void *)b->src, b->bytes / sizeof(uint64_t));
	ib_sink = acc;
	return 0;
}

static int write_loop(void *arg, uint64_t n)
{
	struct bufs *b = arg;

	for (uint64_t i = 0; i < n; i++, b->pass++) {
		ib_store_words((uint64_t *)(void *)b->dst, b->bytes / sizeof(uint64_t), b->pass);
		touch(b);
	}
	return 0;
}

enum shape { ONE_BUF, COPY };

struct bw {
	const char *name;
	enum shape shape;
	const char *words;
	ib_loop_fn fn;
};

/* map and fill the buffers (every page faulted in now); 0 or -errno */
static int map_bufs(struct bufs *b, enum shape shape, size_t bytes, char *params, size_t cap)
{
	struct ib_bw_layout l = { bytes, 0, 0 };
	long page = sysconf(_SC_PAGESIZE);
	int err;

	b->bytes = bytes;
	if (shape == COPY) {
		err = ib_bw_copy_layout(bytes, page > 0 ? (size_t)page : 4096, &l);
		if (err)
			return err;
		snprintf(params + strlen(params), cap - strlen(params), " dst_off=%zu dst_src=-%zu",
			 l.dst_off, l.src_off - l.dst_off);
	}
	b->map_bytes = l.map_bytes;
	b->map = mmap(NULL, l.map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		      -1, 0);
	if (b->map == MAP_FAILED) {
		b->map = NULL;
		return -errno;
	}
	b->src = (unsigned char *)b->map + l.src_off;
	b->dst = (unsigned char *)b->map + l.dst_off;
	for (size_t i = 0; i < bytes / sizeof(uint64_t); i++)
		((uint64_t *)(void *)b->src)[i] = 0x9e3779b97f4a7c15ull * (i + 1);
	if (shape == COPY)
		memset(b->dst, 2, bytes);
	return 0;
}

static int run_bw(const struct bw *w)
{
	char params[256];
	struct ib_metric m = { w->name, "MB/s", 0.0, params, 0 };
	struct ib_bw_size sz;
	struct bufs b = { 0 };
	struct ib_result r;
	size_t bytes;
	int err, ret = IB_FAIL;

	if (ib_bw_size(&sz))
		return IB_SKIP;
	/* lmbench: the copies at MB/2 (its HALF list), the rest at MB */
	bytes = (size_t)(w->shape == COPY ? sz.bytes / 2 : sz.bytes);
	ib_bw_params(&sz, bytes, params, sizeof(params));
	if (w->words)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), " words=%s",
			 w->words);
	m.bytes = (double)bytes;
	err = map_bufs(&b, w->shape, bytes, params, sizeof(params));
	if (err) {
		ib_reason("%s: mmap %zu MiB: %s", w->name, b.map_bytes >> 20, strerror(-err));
		ret = IB_SKIP;
		goto out;
	}
	if (w->shape == ONE_BUF)
		b.dst = b.src;
	err = ib_measure(&m, w->fn, &b, &r);
	if (err)
		ib_reason("%s: %s", w->name, strerror(-err));
	else
		ret = IB_OK;
out:
	if (b.map)
		munmap(b.map, b.map_bytes);
	return ret;
}

static const struct bw bcopy_bw = { "bw_mem_bcopy", COPY, NULL, bcopy_loop };
static const struct bw fcp_bw = { "bw_mem_fcp", COPY, "u32", fcp_loop };
static const struct bw frd_bw = { "bw_mem_frd", ONE_BUF, "u32", frd_loop };
static const struct bw fwr_bw = { "bw_mem_fwr", ONE_BUF, "u32", fwr_loop };
static const struct bw rd64_bw = { "bw_mem_read", ONE_BUF, "u64", read_loop };
static const struct bw wr64_bw = { "bw_mem_write", ONE_BUF, "u64", write_loop };

int ib_run_bw_mem_bcopy(void) { return run_bw(&bcopy_bw); }
int ib_run_bw_mem_fcp(void) { return run_bw(&fcp_bw); }
int ib_run_bw_mem_frd(void) { return run_bw(&frd_bw); }
int ib_run_bw_mem_fwr(void) { return run_bw(&fwr_bw); }
int ib_run_bw_mem_read(void) { return run_bw(&rd64_bw); }
int ib_run_bw_mem_write(void) { return run_bw(&wr64_bw); }
