/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diskdump.c - a raw dump read back on the host (contract in diskdump.h).
 */
#define _GNU_SOURCE
#include "report/import/diskdump.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/lib/record.h"

#define DUMP_MAX (64ull << 20)

static int read_at(int fd, void *buf, size_t len, off_t off)
{
	for (size_t got = 0; got < len;) {
		ssize_t r = pread(fd, (char *)buf + got, len - got, off + (off_t)got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

int ib_dump_read(const char *path, char **data, size_t *len, struct ib_dump_hdr *h,
		 int *data_ok, char *err, size_t errlen)
{
	unsigned char hdr[IB_DUMP_HDR];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	off_t end;
	char *buf;

	*data = NULL;
	*len = 0;
	*data_ok = 0;
	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	if (read_at(fd, hdr, sizeof(hdr), 0) || memcmp(hdr, IB_DUMP_MAGIC, 8)) {
		close(fd);
		return 0;
	}
	if (ib_dump_parse(hdr, sizeof(hdr), h, err, errlen)) {
		close(fd);
		return -1;
	}
	end = lseek(fd, 0, SEEK_END);   /* the size of a block device too */
	if (h->len > DUMP_MAX || end < 0 || h->len > (uint64_t)end - IB_DUMP_HDR) {
		snprintf(err, errlen, "the header says %llu bytes of data, more than %s holds",
			 (unsigned long long)h->len, h->len > DUMP_MAX ? "a dump may (64 MiB)" : path);
		close(fd);
		return -1;
	}
	buf = malloc((size_t)h->len + 1);
	if (!buf || read_at(fd, buf, (size_t)h->len, IB_DUMP_HDR)) {
		snprintf(err, errlen, "reading the %llu bytes of data of %s: %s",
			 (unsigned long long)h->len, path, buf ? strerror(errno) : "out of memory");
		free(buf);
		close(fd);
		return -1;
	}
	close(fd);
	buf[h->len] = '\0';
	*data = buf;
	*len = (size_t)h->len;
	*data_ok = ib_crc32(0, buf, *len) == h->crc;
	return 1;
}
