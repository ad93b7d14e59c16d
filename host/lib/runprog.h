/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runprog.h - run another program (mkfs, sfdisk, mtools, grub-mkimage) without a shell and
 * keep what it printed, bounded.
 *
 * ib_prog_find(name, out, cap): the program as execvp would find it in PATH, then in
 * /usr/sbin and /sbin (where Debian keeps mkfs and sfdisk, which a normal user's PATH
 * lacks); a name with a '/' is taken as it is. 0, or -1 when there is no such executable.
 *
 * ib_prog_run(argv, in, inlen, out, max, r): runs argv[0] (found by ib_prog_find()) with
 * stdin from in (inlen bytes, at most IB_PROG_IN_MAX: written whole before anything is
 * read, so it must fit a pipe) or /dev/null when in is NULL; the child is registered with
 * ib_cleanup_child() while it runs. Its stdout goes to out when out is not NULL (malloc'd,
 * NUL-terminated, r->outlen bytes; more than max bytes is an error, the child is killed),
 * else it is dropped; its stderr is kept in r->err (the last IB_PROG_ERR_MAX bytes, for the
 * one line that says why it failed: ib_prog_last_line()). r->status: the exit status
 * (0-255), or 128 + N when it was killed by signal N. Returns 0 when it ran and exited 0;
 * -1 otherwise, with a one-line reason in r->why naming the program ("mkfs.vfat failed:
 * <its last line of stderr>", "sfdisk: no such program (apt-get install fdisk)", "mtype:
 * printed more than 256 MiB").
 */
#ifndef IB_RUNPROG_H
#define IB_RUNPROG_H

#include <stddef.h>

#define IB_PROG_IN_MAX 16384
#define IB_PROG_ERR_MAX 2048

struct ib_prog_result {
	int status;
	size_t outlen;
	char err[IB_PROG_ERR_MAX + 1];
	char why[512];
};

int ib_prog_find(const char *name, char *out, size_t cap);
int ib_prog_run(char *const argv[], const char *in, size_t inlen, char **out, size_t max,
		struct ib_prog_result *r);
/* the last non-empty line of text, into line (cut to cap) */
void ib_prog_last_line(const char *text, char *line, size_t cap);

#endif
