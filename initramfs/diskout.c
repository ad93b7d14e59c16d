/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diskout.c - modules, then the console copy onto a disk (contract in diskout.h).
 */
#define _GNU_SOURCE
#include "initramfs/diskout.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "initramfs/blkid.h"
#include "bench/base/record.h"
#include "initramfs/say.h"

#define MNT "/mnt/out"

/* ---- modules ---- */

void ib_modules_load(char *note, size_t len)
{
	char path[512], line[256], failed[384] = "";
	struct utsname u;
	unsigned n = 0, ok = 0;
	size_t used = 0;
	FILE *f;

	snprintf(note, len, "none");
	if (uname(&u))
		return;
	snprintf(path, sizeof(path), "/lib/modules/%s/initbench.load", u.release);
	f = fopen(path, "re");
	if (!f) {
		DIR *d = opendir("/lib/modules");
		struct dirent *de;

		while (d && (de = readdir(d)) != NULL)
			if (de->d_name[0] != '.')
				ib_say("init: modules: the image has modules for %.64s, not for this kernel (%.64s)",
				       de->d_name, u.release);
		if (d)
			closedir(d);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		int fd, e, optional;

		line[strcspn(line, "\n")] = '\0';
		/* "NAME.ko optional": a soft dependency, which modprobe too would let fail */
		optional = !strcmp(line + strcspn(line, " "), " optional");
		line[strcspn(line, " ")] = '\0';
		if (!line[0] || line[0] == '#' || strchr(line, '/'))
			continue;
		n++;
		snprintf(path, sizeof(path), "/lib/modules/%s/initbench/%s", u.release, line);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		e = fd < 0 ? errno : syscall(SYS_finit_module, fd, "", 0) ? errno : 0;
		if (fd >= 0)
			close(fd);
		if (!e || e == EEXIST) {
			ok++;
			continue;
		}
		ib_say("init: modules: %s: %s%s", line, strerror(e),
		       optional ? " (an optional soft dependency: going on without it)" : "");
		if (used < sizeof(failed))
			used += (size_t)snprintf(failed + used, sizeof(failed) - used,
						 ",%s:%.*s:%s", optional ? "optional" : "failed",
						 (int)strcspn(line, "."), line, ib_errname(e));
	}
	fclose(f);
	if (ok == n)
		snprintf(note, len, "%u", n);
	else
		snprintf(note, len, "%u/%u%s", ok, n, failed);
}

/* ---- finding the device ---- */

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	ssize_t r = pread(*(int *)ctx, buf, len, (off_t)off);

	return r == (ssize_t)len ? 0 : -1;
}

static int probe_path(const char *dev, struct ib_blk_info *info)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -1;
	r = ib_blk_probe(fd_read, &fd, info);
	close(fd);
	return r;
}

static int read_small(const char *path, char *buf, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, cap - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* the PARTUUID of /sys/class/block/NAME, a partition, read from its disk's table */
static int partuuid_of(const char *name, char *out, size_t cap)
{
	char path[320], num[16], disk[PATH_MAX], *base;
	int fd, r;

	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	if (read_small(path, num, sizeof(num)))
		return -1;
	snprintf(path, sizeof(path), "/sys/class/block/%s/..", name);
	if (!realpath(path, disk) || !(base = strrchr(disk, '/')))
		return -1;
	snprintf(path, sizeof(path), "/dev/%s", base + 1);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = ib_blk_partuuid(fd_read, &fd, (unsigned)atoi(num), out, cap);
	close(fd);
	return r;
}

static int matches(const struct ib_out_spec *s, const char *name)
{
	char dev[320], id[64];
	struct ib_blk_info info;

	snprintf(dev, sizeof(dev), "/dev/%s", name);
	if (s->by == IB_DEV_PARTUUID)
		return partuuid_of(name, id, sizeof(id)) == 0 && !strcasecmp(id, s->dev);
	if (probe_path(dev, &info))
		return 0;
	if (s->by == IB_DEV_LABEL)
		return info.label[0] && !strcmp(info.label, s->dev);
	return info.uuid[0] && !strcasecmp(info.uuid, s->dev);
}

int ib_dev_wait(const struct ib_out_spec *s, unsigned wait_s, char *dev, size_t cap)
{
	struct timespec tick = { 0, 100 * 1000 * 1000 };
	unsigned tries = wait_s * 10 + 1;

	for (unsigned t = 0; t < tries; t++) {
		if (s->by == IB_DEV_PATH) {
			if (access(s->dev, F_OK) == 0) {
				snprintf(dev, cap, "%s", s->dev);
				return 0;
			}
		} else {
			DIR *d = opendir("/sys/class/block");
			struct dirent *de;
			int found = 0;

			while (d && !found && (de = readdir(d)) != NULL)
				if (de->d_name[0] != '.' && strlen(de->d_name) < 64 &&
				    matches(s, de->d_name)) {
					snprintf(dev, cap, "/dev/%s", de->d_name);
					found = 1;
				}
			if (d)
				closedir(d);
			if (found)
				return 0;
		}
		if (t + 1 < tries)
			nanosleep(&tick, NULL);
	}
	return -1;
}

const char *ib_dev_by_name(enum ib_dev_by by)
{
	return by == IB_DEV_LABEL ? "LABEL" : by == IB_DEV_UUID ? "UUID" : "PARTUUID";
}

int ib_out_find(const struct ib_out_spec *s, unsigned wait_s, char *dev, size_t cap)
{
	if (ib_dev_wait(s, wait_s, dev, cap) == 0)
		return 0;
	if (s->by == IB_DEV_PATH)
		ib_say("init: out: %s does not exist after %u s: the results are on the console only",
		       s->dev, wait_s);
	else
		ib_say("init: out: no block device with %s=%s after %u s: the results are on the console only",
		       ib_dev_by_name(s->by), s->dev, wait_s);
	return -1;
}

/* ---- writing ---- */

static const char *ro_hint(int e)
{
	return e == EPERM || e == EROFS || e == EACCES ? " (a read-only device?)" : "";
}

static int write_full(int fd, const char *buf, size_t len, off_t off)
{
	while (len) {
		ssize_t w = off >= 0 ? pwrite(fd, buf, len, off) : write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = ENOSPC;
			return -1;
		}
		buf += w;
		len -= (size_t)w;
		if (off >= 0)
			off += w;
	}
	return 0;
}

static char *slurp(int fd, size_t *len)
{
	off_t end = lseek(fd, 0, SEEK_END);
	char *buf;

	if (end < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return NULL;
	buf = malloc((size_t)end + 1);
	if (!buf)
		return NULL;
	for (size_t got = 0; got < (size_t)end;) {
		ssize_t r = read(fd, buf + got, (size_t)end - got);

		if (r <= 0) {
			free(buf);
			return NULL;
		}
		got += (size_t)r;
	}
	*len = (size_t)end;
	return buf;
}

static int write_raw(const char *dev, const char *data, size_t len, int complete)
{
	unsigned char hdr[IB_DUMP_HDR];
	struct ib_dump_hdr h = { IB_DUMP_VERSION, 0, 0, 0, "" };
	struct ib_blk_info info;
	struct utsname u;
	uint64_t size = 0;
	struct stat st;
	int fd;

	if (probe_path(dev, &info) == 0 && info.type[0] && strcmp(info.type, "initbench")) {
		ib_say("init: out: %s holds %s data: refusing to overwrite it with a raw dump "
		       "(name a partition, use %s:vfat:/path, or wipe it first)", dev, info.type, dev);
		return -1;
	}
	fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		ib_say("init: out: cannot open %s for writing: %s%s", dev, strerror(errno),
		       ro_hint(errno));
		return -1;
	}
	if (fstat(fd, &st) == 0 && S_ISBLK(st.st_mode)) {
		off_t end = lseek(fd, 0, SEEK_END);   /* a block device's size */

		size = end > 0 ? (uint64_t)end : 0;
	} else if (fstat(fd, &st) == 0) {
		size = UINT64_MAX;     /* a regular file grows */
	}
	if (size <= IB_DUMP_HDR) {
		ib_say("init: out: %s is too small (%llu bytes) for a dump", dev,
		       (unsigned long long)size);
		close(fd);
		return -1;
	}
	if (len > size - IB_DUMP_HDR) {
		len = (size_t)(size - IB_DUMP_HDR);
		while (len && data[len - 1] != '\n')
			len--;
		h.flags |= IB_DUMP_TRUNCATED;
	}
	memset(hdr, 0, sizeof(hdr));
	if (write_full(fd, (char *)hdr, sizeof(hdr), 0) || fsync(fd) ||
	    write_full(fd, data, len, IB_DUMP_HDR) || fsync(fd))
		goto fail;
	h.len = len;
	h.crc = ib_crc32(0, data, len);
	h.flags |= complete ? IB_DUMP_COMPLETE : 0;
	if (uname(&u) == 0)
		snprintf(h.release, sizeof(h.release), "%s", u.release);
	ib_dump_header(hdr, &h);
	if (write_full(fd, (char *)hdr, sizeof(hdr), 0) || fsync(fd))
		goto fail;
	close(fd);
	ib_say("init: out: wrote %zu bytes to %s (raw dump v%d, crc %08x%s%s)", len, dev,
	       IB_DUMP_VERSION, (unsigned)h.crc, complete ? "" : ", suite incomplete",
	       h.flags & IB_DUMP_TRUNCATED ? ", TRUNCATED: the device is too small" : "");
	return 0;
fail:
	ib_say("init: out: writing %s: %s%s", dev, strerror(errno), ro_hint(errno));
	close(fd);
	return -1;
}

static int mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return 0;
}

static void boot_id_name(char *out, size_t cap)
{
	char id[64] = "";

	if (read_small("/proc/sys/kernel/random/boot_id", id, sizeof(id)) || strlen(id) < 8)
		snprintf(id, sizeof(id), "%08lx", (unsigned long)time(NULL));
	snprintf(out, cap, "ib-%.8s.log", id);
}

static int write_file_on(const struct ib_out_spec *s, const char *dev, const char *data,
			 size_t len)
{
	const char *type = ib_out_kind_name(s->kind);
	char path[512], tmp[520], name[32];
	int fd, dfd, rc = -1;
	char *slash;

	mkdir("/mnt", 0755);
	mkdir(MNT, 0755);
	if (mount(dev, MNT, type, MS_NOATIME | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) {
		int e = errno;

		ib_say("init: out: cannot mount %s as %s: %s%s", dev, type, strerror(e),
		       e == ENODEV ? " (this kernel has no such file system: build it in, or add its module with make MODULES=)" :
		       e == EINVAL ? " (no such file system on the device?)" : ro_hint(e));
		return -1;
	}
	snprintf(path, sizeof(path), MNT "%s", s->path);
	if (path[strlen(path) - 1] == '/') {
		boot_id_name(name, sizeof(name));
		snprintf(path + strlen(path), sizeof(path) - strlen(path), "%s", name);
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (mkdirs(path)) {
		ib_say("init: out: cannot create the directories of %s on %s: %s", s->path, dev,
		       strerror(errno));
		goto out;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write_full(fd, data, len, -1) || fsync(fd)) {
		ib_say("init: out: writing %s on %s: %s", path + strlen(MNT), dev, strerror(errno));
		if (fd >= 0)
			close(fd);
		unlink(tmp);
		goto out;
	}
	close(fd);
	if (rename(tmp, path)) {
		ib_say("init: out: renaming to %s on %s: %s", path + strlen(MNT), dev, strerror(errno));
		unlink(tmp);
		goto out;
	}
	slash = strrchr(path, '/');
	*slash = '\0';
	dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	*slash = '/';
	ib_say("init: out: wrote %zu bytes to %s on %s (%s)", len, path + strlen(MNT), dev, type);
	rc = 0;
out:
	if (umount(MNT)) {
		ib_say("init: out: unmounting %s: %s", dev, strerror(errno));
		sync();
	}
	return rc;
}

int ib_out_write(const struct ib_out_spec *s, const char *dev, int data_fd, int complete)
{
	size_t len = 0;
	char *data = slurp(data_fd, &len);
	int rc;

	if (!data) {
		ib_say("init: out: cannot read back the console copy: %s", strerror(errno));
		return -1;
	}
	rc = s->kind == IB_OUT_RAW ? write_raw(dev, data, len, complete)
				   : write_file_on(s, dev, data, len);
	free(data);
	return rc;
}
