/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diskdump.h - read a raw dump (initramfs/dump.h) back on the host, from a block device
 * (a USB stick) or a disk image file.
 *
 * ib_dump_read() returns 1 with *data (malloc'd, NUL-terminated), *len and *h filled and
 * *data_ok = whether the data's CRC matches the header's; 0 when the file does not start
 * with a dump header (so it is something else: a capture, a summary); -1 with a one-line
 * reason in err when it cannot be opened or read (errno kept; a FIFO, a character device
 * or a directory is refused, never waited on: host/lib/safeio.h); -2 with the reason when
 * it has a header that cannot be trusted (header CRC, a newer format, a length beyond the
 * end of the device or above max bytes, the most a console log may hold).
 */
#ifndef IB_DISKDUMP_H
#define IB_DISKDUMP_H

#include <stddef.h>

#include "initramfs/dump.h"

int ib_dump_read(const char *path, size_t max, char **data, size_t *len, struct ib_dump_hdr *h,
		 int *data_ok, char *err, size_t errlen);

#endif
