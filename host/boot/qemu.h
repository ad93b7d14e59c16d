/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qemu.h - the QEMU launcher, with the KVM probe and the fallback to TCG.
 *
 * The command line (ib_qemu_argv), from the architecture's row A (host/boot/arch.h: cfg->arch, or
 * when NULL the row whose magic the kernel file has, else x86_64):
 *   A.qemu_bin -nodefaults -no-reboot -display none [-M A.machine] -m MEM -smp SMP (0: 1)
 *     -kernel K -initrd IMG -append "console=A.console panic=-1 <knob words> <APPEND>"
 *     -chardev stdio,id=s0,signal=off -serial chardev:s0   (serial = QEMU's stdout, a pipe
 *                                                           read by console.c, unbuffered)
 *     [-drive file=DISK,...,id=ibdisk -device virtio-blk-pci|nvme,drive=ibdisk]   (--disk)
 *     [-drive file=FS,format=raw,if=none,id=ibfs,cache=unsafe
 *      -device virtio-blk-pci,drive=ibfs]   (--fs: a scratch file system made for this
 *                                            boot, so the host's flushes are not waited for)
 *     -accel kvm -cpu A.cpu_kvm | -accel tcg [-cpu A.cpu_tcg]
 * (TCG needs no thread=multi for SMP: QEMU 7.2 already gives x86_64 and arm64 guests one host
 * thread per vCPU, "CPU n/TCG" with -name ,debug-threads=on, rather than "ALL CPUs/TCG".)
 * (x86_64: qemu-system-x86_64, no -M, console ttyS0, no -cpu under TCG; arm64:
 * qemu-system-aarch64 -M virt,gic-version=max, ttyAMA0, -cpu max,pauth-impdef=on.)
 * -no-reboot + panic=-1 make a guest panic or reboot end QEMU; PID 1's power-off ends it too.
 *
 * ib_qemu_boot() boots once. accel "tcg" and "kvm" are used as asked. "auto" decides once
 * per run (state in *st, zeroed by the caller before the first boot): KVM only if the guest
 * is of the host's architecture (ib_arch_kvm_usable), /dev/kvm
 * opens read-write AND the KVM guest prints its first serial byte within cfg->probe_s;
 * otherwise the probe guest is killed (its log kept as cfg->probe_log), one line
 * `initbench: KVM unusable (<why>), falling back to TCG` goes to stderr, and the boot is
 * redone under TCG into cfg->log; later boots of the run use TCG directly. "kvm" gets the same
 * probe but no fallback: a silent KVM guest ends as IB_END_NOOUTPUT (a hang).
 * Returns what ib_console_run() returned; *argv_used is the command line of the boot that
 * produced cfg->log (the caller frees it).
 */
#ifndef IB_QEMU_H
#define IB_QEMU_H

#include <stddef.h>
#include "host/boot/console.h"
#include "host/boot/arch.h"
#include "host/lib/argv.h"

struct ib_qemu_cfg {
	const char *kernel, *image;
	unsigned mem_mb;
	unsigned smp;           /* vCPUs (-smp); 0 is 1 */
	const char *knobs;      /* space separated initbench.KNOB=VALUE words, or NULL */
	const char *append;     /* user words, or NULL */
	const char *accel;      /* "auto", "kvm" or "tcg" */
	double probe_s;         /* KVM first-byte probe */
	const char *log;        /* console.log of this boot */
	const char *probe_log;  /* where a failed KVM probe's log is moved to */
	const char *disk;       /* a raw disk image to attach (initbench.out=), or NULL */
	const char *disk_if;    /* "virtio" (virtio-blk-pci: /dev/vda) or "nvme" (/dev/nvme0n1) */
	int disk_ro;            /* attach it read-only */
	const char *fs_disk;    /* the --fs disk image (fsimage.h), virtio-blk, or NULL */
	const struct ib_arch *arch; /* NULL: by the kernel file's magic, else x86_64 */
};

struct ib_accel_state {
	int decided;            /* auto: the probe ran (or /dev/kvm failed) */
	int use_kvm;
	char reason[256];       /* why not KVM, "" if KVM is used or not asked for */
};

/* the row a boot of cfg uses (never NULL) */
const struct ib_arch *ib_qemu_arch(const struct ib_qemu_cfg *cfg);
/* the full command line of one QEMU boot */
void ib_qemu_argv(const struct ib_qemu_cfg *cfg, int use_kvm, struct ib_argv *out);
/* 0 if /dev/kvm opens read-write, else -1 and a short reason ("/dev/kvm missing") */
int ib_kvm_check(char *why, size_t len);

/*
 * auto's probe alone, for a guest another program will launch (lava-run): 1 when a KVM guest
 * of cfg (kernel, image, mem, arch) prints its first serial byte within cfg->probe_s (it is
 * then stopped at once), else 0 with the reason in why. Its console goes to cfg->probe_log
 * (replaced); cfg->log is not used.
 */
int ib_qemu_kvm_probe(const struct ib_qemu_cfg *cfg, char *why, size_t len);

int ib_qemu_boot(const struct ib_qemu_cfg *cfg, struct ib_console_opts *co,
		 struct ib_accel_state *st, struct ib_console_result *res,
		 struct ib_argv *argv_used);

#endif
