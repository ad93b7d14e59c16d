/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsdir.c - the file benchmarks' directory and its file system (contract in fsdir.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/lib/fsdir.h"
#include "bench/base/sysinfo.h"

/* a whole small /proc file into a malloc'ed string, NULL when unreadable */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "re");
	size_t n = 0, cap = 0;
	char *buf = NULL;

	if (!f)
		return NULL;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *p = realloc(buf, cap = 2 * cap + 8192);

			if (!p) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = p;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);

		n += got;
		if (!got)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	return buf;
}

int ib_filesystems_has(const char *text, const char *type)
{
	size_t tl = strlen(type);

	for (const char *p = text; p && *p;) {
		size_t len = strcspn(p, "\n");
		const char *tab = memchr(p, '\t', len);
		const char *name = tab ? tab + 1 : p;

		if ((size_t)(p + len - name) == tl && !strncmp(name, type, tl))
			return 1;
		p += len;
		if (*p == '\n')
			p++;
	}
	return 0;
}

/* the next blank-separated field of a mountinfo line, octal escapes undone; NULL at its end */
static const char *next_field(const char *p, const char *end, char *out, size_t cap)
{
	size_t o = 0;

	while (p < end && *p == ' ')
		p++;
	if (p >= end)
		return NULL;
	for (; p < end && *p != ' '; p++) {
		char c = *p;

		if (c == '\\' && end - p >= 4 && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' &&
		    p[2] <= '7' && p[3] >= '0' && p[3] <= '7') {
			c = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
			p += 3;
		}
		if (o + 1 < cap)
			out[o++] = c;
	}
	out[o] = '\0';
	return p;
}

/* 1 when mnt is path itself or a directory above it */
static int holds(const char *mnt, const char *path)
{
	size_t n = strlen(mnt);

	if (!strcmp(mnt, "/"))
		return path[0] == '/';
	return !strncmp(mnt, path, n) && (path[n] == '\0' || path[n] == '/');
}

/* the options of b that a lacks, appended to a (comma lists) */
static void merge_opts(char *a, size_t cap, const char *b)
{
	char item[128];

	for (const char *p = b; *p;) {
		size_t len = strcspn(p, ","), al = strlen(a);
		int have = 0;

		snprintf(item, sizeof(item), "%.*s", (int)len, p);
		for (const char *q = a; *q && !have;) {
			size_t ql = strcspn(q, ",");

			have = ql == strlen(item) && !strncmp(q, item, ql);
			q += ql;
			if (*q == ',')
				q++;
		}
		if (!have && len && al + len + 2 < cap)
			snprintf(a + al, cap - al, "%s%s", al ? "," : "", item);
		p += len;
		if (*p == ',')
			p++;
	}
}

int ib_mountinfo_find(const char *text, const char *path, struct ib_mount *m)
{
	size_t best = 0;
	int found = 0;

	memset(m, 0, sizeof(*m));
	for (const char *p = text; p && *p;) {
		const char *end = p + strcspn(p, "\n"), *q = p;
		char f[5][256], mopts[512], word[256], type[32], dev[128], sopts[512];
		int ok = 1;

		/* id, parent, major:minor, root, mount point, its options */
		for (int i = 0; i < 5 && ok; i++)
			ok = (q = next_field(q, end, f[i], sizeof(f[i]))) != NULL;
		ok = ok && (q = next_field(q, end, mopts, sizeof(mopts))) != NULL;
		/* optional fields up to "-", then type, source, super block options */
		while (ok && (q = next_field(q, end, word, sizeof(word))) && strcmp(word, "-"))
			;
		ok = ok && q && (q = next_field(q, end, type, sizeof(type))) &&
		     (q = next_field(q, end, dev, sizeof(dev)));
		if (ok && !next_field(q, end, sopts, sizeof(sopts)))
			sopts[0] = '\0';
		if (ok && holds(f[4], path) && strlen(f[4]) >= best) {
			best = strlen(f[4]);
			found = 1;
			snprintf(m->mnt, sizeof(m->mnt), "%s", f[4]);
			snprintf(m->dev, sizeof(m->dev), "%s", dev);
			snprintf(m->type, sizeof(m->type), "%s", type);
			snprintf(m->opts, sizeof(m->opts), "%s", mopts);
			merge_opts(m->opts, sizeof(m->opts), sopts);
		}
		p = *end ? end + 1 : end;
	}
	if (!found)
		memset(m, 0, sizeof(*m));
	return found ? 0 : -1;
}

int ib_fsdir_mount(const char *dir, struct ib_mount *m)
{
	char real[PATH_MAX], *text;
	int r;

	memset(m, 0, sizeof(*m));
	if (!dir || !realpath(dir, real))
		return -1;
	text = slurp("/proc/self/mountinfo");
	if (!text)
		return -1;
	r = ib_mountinfo_find(text, real, m);
	free(text);
	return r;
}

int ib_fsdir_ready(const char *who)
{
	const char *dir = ib_opts->fsdir, *want = ib_opts->fs, *have;
	char buf[24], *known;
	struct stat st;

	if (!dir || dir[0] != '/') {
		ib_reason("%s: fsdir \"%s\" is not an absolute path", who, dir ? dir : "");
		return IB_SKIP;
	}
	if (stat(dir, &st) < 0) {
		ib_reason("%s: fsdir %s: %s", who, dir, strerror(errno));
		return IB_SKIP;
	}
	if (!S_ISDIR(st.st_mode)) {
		ib_reason("%s: fsdir %s is not a directory", who, dir);
		return IB_SKIP;
	}
	if (access(dir, W_OK | X_OK) < 0) {
		ib_reason("%s: fsdir %s not writable: %s", who, dir, strerror(errno));
		return IB_SKIP;
	}
	if (!want || !*want)
		return 0;
	have = ib_fs_type(dir, buf, sizeof(buf));
	if (!strcmp(have, want))
		return 0;
	known = slurp("/proc/filesystems");
	if (known && !ib_filesystems_has(known, want))
		ib_reason("%s: no %s (not in this kernel's /proc/filesystems)", who, want);
	else
		ib_reason("%s: fsdir %s is %s, not %s", who, dir, have, want);
	free(known);
	return IB_SKIP;
}

uint64_t ib_fsdir_file_limit(const char *dir, size_t size, unsigned per_dir)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t per = ((size + (uint64_t)page - 1) / (uint64_t)page) * (uint64_t)page + 2048;
	uint64_t lim = UINT64_MAX;
	long avail = ib_mem_available_kb();
	struct statvfs sv;

	if (avail > 0)
		lim = (uint64_t)avail * 1024 / 2 / per;
	if (statvfs(dir, &sv) == 0) {
		uint64_t space = (uint64_t)sv.f_bavail * sv.f_frsize;
		uint64_t data = size ? ((size + sv.f_frsize - 1) / sv.f_frsize) * sv.f_frsize : 0;
		uint64_t inodes = (uint64_t)sv.f_favail / 10 * 9 * per_dir / (per_dir + 1);

		/* leave a tenth of the free space and inodes alone */
		if (data && space / 10 * 9 / data < lim)
			lim = space / 10 * 9 / data;
		/* one inode per file and one per per_dir files for the directories; vfat has
		 * no inode count (f_files 0): no limit from it */
		if (sv.f_files && inodes < lim)
			lim = inodes;
	}
	return lim;
}
