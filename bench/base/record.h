/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * record.h - build and frame record lines (docs/protocol.md, format version 1).
 *
 * Shared by the guest (suite, built with musl) and the host (parser, built with gcc), so it
 * uses nothing but the C library. Contract:
 *  - ib_crc32() is CRC-32/IEEE (zlib's): ib_crc32(0, "123456789", 9) == 0xcbf43926; pass the
 *    previous value to continue a running CRC.
 *  - A payload is "<type> k=v k=v..." built with ib_rec_*; values are escaped as the protocol
 *    says. Building never overflows: once the buffer is full, r->overflow is set and further
 *    calls do nothing; ib_frame() refuses an overflowed payload.
 *  - ib_frame() writes "# IB <seq> <payload> *<crc8>\n" into out and returns its length
 *    (including the newline), or 0 if it does not fit in cap.
 *  - ib_unescape() decodes %XX in place and returns the new length, or -1 on a bad escape.
 */
#ifndef IB_RECORD_H
#define IB_RECORD_H

#include <stddef.h>
#include <stdint.h>

#define IB_TAG "# IB "
#define IB_TAG_LEN 5
#define IB_PROTO_VERSION 1
#define IB_REC_MAX 16384 /* longest payload, bytes */

uint32_t ib_crc32(uint32_t crc, const void *buf, size_t len);

struct ib_rec {
	char buf[IB_REC_MAX];
	size_t len;
	int overflow;
};

void ib_rec_init(struct ib_rec *r, const char *type);
void ib_rec_str(struct ib_rec *r, const char *key, const char *val);
void ib_rec_u64(struct ib_rec *r, const char *key, uint64_t val);
void ib_rec_i64(struct ib_rec *r, const char *key, int64_t val);
void ib_rec_dbl(struct ib_rec *r, const char *key, double val);
/* comma-separated list of n values */
void ib_rec_dbls(struct ib_rec *r, const char *key, const double *val, size_t n);
void ib_rec_u64s(struct ib_rec *r, const char *key, const uint64_t *val, size_t n);

size_t ib_frame(char *out, size_t cap, unsigned long seq, const char *payload, size_t len);

/* escape src into dst (NUL-terminated); returns the escaped length or 0 if it does not fit */
size_t ib_escape(char *dst, size_t cap, const char *src);
long ib_unescape(char *s, size_t len);

#endif
