/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_vm.c - "Mmap Latency" and "Prot Fault" (lmbench lat_mmap, lat_sig prot), and the
 * scratch file they and the page fault family (lat_fault.c) use (lat_vm.h).
 *
 * Contract (bench/lib/bench.h). Every file is made in opts->fsdir (a skip if ib_fsdir_ready()
 * says it is unusable or not the fs knob's type, or if MemAvailable or the free space is under IB_VM_AVAIL_FACTOR x the file:
 * under tmpfs the file is memory), filled with write(), and unlinked at once, so the open
 * fd is all that is left and no path, not even a kill by the runner's timeout, leaves a file.
 *  - ib_run_mmap_lat(): metric mmap_lat (params size_kb, touches, fs): one operation =
 *    mmap(MMAP_SIZE, PROT_READ|PROT_WRITE, MAP_SHARED) of the file, a one-byte store every
 *    16 KB over the first tenth, munmap(). MMAP_SIZE is 8 MB, lmbench's default file size
 *    (its script uses MB=8 unless configured), which is the largest size its summary shows.
 *  - ib_run_prot_fault(): metrics prot_fault_kill0 (kill(pid, 0)), prot_fault_base
 *    (kill(pid, SIGSEGV) delivered to the SA_SIGINFO handler below, minus the kill0 minimum:
 *    this is "sig hndl" measured here, with the fault's own signal and handler) and
 *    prot_fault (minus the prot_fault_base minimum). One prot_fault operation is one write to
 *    a PROT_READ MAP_SHARED page of the file raising SIGSEGV (SEGV_ACCERR) whose handler
 *    returns without fixing anything, as in lmbench 3: the write re-executes and faults
 *    again. On the n-th fault the handler mprotect()s the page writable so the store
 *    completes and the interval ends (one syscall per interval of thousands of faults); the
 *    page is made read-only again outside the interval.
 */

//bench: 290 mmap_lat IB_BENCH_MMAP_LAT fs_vm
//bench: 300 prot_fault IB_BENCH_PROT_FAULT fs_vm
//
//config:config IB_BENCH_MMAP_LAT
//config:	bool "Mmap Latency"
//config:	default y
//
//config:config IB_BENCH_PROT_FAULT
//config:	bool "Prot Fault"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/fsdir.h"
#include "bench/proc/lat_sig.h"
#include "bench/fs/lat_vm.h"
#include "bench/base/sysinfo.h"

#define MMAP_SIZE (8u << 20)
#define MMAP_TOUCH_STRIDE (16u << 10)

/* lat_vm.h */
int ib_vm_file(const char *who, size_t size, int *skip)
{
	const char *dir = ib_opts->fsdir;
	/* 8 KB writes and an fsync, as lmbench's lmdd makes its $FILE (bs=8k fsync=1): where the
	 * page cache has large folios (ext4 on Linux 6.18) the write size sets the folio size,
	 * and the mapping and fault costs follow it (Mmap Latency 751 us on an 8 KB-written file
	 * against 418 us on a 64 KB-written one, same process: docs/lmbench-agreement.md) */
	char path[PATH_MAX], buf[8192];
	struct statvfs sv;
	long avail = ib_mem_available_kb();
	int fd;

	*skip = 1;
	if (ib_fsdir_ready(who))
		return -1;
	if (avail >= 0 && (uint64_t)avail * 1024 < (uint64_t)IB_VM_AVAIL_FACTOR * size) {
		ib_reason("%s: MemAvailable %ld kB < %u x the %zu kB file", who, avail,
			  IB_VM_AVAIL_FACTOR, size / 1024);
		return -1;
	}
	if (statvfs(dir, &sv) == 0 && (uint64_t)sv.f_bavail * sv.f_frsize < 2 * (uint64_t)size) {
		ib_reason("%s: %s has %llu kB free, needs %zu kB", who, dir,
			  (unsigned long long)sv.f_bavail * sv.f_frsize / 1024, 2 * size / 1024);
		return -1;
	}
	*skip = 0;
	if (snprintf(path, sizeof(path), "%s/ib-vm.XXXXXX", dir) >= (int)sizeof(path)) {
		ib_reason("%s: fsdir path too long", who);
		return -1;
	}
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0) {
		ib_reason("%s: create a file in %s: %s", who, dir, strerror(errno));
		return -1;
	}
	unlink(path);
	memset(buf, 0x5a, sizeof(buf));
	for (size_t off = 0; off < size;) {
		size_t len = size - off < sizeof(buf) ? size - off : sizeof(buf);
		ssize_t w = write(fd, buf, len);

		if (w <= 0) {
			ib_reason("%s: write %zu bytes to a file in %s: %s", who, size, dir,
				  w < 0 ? strerror(errno) : "short write");
			close(fd);
			return -1;
		}
		off += (size_t)w;
	}
	/* allocated and clean like lmdd's file; a file system without fsync (EINVAL) is no error */
	if (fsync(fd) && errno != EINVAL && errno != EROFS) {
		ib_reason("%s: fsync a file in %s: %s", who, dir, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* ---- Mmap Latency ---- */

static int mmap_loop(void *arg, uint64_t n)
{
	int fd = *(const int *)arg;

	for (uint64_t i = 0; i < n; i++) {
		volatile char *p = mmap(NULL, MMAP_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

		if (p == MAP_FAILED)
			return -errno;
		for (size_t off = 0; off < MMAP_SIZE / 10; off += MMAP_TOUCH_STRIDE)
			p[off] = (char)i;
		if (munmap((void *)p, MMAP_SIZE) < 0)
			return -errno;
	}
	return 0;
}

int ib_run_mmap_lat(void)
{
	static char params[96];
	struct ib_metric m = { "mmap_lat", "us", 0.0, params, 0 };
	struct ib_result r;
	char fsbuf[24];
	int skip, err, fd = ib_vm_file("mmap_lat", MMAP_SIZE, &skip);

	if (fd < 0)
		return skip ? IB_SKIP : IB_FAIL;
	snprintf(params, sizeof(params), "size_kb=%u touches=%u fs=%s", MMAP_SIZE / 1024,
		 (MMAP_SIZE / 10 + MMAP_TOUCH_STRIDE - 1) / MMAP_TOUCH_STRIDE,
		 ib_fs_type(ib_opts->fsdir, fsbuf, sizeof(fsbuf)));
	err = ib_measure(&m, mmap_loop, &fd, &r);
	close(fd);
	if (err) {
		ib_reason("mmap_lat: %s", strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

/* ---- Prot Fault ---- */

static char *prot_page;
static size_t prot_len;
static volatile sig_atomic_t prot_faults, prot_goal, prot_kills;

static void segv_handler(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	if (si->si_code == SI_USER) {          /* the base: kill(pid, SIGSEGV) */
		prot_kills++;
		return;
	}
	if (si->si_code != SEGV_ACCERR || (char *)si->si_addr < prot_page ||
	    (char *)si->si_addr >= prot_page + prot_len) {
		/* a real crash: let it happen again with the default action */
		signal(sig, SIG_DFL);
		return;
	}
	if (++prot_faults >= prot_goal)
		mprotect(prot_page, prot_len, PROT_READ | PROT_WRITE);
	/* returning re-executes the store: it faults again until the page is writable */
}

static int prot_timed(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	uint64_t t0, t1;

	(void)arg;
	if (n > INT_MAX)
		return -EOVERFLOW;
	prot_faults = 0;
	prot_goal = (sig_atomic_t)n;
	t0 = ib_now_ns();
	*(volatile char *)prot_page = 1;
	t1 = ib_now_ns();
	if (mprotect(prot_page, prot_len, PROT_READ) < 0)
		return -errno;
	if ((uint64_t)prot_faults != n)
		return -EINTR;
	*elapsed_ns = t1 - t0;
	return 0;
}

static int kill_segv_loop(void *arg, uint64_t n)
{
	pid_t pid = *(const pid_t *)arg;
	unsigned before = (unsigned)prot_kills;

	for (uint64_t i = 0; i < n; i++)
		if (kill(pid, SIGSEGV) < 0)
			return -errno;
	/* a signal sent to oneself is delivered before kill() returns */
	if ((unsigned)prot_kills - before != (unsigned)n)
		return -EINTR;
	return 0;
}

int ib_run_prot_fault(void)
{
	static const struct ib_metric mk = { "prot_fault_kill0", "us", 0.0, NULL, 0 };
	struct ib_metric mb = { "prot_fault_base", "us", 0.0, "signal=SIGSEGV", 0 };
	struct ib_metric mf = { "prot_fault", "us", 0.0, NULL, 0 };
	struct ib_result rk, rb, rf;
	struct sigaction sa, saved;
	sigset_t unblock;
	pid_t pid = getpid();
	int skip, err, ret = IB_FAIL;
	int fd;

	prot_len = (size_t)sysconf(_SC_PAGESIZE);
	fd = ib_vm_file("prot_fault", prot_len, &skip);
	if (fd < 0)
		return skip ? IB_SKIP : IB_FAIL;
	prot_page = mmap(NULL, prot_len, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (prot_page == MAP_FAILED) {
		ib_reason("prot_fault: mmap: %s", strerror(errno));
		return IB_FAIL;
	}
	ib_sink = (unsigned char)prot_page[0]; /* the PTE exists: only the protection faults */

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = segv_handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &saved) < 0) {
		ib_reason("prot_fault: sigaction: %s", strerror(errno));
		munmap(prot_page, prot_len);
		return IB_FAIL;
	}
	sigemptyset(&unblock);
	sigaddset(&unblock, SIGSEGV);
	sigprocmask(SIG_UNBLOCK, &unblock, NULL);

	err = ib_measure(&mk, ib_kill0_loop, &pid, &rk);
	if (err) {
		ib_reason("prot_fault: kill(pid, 0): %s", strerror(-err));
		goto out;
	}
	mb.overhead = rk.min; /* baselines at their least disturbed (bench/README.md) */
	err = ib_measure(&mb, kill_segv_loop, &pid, &rb);
	if (err) {
		ib_reason("prot_fault: kill(pid, SIGSEGV): %s",
			  err == -EINTR ? "signal count does not match" : strerror(-err));
		goto out;
	}
	mf.overhead = rb.min;
	err = ib_measure_timed(&mf, prot_timed, NULL, &rf);
	if (err) {
		ib_reason("prot_fault: %s", err == -EINTR ? "fault count does not match"
							  : strerror(-err));
		goto out;
	}
	ret = IB_OK;
out:
	sigaction(SIGSEGV, &saved, NULL);
	munmap(prot_page, prot_len);
	return ret;
}
