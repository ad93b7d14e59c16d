/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_file.c - File reread and Mmap reread bandwidths of a cached file: lmbench 2.0's
 * (bw_file_rd io_only, bw_mmap_rd mmap_only) and ours on 64-bit words (Bandwidth variants).
 *
 * Contract (bench/lib/bench.h): each ib_run_* emits one `m` record in MB/s (MB = 10^6 bytes),
 * params from ib_bw_params() (bw_mem.h; the file is MB long, lmbench's biggest size) plus
 * `fs` (the file system type of opts->fsdir: tmpfs, ext4, or the magic number in hex) and
 * `words=u32|u64`. One operation is one pass over the whole file; `bytes` is the file size.
 *  - bw_file_rd, bw_file_reread: lseek to 0, then read() in 64 KB chunks (params
 *    chunk_kb=64, chunks: the read()s per pass) into one page-aligned buffer, summing each
 *    chunk: ib_sum_ints() (lmbench's loop) or ib_sum_words();
 *  - bw_mmap_rd, bw_mmap_reread: ib_sum_ints() or ib_sum_words() of a read-only shared
 *    mapping of the file, mapped once before timing (so mmap/munmap are not in the figure;
 *    page table entries are filled by the sizing pass, which is not a sample).
 * The file <fsdir>/ib-bwfile.XXXXXX is written once (64 KB writes), read once so it is
 * cached, and unlinked at once: the open descriptor keeps it, so nothing is left behind
 * even when the benchmark is killed. Skips when the memory is too small or fsdir is not
 * usable (ib_fsdir_ready: not writable, or not the fs knob's type); fails on a short read.
 */

//bench: 350 bw_file_rd IB_BENCH_BW_FILE_RD bw_local
//bench: 360 bw_mmap_rd IB_BENCH_BW_MMAP_RD bw_local
//bench: 401 bw_file_reread IB_BENCH_BW_FILE_REREAD bw_local
//bench: 403 bw_mmap_reread IB_BENCH_BW_MMAP_REREAD bw_local
//
//config:config IB_BENCH_BW_FILE_RD
//config:	bool "File reread: read() and lmbench's sum of 4-byte words"
//config:	default y
//
//config:config IB_BENCH_BW_MMAP_RD
//config:	bool "Mmap reread: lmbench's sum of a mapped file's 4-byte words"
//config:	default y
//
//config:config IB_BENCH_BW_FILE_REREAD
//config:	bool "File reread of 64-bit words (Bandwidth variants)"
//config:	default y
//
//config:config IB_BENCH_BW_MMAP_REREAD
//config:	bool "Mmap reread of 64-bit words (Bandwidth variants)"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/mem/bw_mem.h"
#include "bench/lib/fsdir.h"
#include "bench/base/sysinfo.h"

#define CHUNK (64 * 1024)
#define BLOCK (IB_BW_BLOCK_INTS * sizeof(uint32_t))   /* what one turn of the loops sums */

struct file {
	int fd;
	size_t bytes;
	uint64_t *chunk;        /* CHUNK bytes, the read() target */
	const uint64_t *map;
	int ints;               /* lmbench's ib_sum_ints(), else ib_sum_words() */
};

/* the sum of CHUNK-aligned bytes at p, by the benchmark's loop */
static uint64_t sum(const struct file *f, const void *p, size_t bytes)
{
	if (f->ints)
		return ib_sum_ints(p, bytes / sizeof(uint32_t));
	return ib_sum_words(p, bytes / sizeof(uint64_t));
}

/* one pass: the whole file in CHUNK reads, each chunk summed */
static int reread_pass(struct file *f, uint64_t *acc)
{
	size_t done = 0;

	if (lseek(f->fd, 0, SEEK_SET) != 0)
		return -errno;
	while (done < f->bytes) {
		ssize_t r = read(f->fd, f->chunk, CHUNK);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (r == 0)
			return -EIO;   /* the file shrank under us */
		/* CHUNK and the file size are multiples of BLOCK; a short read of a page cache
		 * file still ends on a block boundary in practice: whole blocks only */
		*acc += sum(f, f->chunk, (size_t)r / BLOCK * BLOCK);
		done += (size_t)r;
	}
	return 0;
}

static int reread_loop(void *arg, uint64_t n)
{
	struct file *f = arg;
	uint64_t acc = 0;

	for (uint64_t i = 0; i < n; i++) {
		int err = reread_pass(f, &acc);

		if (err)
			return err;
	}
	ib_sink = acc;
	return 0;
}

static int mmap_loop(void *arg, uint64_t n)
{
	struct file *f = arg;
	uint64_t acc = 0;

	for (uint64_t i = 0; i < n; i++)
		acc += sum(f, f->map, f->bytes);
	ib_sink = acc;
	return 0;
}

/* create, fill, cache and unlink the file; 0, or IB_SKIP/IB_FAIL after ib_reason() */
static int make_file(struct file *f, size_t bytes)
{
	char path[PATH_MAX];
	uint64_t acc = 0;
	size_t done = 0;
	int err;

	snprintf(path, sizeof(path), "%s/ib-bwfile.XXXXXX", ib_opts->fsdir);
	f->fd = mkostemp(path, O_CLOEXEC);
	if (f->fd < 0) {
		ib_reason("create %s: %s", path, strerror(errno));
		return IB_SKIP;
	}
	unlink(path);
	f->bytes = bytes;
	for (size_t i = 0; i < CHUNK / sizeof(uint64_t); i++)
		f->chunk[i] = 0x9e3779b97f4a7c15ull * (i + 1);
	while (done < bytes) {
		ssize_t w = write(f->fd, f->chunk, CHUNK);

		if (w < 0 && errno == EINTR)
			continue;
		if (w != CHUNK) {
			ib_reason("write %zu MiB to %s: %s", bytes >> 20, ib_opts->fsdir,
				  w < 0 ? strerror(errno) : "short write");
			return errno == ENOSPC || errno == EDQUOT ? IB_SKIP : IB_FAIL;
		}
		done += CHUNK;
	}
	err = reread_pass(f, &acc);   /* now every page is in the page cache */
	if (err) {
		ib_reason("read back: %s", strerror(-err));
		return IB_FAIL;
	}
	ib_sink = acc;
	return 0;
}

static int run_file(const char *name, int mapped, int ints)
{
	char params[320], fsbuf[24];
	struct ib_metric m = { name, "MB/s", 0.0, params, 0 };
	struct ib_bw_size sz;
	struct file f = { .fd = -1, .ints = ints };
	struct ib_result r;
	size_t used;
	int err, ret;

	if (ib_fsdir_ready(name) || ib_bw_size(&sz))
		return IB_SKIP;
	ib_bw_params(&sz, sz.bytes, params, sizeof(params));
	used = strlen(params);
	snprintf(params + used, sizeof(params) - used, " fs=%s words=%s",
		 ib_fs_type(ib_opts->fsdir, fsbuf, sizeof(fsbuf)), ints ? "u32" : "u64");
	used = strlen(params);
	if (!mapped)
		snprintf(params + used, sizeof(params) - used, " chunk_kb=%d chunks=%llu",
			 CHUNK >> 10, (unsigned long long)(sz.bytes / CHUNK));
	m.bytes = (double)sz.bytes;
	f.chunk = aligned_alloc(4096, CHUNK);
	if (!f.chunk) {
		ib_reason("%s: no memory for the chunk buffer", name);
		return IB_FAIL;
	}
	ret = make_file(&f, sz.bytes);
	if (ret)
		goto out;
	ret = IB_FAIL;
	if (mapped) {
		void *p = mmap(NULL, f.bytes, PROT_READ, MAP_SHARED, f.fd, 0);

		if (p == MAP_FAILED) {
			ib_reason("%s: mmap %zu MiB: %s", name, f.bytes >> 20, strerror(errno));
			goto out;
		}
		f.map = p;
	}
	err = ib_measure(&m, mapped ? mmap_loop : reread_loop, &f, &r);
	if (err)
		ib_reason("%s: %s", name, strerror(-err));
	else
		ret = IB_OK;
out:
	if (f.map)
		munmap((void *)f.map, f.bytes);
	if (f.fd >= 0)
		close(f.fd);
	free(f.chunk);
	return ret;
}

int ib_run_bw_file_rd(void) { return run_file("bw_file_rd", 0, 1); }
int ib_run_bw_mmap_rd(void) { return run_file("bw_mmap_rd", 1, 1); }
int ib_run_bw_file_reread(void) { return run_file("bw_file_reread", 0, 0); }
int ib_run_bw_mmap_reread(void) { return run_file("bw_mmap_reread", 1, 0); }
