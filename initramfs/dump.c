/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dump.c - the raw dump header and the initbench.out= spec (contract in dump.h).
 */
#define _GNU_SOURCE
#include "initramfs/dump.h"

#include <stdio.h>
#include <string.h>

#include "bench/base/record.h"

static void put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const unsigned char *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

void ib_dump_header(unsigned char out[IB_DUMP_HDR], const struct ib_dump_hdr *h)
{
	memset(out, 0, IB_DUMP_HDR);
	memcpy(out, IB_DUMP_MAGIC, 8);
	put32(out + 8, h->version);
	put32(out + 12, IB_DUMP_HDR);
	put64(out + 16, h->len);
	put32(out + 24, h->crc);
	put32(out + 28, h->flags);
	memcpy(out + 32, h->release, strnlen(h->release, 64));
	put32(out + 508, ib_crc32(0, out, 508));
}

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

int ib_dump_parse(const unsigned char *buf, size_t len, struct ib_dump_hdr *h,
		  char *err, size_t errlen)
{
	memset(h, 0, sizeof(*h));
	if (len < IB_DUMP_HDR || memcmp(buf, IB_DUMP_MAGIC, 8))
		BAD("no initbench dump header");
	if (get32(buf + 508) != ib_crc32(0, buf, 508))
		BAD("header CRC mismatch (the header was damaged or half written)");
	h->version = get32(buf + 8);
	if (h->version > IB_DUMP_VERSION)
		BAD("format version %u is newer than this reader (%u)", (unsigned)h->version,
		    IB_DUMP_VERSION);
	if (get32(buf + 12) != IB_DUMP_HDR)
		BAD("header length %u, expected %u", (unsigned)get32(buf + 12), IB_DUMP_HDR);
	h->len = get64(buf + 16);
	h->crc = get32(buf + 24);
	h->flags = get32(buf + 28);
	memcpy(h->release, buf + 32, 64);
	h->release[64] = '\0';
	return 0;
}

static int name_ok(const char *s, size_t n, int slash)
{
	if (!n || n > 63)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-' || (slash && c == '/')))
			return 0;
	}
	return 1;
}

/* absolute, safe characters, no empty, "." or ".." component except a trailing '/' */
static int path_ok(const char *p)
{
	size_t n = strlen(p);

	if (p[0] != '/' || n < 2 || n >= 128)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!name_ok(p + i, 1, 1))
			return 0;
	for (const char *c = p + 1; *c;) {
		size_t w = strcspn(c, "/");

		if (!w && c[w])                   /* "//" */
			return 0;
		if ((w == 1 && c[0] == '.') || (w == 2 && c[0] == '.' && c[1] == '.'))
			return 0;
		c += w;
		c += *c == '/';
	}
	return 1;
}

const char *ib_out_kind_name(enum ib_out_kind k)
{
	return k == IB_OUT_VFAT ? "vfat" : k == IB_OUT_EXT4 ? "ext4" : "raw";
}

int ib_out_spec_parse(const char *spec, struct ib_out_spec *s, char *err, size_t errlen)
{
	static const struct { const char *pfx; enum ib_dev_by by; } by[] = {
		{ "LABEL=", IB_DEV_LABEL }, { "UUID=", IB_DEV_UUID },
		{ "PARTUUID=", IB_DEV_PARTUUID },
	};
	size_t dlen = strcspn(spec, ":");
	const char *rest = spec + dlen, *dev = spec;

	memset(s, 0, sizeof(*s));
	if (!dlen)
		BAD("initbench.out=%.60s: no device (DEV[:raw] or DEV:vfat|ext4[:/path])", spec);
	s->by = IB_DEV_PATH;
	for (size_t i = 0; i < sizeof(by) / sizeof(by[0]); i++) {
		size_t pl = strlen(by[i].pfx);

		if (dlen > pl && !strncmp(spec, by[i].pfx, pl)) {
			s->by = by[i].by;
			dev += pl;
			dlen -= pl;
			break;
		}
	}
	if (s->by == IB_DEV_PATH) {
		size_t skip = !strncmp(dev, "/dev/", 5) ? 5 : 0;

		/* no component may start with '.': no way out of /dev */
		if (!name_ok(dev + skip, dlen - skip, 1) || dev[skip] == '.' ||
		    memmem(dev, dlen, "/.", 2) || dev[dlen - 1] == '/')
			BAD("initbench.out=%.60s: bad device '%.*s' (/dev/NAME, NAME, LABEL=, UUID= or PARTUUID=)",
			    spec, (int)(dlen > 60 ? 60 : dlen), dev);
		snprintf(s->dev, sizeof(s->dev), "/dev/%.*s", (int)(dlen - skip), dev + skip);
	} else {
		if (!name_ok(dev, dlen, 0))
			BAD("initbench.out=%.60s: bad device value '%.*s' (1-63 of [A-Za-z0-9._-])",
			    spec, (int)(dlen > 60 ? 60 : dlen), dev);
		snprintf(s->dev, sizeof(s->dev), "%.*s", (int)dlen, dev);
	}

	s->kind = IB_OUT_RAW;
	if (!*rest)
		return 0;
	rest++;
	{
		size_t klen = strcspn(rest, ":");
		const char *path = rest[klen] ? rest + klen + 1 : NULL;

		if (klen == 3 && !strncmp(rest, "raw", 3)) {
			if (path)
				BAD("initbench.out=%.60s: a raw dump takes no path", spec);
			return 0;
		}
		if (klen == 4 && !strncmp(rest, "vfat", 4))
			s->kind = IB_OUT_VFAT;
		else if (klen == 4 && !strncmp(rest, "ext4", 4))
			s->kind = IB_OUT_EXT4;
		else
			BAD("initbench.out=%.60s: unknown kind '%.*s' (raw, vfat or ext4)", spec,
			    (int)(klen > 20 ? 20 : klen), rest);
		if (!path || !*path)
			path = "/initbench.log";
		if (!path_ok(path))
			BAD("initbench.out=%.60s: bad path '%.60s' (absolute, [A-Za-z0-9._-/], no . or ..)",
			    spec, path);
		snprintf(s->path, sizeof(s->path), "%s", path);
	}
	return 0;
}
