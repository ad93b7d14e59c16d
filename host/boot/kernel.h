/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernel.h - the kernel a boot is given: which kind of file it is, where it is when KERNEL=
 * names a build directory, and its .config.
 *
 * ib_kernel_kind() looks at the file itself, never at its name: an ELF executable
 * (ELF magic, e_type ET_EXEC or ET_DYN) is a UML kernel, run directly; a file with the x86
 * boot protocol magic "HdrS" at offset 0x202 is a bzImage, booted by QEMU; a file with another
 * row's magic in the architecture table (host/boot/arch.h: arm64's Image) is IB_KERNEL_IMAGE,
 * booted by that architecture's QEMU; a gzip file is refused (uncompress it); anything else,
 * or a file that cannot be opened, gives IB_KERNEL_BAD with a one-line message naming the
 * file in err. A UML kernel must also be executable.
 *
 * KERNEL= may name a kernel build directory instead of a kernel file:
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
#ifndef IB_KERNEL_H
#define IB_KERNEL_H

#include <stddef.h>

/* IMAGE: another architecture's boot Image (arm64 "ARM\x64" at 0x38), by host/boot/arch.h */
enum ib_kernel_kind { IB_KERNEL_BAD = -1, IB_KERNEL_BZIMAGE = 1, IB_KERNEL_UML = 2,
		      IB_KERNEL_IMAGE = 3 };

int ib_kernel_kind(const char *path, char *err, size_t errlen);
const char *ib_kernel_kind_name(int kind);

char *ib_kernel_path(const char *path, char *err, size_t errlen);
char *ib_kernel_config(const char *kernel);
int ib_kernel_config_id(const char *config, const char *copy_to, unsigned *crc);

#endif
