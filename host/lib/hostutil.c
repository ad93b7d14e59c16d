/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hostutil.c - small generic helpers of the host tool (contract in hostutil.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "host/lib/hostutil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void ib_oom(void)
{
	/* a fixed string: formatting could itself need memory */
	fputs("initbench: out of memory\n", stderr);
	exit(1);
}

void *ib_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		ib_oom();
	return p;
}

void *ib_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		ib_oom();
	return q;
}

char *ib_xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		ib_oom();
	return d;
}

int ib_mkdir_p(const char *path, mode_t mode)
{
	char *buf = ib_xstrdup(path);
	int rc = 0, err = 0;

	/* from the top down, so that each mkdir() has its parent ("/" itself is never made) */
	for (char *p = buf + (*buf != '\0'); *p && !rc; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, mode) < 0 && errno != EEXIST) {
			rc = -1;
			err = errno;
		}
		*p = '/';
	}
	if (!rc && mkdir(buf, mode) < 0 && errno != EEXIST) {
		rc = -1;
		err = errno;
	}
	free(buf);
	errno = err ? err : errno;
	return rc;
}

size_t ib_text_clean(char *str, size_t *ctl)
{
	unsigned char *s = (unsigned char *)str;
	size_t bad = 0, nctl = 0;

	while (*s) {
		size_t n = *s < 0x80 ? 1 : (*s & 0xe0) == 0xc0 ? 2 : (*s & 0xf0) == 0xe0 ? 3
			   : (*s & 0xf8) == 0xf0 ? 4 : 0;
		unsigned cp = n == 1 ? *s : n ? *s & (0x7f >> n) : 0;
		size_t k;
		for (k = 1; k < n && (s[k] & 0xc0) == 0x80; k++)
			cp = cp << 6 | (s[k] & 0x3f);
		/* overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either */
		if (!n || k < n || (n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) ||
		    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff)) {
			*s++ = '?';
			bad++;
			continue;
		}
		if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			memset(s, '?', n);
			bad += n;
			nctl++;
		}
		s += n;
	}
	if (ctl)
		*ctl = nctl;
	return bad;
}
