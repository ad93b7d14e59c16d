/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * say.c - PID 1's messages (contract in say.h).
 */
#include "initramfs/say.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

void ib_say(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	if (write(2, buf, (size_t)n) < 0) {
		/* nowhere left to complain to */
	}
}

const char *ib_errname(int e)
{
	static const struct { int e; const char *name; } t[] = {
		{ ENOENT, "ENOENT" }, { ENODEV, "ENODEV" }, { EBUSY, "EBUSY" },
		{ EPERM, "EPERM" }, { EACCES, "EACCES" }, { EINVAL, "EINVAL" },
		{ ENOMEM, "ENOMEM" }, { ENOTDIR, "ENOTDIR" }, { EROFS, "EROFS" },
		{ ENOSPC, "ENOSPC" }, { EIO, "EIO" }, { ENOEXEC, "ENOEXEC" },
		{ EEXIST, "EEXIST" }, { ENOSYS, "ENOSYS" }, { ENXIO, "ENXIO" },
		{ EKEYREJECTED, "EKEYREJECTED" }, { ENOKEY, "ENOKEY" },
	};
	static char num[16];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].e == e)
			return t[i].name;
	snprintf(num, sizeof(num), "E%d", e);
	return num;
}
