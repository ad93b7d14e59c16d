/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tlb.c - lmbench 3's tlb: the number of 4 KB pages a pointer chase can touch before loads
 * start to pay for TLB misses (the first-level data TLB's reach), and a load's latency on
 * either side of it.
 *
 * Contract (bench/lib/bench.h): ib_run_tlb() emits, in this order,
 *  - tlb_chase (ns per load; params pages, line_slots=64): one load in each of `pages`
 *    pages, the pages in a random cyclic order, each load at line (k + k/64) mod 64 of the
 *    k-th page of the buffer (so the lines spread over every cache set: at a fixed offset
 *    all of them would share one set of a 4 KB-way L1 and 512 pages would miss the L1 for
 *    that reason alone), and
 *  - tlb_chase_base (ns per load; params pages, lines): the same number of loads, lines
 *    packed 64 to a page, pages in a random order and the 64 lines of each in a random
 *    order: the same cache footprint with one new page per 64 loads. lmbench's cache_time.
 *    One pair per point: 8, 12, 16, 24 ... pages (2 per octave) up to max_pages, then a
 *    binary search between the last point whose ratio tlb_chase / tlb_chase_base is at most
 *    1.15 (lmbench 3's THRESHOLD) and the first above it, as lmbench's find_tlb(). Unlike
 *    lmbench a ratio above 1.15 is measured twice (ratio()), and the first point above it
 *    counts only when the next point is above it too: on a shared CPU one disturbed pair
 *    otherwise ends the search early (1 run in 3 natively before);
 *  - tlb_reach_pages (pages; params max_pages, ratio: the ratio at reach + 1, page_kb,
 *    thp (the system's THP mode), nohuge (1: MADV_NOHUGEPAGE took), anon_huge_kb): the
 *    largest page count whose ratio stays at most 1.15 (lmbench's `tlb: N pages`); when no
 *    point up to max_pages rises above it, no record (a line on stderr);
 *  - tlb_lat_in, tlb_lat_out (ns per load; params pages, base_ns: tlb_chase_base there):
 *    tlb_chase at half the reach and at twice it (lmbench's `tlb -c` reads twice the reach).
 * Every figure is a tlb_chase measured at its page count under its own name; the detector
 * reads each point's minimum sample (interference only adds time).
 * Both buffers are anonymous mappings with MADV_NOHUGEPAGE, every page used touched before
 * its point is timed (the dense one at the start, the sparse one as a chase is built):
 * on bare metal with transparent huge pages the chase's max_pages pages would lie in
 * max_pages / 512 huge pages, inside every TLB, and no jump would show until hundreds of MB.
 * In a guest a TLB entry is no larger than the host's page under the guest's: with
 * MADV_HUGEPAGE here (bhyve guest, the whole buffer in huge pages) the reach stayed 96 pages
 * and the load beyond it 3.1 ns: the host evidently backs this guest with 4 KB pages. max_pages is
 * lmbench's default, 16384 (64 MB), or MemAvailable / 4 when that is less (the buffer is
 * then smaller than some TLBs' reach: the record says max_pages). Skips under 32 pages.
 * Under QEMU-TCG a guest load is a host load through QEMU's software TLB, so the jump is
 * the host's data TLB less the entries QEMU's own pages take (91 of this EPYC's 96), not
 * anything the guest kernel sets up; UML and native runs see the CPU's own.
 * Time: two measurements of ~15 budgets per point, ~20 points: 1.0 s in a TCG boot, 1.5-2 s
 * natively on a busy host.
 */

//bench: 798 tlb IB_BENCH_TLB mem_lat
//
//config:config IB_BENCH_TLB
//config:	bool "TLB reach: lmbench 3's tlb, one load per 4 KB page"
//config:	default y
//config:	help
//config:	  A pointer chase over one line per page across growing page counts,
//config:	  against the same number of lines packed into few pages; the page count
//config:	  where the first exceeds the second by 15 % is the data TLB's reach.

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/base/sysinfo.h"

#define PAGE 4096
#define LINE 64
#define SLOTS (PAGE / LINE)
#define MIN_PAGES 8            /* lmbench's find_tlb(8, ...) */
#define DEFAULT_MAX 16384      /* lmbench's maxpages */
#define THRESHOLD 1.15         /* lmbench's tlb_time / cache_time limit */

struct chase {
	void **p;
};

struct tlb {
	char *pages;           /* max pages of PAGE bytes: the chase */
	char *dense;           /* max lines of LINE bytes: the baseline */
	unsigned max;
	uint32_t *order;       /* scratch for the permutations */
};

static int chase_loop(void *arg, uint64_t n)
{
	struct chase *c = arg;
	void **p = c->p;

	for (uint64_t b = n / 8; b; b--) {
		p = *p; p = *p; p = *p; p = *p;
		p = *p; p = *p; p = *p; p = *p;
	}
	for (uint64_t i = n % 8; i; i--)
		p = *p;
	c->p = p;
	ib_sink = (uint64_t)(uintptr_t)p;
	return 0;
}

/* xorshift64*, fixed seed: every run walks the same orders */
static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* Sattolo: a uniformly random single cycle over 0..n-1, as successor indexes */
static void cycle(uint32_t *succ, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		succ[i] = i;
	for (unsigned i = n - 1; i > 0; i--) {
		unsigned j = (unsigned)(rng() % i);
		uint32_t t = succ[i];

		succ[i] = succ[j];
		succ[j] = t;
	}
}

/* a random permutation (Fisher-Yates) of 0..n-1 */
static void shuffle(uint32_t *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		v[i] = i;
	for (unsigned i = n - 1; i > 0; i--) {
		unsigned j = (unsigned)(rng() % (i + 1));
		uint32_t t = v[i];

		v[i] = v[j];
		v[j] = t;
	}
}

static void *page_line(const struct tlb *t, unsigned k)
{
	return t->pages + (size_t)k * PAGE + (size_t)((k + k / SLOTS) % SLOTS) * LINE;
}

/* one line in each of the first n pages, the pages in a random cycle */
static void **build_sparse(struct tlb *t, unsigned n)
{
	cycle(t->order, n);
	for (unsigned k = 0; k < n; k++)
		*(void **)page_line(t, k) = page_line(t, t->order[k]);
	return page_line(t, 0);
}

/* n lines packed into n / 64 pages: page by page in a random page order, each page's
 * lines in a random order, the last line of a page leading to the next page's first */
static void **build_dense(struct tlb *t, unsigned n)
{
	unsigned npg = (n + SLOTS - 1) / SLOTS;
	uint32_t *pg = t->order, lines[SLOTS];
	char *prev = NULL, *first = NULL;

	shuffle(pg, npg);
	for (unsigned i = 0; i < npg; i++) {
		unsigned in = n - (size_t)pg[i] * SLOTS < SLOTS ? n - pg[i] * SLOTS : SLOTS;

		shuffle(lines, in);
		for (unsigned j = 0; j < in; j++) {
			char *l = t->dense + (size_t)pg[i] * PAGE + (size_t)lines[j] * LINE;

			if (prev)
				*(void **)prev = l;
			else
				first = l;
			prev = l;
		}
	}
	*(void **)prev = first;
	return (void **)first;
}

/* one measurement of name over n pages (dense: the baseline); r gets it */
static int point(struct tlb *t, const char *name, unsigned n, int dense, double base_ns,
		 struct ib_result *r)
{
	char params[96];
	struct chase c = { dense ? build_dense(t, n) : build_sparse(t, n) };
	struct ib_metric m = { name, "ns", 0.0, params, 0 };
	int err;

	if (dense)
		snprintf(params, sizeof(params), "pages=%u lines=%u", (n + SLOTS - 1) / SLOTS, n);
	else if (base_ns > 0)
		snprintf(params, sizeof(params), "pages=%u line_slots=%d base_ns=%.3f", n, SLOTS,
			 base_ns);
	else
		snprintf(params, sizeof(params), "pages=%u line_slots=%d", n, SLOTS);
	chase_loop(&c, n);   /* once round the cycle: every line and page-table entry warm */
	err = ib_measure(&m, chase_loop, &c, r);
	if (err)
		ib_reason("%s %u pages: error %d", name, n, err);
	return err;
}

/*
 * tlb_chase / tlb_chase_base at n pages, from each one's minimum; < 0 on error. A ratio
 * above THRESHOLD is measured again and each side's lesser minimum kept: a burst of
 * interference on a shared CPU raised one side's minimum by 17 % in a native run, which
 * read as a jump 30 pages early.
 */
static double ratio(struct tlb *t, unsigned n)
{
	struct ib_result s, b;
	double smin, bmin;

	if (point(t, "tlb_chase", n, 0, 0, &s) || point(t, "tlb_chase_base", n, 1, 0, &b))
		return -1;
	smin = s.min;
	bmin = b.min;
	if (smin / bmin <= THRESHOLD)
		return smin / bmin;
	if (point(t, "tlb_chase", n, 0, 0, &s) || point(t, "tlb_chase_base", n, 1, 0, &b))
		return -1;
	return (s.min < smin ? s.min : smin) / (b.min < bmin ? b.min : bmin);
}

/* the THP mode in force: the bracketed word of the sysfs file, or "unknown" */
static const char *thp_mode(char *buf, size_t cap)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	char line[128], *a, *b;

	snprintf(buf, cap, "unknown");
	if (!f)
		return buf;
	if (fgets(line, sizeof(line), f) && (a = strchr(line, '[')) && (b = strchr(a, ']'))) {
		*b = 0;
		snprintf(buf, cap, "%s", a + 1);
	}
	fclose(f);
	return buf;
}

/* a "Key:   123 kB" field of /proc/self/smaps_rollup, or -1 */
static long anon_huge_kb(void)
{
	FILE *f = fopen("/proc/self/smaps_rollup", "r");
	char line[256];
	long v = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "AnonHugePages:", 14)) {
			v = strtol(line + 14, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

static int figures(struct tlb *t, unsigned reach, double r_above, int nohuge)
{
	char params[192], thp[24];
	struct ib_result in, out, base, rr = { .iters = 1, .nsamples = 1 };
	struct ib_metric m = { "tlb_reach_pages", "pages", 0.0, params, 0 };
	unsigned lo = reach / 2;
	unsigned hi = reach * 2 <= t->max ? reach * 2 : t->max;

	snprintf(params, sizeof(params),
		 "max_pages=%u ratio=%.3f threshold=%.2f page_kb=%d thp=%s nohuge=%d "
		 "anon_huge_kb=%ld", t->max, r_above, THRESHOLD, PAGE / 1024,
		 thp_mode(thp, sizeof(thp)), nohuge, anon_huge_kb());
	rr.samples[0] = rr.median = rr.min = reach;
	if (ib_emit_result(&m, &rr))
		return -1;
	if (point(t, "tlb_chase_base", lo, 1, 0, &base) ||
	    point(t, "tlb_lat_in", lo, 0, base.min, &in))
		return -1;
	if (point(t, "tlb_chase_base", hi, 1, 0, &base) ||
	    point(t, "tlb_lat_out", hi, 0, base.min, &out))
		return -1;
	return 0;
}

int ib_run_tlb(void)
{
	struct tlb t = { 0 };
	long avail = ib_mem_available_kb();
	unsigned lower = 0, upper = 0, n;
	double r = 0, r_upper = 0;
	int nohuge, ret = IB_FAIL;
	size_t bytes;

	t.max = DEFAULT_MAX;
	if (avail >= 0 && (unsigned long)avail / 4 < (unsigned long)DEFAULT_MAX * (PAGE / 1024))
		t.max = (unsigned)((unsigned long)avail / 4 / (PAGE / 1024));
	if (t.max < 4 * MIN_PAGES) {
		ib_reason("tlb: needs %d KB, MemAvailable %ld KB", 16 * MIN_PAGES * PAGE / 1024,
			  avail);
		return IB_SKIP;
	}
	bytes = (size_t)t.max * PAGE;
	t.pages = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	t.dense = mmap(NULL, (size_t)t.max * LINE + PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	t.order = malloc((size_t)t.max * sizeof(*t.order));
	if (t.pages == MAP_FAILED || t.dense == MAP_FAILED || !t.order) {
		ib_reason("tlb: no memory for %u pages", t.max);
		goto out;
	}
	/* 4 KB pages are the point; without THP in the kernel the call fails, which is fine */
	nohuge = madvise(t.pages, bytes, MADV_NOHUGEPAGE) == 0;
	madvise(t.dense, (size_t)t.max * LINE + PAGE, MADV_NOHUGEPAGE);
	/* the sparse buffer's pages fault in as build_sparse() first stores to them, untimed:
	 * the search ends a few points past the reach, so touching all max_pages up front
	 * cost 16384 faults for a few hundred used (6-13 s of a UML boot at ~0.4 ms a fault) */
	memset(t.dense, 1, (size_t)t.max * LINE + PAGE);

	/* 8, 12, 16, 24, ...: two points per octave until the ratio rises above THRESHOLD */
	for (n = MIN_PAGES; n <= t.max; n = n % 3 ? n / 2 * 3 : n / 3 * 4) {
		r = ratio(&t, n);
		if (r < 0)
			goto out;
		if (r > THRESHOLD) {
			/* a jump holds at the next point too; else it was noise */
			unsigned next = n % 3 ? n / 2 * 3 : n / 3 * 4;
			double rn = next <= t.max ? ratio(&t, next) : r;

			if (rn < 0)
				goto out;
			if (rn > THRESHOLD) {
				upper = n;
				r_upper = r;
				break;
			}
			lower = next <= t.max ? next : n;
			n = next;
			continue;
		}
		lower = n;
	}
	if (!upper) {
		fprintf(stderr, "tlb: no TLB effect up to %u pages (ratio %.3f at the last)\n",
			t.max, r);
		ret = IB_OK;
		goto out;
	}
	if (!lower) {
		ib_reason("tlb: ratio %.3f above %.2f already at %u pages", r, THRESHOLD, upper);
		goto out;
	}
	/* lmbench's binary search: lower stays at or under the threshold, upper above it */
	while (lower + 1 < upper) {
		unsigned mid = lower + (upper - lower) / 2;

		r = ratio(&t, mid);
		if (r < 0)
			goto out;
		if (r > THRESHOLD) {
			upper = mid;
			r_upper = r;
		} else {
			lower = mid;
		}
	}
	if (figures(&t, lower, r_upper, nohuge) == 0)
		ret = IB_OK;
out:
	if (t.pages && t.pages != MAP_FAILED)
		munmap(t.pages, bytes);
	if (t.dense && t.dense != MAP_FAILED)
		munmap(t.dense, (size_t)t.max * LINE + PAGE);
	free(t.order);
	return ret;
}
