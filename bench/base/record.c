/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * record.c - CRC-32, payload building, escaping and framing (contract in record.h).
 *
 * Compiled into the guest suite (musl) and into the host parser (glibc): C library only,
 * no allocation, no global state except the read-only CRC table built on first use.
 *
 * Keys are checked against [a-z0-9_.]+: a bad key marks the payload as overflowed, so that
 * ib_frame() refuses it instead of putting a line on the console that no reader can split.
 */
#include <stdio.h>
#include <string.h>

#include "bench/base/record.h"

static uint32_t crc_table[256];
static int crc_ready;

static void crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
	crc_ready = 1;
}

uint32_t ib_crc32(uint32_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	if (!crc_ready)
		crc_init();
	crc = ~crc;
	while (len--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static int needs_escape(unsigned char c)
{
	return c <= 0x20 || c >= 0x7f || c == '%';
}

static const char hex_upper[] = "0123456789ABCDEF";

size_t ib_escape(char *dst, size_t cap, const char *src)
{
	size_t o = 0;

	if (cap == 0)
		return 0;
	for (const unsigned char *p = (const unsigned char *)src; *p; p++) {
		size_t need = needs_escape(*p) ? 3 : 1;
		if (o + need >= cap) {
			dst[0] = '\0';
			return 0;
		}
		if (need == 3) {
			dst[o++] = '%';
			dst[o++] = hex_upper[*p >> 4];
			dst[o++] = hex_upper[*p & 15];
		} else {
			dst[o++] = (char)*p;
		}
	}
	dst[o] = '\0';
	return o;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

long ib_unescape(char *s, size_t len)
{
	size_t i = 0, o = 0;

	while (i < len) {
		if (s[i] == '%') {
			int hi, lo;
			if (i + 2 >= len)
				return -1;
			hi = hexval(s[i + 1]);
			lo = hexval(s[i + 2]);
			if (hi < 0 || lo < 0)
				return -1;
			s[o++] = (char)(hi << 4 | lo);
			i += 3;
		} else {
			s[o++] = s[i++];
		}
	}
	if (o < len)
		s[o] = '\0';
	return (long)o;
}

static void rec_put(struct ib_rec *r, const char *s, size_t n)
{
	if (r->overflow)
		return;
	if (r->len + n >= sizeof(r->buf)) {
		r->overflow = 1;
		return;
	}
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	r->buf[r->len] = '\0';
}

static int key_ok(const char *key)
{
	if (!*key)
		return 0;
	for (const char *p = key; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '.'))
			return 0;
	return 1;
}

static void rec_key(struct ib_rec *r, const char *key)
{
	if (!key_ok(key)) {
		r->overflow = 1;
		return;
	}
	rec_put(r, " ", 1);
	rec_put(r, key, strlen(key));
	rec_put(r, "=", 1);
}

/* append an escaped value without the intermediate buffer */
static void rec_val(struct ib_rec *r, const char *val)
{
	for (const unsigned char *p = (const unsigned char *)val; *p && !r->overflow; p++) {
		if (needs_escape(*p)) {
			char e[3] = { '%', hex_upper[*p >> 4], hex_upper[*p & 15] };
			rec_put(r, e, 3);
		} else {
			rec_put(r, (const char *)p, 1);
		}
	}
}

void ib_rec_init(struct ib_rec *r, const char *type)
{
	r->len = 0;
	r->overflow = 0;
	r->buf[0] = '\0';
	if (!key_ok(type)) {
		r->overflow = 1;
		return;
	}
	rec_put(r, type, strlen(type));
}

void ib_rec_str(struct ib_rec *r, const char *key, const char *val)
{
	rec_key(r, key);
	rec_val(r, val ? val : "");
}

void ib_rec_u64(struct ib_rec *r, const char *key, uint64_t val)
{
	char b[24];

	snprintf(b, sizeof(b), "%llu", (unsigned long long)val);
	ib_rec_str(r, key, b);
}

void ib_rec_i64(struct ib_rec *r, const char *key, int64_t val)
{
	char b[24];

	snprintf(b, sizeof(b), "%lld", (long long)val);
	ib_rec_str(r, key, b);
}

/* %.6g is what the protocol asks for; it never contains a byte that needs escaping */
static void fmt_dbl(char *b, size_t cap, double v)
{
	snprintf(b, cap, "%.6g", v);
}

void ib_rec_dbl(struct ib_rec *r, const char *key, double val)
{
	char b[40];

	fmt_dbl(b, sizeof(b), val);
	ib_rec_str(r, key, b);
}

void ib_rec_dbls(struct ib_rec *r, const char *key, const double *val, size_t n)
{
	char b[40];

	rec_key(r, key);
	for (size_t i = 0; i < n && !r->overflow; i++) {
		if (i)
			rec_put(r, ",", 1);
		fmt_dbl(b, sizeof(b), val[i]);
		rec_val(r, b);
	}
}

void ib_rec_u64s(struct ib_rec *r, const char *key, const uint64_t *val, size_t n)
{
	char b[24];

	rec_key(r, key);
	for (size_t i = 0; i < n && !r->overflow; i++) {
		if (i)
			rec_put(r, ",", 1);
		snprintf(b, sizeof(b), "%llu", (unsigned long long)val[i]);
		rec_put(r, b, strlen(b));
	}
}

size_t ib_frame(char *out, size_t cap, unsigned long seq, const char *payload, size_t len)
{
	char head[32];
	int hl;
	size_t total;
	uint32_t crc;

	if (len == 0 || len >= IB_REC_MAX)
		return 0;
	/* a payload is one line of printable bytes and spaces: anything else would break it */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)payload[i];
		if (c < 0x20 || c >= 0x7f)
			return 0;
	}
	hl = snprintf(head, sizeof(head), IB_TAG "%lu ", seq);
	if (hl < 0 || (size_t)hl >= sizeof(head))
		return 0;
	total = (size_t)hl + len + 2 + 8 + 1; /* " *" crc8 "\n" */
	if (total + 1 > cap)
		return 0;
	memcpy(out, head, (size_t)hl);
	memcpy(out + hl, payload, len);
	crc = ib_crc32(0, out, (size_t)hl + len);
	snprintf(out + hl + len, cap - (size_t)hl - len, " *%08x\n", (unsigned)crc);
	return total;
}
