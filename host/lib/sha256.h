/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sha256.h - SHA-256 (FIPS 180-4), to name an image or a kernel by its digest as sha256sum
 * prints it. ib_sha256() digests len bytes into 64 lower-case hex digits and a NUL;
 * ib_sha256_file() a whole file: 0, or -1 with errno set when it cannot be read.
 */
#ifndef IB_SHA256_H
#define IB_SHA256_H

#include <stddef.h>

void ib_sha256(const void *data, size_t len, char hex[65]);
int ib_sha256_file(const char *path, char hex[65]);

#endif
