/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * grubcfg.h - the grub.cfg of a bootable disk that boots the suite N times by itself
 * (`initbench disk-image`, docs/boot.md "A disk that boots the suite N times").
 *
 * The loop is a boot counter in GRUB's environment block (VAR in grubenv beside grub.cfg)
 * that GRUB itself advances and saves BEFORE it boots, so whatever happens to a boot
 * (a panic reboots at once: panic=-1; a hang reset by a watchdog or a person; a results
 * device that never appears) the next power-on boots the next count, and no count is booted
 * twice. Count c (1..n) boots entry "ib-c": boot c of the plan, whose kernel command line is
 *   console=tty0 console=CONSOLE panic=-1 initbench.out=LABEL=OUT:vfat:/runs/NN-NAME.log
 *   initbench.end=reboot SHARED-APPEND VARIANT-APPEND
 * (NN: c with leading zeros to the width of n, at least 2; the last count ends with
 * initbench.end=poweroff instead; an initbench.out= or .end= in the appends wins, as the
 * last one on a command line does), its kernel and image at KERNEL and IMAGE as GRUB sees
 * them on the boot partition. The linux and initrd lines are the ones target/grub-entry
 * prints for the same files and words (DEST the files' directory), each word in single
 * quotes. When the counter has run out (or was never a count of this plan), or GRUB cannot
 * save it, entry "ib-done" says so and powers off (GRUB's halt; if the firmware cannot, it
 * stays in GRUB saying so). An entry that GRUB cannot boot (a kernel file missing or
 * unreadable) falls back to "ib-next" (entry number n + 1: GRUB 2.06 takes fallback as a
 * number), which reboots into the next count.
 *
 * ib_grub_cfg() returns the text (malloc'd), or NULL with a one-line reason in err: a
 * single quote in a word or path (GRUB's quoting could not hold it), no boots, a console
 * that is not ttySN,SPEED for GRUB's serial line... (any other console is kept for the kernel
 * and GRUB stays on the firmware's console).
 */
#ifndef IB_GRUBCFG_H
#define IB_GRUBCFG_H

#include <stddef.h>

struct ib_grub_boot {
	const char *name;      /* the variant (label): the log file NN-NAME.log */
	const char *kernel;    /* as GRUB sees it: /initbench/NAME/vmlinuz */
	const char *image;     /* /initbench/NAME/initramfs.cpio.gz */
	const char *append;    /* the variant's own words, or NULL */
};

struct ib_grub_loop {
	unsigned n;
	const struct ib_grub_boot *boot;   /* n of them, in boot order */
	const char *console;   /* ttyS0,115200 */
	const char *out_label; /* the results partition's file system label: IBOUT */
	const char *append;    /* words for every boot, or NULL */
	unsigned timeout;      /* seconds GRUB waits (a key shows the menu); 0 boots at once */
	const char *var;       /* the counter's name in grubenv */
	const char *comment;   /* one line on top (how the plan was made), or NULL */
};

char *ib_grub_cfg(const struct ib_grub_loop *l, char *err, size_t errlen);
/* the results file of boot c (1-based) of n: "/runs/03-base.log" */
void ib_grub_log_path(unsigned c, unsigned n, const char *name, char *out, size_t cap);

#endif
