/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import-disk.c - `initbench import DISK`: the results files on a disk's FAT file systems
 * (import.h, docs/import.md "A disk"). The disk is a partitioned image or device (GPT,
 * MBR) or a FAT file system itself; the partitions come from its table (initramfs/blkid.h),
 * and each FAT partition's /runs/ is listed and read with mtools (mdir, mtype: no mount, no
 * root for an image file), every *.log in it one capture, in name order (NN-NAME.log of
 * `initbench disk-image` sorts in boot order).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "host/lib/argv.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/lib/hostutil.h"
#include "host/lib/runprog.h"
#include "host/lib/safeio.h"
#include "initramfs/blkid.h"
#include "report/import/import.h"

#define MAX_LOGS 4096

int ib_disk_log_label(const char *name, char *out, size_t cap)
{
	size_t d = strspn(name, "0123456789"), n = strlen(name);
	char lab[IB_LABEL_MAX + 1];

	if (!d || name[d] != '-' || n < d + 1 + 4 + 1 || strcmp(name + n - 4, ".log") ||
	    n - d - 1 - 4 > IB_LABEL_MAX)
		return 0;
	snprintf(lab, sizeof(lab), "%.*s", (int)(n - d - 1 - 4), name + d + 1);
	if (!ib_label_ok(lab))
		return 0;
	snprintf(out, cap, "%s", lab);
	return 1;
}

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	return pread(*(int *)ctx, buf, len, (off_t)off) == (ssize_t)len ? 0 : -1;
}

struct at {
	int fd;
	uint64_t base;
};

static int at_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	const struct at *a = ctx;

	return fd_read((void *)&a->fd, a->base + off, buf, len);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the *.log files of /runs on the FAT file system at byte off, sorted (malloc'd names) */
static size_t list_logs(const char *file, uint64_t off, char ***names)
{
	char *img = ib_strf("%s@@%llu", file, (unsigned long long)off), *out = NULL;
	char *argv[] = { "mdir", "-b", "-i", img, "::/runs", NULL };
	struct ib_prog_result r;
	size_t n = 0;

	*names = NULL;
	if (!ib_prog_run(argv, NULL, 0, &out, 1 << 20, &r)) {
		for (char *save, *l = strtok_r(out, "\n", &save); l && n < MAX_LOGS;
		     l = strtok_r(NULL, "\n", &save)) {
			size_t len = strlen(l);

			if (len > 13 && !strncmp(l, "::/runs/", 8) && !strcmp(l + len - 4, ".log") &&
			    !strchr(l + 8, '/')) {
				*names = ib_xrealloc(*names, (n + 1) * sizeof(**names));
				(*names)[n++] = ib_xstrdup(l + 8);
			}
		}
		qsort(*names, n, sizeof(**names), by_name);
	} else if (r.status == 127 && strstr(r.why, "no such program")) {
		fprintf(stderr, "initbench import: %s: reading its FAT file systems needs mtools "
			"(apt-get install mtools)\n", file);
	}
	free(out);
	free(img);
	return n;
}

/* one results file: a capture of one boot (or several: import.c splits them) */
static int import_log(const char *file, unsigned part, uint64_t off, const char *name,
		      const char *results, const char *label, const char *stem, size_t max)
{
	char *img = ib_strf("%s@@%llu", file, (unsigned long long)off);
	char *path = ib_strf("::/runs/%s", name), lab[IB_LABEL_MAX + 1];
	char *argv[] = { "mtype", "-i", img, path, NULL };
	char *abs = realpath(file, NULL), *src;
	struct ib_prog_result r;
	struct ib_text t = { 0 };
	int rc;

	src = ib_strf("%s:%u:/runs/%s", abs ? abs : file, part, name);
	ib_text_clean(src, NULL);
	if (ib_prog_run(argv, NULL, 0, &t.raw, max, &r)) {
		fprintf(stderr, "initbench import: %s: partition %u: /runs/%s: %s\n", file, part, name,
			r.why);
		rc = IB_EXIT_BADDATA;
	} else if (t.len = r.outlen, !memmem(t.raw, t.len, "# IB ", 5)) {
		fprintf(stderr, "initbench import: %s: partition %u: /runs/%s holds no '# IB ' "
			"record\n", file, part, name);
		rc = IB_EXIT_NORECORDS;
	} else {
		json_t *disk = json_pack("{s:i,s:s}", "partition", (int)part, "path", path + 2);

		/* NN-NAME.log names its variant; another name (ib-<boot id>.log of a /runs/
		 * directory) goes under the disk's own name, as a capture file's does */
		if (!label)
			label = ib_disk_log_label(name, lab, sizeof(lab)) ? lab : stem;
		rc = ib_import_capture(&t, name, src, results, label, "disk", disk);
		json_decref(disk);
	}
	free(t.raw);
	free(src);
	free(abs);
	free(path);
	free(img);
	return rc;
}

int ib_import_disk(const char *file, const char *type, const char *results, const char *label,
		   size_t max)
{
	struct ib_blk_part p;
	struct ib_blk_info info;
	int fd = open(file, O_RDONLY | O_CLOEXEC), rc = 0, r;
	size_t found = 0;
	char stem[80];

	if (fd < 0) {
		fprintf(stderr, "initbench import: cannot read %s: %s\n", file, strerror(errno));
		return ib_input_exit(errno);
	}
	/* mtools refuses some valid FAT layouts it did not make itself */
	setenv("MTOOLS_SKIP_CHECK", "1", 1);
	{
		const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;

		snprintf(stem, sizeof(stem), "%.*s", (int)strcspn(base, "."), base);
	}
	for (unsigned i = strcmp(type, "vfat") ? 1 : 0; rc != IB_EXIT_HOSTIO; i++) {
		struct at at = { fd, 0 };
		char **names;
		size_t n;

		if (i) {
			if ((r = ib_blk_part(fd_read, &fd, i, &p)) < 0)
				break;
			if (r)
				continue;
			at.base = p.start;
			if (ib_blk_probe(at_read, &at, &info) || strcmp(info.type, "vfat"))
				continue;
		}
		n = list_logs(file, at.base, &names);
		if (n)
			fprintf(stderr, "initbench import: %s: %s%.0u: %zu results file%s in "
				"/runs\n", file, i ? "partition " : "its file system", i, n,
				n == 1 ? "" : "s");
		for (size_t k = 0; k < n; k++) {
			if (rc != IB_EXIT_HOSTIO) {
				int one = import_log(file, i, at.base, names[k], results, label,
						     stem, max);

				rc = one == IB_EXIT_HOSTIO || rc == IB_EXIT_HOSTIO ? IB_EXIT_HOSTIO :
				     one > rc ? one : rc;
			}
			free(names[k]);
		}
		free(names);
		found += n;
		if (!i)
			break;
	}
	close(fd);
	if (!found) {
		fprintf(stderr, "initbench import: %s: a %s disk, but no FAT file system on it holds "
			"/runs/*.log (the results of initbench.out=...:vfat:/runs/)\n", file, type);
		return IB_EXIT_NORECORDS;
	}
	return rc;
}
