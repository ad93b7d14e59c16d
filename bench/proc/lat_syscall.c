/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_syscall.c - the cheapest kernel entries: null call, null I/O, stat, open clos.
 *
 * Contract (bench/lib/bench.h): each ib_run_* measures with ib_measure(), which emits the `m`
 * records; it returns IB_OK, or IB_FAIL after ib_reason().
 *  - null_call:  syscall(SYS_getppid), so no libc wrapper can cache the answer.
 *  - null_io:    metrics null_read (1-byte read of /dev/zero) and null_write (1-byte write
 *                to /dev/null), then null_io whose sample i is the mean of sample i of the
 *                two (emitted with ib_emit_result; its overhead field is 0 because the parts
 *                already had theirs subtracted, see bench/README.md).
 *  - stat:       stat() of a one-byte file this benchmark creates in opts->tmpdir (not the
 *                suite binary: its path differs between the image and a native run, and path
 *                walk length is part of the cost). The file is created, stat()ed once so its
 *                dentry and inode are cached, measured, then unlinked.
 *  - open_close: open(O_RDONLY) + close() of the same kind of file.
 */

//bench: 20 null_call IB_BENCH_NULL_CALL processes
//bench: 30 null_io IB_BENCH_NULL_IO processes
//bench: 40 stat IB_BENCH_STAT processes
//bench: 50 open_close IB_BENCH_OPEN_CLOSE processes
//
//config:config IB_BENCH_NULL_CALL
//config:	bool "null call: getppid() through syscall()"
//config:	default y
//
//config:config IB_BENCH_NULL_IO
//config:	bool "null I/O: 1-byte read of /dev/zero and write to /dev/null"
//config:	default y
//
//config:config IB_BENCH_STAT
//config:	bool "stat: stat() of a cached file"
//config:	default y
//
//config:config IB_BENCH_OPEN_CLOSE
//config:	bool "open clos: open(O_RDONLY) + close()"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/base/stats.h"

static int null_call_loop(void *arg, uint64_t n)
{
	uint64_t acc = 0;

	(void)arg;
	for (uint64_t i = 0; i < n; i++)
		acc += (uint64_t)syscall(SYS_getppid);
	ib_sink = acc;
	return 0;
}

int ib_run_null_call(void)
{
	static const struct ib_metric m = { "null_call", "us", 0.0, NULL, 0 };
	struct ib_result r;
	int err = ib_measure(&m, null_call_loop, NULL, &r);

	if (err) {
		ib_reason("null_call: %s", strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

static int read_loop(void *arg, uint64_t n)
{
	int fd = *(const int *)arg;
	char c;

	for (uint64_t i = 0; i < n; i++)
		if (read(fd, &c, 1) != 1)
			return errno ? -errno : -EIO;
	ib_sink = (unsigned char)c;
	return 0;
}

static int write_loop(void *arg, uint64_t n)
{
	int fd = *(const int *)arg;
	char c = 0;

	for (uint64_t i = 0; i < n; i++)
		if (write(fd, &c, 1) != 1)
			return errno ? -errno : -EIO;
	return 0;
}

/* sample i of the result is the mean of sample i of a and b; both come from one child run */
static void mean_of(const struct ib_result *a, const struct ib_result *b, struct ib_result *out)
{
	unsigned n = a->nsamples < b->nsamples ? a->nsamples : b->nsamples;

	memset(out, 0, sizeof(*out));
	/* the two parts are sized separately; report the smaller count, the honest lower bound */
	out->iters = a->iters < b->iters ? a->iters : b->iters;
	out->nsamples = n;
	for (unsigned i = 0; i < n; i++)
		out->samples[i] = (a->samples[i] + b->samples[i]) / 2.0;
	if (n) {
		out->min = ib_min(out->samples, n);
		out->median = ib_median(out->samples, n);
	}
}

int ib_run_null_io(void)
{
	static const struct ib_metric mr = { "null_read", "us", 0.0, NULL, 0 };
	static const struct ib_metric mw = { "null_write", "us", 0.0, NULL, 0 };
	static const struct ib_metric mio = { "null_io", "us", 0.0, NULL, 0 };
	struct ib_result rr, rw, rio;
	int zero, null, err, ret = IB_FAIL;

	zero = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	if (zero < 0) {
		ib_reason("open /dev/zero: %s", strerror(errno));
		return IB_FAIL;
	}
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null < 0) {
		ib_reason("open /dev/null: %s", strerror(errno));
		close(zero);
		return IB_FAIL;
	}
	err = ib_measure(&mr, read_loop, &zero, &rr);
	if (err) {
		ib_reason("read /dev/zero: %s", strerror(-err));
		goto out;
	}
	err = ib_measure(&mw, write_loop, &null, &rw);
	if (err) {
		ib_reason("write /dev/null: %s", strerror(-err));
		goto out;
	}
	mean_of(&rr, &rw, &rio);
	err = ib_emit_result(&mio, &rio);
	if (err) {
		ib_reason("null_io: emit failed (%d)", err);
		goto out;
	}
	ret = IB_OK;
out:
	close(null);
	close(zero);
	return ret;
}

/* create a one-byte file in opts->tmpdir; path must hold PATH_MAX bytes */
static int make_file(char *path)
{
	const char *dir = ib_opts && ib_opts->tmpdir && *ib_opts->tmpdir ? ib_opts->tmpdir : "/tmp";
	int fd;

	if (snprintf(path, PATH_MAX, "%s/ib-file.XXXXXX", dir) >= PATH_MAX) {
		ib_reason("tmpdir path too long");
		return -1;
	}
	fd = mkstemp(path);
	if (fd < 0) {
		ib_reason("create file in %s: %s", dir, strerror(errno));
		return -1;
	}
	if (write(fd, "x", 1) != 1) {
		ib_reason("write %s: %s", path, strerror(errno));
		close(fd);
		unlink(path);
		return -1;
	}
	close(fd);
	return 0;
}

static int stat_loop(void *arg, uint64_t n)
{
	const char *path = arg;
	struct stat st;
	uint64_t acc = 0;

	for (uint64_t i = 0; i < n; i++) {
		if (stat(path, &st) < 0)
			return -errno;
		acc += (uint64_t)st.st_size;
	}
	ib_sink = acc;
	return 0;
}

static int open_close_loop(void *arg, uint64_t n)
{
	const char *path = arg;

	for (uint64_t i = 0; i < n; i++) {
		int fd = open(path, O_RDONLY);

		if (fd < 0)
			return -errno;
		close(fd);
	}
	return 0;
}

static int run_on_file(const struct ib_metric *m, ib_loop_fn fn)
{
	char path[PATH_MAX];
	struct stat st;
	struct ib_result r;
	int err;

	if (make_file(path))
		return IB_FAIL;
	/* warm the dentry and inode before anything is timed */
	if (stat(path, &st) < 0) {
		ib_reason("stat %s: %s", path, strerror(errno));
		unlink(path);
		return IB_FAIL;
	}
	err = ib_measure(m, fn, path, &r);
	unlink(path);
	if (err) {
		ib_reason("%s %s: %s", m->name, path, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_stat(void)
{
	static const struct ib_metric m = { "stat", "us", 0.0, NULL, 0 };

	return run_on_file(&m, stat_loop);
}

int ib_run_open_close(void)
{
	static const struct ib_metric m = { "open_close", "us", 0.0, NULL, 0 };

	return run_on_file(&m, open_close_loop);
}
