/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_mem.h - the buffer-size rule shared by the memory and file bandwidths (bw_mem.c,
 * bw_file.c).
 *
 * ib_bw_size(nbufs, s) fills s and returns 0, or -ENOMEM after ib_reason() when the memory
 * is too small to stream through at least IB_BW_MIN_BYTES per buffer:
 *  - llc_bytes: the largest cache of the highest level in /sys/devices/system/cpu/cpu0/cache/
 *    index*; when sysfs does not say (UML has no cacheinfo) IB_BW_LLC_GUESS is assumed and
 *    llc_guessed is set (a host's LLC is what UML's memory traffic meets);
 *  - want = max(IB_BW_MIN_BYTES, 4 x llc_bytes) per buffer (lmbench asks for "at least 4 times
 *    as big as the external cache");
 *  - avail_bytes: MemAvailable from /proc/meminfo (MemFree if that line is missing);
 *  - bytes = want, lowered so that nbufs x bytes <= avail_bytes / 4, rounded down to 1 MiB;
 *  - beyond_llc = 1 when bytes >= 2 x llc_bytes (what is left after the bound may no longer
 *    be far beyond the cache in a small guest: the record says so).
 * ib_bw_params() writes "size_kb=.. llc_kb=.. llc_src=sysfs|guess avail_kb=.. beyond_llc=.."
 * for a record.
 *
 * ib_sum_words(p, words) returns the sum of words 64-bit words from p (words a multiple of
 * 8): the read loop of bw_mem_read, bw_file_reread and bw_mmap_reread. It is defined noipa
 * and without auto-vectorisation (bw_mem.c): noipa keeps GCC from proving a pass pure and
 * running it once instead of n times, and the plain word loop is lmbench's.
 */
#ifndef IB_BW_MEM_H
#define IB_BW_MEM_H

#include <stddef.h>
#include <stdint.h>

#define IB_BW_MIN_BYTES ((size_t)8 << 20)
#define IB_BW_LLC_GUESS ((uint64_t)32 << 20)

struct ib_bw_size {
	size_t bytes;
	uint64_t llc_bytes;
	uint64_t avail_bytes;
	int llc_guessed;
	int beyond_llc;
};

int ib_bw_size(unsigned nbufs, struct ib_bw_size *s);
void ib_bw_params(const struct ib_bw_size *s, char *buf, size_t cap);
uint64_t ib_sum_words(const uint64_t *p, size_t words);

#endif
