/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsmount.c - the file system under test, mounted by PID 1 (contract in fsmount.h).
 */
#define _GNU_SOURCE
#include "initramfs/fsmount.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "initramfs/diskout.h"
#include "initramfs/say.h"

/* dir and every directory above it */
static int mkdir_p(const char *dir)
{
	char p[256];

	if (snprintf(p, sizeof(p), "%s", dir) >= (int)sizeof(p))
		return -1;
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

int ib_fs_mount(const char *type, const char *dir, unsigned wait_s, char *note, size_t cap)
{
	struct ib_out_spec spec;
	char dev[320];
	int e;

	if (mkdir_p(dir)) {
		e = errno;
		ib_say("init: fs: cannot make %s: %s: the file benchmarks will skip", dir,
		       strerror(e));
		snprintf(note, cap, "%s:failed:%s", type, ib_errname(e));
		return -1;
	}
	if (!strcmp(type, "tmpfs")) {
		snprintf(dev, sizeof(dev), "tmpfs");
		if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777") == 0) {
			snprintf(note, cap, "tmpfs:tmpfs:%s", dir);
			return 0;
		}
	} else {
		memset(&spec, 0, sizeof(spec));
		spec.by = IB_DEV_LABEL;
		snprintf(spec.dev, sizeof(spec.dev), "%s", IB_FS_LABEL);
		if (ib_dev_wait(&spec, wait_s, dev, sizeof(dev))) {
			ib_say("init: fs: no block device labelled %s after %u s: the file benchmarks "
			       "will skip (initbench run --fs %s makes and attaches one; a kernel "
			       "without its disk driver built in needs make MODULES=)", IB_FS_LABEL,
			       wait_s, type);
			snprintf(note, cap, "%s:failed:no_device", type);
			return -1;
		}
		if (mount(dev, dir, type, 0, NULL) == 0) {
			snprintf(note, cap, "%s:%s:%s", type, dev, dir);
			return 0;
		}
	}
	e = errno;
	ib_say("init: fs: cannot mount %s as %s on %s: %s%s: the file benchmarks will skip", dev,
	       type, dir, strerror(e),
	       e == ENODEV ? " (this kernel has no such file system: build it in, or add its "
			     "module with make MODULES=)" :
	       e == EINVAL ? " (no such file system on the device?)" : "");
	snprintf(note, cap, "%s:failed:%s", type, ib_errname(e));
	return -1;
}
