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

#include "bench/base/record.h"
#include "host/lib/safeio.h"


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

int ib_dump_read(const char *path, size_t max, char **data, size_t *len, struct ib_dump_hdr *h,
		 int *data_ok, char *err, size_t errlen)
{
	unsigned char hdr[IB_DUMP_HDR];
	int fd = ib_input_open(path, IB_IN_BLOCKDEV, err, errlen);
	off_t end;
	char *buf;

	*data = NULL;
	*len = 0;
	*data_ok = 0;
	if (fd < 0)
		return -1;
	if (read_at(fd, hdr, sizeof(hdr), 0) || memcmp(hdr, IB_DUMP_MAGIC, 8)) {
		close(fd);
		return 0;
	}
	if (ib_dump_parse(hdr, sizeof(hdr), h, err, errlen)) {
		char why[256];

		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%s: %s", path, why);
		close(fd);
		return -2;
	}
	end = lseek(fd, 0, SEEK_END);   /* the size of a block device too */
	if (h->len > max || end < 0 || h->len > (uint64_t)end - IB_DUMP_HDR) {
		if (h->len > max)
			snprintf(err, errlen, "%s: the header says %llu bytes of data, more than "
				 "--log-max %zu MiB (what `initbench run` keeps of one console)", path,
				 (unsigned long long)h->len, max >> 20);
		else
			snprintf(err, errlen, "%s: the header says %llu bytes of data, more than it "
				 "holds", path, (unsigned long long)h->len);
		close(fd);
		return -2;
	}
	buf = malloc((size_t)h->len + 1);
	if (!buf || read_at(fd, buf, (size_t)h->len, IB_DUMP_HDR)) {
		int e = buf ? errno : ENOMEM;

		snprintf(err, errlen, "reading the %llu bytes of data of %s: %s",
			 (unsigned long long)h->len, path, strerror(e));
		free(buf);
		close(fd);
		errno = e ? e : EIO;
		return -1;
	}
	close(fd);
	buf[h->len] = '\0';
	*data = buf;
	*len = (size_t)h->len;
	*data_ok = ib_crc32(0, buf, *len) == h->crc;
	return 1;
}
