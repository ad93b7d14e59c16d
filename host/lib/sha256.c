/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sha256.c - SHA-256 through nettle (contract in sha256.h). A digest is only worth trusting
 * from a library that is tested and reviewed; nettle is Debian's, dual licensed
 * LGPL-3.0-or-later or GPL-2.0-or-later, so it links under our GPL-2.0-or-later.
 */
#include "host/lib/sha256.h"

#include <errno.h>
#include <stdio.h>

#include <nettle/sha2.h>

static void hex_of(struct sha256_ctx *s, char hex[65])
{
	uint8_t d[SHA256_DIGEST_SIZE];

	sha256_digest(s, sizeof(d), d);
	for (unsigned i = 0; i < sizeof(d); i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

void ib_sha256(const void *data, size_t len, char hex[65])
{
	struct sha256_ctx s;

	sha256_init(&s);
	sha256_update(&s, len, data);
	hex_of(&s, hex);
}

int ib_sha256_file(const char *path, char hex[65])
{
	struct sha256_ctx s;
	uint8_t buf[65536];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return -1;
	sha256_init(&s);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sha256_update(&s, n, buf);
	if (ferror(f)) {
		fclose(f);
		errno = EIO;
		return -1;
	}
	fclose(f);
	hex_of(&s, hex);
	return 0;
}
