/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_fault.c - page faults: lmbench 2.0's "Page Fault" (lat_pagefault.c), lmbench 3's per
 * page figure, and one fault of each kind (anonymous and file-backed, read and write).
 *
 * Contract (bench/lib/bench.h). Every metric is µs per touch of one byte, where each touch is
 * meant to take exactly one fault; the records say whether it did. Files are made by
 * ib_vm_file() (lat_vm.h) in opts->fsdir (a skip when fsdir or memory is short).
 *  - ib_run_pf_per_fault(): metric pf_per_fault, the 2.0 summary's Page Fault column, as
 *    lmbench 2.0's lat_pagefault: a PF_FILE_SIZE file (lmbench's $FILE, MB=8), mmap()ed
 *    PROT_READ MAP_SHARED, msync(MS_INVALIDATE), then one byte read every 256 KB going
 *    backwards from 16 KB below the end while above the start: 32 touches per mapping, 256 KB
 *    apart, so no fault-around window (64 KB by default) serves two of them. lmbench maps
 *    once and times each touch with a µs clock; here one operation of the harness is a pass:
 *    a fresh mapping (mmap, msync) whose 32 touches are timed with the ns clock (one clock
 *    read subtracted), then munmap outside the clock reads.
 *  - ib_run_page_fault(): lmbench 3's figure, per page (unchanged from the earlier suites,
 *    which showed it under Page Fault): metrics page_fault_base and page_fault_pass, µs per
 *    pass (param op=pass), then page_fault, µs per page. A pass: mmap the whole
 *    PF_FILE_SIZE file PROT_READ MAP_SHARED, msync(MS_INVALIDATE), read one word of every
 *    page in a fixed random order, munmap. The base is the same pass without the reads.
 *    page_fault sample i = (pass sample i - base minimum) / pages, emitted with
 *    ib_emit_result() (iters = passes x pages, overhead = base minimum / pages); params
 *    carry the faults one untimed pass took (getrusage), which says how many pages each
 *    fault mapped (fault-around).
 *  - ib_run_pf_anon_read(), ib_run_pf_anon_write(), ib_run_pf_file_read(),
 *    ib_run_pf_file_write(): metrics of the same names, passes like pf_per_fault's over a
 *    fresh PF_FILE_SIZE mapping touched forwards from its start (no msync):
 *    anon_read  MAP_PRIVATE|MAP_ANONYMOUS, a load every page: the zero page is mapped;
 *    anon_write the same with a store: a page is allocated and zeroed;
 *    file_read  MAP_SHARED PROT_READ of a cached file, a load every 64 KB, Linux's default
 *               fault-around window, so each fault maps (up to) a whole window, as a reader
 *               of the file pays it;
 *    file_write MAP_SHARED PROT_READ|PROT_WRITE of a cached file, a store every page: a
 *               shared write fault (the file system's page_mkwrite, the page dirtied).
 *    Anonymous mappings get MADV_NOHUGEPAGE (where the kernel has THP), so a touch maps one
 *    page and not a 2 MB one.
 * Each of these five emits <metric>_pass (µs per pass, from ib_measure_timed()) and then
 * <metric> (µs per touch: pass sample i / touches_per_pass, ib_emit_result(), iters = passes
 * x touches_per_pass), both with params kind, size_kb, stride_kb, order (forward|backward),
 * touches_per_pass, touches and faults (minor + major faults from getrusage around each
 * pass's touches, outside its clock reads, summed over every interval of the measurement:
 * sizing, warm-up and samples), faults_per_touch (their ratio, 1.000 when every touch took
 * one fault) and fs (file kinds).
 */

//bench: 305 pf_per_fault IB_BENCH_PF_PER_FAULT fs_vm
//bench: 310 page_fault IB_BENCH_PAGE_FAULT fs_vm
//bench: 312 pf_anon_read IB_BENCH_PF_KINDS fs_vm
//bench: 314 pf_anon_write IB_BENCH_PF_KINDS fs_vm
//bench: 316 pf_file_read IB_BENCH_PF_KINDS fs_vm
//bench: 318 pf_file_write IB_BENCH_PF_KINDS fs_vm
//
//config:config IB_BENCH_PF_PER_FAULT
//config:	bool "Page Fault (lmbench 2.0: one read fault every 256 KB of a file)"
//config:	default y
//
//config:config IB_BENCH_PAGE_FAULT
//config:	bool "Page faults: per page of a file (lmbench 3)"
//config:	default y
//
//config:config IB_BENCH_PF_KINDS
//config:	bool "Page faults: anonymous and file-backed, read and write"
//config:	default y
//config:	help
//config:	  One fault of each kind, in µs: a read of fresh anonymous memory (the zero
//config:	  page), a write to it (a new page), a read and a write of a shared file mapping.

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/fs/lat_vm.h"
#include "bench/base/stats.h"
#include "bench/base/sysinfo.h"

#define PF_FILE_SIZE (8u << 20)       /* lmbench's $FILE: its script's MB=8 */
#define LMB2_STRIDE (256u << 10)      /* lat_pagefault.c: backwards in 256 KB steps */
#define LMB2_FIRST_BELOW (16u << 10)  /* ... from 16 KB below the (16 KB aligned) end */
#define FAULT_AROUND (64u << 10)      /* Linux's default fault_around_bytes */

static long faults_now(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt + ru.ru_majflt : -1;
}

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* ---- per page (lmbench 3) ---- */

struct pf_state {
	int fd;
	size_t size, page, npages;
	size_t *order;   /* page offsets in bytes, a fixed random permutation */
};

static int pf_pass(const struct pf_state *s, int touch, uint64_t *acc)
{
	const char *p = mmap(NULL, s->size, PROT_READ, MAP_SHARED, s->fd, 0);

	if (p == MAP_FAILED)
		return -errno;
	if (msync((void *)p, s->size, MS_INVALIDATE) < 0) {
		int e = errno;

		munmap((void *)p, s->size);
		return -e;
	}
	if (touch)
		for (size_t i = 0; i < s->npages; i++)
			*acc += *(const volatile unsigned *)(p + s->order[i]);
	if (munmap((void *)p, s->size) < 0)
		return -errno;
	return 0;
}

static int pf_loop(void *arg, uint64_t n, int touch)
{
	uint64_t acc = 0;

	for (uint64_t i = 0; i < n; i++) {
		int err = pf_pass(arg, touch, &acc);

		if (err)
			return err;
	}
	ib_sink = acc;
	return 0;
}

static int pf_touch_loop(void *arg, uint64_t n)
{
	return pf_loop(arg, n, 1);
}

static int pf_base_loop(void *arg, uint64_t n)
{
	return pf_loop(arg, n, 0);
}

/* Fisher-Yates with a fixed xorshift64 seed: the same order on every run */
static void shuffle_pages(struct pf_state *s)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;

	for (size_t i = 0; i < s->npages; i++)
		s->order[i] = i * s->page;
	for (size_t i = s->npages - 1; i > 0; i--) {
		size_t j, t;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % (i + 1));
		t = s->order[i];
		s->order[i] = s->order[j];
		s->order[j] = t;
	}
}

int ib_run_page_fault(void)
{
	static char pparams[128], bparams[96];
	struct ib_metric mb = { "page_fault_base", "us", 0.0, bparams, 0 };
	struct ib_metric mp = { "page_fault_pass", "us", 0.0, bparams, 0 };
	struct ib_metric mf = { "page_fault", "us", 0.0, pparams, 0 };
	struct ib_result rb, rp, rf;
	struct pf_state s = { .size = PF_FILE_SIZE };
	char fsbuf[24];
	const char *fs;
	uint64_t acc = 0;
	long f0, f1;
	int skip, err, ret = IB_FAIL;

	s.page = (size_t)sysconf(_SC_PAGESIZE);
	s.npages = s.size / s.page;
	s.fd = ib_vm_file("page_fault", s.size, &skip);
	if (s.fd < 0)
		return skip ? IB_SKIP : IB_FAIL;
	s.order = malloc(s.npages * sizeof(*s.order));
	if (!s.order) {
		ib_reason("page_fault: out of memory");
		goto out;
	}
	shuffle_pages(&s);
	fs = ib_fs_type(ib_opts->fsdir, fsbuf, sizeof(fsbuf));

	/* one untimed pass: how many faults a pass takes (fault-around maps several pages) */
	f0 = faults_now();
	err = pf_pass(&s, 1, &acc);
	f1 = faults_now();
	if (err) {
		ib_reason("page_fault: %s", strerror(-err));
		goto out;
	}
	snprintf(bparams, sizeof(bparams), "op=pass pages=%zu size_kb=%zu fs=%s", s.npages,
		 s.size / 1024, fs);
	snprintf(pparams, sizeof(pparams), "op=page pages=%zu size_kb=%zu faults_per_pass=%ld fs=%s",
		 s.npages, s.size / 1024, f0 >= 0 && f1 >= f0 ? f1 - f0 : -1, fs);

	err = ib_measure(&mb, pf_base_loop, &s, &rb);
	if (err) {
		ib_reason("page_fault: base: %s", strerror(-err));
		goto out;
	}
	err = ib_measure(&mp, pf_touch_loop, &s, &rp);
	if (err) {
		ib_reason("page_fault: %s", strerror(-err));
		goto out;
	}
	memset(&rf, 0, sizeof(rf));
	rf.iters = rp.iters * s.npages;
	rf.nsamples = rp.nsamples;
	for (unsigned i = 0; i < rp.nsamples; i++)
		rf.samples[i] = (rp.samples[i] - rb.min) / (double)s.npages;
	rf.median = ib_median(rf.samples, rf.nsamples);
	rf.min = ib_min(rf.samples, rf.nsamples);
	mf.overhead = rb.min / (double)s.npages;
	err = ib_emit_result(&mf, &rf);
	if (err) {
		ib_reason("page_fault: emit failed (%d)", err);
		goto out;
	}
	ret = IB_OK;
out:
	free(s.order);
	close(s.fd);
	return ret;
}

/* ---- one touch per fault, timed in batches ---- */

struct touch_run {
	const char *kind;
	int fd;              /* the file, or -1: anonymous memory */
	int write;           /* a store instead of a load */
	int backward;        /* from `first` downwards (lmbench 2.0), else upwards */
	int invalidate;      /* msync(MS_INVALIDATE) after mapping (lmbench 2.0) */
	size_t size;         /* bytes mapped per batch */
	size_t first, stride;
	size_t per_map;      /* touches one mapping holds */
	uint64_t touches;    /* over every interval so far */
	long faults;         /* -1 once getrusage failed */
	char fs[24];
	char params[224];
};

static void touch_params(struct touch_run *t)
{
	char ratio[24] = "-1";

	if (t->faults >= 0 && t->touches)
		snprintf(ratio, sizeof(ratio), "%.3f", (double)t->faults / (double)t->touches);
	snprintf(t->params, sizeof(t->params),
		 "kind=%s size_kb=%zu stride_kb=%zu order=%s touches_per_pass=%zu touches=%llu "
		 "faults=%ld faults_per_touch=%s%s%s", t->kind, t->size >> 10, t->stride >> 10,
		 t->backward ? "backward" : "forward", t->per_map, (unsigned long long)t->touches,
		 t->faults, ratio, t->fd >= 0 ? " fs=" : "", t->fd >= 0 ? t->fs : "");
}

/* k touches of one fresh mapping; adds the time between the clock reads to *ns */
static int touch_batch(struct touch_run *t, size_t k, double *ns)
{
	int prot = t->write ? PROT_READ | PROT_WRITE : PROT_READ;
	int flags = t->fd >= 0 ? MAP_SHARED : MAP_PRIVATE | MAP_ANONYMOUS;
	char *p = mmap(NULL, t->size, prot, flags, t->fd, 0);
	unsigned sum = 0;
	uint64_t t0, t1;
	long f0, f1;
	int err = 0;

	if (p == MAP_FAILED)
		return -errno;
#ifdef MADV_NOHUGEPAGE
	if (t->fd < 0)
		madvise(p, t->size, MADV_NOHUGEPAGE); /* EINVAL without THP: 4 KB pages anyway */
#endif
	if (t->invalidate && msync(p, t->size, MS_INVALIDATE) < 0) {
		err = -errno;
		goto out;
	}
	f0 = faults_now();
	t0 = ib_now_ns();
	if (t->write)
		for (size_t i = 0; i < k; i++)
			*(volatile char *)(p + t->first + i * t->stride) = (char)i;
	else if (t->backward)
		for (size_t i = 0; i < k; i++)
			sum += *(volatile unsigned char *)(p + t->first - i * t->stride);
	else
		for (size_t i = 0; i < k; i++)
			sum += *(volatile unsigned char *)(p + t->first + i * t->stride);
	t1 = ib_now_ns();
	f1 = faults_now();
	ib_sink += sum;
	*ns += (double)(t1 - t0) - ib_timer->cost_ns;
	t->touches += k;
	if (f0 < 0 || f1 < f0 || t->faults < 0)
		t->faults = -1;
	else
		t->faults += f1 - f0;
out:
	if (munmap(p, t->size) < 0 && !err)
		err = -errno;
	return err;
}

/* n passes: each a fresh mapping touched per_map times */
static int touch_timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct touch_run *t = arg;
	double ns = 0;

	for (uint64_t i = 0; i < n; i++) {
		int err = touch_batch(t, t->per_map, &ns);

		if (err)
			return err;
	}
	*elapsed_ns = ns > 1 ? (uint64_t)(ns + 0.5) : 1;
	touch_params(t);   /* the record is emitted after the last interval: totals so far */
	return 0;
}

/*
 * <metric>_pass, µs per pass (one fresh mapping, all its touches), then <metric>, µs per
 * touch: pass sample i / touches per pass. A sample is whole passes, never a mapping's first
 * few touches alone: the first touches of a mapping also pay for its page tables (under UML a
 * pass of lmbench 2.0's 32 touches was 2-8 ms for its first touch alone), and lmbench's figure
 * is the mean over all of them.
 */
static int run_touches(const char *metric, struct touch_run *t, size_t file_size)
{
	char pass_name[48], buf[sizeof(t->fs)];
	struct ib_metric mp = { pass_name, "us", 0.0, t->params, 0 };
	struct ib_metric mt = { metric, "us", 0.0, t->params, 0 };
	struct ib_result rp, rt;
	int skip = 0, err;

	snprintf(pass_name, sizeof(pass_name), "%s_pass", metric);
	t->fd = -1;
	if (file_size) {
		t->fd = ib_vm_file(metric, file_size, &skip);
		if (t->fd < 0)
			return skip ? IB_SKIP : IB_FAIL;
		snprintf(t->fs, sizeof(t->fs), "%s", ib_fs_type(ib_opts->fsdir, buf, sizeof(buf)));
	}
	t->size = PF_FILE_SIZE;
	if (!t->per_map)
		t->per_map = (t->size - t->first + t->stride - 1) / t->stride;
	touch_params(t);
	err = ib_measure_timed(&mp, touch_timed, t, &rp);
	if (t->fd >= 0)
		close(t->fd);
	if (err) {
		ib_reason("%s: %s", metric, strerror(-err));
		return IB_FAIL;
	}
	memset(&rt, 0, sizeof(rt));
	rt.iters = rp.iters * t->per_map;
	rt.nsamples = rp.nsamples;
	for (unsigned i = 0; i < rp.nsamples; i++)
		rt.samples[i] = rp.samples[i] / (double)t->per_map;
	rt.median = ib_median(rt.samples, rt.nsamples);
	rt.min = ib_min(rt.samples, rt.nsamples);
	err = ib_emit_result(&mt, &rt);
	if (err) {
		ib_reason("%s: emit failed (%d)", metric, err);
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_pf_per_fault(void)
{
	struct touch_run t = { .kind = "lmbench2", .backward = 1, .invalidate = 1,
			       .first = PF_FILE_SIZE - LMB2_FIRST_BELOW, .stride = LMB2_STRIDE };

	/* touches at first, first - stride, ... while above the start of the mapping */
	t.per_map = (t.first + t.stride - 1) / t.stride;
	return run_touches("pf_per_fault", &t, PF_FILE_SIZE);
}

int ib_run_pf_anon_read(void)
{
	struct touch_run t = { .kind = "anon_read", .stride = page_size() };

	return run_touches("pf_anon_read", &t, 0);
}

int ib_run_pf_anon_write(void)
{
	struct touch_run t = { .kind = "anon_write", .write = 1, .stride = page_size() };

	return run_touches("pf_anon_write", &t, 0);
}

int ib_run_pf_file_read(void)
{
	struct touch_run t = { .kind = "file_read", .stride = FAULT_AROUND };

	return run_touches("pf_file_read", &t, PF_FILE_SIZE);
}

int ib_run_pf_file_write(void)
{
	struct touch_run t = { .kind = "file_write", .write = 1, .stride = page_size() };

	return run_touches("pf_file_write", &t, PF_FILE_SIZE);
}
