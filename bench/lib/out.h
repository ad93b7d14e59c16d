/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * out.h - the suite's output stream.
 *
 * struct ib_out is stdout as the protocol sees it: ib_out_record() frames a payload with
 * the next sequence number and its CRC (ib_frame), adds the line to the running end-record
 * digest and writes it with one write(); ib_out_payload() does the same for a payload held
 * as bytes (a benchmark child's line, runner.c); ib_out_text() writes an unframed line
 * (KTAP). Both framing calls return 0, or -1 if the payload cannot be framed (nothing
 * written, seq not used).
 * ib_out_init() sets copy_fd to -1; when the caller sets it, every line also goes there
 * (PID 1's copy for initbench.out=), after the console; a failing copy is said once and
 * dropped, the console never loses a line for it.
 */
#ifndef IB_OUT_H
#define IB_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "bench/base/record.h"

struct ib_out {
	int fd;
	int copy_fd;          /* -1, or every line written to fd is also written here */
	unsigned long seq;    /* of the next record */
	uint32_t digest;      /* CRC-32 over every framed line written so far */
};

void ib_out_init(struct ib_out *o, int fd);
int ib_out_record(struct ib_out *o, const struct ib_rec *r);
int ib_out_payload(struct ib_out *o, const char *payload, size_t len);
void ib_out_text(struct ib_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
