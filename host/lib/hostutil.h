/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hostutil.h - small generic helpers of the host tool (docs/architecture.md).
 *
 * Out of memory: the host tool's one policy. Where an allocation fails and the caller has
 * no error path worth keeping, ib_oom() prints "initbench: out of memory" to stderr and
 * exits with status 1; ib_xmalloc(), ib_xrealloc() and ib_xstrdup() never return NULL (a
 * size of 0 still gives a pointer to free). Nothing on the host calls abort() for memory.
 *
 * ib_text_clean(s, &ctl): s made printable UTF-8 in place, for JSON (UTF-8 only) and for
 * every output a person or a program reads: each byte that is not part of a well-formed UTF-8
 * sequence, and each control character (C0, DEL, C1: a terminal, a CSV cell or a gnuplot
 * string would act on it), becomes '?'. Returns the bytes replaced; *ctl (may be NULL) the
 * control characters among them.
 *
 * ib_mkdir_p(path, mode): path and every missing directory above it, like `mkdir -p`
 * (mode before the umask). Existing directories are fine. Returns 0, or -1 with errno set
 * by the first mkdir() that failed for another reason than EEXIST.
 */
#ifndef IB_HOSTUTIL_H
#define IB_HOSTUTIL_H

#include <stddef.h>
#include <sys/types.h>

_Noreturn void ib_oom(void);
void *ib_xmalloc(size_t n);
void *ib_xrealloc(void *p, size_t n);
char *ib_xstrdup(const char *s);

int ib_mkdir_p(const char *path, mode_t mode);
size_t ib_text_clean(char *s, size_t *ctl);

#endif
