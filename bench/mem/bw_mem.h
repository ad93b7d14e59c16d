/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_mem.h - what the memory and file bandwidths share (bw_mem.c, bw_file.c): the size rule
 * (bw_layout.c), the placement of a copy's two buffers (bw_layout.c) and the loops that
 * touch the memory (bw_loops.c).
 *
 * Sizes. lmbench 2.0 runs its bandwidths up to a size MB given to its run (config-run offers
 * half of memory, 8 MB without a config): Mem read, Mem write, File and Mmap reread at MB,
 * Bcopy at MB/2 (its HALF list), and its summary shows the largest size, always a power of
 * two. 8 MB was beyond every cache then; we keep that intent:
 *  - ib_bw_pick(llc, avail, s) is the pure rule: s->bytes ("MB") is the smallest power of
 *    two >= max(IB_BW_MIN_BYTES, 4 x llc), lowered to the largest power of two <=
 *    avail / 4 (a benchmark's buffers total MB: one of MB, or a copy's two of MB/2); below
 *    IB_BW_MIN_BYTES it returns -ENOMEM. s->beyond_llc = MB/2 >= 2 x llc: even a copy's
 *    buffers are twice the cache (what is left after the memory bound may not be, in a
 *    small guest: the record says so).
 *  - ib_bw_size(s) calls it with llc from sysfs (ib_cache_sizes(); IB_BW_LLC_GUESS and
 *    llc_guessed when sysfs has none, as under UML, whose memory traffic meets a host's
 *    LLC) and MemAvailable (MemFree without it), and on -ENOMEM calls ib_reason().
 *  - ib_bw_params(s, buf_bytes, out, cap) writes "size_kb=<buf_bytes> mb_kb=<MB>
 *    llc_kb=.. llc_src=sysfs|guess avail_kb=.. beyond_llc=0|1" for a record; size_kb is the
 *    size the figure is at (one buffer; lmbench's summary size).
 *
 * A copy's placement. lmbench 2.0's bw_mem valloc()s the source (bytes), then the
 * destination (bytes + 2048) and moves the destination 1920 bytes into its page (2048 - 128,
 * "unaligned wrt each other"). With musl (static, as lmbench and the suite are built here)
 * the second block lands just below the first: destination = source - (bytes / page + 2)
 * pages + 1920 bytes. ib_bw_copy_layout(bytes, page, l) places both in one mapping of
 * l->map_bytes the same way, whatever the kernel's mmap placement: l->src_off is page
 * aligned, l->dst_off = 1920, l->dst_off + bytes <= l->src_off (no overlap) and
 * l->src_off - l->dst_off = (bytes / page + 2) x page - 1920. Returns -EINVAL unless bytes
 * is a multiple of page and page > 1920. Why it matters: under QEMU's TCG every guest
 * access goes through a direct-mapped software TLB indexed by page number modulo its size (a
 * power of two that QEMU resizes between 64 and 2^22 entries), and a source and destination
 * a multiple of that size apart evict each other's entry on every access (bench/README.md);
 * here a byte's two pages are bytes / page + 1 or + 2 pages apart, for every size the rule
 * gives (a multiple of 4 pages) never a multiple of 4 or more.
 *
 * The loops (noipa, no vectorisation, no loop-to-memset/memcpy rewrite: they stay the word
 * loops they are written as, and GCC cannot prove a pass pure and hoist it out of the n-pass
 * loop). lmbench 2.0's own, on TYPE int words in blocks of 128 (512 bytes); `count` is in
 * words and a multiple of 128:
 *  - ib_sum_ints(p, count): sum += p[0] + p[1] + ... + p[127] per block, one dependent chain
 *    of adds (bw_mem frd, bw_file_rd, bw_mmap_rd); returns the sum;
 *  - ib_store_ints(p, count): p[127] = ... = p[0] = 1 per block, stored from the top of the
 *    block down, the order GCC gives lmbench's chained assignment (bw_mem fwr);
 *  - ib_copy_ints(dst, src, count): dst[i] = src[i], i = 0..127 per block (bw_mem fcp).
 * And ours, on 64-bit words (`count` a multiple of 8), for the Bandwidth variants section:
 *  - ib_sum_words(p, count): four accumulators, 8 words per iteration;
 *  - ib_store_words(p, count, v): v into every word, 8 per iteration, upwards.
 */
#ifndef IB_BW_MEM_H
#define IB_BW_MEM_H

#include <stddef.h>
#include <stdint.h>

#define IB_BW_MIN_BYTES ((uint64_t)8 << 20)
#define IB_BW_LLC_GUESS ((uint64_t)32 << 20)
#define IB_BW_DST_OFF 1920   /* lmbench 2.0 bw_mem: 2048 - 128 into the destination's page */
#define IB_BW_BLOCK_INTS 128 /* lmbench's loops: 128 ints per iteration */

struct ib_bw_size {
	uint64_t bytes;         /* lmbench's MB: the reads and writes; a copy moves bytes / 2 */
	uint64_t llc_bytes;
	uint64_t avail_bytes;
	int llc_guessed;
	int beyond_llc;
};

struct ib_bw_layout {
	size_t map_bytes;       /* one mapping holding both buffers */
	size_t src_off;         /* page aligned */
	size_t dst_off;         /* IB_BW_DST_OFF */
};

int ib_bw_pick(uint64_t llc_bytes, uint64_t avail_bytes, struct ib_bw_size *s);
int ib_bw_size(struct ib_bw_size *s);
void ib_bw_params(const struct ib_bw_size *s, uint64_t buf_bytes, char *out, size_t cap);
int ib_bw_copy_layout(size_t bytes, size_t page, struct ib_bw_layout *l);

uint32_t ib_sum_ints(const uint32_t *p, size_t count);
void ib_store_ints(uint32_t *p, size_t count);
void ib_copy_ints(uint32_t *restrict dst, const uint32_t *restrict src, size_t count);
uint64_t ib_sum_words(const uint64_t *p, size_t count);
void ib_store_words(uint64_t *p, size_t count, uint64_t v);

#endif
