/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_fault_more.c - two page fault kinds lat_fault.c lacks: a write fault that copies a
 * page, and an anonymous write fault given a 2 MB transparent huge page.
 *
 * Contract (bench/lib/bench.h), µs per fault; one operation is one store, meant to take
 * exactly one fault, the harness choosing how many (spread over fresh mappings made and
 * unmapped outside the clock reads, one clock read subtracted per mapping):
 *  - pf_cow: a store to a page of a MAP_PRIVATE, PROT_READ|PROT_WRITE mapping of a cached
 *    COW_SIZE file (ib_vm_file(), opts->fsdir) that a load already mapped read-only, one
 *    store per 4 KB page: the kernel allocates an anonymous page and copies the file's page
 *    into it (do_wp_page's copy; untimed loads of the pages to be stored to took the read
 *    faults and made the page tables). A file mapping rather than anonymous memory after
 *    fork(): a copy is certain (an anonymous page whose sharer exited is reused without
 *    one) and no process is made per mapping.
 *  - pf_thp: a store every 2 MB of a 2 MB aligned private anonymous THP_SIZE region with
 *    madvise(MADV_HUGEPAGE): each fault allocates and zeroes a 2 MB page. Skipped where it
 *    cannot run: no /sys/kernel/mm/transparent_hugepage (no THP in the kernel), 'never' there
 *    (Linux sets it at boot below 512 MB of RAM, as the default 512 MB guest has), madvise()
 *    refused, or an untimed check mapping not given huge pages (AnonHugePages of
 *    /proc/self/smaps_rollup, or the sum over /proc/self/smaps, grew less than touched).
 *    Every mapping of the run is checked the same way, untimed: params huge_per_touch
 *    (1.000 when every fault gave a huge page) and thp (the enabled setting).
 * Both record params kind, size_kb, stride_kb, touches, faults and faults_per_touch (minor +
 * major faults from getrusage around the stores, over every interval: 1.000 when every store
 * faulted once), pf_cow also fs.
 */

//bench: 976 pf_cow IB_BENCH_PF_COW fs_vm
//bench: 978 pf_thp IB_BENCH_PF_THP fs_vm
//
//config:config IB_BENCH_PF_COW
//config:	bool "Page faults: a private write to a cached file page (copy on write)"
//config:	default y
//
//config:config IB_BENCH_PF_THP
//config:	bool "Page faults: an anonymous write given a 2 MB huge page"
//config:	default y
//config:	help
//config:	  Skipped where transparent huge pages are absent or 'never'
//config:	  (Linux's default below 512 MB of RAM), or none is given.

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
#include "bench/base/sysinfo.h"

#define COW_SIZE (8u << 20)
#define HUGE (2u << 20)
#define THP_SIZE (16u << 20)
#define THP_SYSFS "/sys/kernel/mm/transparent_hugepage/enabled"

static long faults_now(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt + ru.ru_majflt : -1;
}

struct fault_run {
	const char *kind;
	int fd;                 /* pf_cow's file, -1 for pf_thp */
	size_t size, stride;
	uint64_t touches, huge_touches;
	long faults;            /* -1 once getrusage failed */
	char fs[24], thp[16];
	char params[200];
};

static void fault_params(struct fault_run *t)
{
	char ratio[24] = "-1", huge[48] = "";

	if (t->faults >= 0 && t->touches)
		snprintf(ratio, sizeof(ratio), "%.3f", (double)t->faults / (double)t->touches);
	if (t->fd < 0)
		snprintf(huge, sizeof(huge), " huge_per_touch=%.3f thp=%s", t->touches ?
			 (double)t->huge_touches / (double)t->touches : 0.0, t->thp);
	snprintf(t->params, sizeof(t->params),
		 "kind=%s size_kb=%zu stride_kb=%zu touches=%llu faults=%ld faults_per_touch=%s%s%s%s",
		 t->kind, t->size >> 10, t->stride >> 10, (unsigned long long)t->touches, t->faults,
		 ratio, huge, t->fd >= 0 ? " fs=" : "", t->fd >= 0 ? t->fs : "");
}

/* AnonHugePages of this process in kB (smaps_rollup, else the sum over smaps), or -1 */
static long anon_huge_kb(void)
{
	char line[256];
	long sum = -1, v;
	FILE *f = fopen("/proc/self/smaps_rollup", "re");

	if (!f)
		f = fopen("/proc/self/smaps", "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "AnonHugePages: %ld kB", &v) == 1)
			sum = (sum < 0 ? 0 : sum) + v;
	fclose(f);
	return sum;
}

/* a fresh mapping ready for k stores: *base is what to munmap (*len bytes), the return
 * value where the stores start (2 MB aligned for pf_thp), or NULL with errno */
static char *map_fresh(struct fault_run *t, size_t k, char **base, size_t *len)
{
	char *p;

	if (t->fd >= 0) {
		unsigned sum = 0;

		*len = t->size;
		p = mmap(NULL, t->size, PROT_READ | PROT_WRITE, MAP_PRIVATE, t->fd, 0);
		if (p == MAP_FAILED)
			return NULL;
		/* only the pages to be stored to: a fault costs ~0.4 ms under UML */
		for (size_t i = 0; i < k; i++)
			sum += *(volatile unsigned char *)(p + i * t->stride);   /* read-only */
		ib_sink += sum;
		*base = p;
		return p;
	}
	*len = t->size + HUGE;
	p = mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	*base = p;
	p = (char *)(((uintptr_t)p + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
#ifdef MADV_HUGEPAGE
	if (madvise(p, t->size, MADV_HUGEPAGE) == 0)
		return p;
#else
	errno = EINVAL;
#endif
	{
		int e = errno;

		munmap(*base, *len);
		errno = e;
	}
	return NULL;
}

/* k stores into one fresh mapping; adds the time between the clock reads to *ns */
static int fault_batch(struct fault_run *t, size_t k, double *ns)
{
	char *base, *p;
	size_t len;
	uint64_t t0, t1;
	long f0, f1, h0 = -1, h1;
	int err = 0;

	if (t->fd < 0)
		h0 = anon_huge_kb();
	p = map_fresh(t, k, &base, &len);
	if (!p)
		return -errno;
	f0 = faults_now();
	t0 = ib_now_ns();
	for (size_t i = 0; i < k; i++)
		*(volatile char *)(p + i * t->stride) = (char)(i + 1);
	t1 = ib_now_ns();
	f1 = faults_now();
	*ns += (double)(t1 - t0) - ib_timer->cost_ns;
	t->touches += k;
	if (f0 < 0 || f1 < f0 || t->faults < 0)
		t->faults = -1;
	else
		t->faults += f1 - f0;
	if (t->fd < 0 && h0 >= 0 && (h1 = anon_huge_kb()) > h0)
		t->huge_touches += (uint64_t)(h1 - h0) / (HUGE >> 10);
	if (munmap(base, len) < 0)
		err = -errno;
	return err;
}

static int fault_timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct fault_run *t = arg;
	size_t per_map = t->size / t->stride;
	double ns = 0;

	while (n) {
		size_t k = n < per_map ? (size_t)n : per_map;
		int err = fault_batch(t, k, &ns);

		if (err)
			return err;
		n -= k;
	}
	*elapsed_ns = ns > 1 ? (uint64_t)(ns + 0.5) : 1;
	fault_params(t);   /* the record is emitted after the last interval: totals so far */
	return 0;
}

static int run_faults(const char *metric, struct fault_run *t)
{
	struct ib_metric m = { metric, "us", 0.0, t->params, 0 };
	struct ib_result r;
	int err;

	fault_params(t);
	err = ib_measure_timed(&m, fault_timed, t, &r);
	if (err) {
		ib_reason("%s: %s", metric, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_pf_cow(void)
{
	struct fault_run t = { .kind = "cow_file", .size = COW_SIZE };
	char buf[sizeof(t.fs)];
	int skip, ret;

	t.stride = (size_t)sysconf(_SC_PAGESIZE);
	t.fd = ib_vm_file("pf_cow", t.size, &skip);
	if (t.fd < 0)
		return skip ? IB_SKIP : IB_FAIL;
	snprintf(t.fs, sizeof(t.fs), "%s", ib_fs_type(ib_opts->fsdir, buf, sizeof(buf)));
	ret = run_faults("pf_cow", &t);
	close(t.fd);
	return ret;
}

/* the bracketed word of THP_SYSFS into buf; IB_OK, or IB_SKIP with the reason */
static int thp_setting(char *buf, size_t cap)
{
	char line[128], *a, *b;
	FILE *f = fopen(THP_SYSFS, "re");
	long total_kb = -1;

	if (!f) {
		ib_reason("no transparent huge pages (%s: %s)", THP_SYSFS, strerror(errno));
		return IB_SKIP;
	}
	a = fgets(line, sizeof(line), f) ? strchr(line, '[') : NULL;
	fclose(f);
	b = a ? strchr(a, ']') : NULL;
	if (!b) {
		ib_reason("%s unreadable", THP_SYSFS);
		return IB_SKIP;
	}
	*b = '\0';
	snprintf(buf, cap, "%s", a + 1);
	if (strcmp(buf, "never"))
		return IB_OK;
	f = fopen("/proc/meminfo", "re");
	if (f) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "MemTotal: %ld kB", &total_kb) == 1)
				break;
		fclose(f);
	}
	if (total_kb >= 0 && total_kb < 512L << 10)
		ib_reason("transparent huge pages 'never': Linux leaves them off at boot below "
			  "512 MB of RAM (MemTotal %ld MB)", total_kb >> 10);
	else
		ib_reason("transparent huge pages 'never'");
	return IB_SKIP;
}

int ib_run_pf_thp(void)
{
	struct fault_run t = { .kind = "anon_thp", .fd = -1, .size = THP_SIZE, .stride = HUGE };
	long avail = ib_mem_available_kb();
	double ns = 0;
	int err;

	if (thp_setting(t.thp, sizeof(t.thp)) != IB_OK)
		return IB_SKIP;
	if (avail >= 0 && avail < (long)(4 * THP_SIZE >> 10)) {
		ib_reason("pf_thp needs %u MB, %ld MB available", 4 * THP_SIZE >> 20, avail >> 10);
		return IB_SKIP;
	}
	/* one untimed mapping: were the pages huge? */
	err = fault_batch(&t, t.size / t.stride, &ns);
	if (err) {
		ib_reason("pf_thp: %s", err == -EINVAL ? "madvise(MADV_HUGEPAGE) refused" :
			  strerror(-err));
		return err == -EINVAL ? IB_SKIP : IB_FAIL;
	}
	if (t.huge_touches < t.touches) {
		ib_reason("no huge page given: %llu of %llu 2 MB stores got one (thp %s)",
			  (unsigned long long)t.huge_touches, (unsigned long long)t.touches, t.thp);
		return IB_SKIP;
	}
	t.touches = t.huge_touches = 0;
	t.faults = 0;
	return run_faults("pf_thp", &t);
}
