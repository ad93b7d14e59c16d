/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * out.c - the suite's output stream (contract in out.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench/lib/out.h"

static int write_all(int fd, const char *buf, size_t len)
{
	size_t off = 0;

	while (off < len) {
		ssize_t w = write(fd, buf + off, len - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)w;
	}
	return 0;
}

void ib_out_init(struct ib_out *o, int fd)
{
	o->fd = fd;
	o->copy_fd = -1;
	o->seq = 0;
	o->digest = 0;
}

/* the console first: a failing copy must never cost a console line */
static void out_write(struct ib_out *o, const char *buf, size_t len)
{
	if (write_all(o->fd, buf, len))
		fprintf(stderr, "ibsuite: writing to the console: %s\n", strerror(errno));
	if (o->copy_fd >= 0 && write_all(o->copy_fd, buf, len)) {
		fprintf(stderr, "ibsuite: the copy for initbench.out= failed (%s): "
			"the records are on the console only\n", strerror(errno));
		o->copy_fd = -1;
	}
}

int ib_out_payload(struct ib_out *o, const char *payload, size_t len)
{
	static char line[IB_REC_MAX + 64];
	size_t n = ib_frame(line, sizeof(line), o->seq, payload, len);

	if (!n)
		return -1;
	o->digest = ib_crc32(o->digest, line, n);
	o->seq++;
	out_write(o, line, n);
	return 0;
}

int ib_out_record(struct ib_out *o, const struct ib_rec *r)
{
	if (r->overflow)
		return -1;
	return ib_out_payload(o, r->buf, r->len);
}

void ib_out_text(struct ib_out *o, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	out_write(o, line, (size_t)n);
}
