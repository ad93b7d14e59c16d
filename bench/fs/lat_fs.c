/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_fs.c - "0K File Create/Delete" and "10K File Create/Delete" as lmbench 2.0 defines them
 * (its src/lat_fs.c): rounds of 1000 files in one flat directory, the best round.
 *
 * Contract (bench/lib/bench.h): ib_run_fs_0k() and ib_run_fs_10k() each emit, params
 * `size_kb=0|10 files_per_dir=1000 fs=<type>`, µs per file:
 *  - fs_flat_create_<K>k (ib_measure_count, n = 1000): one sample is one round's creates,
 *    one operation = creat(name, 0666), write() of the size in one call (a write of 0 bytes
 *    for 0K, as lmbench makes it; 10K = 10240 bytes), close();
 *  - fs_flat_delete_<K>k: one sample is the same round's unlink() of those 1000 files
 *    (ib_emit_result: raw_ns empty, iters 1000);
 *  - fs_flat_create_<K>k_best, fs_flat_delete_<K>k_best: one sample each, the least of the
 *    round samples above: what lmbench 2.0 reports (it keeps the fastest create round and
 *    the fastest delete round). These are the summary's 2.0 columns; the median round stays
 *    in the two records above.
 *
 * A round, as lmbench's: in the benchmark's own directory <fsdir>/ib-fs.XXXXXX (made empty,
 * entered with chdir, so names are looked up from it as lmbench's are from FSDIR), create
 * the 1000 files named a..z, aa..zz, aaa..all (the names lmbench's table holds, in its
 * order: bijective base 26), each written and closed before the next, then unlink them in
 * the same order; the directory is kept from round to round. The count is lmbench's
 * definition (how big the directory grows is part of the figure), so the harness does not
 * size it; rounds are opts->reps after one warm-up round (lmbench: as many as fit in 5 s).
 * Every call is checked: a failed creat, short write or failed unlink fails the benchmark
 * (lmbench ignores them and would time failures).
 *
 * The files live under opts->fsdir, checked by ib_fsdir_ready() (a skip when it is unusable
 * or not the fs knob's type), and a skip too when 1000 files would not fit
 * (ib_fsdir_file_limit). Every return path removes the files and the directory; only a kill
 * by the runner's timeout can leave an ib-fs.* directory behind.
 */

//bench: 270 fs_0k IB_BENCH_FS_0K fs_vm
//bench: 280 fs_10k IB_BENCH_FS_10K fs_vm
//
//config:config IB_BENCH_FS_0K
//config:	bool "0K File Create/Delete (lmbench 2.0: 1000 files, one directory)"
//config:	default y
//
//config:config IB_BENCH_FS_10K
//config:	bool "10K File Create/Delete (lmbench 2.0: 1000 files, one directory)"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/fsdir.h"
#include "bench/base/stats.h"
#include "bench/base/sysinfo.h"

#define FILES 1000   /* lmbench 2.0's ITER */
#define NAME_LEN 4   /* "all" and its NUL */

struct flat_run {
	size_t size;                  /* bytes written per file */
	char names[FILES][NAME_LEN];
	uint64_t del_ns[IB_MAX_REPS + 1]; /* the delete interval of each round, warm-up first */
	unsigned rounds;              /* rounds done */
	unsigned created;             /* files that exist now (for the clean-up) */
};

static char payload[10240];

/* index 0 -> "a", 25 -> "z", 26 -> "aa", 701 -> "zz", 702 -> "aaa" (bijective base 26) */
static void file_name(unsigned i, char *out)
{
	char rev[NAME_LEN];
	unsigned n = 0;

	for (i++; i && n < NAME_LEN - 1; i = (i - 1) / 26)
		rev[n++] = (char)('a' + (i - 1) % 26);
	for (unsigned k = 0; k < n; k++)
		out[k] = rev[n - 1 - k];
	out[n] = '\0';
}

static void unlink_all(struct flat_run *s)
{
	for (unsigned i = 0; i < s->created; i++)
		unlink(s->names[i]);
	s->created = 0;
}

static int create_one(const char *name, size_t size)
{
	int fd = creat(name, 0666);
	ssize_t w;

	if (fd < 0)
		return -errno;
	/* lmbench writes even 0 bytes: the call is part of its 0K figure */
	w = write(fd, payload, size);
	if (w != (ssize_t)size) {
		int e = w < 0 ? errno : ENOSPC;

		close(fd);
		return -e;
	}
	return close(fd) < 0 ? -errno : 0;
}

/* one round: 1000 creates (the interval returned), then 1000 unlinks (kept aside) */
static int round_fn(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct flat_run *s = arg;
	uint64_t t0, t1, t2, t3;
	int err;

	if (n != FILES || s->rounds > IB_MAX_REPS)
		return -EINVAL;
	t0 = ib_now_ns();
	for (unsigned i = 0; i < FILES; i++) {
		err = create_one(s->names[i], s->size);
		if (err) {
			s->created = i + 1;   /* a file creat()ed but not written exists too */
			unlink_all(s);
			return err;
		}
	}
	t1 = ib_now_ns();
	s->created = FILES;
	t2 = ib_now_ns();
	for (unsigned i = 0; i < FILES; i++) {
		if (unlink(s->names[i]) < 0) {
			err = -errno;
			unlink_all(s);  /* the ones already gone fail harmlessly */
			return err;
		}
	}
	t3 = ib_now_ns();
	s->created = 0;
	*elapsed_ns = t1 - t0;
	s->del_ns[s->rounds++] = t3 - t2;
	return 0;
}

/* a one-sample record holding the least sample of r */
static int emit_best(const struct ib_metric *m, const struct ib_result *r)
{
	static struct ib_result b;

	memset(&b, 0, sizeof(b));
	b.iters = r->iters;
	b.nsamples = 1;
	b.samples[0] = b.median = b.min = r->min;
	return ib_emit_result(m, &b);
}

static int run_flat(size_t size)
{
	static char params[128], dir[PATH_MAX];
	static struct ib_result rc, rd;
	char mc[40], md[40], mcb[48], mdb[48], fsbuf[24];
	struct ib_metric m_create = { mc, "us", 0.0, params, 0 };
	struct ib_metric m_delete = { md, "us", 0.0, params, 0 };
	struct ib_metric m_cbest = { mcb, "us", 0.0, params, 0 };
	struct ib_metric m_dbest = { mdb, "us", 0.0, params, 0 };
	struct flat_run *s;
	uint64_t limit;
	int err, ret = IB_FAIL;

	snprintf(mc, sizeof(mc), "fs_flat_create_%zuk", size / 1024);
	snprintf(md, sizeof(md), "fs_flat_delete_%zuk", size / 1024);
	snprintf(mcb, sizeof(mcb), "%s_best", mc);
	snprintf(mdb, sizeof(mdb), "%s_best", md);
	if (ib_fsdir_ready(mc))
		return IB_SKIP;
	limit = ib_fsdir_file_limit(ib_opts->fsdir, size, FILES);
	if (limit < FILES) {
		ib_reason("%s: %d files would not fit in %s (limit %llu: half of MemAvailable, or "
			  "its free space or inodes)", mc, FILES, ib_opts->fsdir,
			  (unsigned long long)limit);
		return IB_SKIP;
	}
	if (snprintf(dir, sizeof(dir), "%s/ib-fs.XXXXXX", ib_opts->fsdir) >= (int)sizeof(dir)) {
		ib_reason("%s: fsdir path too long", mc);
		return IB_SKIP;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		ib_reason("%s: out of memory", mc);
		return IB_FAIL;
	}
	s->size = size;
	for (unsigned i = 0; i < FILES; i++)
		file_name(i, s->names[i]);
	memset(payload, 'x', sizeof(payload));
	snprintf(params, sizeof(params), "size_kb=%zu files_per_dir=%d fs=%s", size / 1024, FILES,
		 ib_fs_type(ib_opts->fsdir, fsbuf, sizeof(fsbuf)));
	if (!mkdtemp(dir) || chdir(dir) < 0) {
		ib_reason("%s: directory in %s: %s", mc, ib_opts->fsdir, strerror(errno));
		goto out;
	}

	/* on an error the harness has set the reason (the call and errno) */
	if (ib_measure_count(&m_create, round_fn, s, FILES, &rc))
		goto out;
	/* round 0 was the warm-up: rounds 1..reps are the create samples just emitted */
	if (s->rounds != rc.nsamples + 1) {
		ib_reason("%s: %u delete intervals for %u create samples", md, s->rounds,
			  rc.nsamples);
		goto out;
	}
	memset(&rd, 0, sizeof(rd));
	rd.iters = FILES;
	rd.nsamples = rc.nsamples;
	for (unsigned i = 0; i < rd.nsamples; i++)
		rd.samples[i] = (double)s->del_ns[i + 1] / FILES / 1e3;
	rd.median = ib_median(rd.samples, rd.nsamples);
	rd.min = ib_min(rd.samples, rd.nsamples);
	if ((err = ib_emit_result(&m_delete, &rd)) || (err = emit_best(&m_cbest, &rc)) ||
	    (err = emit_best(&m_dbest, &rd))) {
		ib_reason("%s: emit failed (%d)", md, err);
		goto out;
	}
	ret = IB_OK;
out:
	unlink_all(s);
	if (chdir("/") == 0)
		rmdir(dir);
	free(s);
	return ret;
}

int ib_run_fs_0k(void)
{
	return run_flat(0);
}

int ib_run_fs_10k(void)
{
	return run_flat(10240);
}
