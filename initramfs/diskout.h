/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diskout.h - PID 1's side of initbench.out= (docs/disk.md): kernel modules first, then,
 * after the suite, the console copy onto the named device. Guest only (musl, PID 1).
 *
 * ib_modules_load() loads, with finit_module(2) and in the order given, the modules that
 * /lib/modules/<uname -r>/initbench.load lists (the image's second cpio, `make MODULES=`).
 * A module already loaded (EEXIST) counts as loaded. A line "NAME.ko optional" is a soft
 * dependency (scripts/mkmodules.sh): loaded the same, its failure named "optional:" instead
 * of "failed:". note gets "none" (no list for this kernel), "N" (all N loaded) or
 * "N/M,failed:NAME:ERRNO,optional:NAME:ERRNO,..." and each failure one line.
 *
 * ib_dev_wait() turns the spec's device into a /dev path: /dev/NAME as given; LABEL=,
 * UUID= (compared without regard to case) and PARTUUID= by probing every entry of
 * /sys/class/block (blkid.h). It polls every 100 ms for up to wait_s seconds, since a
 * USB stick or a just-loaded driver may not have its device yet. 0, or -1 saying nothing;
 * ib_out_find() is the same for initbench.out=, with one line when it is not found.
 * ib_dev_by_name() is "LABEL", "UUID" or "PARTUUID", as a spec writes it.
 *
 * ib_out_write() puts the len bytes read from data_fd (from offset 0) on the device:
 *  - raw: zero the old header, write the data from byte 512, then the new header, each
 *    followed by fsync, so an interrupted write never leaves a valid header over foreign
 *    data. A device holding a file system or partition table (blkid.h type other than ""
 *    or "initbench") is refused: the image never writes over data it does not own. A device
 *    too small gets the whole lines that fit and IB_DUMP_TRUNCATED.
 *  - vfat/ext4: mount DEV at /mnt/out, create the path's directories, write PATH.tmp,
 *    fsync, rename to PATH, fsync the directory, unmount.
 * complete says whether the suite ended normally (IB_DUMP_COMPLETE). One line on stderr
 * says what was written where, or why nothing was (missing device, read-only, full, no
 * such file system in the kernel). Returns 0 or -1.
 */
#ifndef IB_DISKOUT_H
#define IB_DISKOUT_H

#include <stddef.h>

#include "initramfs/dump.h"

void ib_modules_load(char *note, size_t len);
int ib_dev_wait(const struct ib_out_spec *s, unsigned wait_s, char *dev, size_t cap);
const char *ib_dev_by_name(enum ib_dev_by by);
int ib_out_find(const struct ib_out_spec *s, unsigned wait_s, char *dev, size_t cap);
int ib_out_write(const struct ib_out_spec *s, const char *dev, int data_fd, int complete);

#endif
