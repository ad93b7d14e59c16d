/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernelpath.h - KERNEL= may name a kernel build directory instead of a kernel file.
 *
 * ib_kernel_path() returns path itself when it is not a directory. For a directory it
 * returns (malloc'd) the first of these that exists in it: bzImage (what `make kernel` leaves
 * in $(KERNELS)/LABEL/), arch/x86/boot/bzImage (a kernel build tree, O= or in-tree),
 * arch/arm64/boot/Image, linux (a UML build: ARCH=um), vmlinuz; or NULL, with a one-line
 * reason in err naming what was looked for.
 * ib_kernel_config() returns (malloc'd) the kernel configuration that belongs to a kernel
 * file, or NULL: a distro's /boot/config-VERSION beside /boot/vmlinuz-VERSION (after
 * symlinks), `config` beside it (make kernel), `.config` beside it (a build tree's
 * `linux`), or the build tree's `.config` three levels up from arch/<arch>/boot/<image>.
 * ib_kernel_config_id() reads such a file: its CRC-32 (ib_crc32) into *crc and, when copy_to
 * is not NULL, a copy of it there (the boot's kernel.config). 0, or -1 when unreadable.
 */
#ifndef IB_KERNELPATH_H
#define IB_KERNELPATH_H

#include <stddef.h>

char *ib_kernel_path(const char *path, char *err, size_t errlen);
char *ib_kernel_config(const char *kernel);
int ib_kernel_config_id(const char *config, const char *copy_to, unsigned *crc);

#endif
