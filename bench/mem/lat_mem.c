/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_mem.c - lmbench 2.0's L1 $, L2 $ and Main mem (the summary's "Memory latencies"), and
 * the memory latency curve with the figures read from it ("Memory hierarchy").
 *
 * Contract (bench/lib/bench.h): ib_run_lat_mem() emits, first,
 *  - lat_mem_rd_l1, lat_mem_rd_l2, lat_mem_rd_main (ns per load; params size_kb, stride=128,
 *    order=backward, unroll=1000, page_kb, thp_kb; Main also llc_kb, llc_src, avail_kb,
 *    beyond_llc as bw_mem.h's ib_bw_params()): lmbench 2.0's lat_mem_rd.c as its summary
 *    reads it: a list of every 128th byte of the first size_kb of a buffer, each element
 *    pointing 128 bytes lower and the lowest to the highest, walked by a loop whose body is
 *    1000 dependent loads, at 1 KB, 128 KB and, for Main mem, the size bw_mem.h gives the
 *    bandwidths (max(8 MiB, 4 x the LLC), at most MemAvailable/4; lmbench's 8 MB was beyond
 *    every cache of 2001); no record for Main when that is under 8 MiB (a line on stderr).
 *    Their buffer is plain anonymous memory, as lmbench's malloc(), unmapped before the curve;
 *    then
 *  - mem_chase (ns per load; params size_kb, stride, random): one record per curve point.
 *    One operation is one load whose address is the value the previous load returned, so
 *    no two loads overlap. Sizes 1, 2, 3, 4, 6, 8, 12 ... KB (2 points per octave) up to
 *    max_kb = min(4 x the last-level cache, MemAvailable / 4). Curves, in this order:
 *    random (stride=0 random=1: a random cyclic order of every 64-byte line of the
 *    buffer, so neither a stride nor a next-line prefetcher can guess the next address),
 *    then constant strides 128 (lmbench 2.0's), 512 and 64 bytes, each address stride bytes
 *    above the previous one, wrapping at the end.
 *  - lat_l1, lat_l2 (ns): the random curve's point in the middle of the first and second
 *    plateau that bench/mem/plateau.h finds, when it is a cache level (ib_plateau_is_cache)
 *    (source=curve), with params size_kb (the point),
 *    cache_kb (the plateau's edge: the size guess) and stride=0; without such a plateau, the
 *    largest point at or below half the sysfs L1 (L2) size, L2's above the L1 size
 *    (source=sysfs); with neither, no record.
 *  - lat_mem (ns): the random curve's largest point, params buffer_kb, stride=0, guesses
 *    (ib_plateau_guesses: "L1:32K,L2:512K,L3:16M"), the sysfs sizes sysfs_l1_kb,
 *    sysfs_l2_kb, sysfs_l3_kb, llc_kb (0 = not in sysfs), thp_kb (the process's
 *    AnonHugePages after the buffer was touched, -1 unknown) and points (random curve points
 *    measured).
 *  Every figure is an existing point's samples re-emitted with ib_emit_result(). The
 *  detector reads each point's minimum sample, not its median: another process sharing the
 *  CPU only ever adds time (and evicts lines), and one disturbed point must not move a
 *  cache edge.
 *
 * One buffer of max_kb, 2 MB aligned, with MADV_HUGEPAGE asked for, touched once; every
 * point uses its first size_kb. With transparent huge pages the whole curve lies in 2 MB
 * pages, so on bare metal a random load costs no page walk up to the dTLB's reach (Zen:
 * 2048 entries, 4 GB) and Main mem is the load-to-use latency of DRAM; in a VM the host's
 * own pages lie under ours and their walks stay in the figure (bench/README.md). Without
 * THP (thp_kb=0) every random load beyond a few MB also misses the guest TLB.
 * Before a point is measured its chain is walked once end to end (so the buffer is as warm
 * as it can be), then ib_measure() sizes, warms up and samples it as usual.
 *
 * Time: one measurement is ~15 budgets; 4 curves of ~35 points at the default 5 ms is about
 * 10 s natively. Points are skipped (and a line goes to stderr) once 70% of timeout_s has
 * gone, so the benchmark reports what it has rather than being killed.
 */

//bench: 410 lat_mem IB_BENCH_LAT_MEM mem_lat
//
//config:config IB_BENCH_LAT_MEM
//config:	bool "L1 $, L2 $, Main mem from a pointer-chase curve"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/mem/bw_mem.h"
#include "bench/mem/plateau.h"
#include "bench/base/sysinfo.h"

#define LINE 64
#define MAX_POINTS 64
#define HUGE_ALIGN (2UL << 20)
#define ASSUMED_LLC_KB 32768 /* when sysfs does not say */
#define LMB2_STRIDE 128      /* lat_mem_rd's stride in the 2.0 summary's run */
#define LMB2_L1_KB 1         /* the sizes getsummary reads: 0.00098 MB ... */
#define LMB2_L2_KB 128       /* ... and 0.125 MB; Main mem below */

struct caches {
	unsigned l1_kb, l2_kb, l3_kb, llc_kb;
};

struct chase {
	void **p;
};

struct curve {
	unsigned npts;
	double size_kb[MAX_POINTS];
	double lo[MAX_POINTS]; /* per point minimum: what the detector reads */
	struct ib_result res[MAX_POINTS];
};

static struct curve rnd; /* the random curve: ~55 KB, not on the stack */

/* cpu0's data and unified caches (sysinfo.h); 0 for a level sysfs does not list */
static void read_caches(struct caches *c)
{
	struct ib_cache_sizes s;

	ib_cache_sizes(&s);
	c->l1_kb = (unsigned)(s.l1 >> 10);
	c->l2_kb = (unsigned)(s.l2 >> 10);
	c->l3_kb = (unsigned)(s.l3 >> 10);
	c->llc_kb = c->l3_kb ? c->l3_kb : c->l2_kb ? c->l2_kb : c->l1_kb;
}

/* a "Key:   123 kB" field of a /proc file, or -1 */
static long proc_kb(const char *path, const char *key)
{
	FILE *f = fopen(path, "r");
	char line[256];
	size_t klen = strlen(key);
	long v = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, klen) && line[klen] == ':') {
			v = strtol(line + klen + 1, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

static int chase_loop(void *arg, uint64_t n)
{
	struct chase *c = arg;
	void **p = c->p;
	uint64_t blocks = n / 8;

	while (blocks--) {
		p = *p; p = *p; p = *p; p = *p;
		p = *p; p = *p; p = *p; p = *p;
	}
	for (uint64_t i = n % 8; i; i--)
		p = *p;
	c->p = p;
	ib_sink = (uint64_t)(uintptr_t)p;
	return 0;
}

/*
 * The 2.0 points' loop: 1000 dependent loads per pass of the loop body, as lat_mem_rd.c's
 * timing loop. Not a detail: today's stride prefetchers follow each load instruction's own
 * addresses, and with 8 loads per body every instruction sees a constant 1 KB step down the
 * stride-128 list and is prefetched (here 4 ns at 128 MB); with 1000 it sees a 125 KB step,
 * which none follows (175-550 ns at 8 MB natively, as lmbench 2.0's own binary shows).
 */
#define LD1 p = *p;
#define LD10 LD1 LD1 LD1 LD1 LD1 LD1 LD1 LD1 LD1 LD1
#define LD100 LD10 LD10 LD10 LD10 LD10 LD10 LD10 LD10 LD10 LD10
#define LD1000 LD100 LD100 LD100 LD100 LD100 LD100 LD100 LD100 LD100 LD100

static int chase_loop_1000(void *arg, uint64_t n)
{
	struct chase *c = arg;
	void **p = c->p;

	for (uint64_t blocks = n / 1000; blocks; blocks--) {
		LD1000
	}
	for (uint64_t i = n % 1000; i; i--)
		p = *p;
	c->p = p;
	ib_sink = (uint64_t)(uintptr_t)p;
	return 0;
}

/* xorshift64*: fixed seed, so every run walks the same order (only the pages differ) */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* link the first `bytes` of buf; returns the number of loads in one pass of the cycle */
static uint64_t build_chain(char *buf, size_t bytes, unsigned stride, uint32_t *succ)
{
	if (stride) {
		size_t count = bytes / stride;

		for (size_t i = 0; i < count; i++)
			*(void **)(buf + i * stride) = buf + ((i + 1) % count) * stride;
		return count;
	}
	size_t lines = bytes / LINE;

	/* Sattolo's shuffle: a uniformly random permutation that is one single cycle */
	for (size_t i = 0; i < lines; i++)
		succ[i] = (uint32_t)i;
	for (size_t i = lines - 1; i > 0; i--) {
		size_t j = (size_t)(rng() % i);
		uint32_t t = succ[i];

		succ[i] = succ[j];
		succ[j] = t;
	}
	for (size_t i = 0; i < lines; i++)
		*(void **)(buf + i * LINE) = buf + (size_t)succ[i] * LINE;
	return lines;
}

/*
 * lmbench 2.0's list: every stride bytes of the first `bytes`, each pointing stride bytes
 * lower, the lowest to the highest, so the walk runs backwards (lat_mem_rd.c: against
 * fetch-ahead); returns the loads in one lap and leaves *start at the highest element
 */
static uint64_t build_backward(char *buf, size_t bytes, size_t stride, void ***start)
{
	size_t count = bytes / stride;

	for (size_t i = 0; i < count; i++)
		*(void **)(buf + i * stride) = buf + (i ? i - 1 : count - 1) * stride;
	*start = (void **)(buf + (count - 1) * stride);
	return count;
}

/* one lmbench 2.0 point: metric for the first kb of buf, params extra appended */
static int lmb2_point(const char *metric, char *buf, size_t kb, const char *extra)
{
	char params[320];
	struct ib_result r;
	struct chase c;
	uint64_t lap = build_backward(buf, kb * 1024, LMB2_STRIDE, &c.p);
	int err;

	chase_loop_1000(&c, lap);
	snprintf(params, sizeof(params), "size_kb=%zu stride=%u order=backward unroll=1000 %s",
		 kb, LMB2_STRIDE, extra);
	struct ib_metric m = { metric, "ns", 0.0, params, 0 };
	err = ib_measure(&m, chase_loop_1000, &c, &r);
	if (err)
		ib_reason("%s %zu KB: error %d", metric, kb, err);
	return err;
}

/*
 * lat_mem_rd_l1, lat_mem_rd_l2, lat_mem_rd_main: the points lmbench 2.0's summary reads off
 * lat_mem_rd's stride-128 curve, measured in a buffer of their own with nothing asked of
 * the kernel (lmbench's malloc: THP as the system's policy gives it). Main mem: lmbench read
 * 8 MB, beyond every cache of 2001; here the bandwidths' rule (bw_mem.h: max(8 MiB, 4 x the
 * LLC), at most MemAvailable/4), so it stays beyond this machine's last-level cache.
 */
static int lmbench2_points(void)
{
	struct ib_bw_size bs;
	char extra[256], sizes[160];
	size_t bytes = (size_t)LMB2_L2_KB * 1024;
	int have_main = ib_bw_size(&bs) == 0, err;

	if (have_main)
		bytes = bs.bytes;
	else
		fprintf(stderr, "ibsuite: lat_mem: no lat_mem_rd_main: MemAvailable/4 is under "
			"%zu MiB\n", IB_BW_MIN_BYTES >> 20);
	char *buf = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED) {
		ib_reason("lat_mem: mmap %zu KB: %s", bytes / 1024, strerror(errno));
		return -1;
	}
	memset(buf, 1, bytes);
	snprintf(extra, sizeof(extra), "page_kb=%ld thp_kb=%ld", sysconf(_SC_PAGESIZE) / 1024,
		 proc_kb("/proc/self/smaps_rollup", "AnonHugePages"));
	err = lmb2_point("lat_mem_rd_l1", buf, LMB2_L1_KB, extra) ||
	      lmb2_point("lat_mem_rd_l2", buf, LMB2_L2_KB, extra);
	if (!err && have_main) {
		ib_bw_params(&bs, bs.bytes, sizes, sizeof(sizes));
		snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra), " %s",
			 strstr(sizes, "llc_kb="));
		err = lmb2_point("lat_mem_rd_main", buf, bs.bytes / 1024, extra);
	}
	munmap(buf, bytes);
	return err ? -1 : 0;
}

/* 1, 2, 3, 4, 6, 8, 12 ... KB up to max_kb; returns how many */
static unsigned curve_sizes(unsigned max_kb, double *kb)
{
	unsigned n = 0;

	for (unsigned long p = 1; p <= max_kb && n < MAX_POINTS; p *= 2) {
		kb[n++] = (double)p;
		if (p >= 2 && p + p / 2 <= max_kb && n < MAX_POINTS)
			kb[n++] = (double)(p + p / 2);
	}
	return n;
}

struct ctx {
	char *buf;
	uint32_t *succ;
	uint64_t start_ns, limit_ns;
	int truncated;
};

/* measure one curve; keeps the results when out != NULL; returns points done or -1 */
static int run_curve(struct ctx *x, const double *kb, unsigned n, unsigned stride,
		     struct curve *out)
{
	unsigned done = 0;

	for (unsigned i = 0; i < n; i++) {
		size_t bytes = (size_t)kb[i] * 1024;
		char params[96];
		struct ib_result r;
		struct chase c = { (void **)x->buf };

		if (stride && bytes < 2 * (size_t)stride)
			continue;
		if (ib_now_ns() - x->start_ns > x->limit_ns) {
			if (!x->truncated)
				fprintf(stderr, "ibsuite: lat_mem: time limit, curve stride=%u "
					"stopped at %.0f KB\n", stride, kb[i]);
			x->truncated = 1;
			break;
		}
		uint64_t pass = build_chain(x->buf, bytes, stride, x->succ);
		chase_loop(&c, pass);
		snprintf(params, sizeof(params), "size_kb=%.0f stride=%u random=%d", kb[i], stride,
			 stride == 0);
		struct ib_metric m = { "mem_chase", "ns", 0.0, params, 0 };
		int err = ib_measure(&m, chase_loop, &c, &r);
		if (err) {
			ib_reason("mem_chase %.0f KB stride %u: error %d", kb[i], stride, err);
			return -1;
		}
		if (out) {
			out->size_kb[done] = kb[i];
			out->lo[done] = r.min;
			out->res[done] = r;
		}
		done++;
	}
	if (out)
		out->npts = done;
	return (int)done;
}

static int emit_point(const char *metric, unsigned idx, const char *params)
{
	struct ib_metric m = { metric, "ns", 0.0, params, 0 };
	int err = ib_emit_result(&m, &rnd.res[idx]);

	if (err)
		ib_reason("%s: emit failed (%d)", metric, err);
	return err;
}

/* largest point with size <= lim_kb and > above_kb, or -1 */
static int point_at_most(double lim_kb, double above_kb)
{
	int best = -1;

	for (unsigned i = 0; i < rnd.npts; i++)
		if (rnd.size_kb[i] <= lim_kb && rnd.size_kb[i] > above_kb)
			best = (int)i;
	return best;
}

/* lat_l1 (level 0) or lat_l2 (level 1): from the plateau if it is a cache, else sysfs */
static int emit_level(const struct ib_plateaus *pl, unsigned level, const struct caches *c)
{
	const char *metric = level ? "lat_l2" : "lat_l1";
	char params[160];
	int idx = -1;
	double cache_kb = 0;
	const char *source = "curve";

	if (ib_plateau_is_cache(pl, level, rnd.npts)) {
		idx = (int)pl->p[level].rep;
		cache_kb = rnd.size_kb[pl->p[level].edge];
	} else {
		source = "sysfs";
		cache_kb = level ? c->l2_kb : c->l1_kb;
		if (cache_kb > 0)
			idx = point_at_most(cache_kb / 2, level ? c->l1_kb : 0);
	}
	if (idx < 0) {
		fprintf(stderr, "ibsuite: lat_mem: no %s (no plateau, no sysfs size)\n", metric);
		return 0;
	}
	snprintf(params, sizeof(params), "size_kb=%.0f cache_kb=%.0f stride=0 source=%s",
		 rnd.size_kb[idx], cache_kb, source);
	return emit_point(metric, (unsigned)idx, params);
}

static int emit_figures(const struct caches *c, long thp_kb)
{
	struct ib_plateaus pl;
	char guesses[128], params[512];

	if (ib_plateau_detect(rnd.size_kb, rnd.lo, rnd.npts, &pl) ||
	    !ib_plateau_guesses(&pl, rnd.size_kb, rnd.npts, guesses, sizeof(guesses)))
		strcpy(guesses, "none");
	if (emit_level(&pl, 0, c) || emit_level(&pl, 1, c))
		return -1;
	snprintf(params, sizeof(params),
		 "buffer_kb=%.0f stride=0 guesses=%s sysfs_l1_kb=%u sysfs_l2_kb=%u "
		 "sysfs_l3_kb=%u llc_kb=%u page_kb=%ld thp_kb=%ld points=%u",
		 rnd.size_kb[rnd.npts - 1], guesses, c->l1_kb, c->l2_kb, c->l3_kb, c->llc_kb,
		 sysconf(_SC_PAGESIZE) / 1024, thp_kb, rnd.npts);
	return emit_point("lat_mem", rnd.npts - 1, params);
}

int ib_run_lat_mem(void)
{
	static const unsigned strides[] = { 128, 512, 64 };
	struct caches c;
	double kb[MAX_POINTS];
	struct ctx x = { 0 };
	int ret = IB_FAIL;

	if (lmbench2_points())
		return IB_FAIL;
	read_caches(&c);
	unsigned long max_kb = 4UL * (c.llc_kb ? c.llc_kb : ASSUMED_LLC_KB);
	long avail = ib_mem_available_kb();
	if (avail > 0 && (unsigned long)avail / 4 < max_kb)
		max_kb = (unsigned long)avail / 4;
	unsigned n = curve_sizes((unsigned)max_kb, kb);
	if (n < 2) {
		ib_reason("lat_mem: too little memory (%ld KB available)", avail);
		return IB_FAIL;
	}
	size_t bytes = (size_t)kb[n - 1] * 1024;

	char *map = mmap(NULL, bytes + HUGE_ALIGN, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		ib_reason("lat_mem: mmap %zu KB: %s", bytes / 1024, strerror(errno));
		return IB_FAIL;
	}
	x.buf = (char *)(((uintptr_t)map + HUGE_ALIGN - 1) & ~(uintptr_t)(HUGE_ALIGN - 1));
#ifdef MADV_HUGEPAGE
	madvise(x.buf, bytes, MADV_HUGEPAGE); /* a hint: thp_kb says what we got */
#endif
	memset(x.buf, 1, bytes);
	long thp_kb = proc_kb("/proc/self/smaps_rollup", "AnonHugePages");
	x.succ = malloc(bytes / LINE * sizeof(uint32_t));
	if (!x.succ) {
		ib_reason("lat_mem: out of memory");
		goto out;
	}
	x.start_ns = ib_now_ns();
	x.limit_ns = (uint64_t)ib_opts->timeout_s * 700000000ULL;

	if (run_curve(&x, kb, n, 0, &rnd) < 0)
		goto out;
	if (rnd.npts == 0) {
		ib_reason("lat_mem: no point measured in time");
		goto out;
	}
	if (emit_figures(&c, thp_kb))
		goto out;
	for (unsigned s = 0; s < sizeof(strides) / sizeof(strides[0]); s++)
		if (run_curve(&x, kb, n, strides[s], NULL) < 0)
			goto out;
	ret = IB_OK;
out:
	free(x.succ);
	munmap(map, bytes + HUGE_ALIGN);
	return ret;
}
