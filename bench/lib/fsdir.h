/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsdir.h - the directory the file benchmarks work in (knob fsdir) and the file system they
 * must find there (knob fs): the one check every file benchmark makes before it starts, and
 * what the begin record says about that file system.
 *
 *  - ib_fsdir_ready(who): 0 when opts->fsdir is an absolute path to a directory this process
 *    may create files in and, when opts->fs is set, holds a file system of that type
 *    (ib_fs_type() names it). Else the reason is set (ib_reason, prefixed by who) and
 *    IB_SKIP is returned: "no xfs" when the kernel does not list the type in
 *    /proc/filesystems (not built in, its module not loaded), else "fsdir /mnt/fs is tmpfs,
 *    not xfs" (the kernel has it, but nothing of that type is mounted there).
 *  - ib_filesystems_has(text, type): 1 when the /proc/filesystems text lists type (a line
 *    "[nodev]<TAB>type"), else 0. Pure.
 *  - ib_mountinfo_find(text, path, m): the mount of /proc/self/mountinfo text that holds the
 *    absolute, resolved path: the longest mount point that is path or a directory above it;
 *    of equal ones the last (a mount over another hides it). m gets its mount point, source,
 *    type and options: the mount's own (field 6) followed by the super block's (after the
 *    type and source) less those already there ("rw,relatime" + "rw,size=64k" gives
 *    "rw,relatime,size=64k"); the kernel's octal escapes (\040) are undone. 0, or -1 when
 *    nothing matches or a line is malformed where it matters. Pure.
 *  - ib_fsdir_mount(dir, m): the same for a directory of this system (realpath, then
 *    /proc/self/mountinfo); -1 and m emptied when either cannot be read.
 *  - ib_fsdir_file_limit(dir, size, per_dir): how many files of size bytes may exist in dir
 *    at once, in directories of per_dir files: half of MemAvailable (a tmpfs holds them in
 *    memory: the data in pages and ~2 KB of inode and dentry each), nine tenths of the free
 *    space and of the free inodes statvfs() reports. UINT64_MAX when nothing limits.
 */
#ifndef IB_FSDIR_H
#define IB_FSDIR_H

#include <stddef.h>
#include <stdint.h>

struct ib_mount {
	char mnt[256];     /* mount point */
	char dev[128];     /* the mount source: /dev/vda, tmpfs, ... */
	char type[32];     /* the type as mounted: ext4, xfs, vfat, tmpfs */
	char opts[512];    /* mount and super block options, comma-separated */
};

int ib_fsdir_ready(const char *who);
int ib_filesystems_has(const char *text, const char *type);
int ib_mountinfo_find(const char *text, const char *path, struct ib_mount *m);
int ib_fsdir_mount(const char *dir, struct ib_mount *m);
uint64_t ib_fsdir_file_limit(const char *dir, size_t size, unsigned per_dir);

#endif
