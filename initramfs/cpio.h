/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpio.h - deterministic newc ("070701") archive writer.
 *
 * Contract:
 * - Input is a manifest in the kernel's gen_init_cpio list format, four
 *   entry types only (one per line, fields separated by blanks, '#' starts
 *   a comment line, blank lines are ignored):
 *       file  <name> <location> <mode> <uid> <gid>
 *       dir   <name> <mode> <uid> <gid>
 *       nod   <name> <mode> <uid> <gid> <c|b> <maj> <min>
 *       slink <name> <target> <mode> <uid> <gid>
 *   <mode> is octal permission bits (at most 07777), the file type comes
 *   from the entry type. <name> is stored without its leading '/'.
 * - The archive depends on nothing but the manifest, the bytes of the
 *   files it names and the mtime given: entries are sorted by name
 *   component by component ('/' sorts first, so a directory is directly
 *   followed by its subtree and parents always precede children), inode
 *   numbers are 1, 2, ... in that order, nlink is 2 for directories and 1
 *   otherwise, every mtime is the one given, dev numbers are 0 and rdev is
 *   set only for nodes. The header's check field is 0 (newc, not crc).
 * - Layout per entry: 110-byte header, name with its NUL, zeros up to a
 *   multiple of 4 counted from the entry start, then the data (file bytes
 *   or symlink target without NUL), zeros up to a multiple of 4. The
 *   archive ends with the "TRAILER!!!" entry and is zero-padded to a
 *   multiple of 512 bytes (as GNU cpio and the kernel's gen_init_cpio do;
 *   the kernel's unpacker skips zeros after a trailer).
 * - Every function that can fail returns 0 or -1 and, on -1, puts one line
 *   (no trailing newline) in err: "<manifest>:<line>: <what is wrong>" for
 *   manifest problems.
 * - Compression is not done here: the build runs `gzip -9 -n`, -n keeping
 *   the original name and timestamp out of the gzip header so the .gz is
 *   deterministic too.
 */
#ifndef IB_CPIO_H
#define IB_CPIO_H

#include <stddef.h>
#include <stdio.h>

enum cpio_type { CPIO_FILE, CPIO_DIR, CPIO_NOD, CPIO_SLINK };

struct cpio_entry {
	enum cpio_type type;
	char *name;        /* archive name, no leading '/' */
	char *source;      /* file: host path to read; slink: link target */
	unsigned mode;     /* permission bits only */
	unsigned long uid, gid;
	char devtype;      /* nod: 'c' or 'b' */
	unsigned long rmaj, rmin;
	unsigned line;     /* manifest line, for messages */
};

struct cpio_list {
	struct cpio_entry *e;
	size_t n, cap;
	char *origin;      /* manifest name used in messages */
};

#define CPIO_ERRLEN 512

/* Start an empty list; origin names the manifest in messages. */
void cpio_list_init(struct cpio_list *l, const char *origin);
void cpio_list_free(struct cpio_list *l);

/* Parse one manifest line (without or with its '\n') and append it. */
int cpio_parse_line(struct cpio_list *l, const char *line, unsigned lineno,
		    char *err, size_t errlen);

/* Parse a whole manifest stream. */
int cpio_parse(struct cpio_list *l, FILE *in, char *err, size_t errlen);

/* Sort into archive order; refuses duplicate names and entries whose
 * parent directory is not in the list. */
int cpio_sort(struct cpio_list *l, char *err, size_t errlen);

/* Write the archive of a sorted list. Every source file is checked before
 * the first byte is written. */
int cpio_write(const struct cpio_list *l, unsigned long mtime, FILE *out,
	       char *err, size_t errlen);

/* Parse, sort and write in one call. */
int cpio_build(FILE *manifest, const char *origin, unsigned long mtime,
	       FILE *out, char *err, size_t errlen);

#endif
