/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bw_lmdd.c - lmbench 3's "File write bandwidth": lmdd of=$FILE move=${MB}m fsync=1 print=3,
 * the file written from empty in 8 KB blocks and fsync()ed, in MB/s.
 *
 * Contract (bench/lib/bench.h): ib_run_bw_file_wr_fsync() emits one `m` record,
 * bw_file_wr_fsync in MB/s (MB = 10^6 bytes), params move_kb (bytes of one operation / 1024),
 * bs (8192, lmdd's default block), blocks (writes per operation), fsync=1 and fs (the file
 * system type of opts->fsdir, ib_fs_type()). One operation is lmdd's timed part: from an
 * empty file, move_kb of zeroes in bs-byte write()s, then one fsync(); lmdd starts its clock
 * after the open(O_TRUNC) and stops it after the fsync(), so the truncation that empties the
 * file is outside the interval here too (ftruncate(fd, 0) and lseek to 0 before each one,
 * untimed; ib_measure_timed() sums the timed parts). 8 MiB per operation: the figure lmbench's
 * script uses when no memory size is configured (MB=8); its configured size is 70 % of
 * memory, which a 512 MB guest's tmpfs could not hold.
 * The file <fsdir>/ib-lmdd.XXXXXX is unlinked as soon as it is created: the descriptor keeps
 * it, nothing is left behind on any path (killed included). On a tmpfs (the image's default
 * fsdir) there is no block layer and fsync() returns at once: the figure is page allocation
 * and copying into the page cache. On a disk file system it includes the write-back and
 * the journal commit the fsync() waits for.
 * Skips when fsdir is not usable (ib_fsdir_ready), or when MemAvailable is under four times
 * the file (a tmpfs keeps it in memory); ENOSPC/EDQUOT skip; any other write or fsync error
 * and a short write fail.
 */

//bench: 796 bw_file_wr_fsync IB_BENCH_BW_FILE_WR_FSYNC bw_local
//
//config:config IB_BENCH_BW_FILE_WR_FSYNC
//config:	bool "File write bandwidth: lmbench 3's lmdd, 8 KB writes and fsync"
//config:	default y
//config:	help
//config:	  lmbench 3's lmdd fsync=1: 8 MiB of zeroes written from an empty file in
//config:	  8 KB write()s, then fsync(), in the file benchmarks' directory (fsdir).
//config:	  On a tmpfs fsync does nothing; on a disk it waits for the write-back.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/fsdir.h"
#include "bench/base/sysinfo.h"

#define BS 8192                 /* lmdd's default bs= */
#define MOVE (8UL << 20)        /* lmbench's script's MB=8, move=8m (m: 2^20) */

struct lmdd {
	int fd;
	const char *buf;        /* BS zero bytes, as lmdd's bzero()ed buffer */
	int err_is_space;       /* the failure was ENOSPC/EDQUOT */
	const char *what;       /* the call that failed */
};

/* lmdd's timed part once: MOVE bytes in BS writes from an empty file, fsync */
static int one_pass(struct lmdd *d, uint64_t *elapsed)
{
	uint64_t t0, t1;

	if (ftruncate(d->fd, 0) != 0) {
		d->what = "ftruncate";
		return -errno;
	}
	if (lseek(d->fd, 0, SEEK_SET) != 0) {
		d->what = "lseek";
		return -errno;
	}
	t0 = ib_now_ns();
	for (size_t done = 0; done < MOVE;) {
		ssize_t w = write(d->fd, d->buf, BS);

		if (w < 0 && errno == EINTR)
			continue;
		if (w != BS) {
			d->what = "write";
			if (w >= 0)
				return -EIO;   /* short write: the disk filled up part way */
			d->err_is_space = errno == ENOSPC || errno == EDQUOT;
			return -errno;
		}
		done += BS;
	}
	if (fsync(d->fd) != 0) {
		d->what = "fsync";
		d->err_is_space = errno == ENOSPC || errno == EDQUOT;
		return -errno;
	}
	t1 = ib_now_ns();
	*elapsed += t1 - t0;
	return 0;
}

static int lmdd_loop(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct lmdd *d = arg;

	*elapsed_ns = 0;
	for (uint64_t i = 0; i < n; i++) {
		int err = one_pass(d, elapsed_ns);

		if (err)
			return err;
	}
	return 0;
}

int ib_run_bw_file_wr_fsync(void)
{
	static const char name[] = "bw_file_wr_fsync";
	char params[160], fsbuf[24], path[PATH_MAX];
	struct ib_metric m = { name, "MB/s", 0.0, params, (double)MOVE };
	struct lmdd d = { .fd = -1 };
	struct ib_result r;
	long avail = ib_mem_available_kb();
	void *buf = NULL;
	int err, ret = IB_FAIL;

	if (ib_fsdir_ready(name))
		return IB_SKIP;
	if (avail >= 0 && (unsigned long)avail < 4 * (MOVE >> 10)) {
		ib_reason("%s: needs %lu MB, MemAvailable %ld MB", name, 4 * (MOVE >> 20),
			  avail >> 10);
		return IB_SKIP;
	}
	snprintf(params, sizeof(params), "move_kb=%lu bs=%d blocks=%lu fsync=1 fs=%s",
		 MOVE >> 10, BS, MOVE / BS, ib_fs_type(ib_opts->fsdir, fsbuf, sizeof(fsbuf)));
	if (posix_memalign(&buf, 4096, BS)) {
		ib_reason("%s: no memory for the block", name);
		return IB_FAIL;
	}
	memset(buf, 0, BS);
	d.buf = buf;
	snprintf(path, sizeof(path), "%s/ib-lmdd.XXXXXX", ib_opts->fsdir);
	d.fd = mkostemp(path, O_CLOEXEC);
	if (d.fd < 0) {
		ib_reason("%s: create %s: %s", name, path, strerror(errno));
		ret = IB_SKIP;
		goto out;
	}
	unlink(path);
	err = ib_measure_timed(&m, lmdd_loop, &d, &r);
	if (err) {
		ib_reason("%s: %s %s: %s", name, d.what ? d.what : "measure", ib_opts->fsdir,
			  err == -EIO && d.what && !strcmp(d.what, "write") ? "short write"
									   : strerror(-err));
		ret = d.err_is_space ? IB_SKIP : IB_FAIL;
	} else {
		ret = IB_OK;
	}
out:
	if (d.fd >= 0)
		close(d.fd);
	free(buf);
	return ret;
}
