/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_layout.c - the bandwidths' size rule and a copy's placement (contract: bw_mem.h).
 * No benchmark here: the arithmetic is linked into the host library too, for its unit test
 * (tests/unit/bench/test_bwlayout.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bench/lib/bench.h"
#include "bench/base/sysinfo.h"
#include "bench/mem/bw_mem.h"

/* the smallest power of two >= x (x >= 1, below 2^63) */
static uint64_t pow2_up(uint64_t x)
{
	uint64_t p = 1;

	while (p < x)
		p <<= 1;
	return p;
}

/* the largest power of two <= x, 0 for 0 */
static uint64_t pow2_down(uint64_t x)
{
	uint64_t p = 1;

	if (!x)
		return 0;
	while (p <= x / 2)
		p <<= 1;
	return p;
}

int ib_bw_pick(uint64_t llc_bytes, uint64_t avail_bytes, struct ib_bw_size *s)
{
	uint64_t want = llc_bytes > IB_BW_MIN_BYTES / 4 ? 4 * llc_bytes : IB_BW_MIN_BYTES;
	uint64_t cap = pow2_down(avail_bytes / 4);

	s->llc_bytes = llc_bytes;
	s->avail_bytes = avail_bytes;
	if (llc_bytes > ((uint64_t)1 << 60))
		want = (uint64_t)1 << 62;   /* nonsense from sysfs: only the memory bound counts */
	want = pow2_up(want);
	if (want > cap)
		want = cap;
	if (want < IB_BW_MIN_BYTES || want > SIZE_MAX / 2) {
		s->bytes = 0;
		s->beyond_llc = 0;
		return -ENOMEM;
	}
	s->bytes = want;
	s->beyond_llc = want / 4 >= llc_bytes;   /* MB/2 >= 2 x llc, without overflow */
	return 0;
}

int ib_bw_size(struct ib_bw_size *s)
{
	struct ib_cache_sizes caches;
	uint64_t llc;
	long avail_kb;
	int err;

	memset(s, 0, sizeof(*s));
	ib_cache_sizes(&caches);
	llc = caches.llc ? caches.llc : IB_BW_LLC_GUESS;
	avail_kb = ib_mem_available_kb();
	err = ib_bw_pick(llc, avail_kb > 0 ? (uint64_t)avail_kb * 1024 : 0, s);
	s->llc_guessed = !caches.llc;
	if (err)
		ib_reason("memory too small: %llu MiB needed, MemAvailable/4 is %llu MiB",
			  (unsigned long long)(IB_BW_MIN_BYTES >> 20),
			  (unsigned long long)(s->avail_bytes >> 22));
	return err;
}

void ib_bw_params(const struct ib_bw_size *s, uint64_t buf_bytes, char *out, size_t cap)
{
	snprintf(out, cap, "size_kb=%llu mb_kb=%llu llc_kb=%llu llc_src=%s avail_kb=%llu "
		 "beyond_llc=%d", (unsigned long long)(buf_bytes >> 10),
		 (unsigned long long)(s->bytes >> 10), (unsigned long long)(s->llc_bytes >> 10),
		 s->llc_guessed ? "guess" : "sysfs", (unsigned long long)(s->avail_bytes >> 10),
		 s->beyond_llc);
}

int ib_bw_copy_layout(size_t bytes, size_t page, struct ib_bw_layout *l)
{
	size_t pages;

	if (!page || page <= IB_BW_DST_OFF || !bytes || bytes % page)
		return -EINVAL;
	pages = bytes / page;
	if (pages > SIZE_MAX / page - 2 || (pages + 2) * page > SIZE_MAX - bytes)
		return -EINVAL;   /* the mapping's size would not fit a size_t */
	/* the destination first, then the source bytes / page + 2 pages above its page */
	l->dst_off = IB_BW_DST_OFF;
	l->src_off = (pages + 2) * page;
	l->map_bytes = l->src_off + bytes;
	return 0;
}
