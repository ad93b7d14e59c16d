/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsimage.h - the disk `initbench run --fs TYPE` attaches for the file benchmarks: a file
 * of IB_FSIMAGE_MB MiB (sparse) with a fresh TYPE file system labelled IB_FSIMAGE_LABEL,
 * made on the host with mkfs on the plain file (no root, no loop device), one per boot so
 * every boot starts from the same empty file system. PID 1 finds it by that label and
 * mounts it (initramfs/fsmount.h).
 *
 *  - ib_fsimage_needs_disk(type): 1 for ext4, xfs and vfat, 0 for "" and tmpfs (no disk).
 *  - ib_fsimage_mkfs(type, path, a): the mkfs command line for type on path, pushed onto a
 *    (argv[0] the tool's name as ib_fsimage_tool() finds it); -1 for a type without one.
 *    ext4: mkfs.ext4 -q -F -L IBFS; xfs: mkfs.xfs -q -f -L IBFS; vfat: mkfs.vfat -n IBFS.
 *  - ib_fsimage_tool(type, path, cap): where that mkfs is (PATH, then /usr/sbin and /sbin,
 *    where a normal user's PATH may not look); 0, or -1 with the Debian package that has it
 *    in *pkg (e2fsprogs, xfsprogs, dosfstools).
 *  - ib_fsimage_make(type, path, err, errlen): truncate path to the size, run mkfs (its
 *    output kept for the error), 0; or -1 with one line in err: the missing tool and the
 *    apt-get line, or mkfs's exit status and its last line of output. No file is left
 *    behind on failure.
 */
#ifndef IB_FSIMAGE_H
#define IB_FSIMAGE_H

#include <stddef.h>

#include "host/lib/argv.h"

#define IB_FSIMAGE_LABEL "IBFS"
/* room for every file benchmark (bw_file's file is at most MemAvailable/4, the 1000 10 KB
 * files 10 MB), and past xfs's 300 MB minimum and ext4's "small" profile (below 512 MB) */
#define IB_FSIMAGE_MB 1024

int ib_fsimage_needs_disk(const char *type);
int ib_fsimage_tool(const char *type, char *path, size_t cap, const char **pkg);
int ib_fsimage_mkfs(const char *type, const char *path, struct ib_argv *a);
int ib_fsimage_make(const char *type, const char *path, char *err, size_t errlen);

#endif
