/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * testdata.h - where unit tests find tests/data: $srctree/tests/data (tests/run-tests.sh
 * sets srctree), else ./tests/data. Returns one of eight rotating buffers, so a test can
 * hold a few paths at once.
 */
#ifndef IB_TESTDATA_H
#define IB_TESTDATA_H

#include <stdio.h>
#include <stdlib.h>

static inline const char *data(const char *name)
{
	static char buf[8][512];
	static unsigned k;
	const char *root = getenv("srctree");
	char *b = buf[k++ % 8];

	snprintf(b, sizeof(buf[0]), "%s/tests/data/%s", root && *root ? root : ".", name);
	return b;
}

#endif
