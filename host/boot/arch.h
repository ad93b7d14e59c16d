/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arch.h - the architectures initbench boots, one row each (the C half of the table; the
 * make half, toolchain, musl, busybox, kernel package and output directory, is mk/arch.mk).
 *
 * Everything in the host code that depends on the guest's architecture asks this table:
 * the QEMU launcher (binary, machine, CPU per accelerator, console device), the CLI (which
 * row a kernel file belongs to, by its boot header magic, never by its name), the KVM probe
 * (KVM runs only a guest of the host's own architecture) and the report (uname -m).
 * Adding an architecture is one row in arch.c plus one in mk/arch.mk (docs/arch.md).
 *
 * ib_arch_of_kernel() matches the first bytes of a kernel file against each row's boot
 * header magic (x86's "HdrS" at 0x202, arm64's "ARM\x64" at 0x38); n is how many bytes
 * head holds. ib_arch_of_kernel_file() does the same on a file (NULL if unreadable or no
 * row matches). ib_arch_host() is the row of the machine this runs on (by uname(2)), or
 * NULL on an architecture without a row. ib_arch_kvm_usable() says whether KVM can run a
 * guest of row a here: 1, or 0 with a one-line reason in why ("arm64 guest on an x86_64
 * host"); it does not open /dev/kvm (ib_kvm_check() in qemu.h does).
 */
#ifndef IB_ARCH_H
#define IB_ARCH_H

#include <stddef.h>

struct ib_arch {
	const char *name;          /* ARCH= of the Makefile, the kernel's name: "arm64" */
	const char *uname_m;       /* what uname -m says inside the guest: "aarch64" */
	const char *qemu_bin;      /* "qemu-system-aarch64" */
	const char *machine;       /* -M value, NULL: QEMU's default machine */
	const char *cpu_tcg;       /* -cpu under TCG, NULL: the machine's default CPU */
	const char *cpu_kvm;       /* -cpu under KVM */
	const char *console;       /* the guest's serial console: console=<this> */
	const char *kernel_image;  /* what the kernel file is called, for messages */
	unsigned magic_off;        /* where the boot header magic sits in the kernel file */
	const char *magic;         /* 4 bytes */
	int kernel_kind;           /* IB_KERNEL_* of host/boot/kernel.h for such a file */
	const char *timer;         /* the clock the suite reads there (for the reader) */
};

extern const struct ib_arch ib_arches[];
extern const size_t ib_narches;

const struct ib_arch *ib_arch_find(const char *name);
const struct ib_arch *ib_arch_by_uname(const char *uname_m);
const struct ib_arch *ib_arch_host(void);
const struct ib_arch *ib_arch_of_kernel(const unsigned char *head, size_t n);
const struct ib_arch *ib_arch_of_kernel_file(const char *path);
int ib_arch_kvm_usable(const struct ib_arch *a, char *why, size_t len);

#endif
