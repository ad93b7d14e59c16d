/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uml.h - the User-Mode Linux command line and its private directory (a UML kernel is told
 * from a bzImage by host/boot/kernel.h).
 *
 * UML (Debian's 6.1 linux.uml) takes its console from con0=fd:0,fd:1 (stdin is /dev/null,
 * stdout is our capture pipe), con=null silences the other consoles, initrd= takes the same
 * gzip'ed newc image as QEMU, mem= the guest memory. It keeps its memory file in $TMPDIR and
 * its umid directory in uml_dir=: ib_uml_tmpdir() makes a private directory for both
 * (on /dev/shm when that is a writable tmpfs, so guest memory is not backed by disk; else
 * $TMPDIR or /tmp) and ib_uml_tmpdir_remove() removes it and whatever UML left there.
 */
#ifndef IB_UML_H
#define IB_UML_H

#include <stddef.h>
#include "host/lib/argv.h"

#define IB_UML_DEFAULT "/usr/bin/linux.uml" /* what --kernel uml means */


struct ib_uml_cfg {
	const char *kernel;   /* the UML executable */
	const char *image;    /* initramfs */
	unsigned mem_mb;
	const char *knobs;    /* "initbench.reps=3 ..." (space separated words) or NULL */
	const char *append;   /* extra words or NULL */
	const char *disk;     /* a disk image for initbench.out= (ubd0=: /dev/ubda), or NULL */
	int disk_ro;          /* ubd0r=: read-only */
	const char *fs_disk;  /* the --fs disk image (ubd1=: /dev/ubdb), or NULL */
	const char *tmpdir;   /* from ib_uml_tmpdir() */
};

/* argv for the launch, the environment it needs ("TMPDIR=..."), both freed by the caller */
void ib_uml_argv(const struct ib_uml_cfg *cfg, struct ib_argv *argv, struct ib_argv *env);

/* 0 and the path in buf, or -1 (message printed) */
int ib_uml_tmpdir(char *buf, size_t len);
void ib_uml_tmpdir_remove(const char *dir);

/*
 * A UML kernel that cannot run on this host at all says so on its console before its init
 * prints anything: Debian's 6.1 linux.uml on a CPU with AMX panics at the first exec with
 * `userspace - ptrace set fp regs failed, errno = 14` (its PTRACE_SETREGSET buffer is the
 * 2696 bytes of an AVX-512 XSAVE area, and the host takes only its full XSAVE size). 1 and that line (cut to len) when the console log at path holds
 * such a line before any record, else 0.
 */
int ib_uml_host_refusal(const char *path, char *line, size_t len);

#endif
