/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_fs_tree.c - lmbench 3.0's file create/delete (its lat_fs): files spread over a tree of
 * directories, a median per file. The "File system variants" section; the lmbench 2.0
 * columns are bench/lat_fs.c's (one flat directory, the best round).
 *
 * Contract (bench/lib/bench.h): ib_run_fs_tree_0k() and ib_run_fs_tree_10k() each emit two
 * metrics, µs per file, params `size_kb=0|10 files_per_dir=100 fs=<type>`:
 *  - fs_create_<K>k: one operation = open(path, O_CREAT|O_WRONLY, 0644), write() of the
 *    whole size in one call (nothing for 0K; 10K = 10240 bytes), close();
 *  - fs_delete_<K>k: one operation = unlink() of one of those files.
 * (The metric names are the ones every earlier suite version gave this method, when it
 * stood under the 2.0 columns.)
 *
 * Pairing: one sample is one fresh tree. The fn given to ib_measure_timed() makes the tree
 * (untimed: mkdtemp of <fsdir>/ib-fs.XXXXXX and one subdirectory per 100 files), creates
 * its n files (timed: this is the create interval the harness sees), unlinks the same n
 * files (timed separately, kept aside), removes the directories (untimed). So delete sample
 * i is the deletion of exactly the files created in create sample i, with the same n and
 * the same cache state lmbench has (delete right after create). The harness sizes n on the
 * create interval only; the last `reps` delete intervals kept aside are then emitted with
 * ib_emit_result() (raw_ns empty there: the create record's raw_ns are the tree's create
 * intervals). Nothing is subtracted: the clock is read twice per interval of several ms
 * (< 0.01%), and overhead is 0 in both records.
 *
 * The files live under opts->fsdir, which ib_fsdir_ready() checks (a skip when it is
 * unusable or not the fs knob's type). So is a sample whose n files would not fit
 * (ib_fsdir_file_limit). Every error path removes what was created; only a kill by the
 * runner's timeout can leave an ib-fs.* directory behind.
 */

//bench: 283 fs_tree_0k IB_BENCH_FS_TREE_0K fs_vm
//bench: 287 fs_tree_10k IB_BENCH_FS_TREE_10K fs_vm
//
//config:config IB_BENCH_FS_TREE_0K
//config:	bool "0K file create/delete, lmbench 3.0's tree (File system variants)"
//config:	default y
//
//config:config IB_BENCH_FS_TREE_10K
//config:	bool "10K file create/delete, lmbench 3.0's tree (File system variants)"
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

#define FILES_PER_DIR 100
#define NAME_MAX_LEN 48 /* "/d<10 digits>/f<3 digits>" under the root, with room */

struct fs_run {
	size_t size;            /* bytes written per file */
	const char *dir;        /* fsdir */
	char root[PATH_MAX];    /* this sample's tree, "" when none */
	size_t rootlen;
	char *names;            /* n paths of NAME_MAX_LEN + rootlen + 1 bytes each */
	size_t stride, cap;     /* bytes per path; paths the buffer holds */
	uint64_t max_files;     /* memory / space / inode limit, worked out at start */
	uint64_t del_ns[IB_MAX_REPS]; /* ring of the latest delete intervals */
	uint64_t del_n;         /* n of those intervals (the last sample's n) */
	unsigned ndel;          /* intervals stored so far (ring index = ndel % IB_MAX_REPS) */
	int enospc;             /* the limit stopped a sample: skip, not fail */
};

static char payload[10240];

/* remove the tree: the first `created` files, then every subdirectory, then the root */
static void tree_remove(struct fs_run *s, uint64_t created, uint64_t n)
{
	char path[PATH_MAX + 32]; /* root + "/d" + digits: no truncation */

	if (!s->root[0])
		return;
	for (uint64_t i = 0; i < created; i++)
		unlink(s->names + i * s->stride);
	for (uint64_t d = 0; d * FILES_PER_DIR < n; d++) {
		snprintf(path, sizeof(path), "%s/d%llu", s->root, (unsigned long long)d);
		rmdir(path);
	}
	rmdir(s->root);
	s->root[0] = '\0';
}

/* a fresh root with its subdirectories, and the n file paths in s->names */
static int tree_make(struct fs_run *s, uint64_t n)
{
	char path[PATH_MAX + 32]; /* root + "/d" + digits: no truncation */

	if (n > s->max_files) {
		s->enospc = 1;
		ib_reason("fs_create_%zuk: %llu files would not fit (limit %llu: half of MemAvailable, "
			  "or free space/inodes in %s)", s->size / 1024, (unsigned long long)n,
			  (unsigned long long)s->max_files, s->dir);
		return -ENOSPC;
	}
	if (n > s->cap) {
		char *p = realloc(s->names, n * s->stride);

		if (!p)
			return -ENOMEM;
		s->names = p;
		s->cap = n;
	}
	if (snprintf(s->root, sizeof(s->root), "%s/ib-fs.XXXXXX", s->dir) >= (int)sizeof(s->root)) {
		s->root[0] = '\0';
		return -ENAMETOOLONG;
	}
	if (!mkdtemp(s->root)) {
		int e = errno;

		s->root[0] = '\0';
		return -e;
	}
	for (uint64_t d = 0; d * FILES_PER_DIR < n; d++) {
		snprintf(path, sizeof(path), "%s/d%llu", s->root, (unsigned long long)d);
		if (mkdir(path, 0755) < 0) {
			int e = errno;

			tree_remove(s, 0, d * FILES_PER_DIR); /* the directories made so far */
			return -e;
		}
	}
	for (uint64_t i = 0; i < n; i++)
		snprintf(s->names + i * s->stride, s->stride, "%s/d%llu/f%llu", s->root,
			 (unsigned long long)(i / FILES_PER_DIR),
			 (unsigned long long)(i % FILES_PER_DIR));
	return 0;
}

static int create_one(const char *path, size_t size)
{
	int fd = open(path, O_CREAT | O_WRONLY, 0644);

	if (fd < 0)
		return -errno;
	if (size) {
		ssize_t w = write(fd, payload, size);

		if (w != (ssize_t)size) {
			int e = w < 0 ? errno : ENOSPC;

			close(fd);
			return -e;
		}
	}
	if (close(fd) < 0)
		return -errno;
	return 0;
}

/* one sample: create n files (the interval returned), then unlink them (kept aside) */
static int create_delete(void *arg, uint64_t n, uint64_t *elapsed_ns)
{
	struct fs_run *s = arg;
	uint64_t i, t0, t1, t2, t3;
	int err = tree_make(s, n);

	if (err)
		return err;
	t0 = ib_now_ns();
	for (i = 0; i < n; i++) {
		err = create_one(s->names + i * s->stride, s->size);
		if (err) {
			/* a file open()ed but not fully written exists too */
			tree_remove(s, i + 1, n);
			return err;
		}
	}
	t1 = ib_now_ns();
	t2 = ib_now_ns();
	for (i = 0; i < n; i++) {
		if (unlink(s->names + i * s->stride) < 0) {
			err = -errno;
			/* unlink what is left; the ones already gone fail harmlessly */
			tree_remove(s, n, n);
			return err;
		}
	}
	t3 = ib_now_ns();
	tree_remove(s, 0, n);
	*elapsed_ns = t1 - t0;
	s->del_ns[s->ndel % IB_MAX_REPS] = t3 - t2;
	s->del_n = n;
	s->ndel++;
	return 0;
}

static int run_fs(size_t size)
{
	static char params[128];
	char mcreate[32], mdelete[32], fsbuf[24];
	struct ib_metric mc = { mcreate, "us", 0.0, params, 0 };
	struct ib_metric md = { mdelete, "us", 0.0, params, 0 };
	struct ib_result rc, rd;
	struct fs_run *s;
	const char *dir = ib_opts->fsdir;
	int err, ret = IB_FAIL;

	snprintf(mcreate, sizeof(mcreate), "fs_create_%zuk", size / 1024);
	snprintf(mdelete, sizeof(mdelete), "fs_delete_%zuk", size / 1024);
	if (ib_fsdir_ready(mcreate))
		return IB_SKIP;
	s = calloc(1, sizeof(*s));
	if (!s) {
		ib_reason("%s: out of memory", mcreate);
		return IB_FAIL;
	}
	s->size = size;
	s->dir = dir;
	s->stride = strlen(dir) + sizeof("/ib-fs.XXXXXX") + NAME_MAX_LEN;
	s->max_files = ib_fsdir_file_limit(dir, size, FILES_PER_DIR);
	memset(payload, 'x', sizeof(payload));
	snprintf(params, sizeof(params), "size_kb=%zu files_per_dir=%d fs=%s", size / 1024,
		 FILES_PER_DIR, ib_fs_type(dir, fsbuf, sizeof(fsbuf)));

	err = ib_measure_timed(&mc, create_delete, s, &rc);
	if (err) {
		if (s->enospc) {
			ret = IB_SKIP;
		} else {
			ib_reason("%s in %s: %s", mcreate, dir, strerror(-err));
		}
		goto out;
	}
	/* the last rc.nsamples delete intervals belong to the create samples just emitted */
	if (s->ndel < rc.nsamples || s->del_n != rc.iters) {
		ib_reason("%s: delete intervals do not match the create samples", mdelete);
		goto out;
	}
	memset(&rd, 0, sizeof(rd));
	rd.iters = rc.iters;
	rd.nsamples = rc.nsamples;
	for (unsigned i = 0; i < rc.nsamples; i++) {
		unsigned k = (s->ndel - rc.nsamples + i) % IB_MAX_REPS;

		rd.samples[i] = (double)s->del_ns[k] / (double)rc.iters / 1e3;
	}
	rd.median = ib_median(rd.samples, rd.nsamples);
	rd.min = ib_min(rd.samples, rd.nsamples);
	err = ib_emit_result(&md, &rd);
	if (err) {
		ib_reason("%s: emit failed (%d)", mdelete, err);
		goto out;
	}
	ret = IB_OK;
out:
	free(s->names);
	free(s);
	return ret;
}

int ib_run_fs_tree_0k(void)
{
	return run_fs(0);
}

int ib_run_fs_tree_10k(void)
{
	return run_fs(10240);
}
