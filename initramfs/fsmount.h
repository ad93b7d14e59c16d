/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsmount.h - PID 1's side of the fs knob (docs/disk.md): the file system the file
 * benchmarks run on, mounted before the suite starts. Guest only (musl, PID 1).
 *
 * ib_fs_mount(type, dir, wait_s, note, cap) mounts on dir (made with its parents):
 *  - "tmpfs": a fresh tmpfs (mode=1777);
 *  - "ext4", "xfs", "vfat": the block device whose file system label is IB_FS_LABEL (what
 *    `initbench run --fs TYPE` makes on the host; on a real machine, label a partition so),
 *    found as initbench.out= finds LABEL= (diskout.h), waiting up to wait_s seconds for it,
 *    mounted as type with the kernel's default options.
 * note gets what the begin record says as init.fs: "TYPE:DEV:DIR" when mounted
 * ("ext4:/dev/vda:/mnt/fs", "tmpfs:tmpfs:/mnt/fs"), else "TYPE:failed:WHY" with WHY the
 * errno name of mount(2) (ENODEV: the kernel has no such file system) or "no_device"; one
 * line on the console then says why and what to do. The suite's file benchmarks skip by
 * themselves when fsdir does not hold the type (bench/lib/fsdir.h), so a failure here
 * never measures another file system under its name. Returns 0 or -1.
 */
#ifndef IB_FSMOUNT_H
#define IB_FSMOUNT_H

#include <stddef.h>

#define IB_FS_LABEL "IBFS"
#define IB_FS_MNT "/mnt/fs"   /* where it goes when initbench.fsdir= names no directory */

int ib_fs_mount(const char *type, const char *dir, unsigned wait_s, char *note, size_t cap);

#endif
