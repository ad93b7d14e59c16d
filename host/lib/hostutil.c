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
