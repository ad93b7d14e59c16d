/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elfinterp.c - PT_INTERP of an ELF file (contract in elfinterp.h). The offsets are the ELF
 * specification's (e_ident, then e_phoff, e_phentsize, e_phnum; p_type, p_offset, p_filesz),
 * read byte by byte so that neither the host's word size nor its byte order matters.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "bench/proc/elfinterp.h"

#define PT_INTERP_TYPE 3u

/* an n-byte unsigned integer at buf[off], of the file's byte order (msb: big-endian) */
static uint64_t get(const unsigned char *buf, size_t off, unsigned n, int msb)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)buf[off + i] << (8 * (msb ? n - 1 - i : i));
	return v;
}

int ib_elf_interp_parse(const unsigned char *buf, size_t len, char *out, size_t cap)
{
	int is64, msb;
	uint64_t phoff, phentsize, phnum;
	size_t hdr;

	if (len < 16 || memcmp(buf, "\177ELF", 4))
		return IB_ELF_NOTELF;
	if ((buf[4] != 1 && buf[4] != 2) || (buf[5] != 1 && buf[5] != 2))
		return IB_ELF_BAD;
	is64 = buf[4] == 2;
	msb = buf[5] == 2;
	hdr = is64 ? 64 : 52;
	if (len < hdr)
		return IB_ELF_BAD;
	phoff = get(buf, is64 ? 32 : 28, is64 ? 8 : 4, msb);
	phentsize = get(buf, is64 ? 54 : 42, 2, msb);
	phnum = get(buf, is64 ? 56 : 44, 2, msb);
	if (phnum && phentsize < (is64 ? 56u : 32u))
		return IB_ELF_BAD;
	if (phoff > len || phnum * phentsize > len - phoff)
		return IB_ELF_BAD;
	for (uint64_t i = 0; i < phnum; i++) {
		size_t ph = (size_t)(phoff + i * phentsize);
		uint64_t off, size;

		if (get(buf, ph, 4, msb) != PT_INTERP_TYPE)
			continue;
		off = get(buf, ph + (is64 ? 8 : 4), is64 ? 8 : 4, msb);
		size = get(buf, ph + (is64 ? 32 : 16), is64 ? 8 : 4, msb);
		/* the path and its NUL, inside what was read and inside out */
		if (size < 2 || off > len || size > len - off || size > cap)
			return IB_ELF_BAD;
		if (buf[off + size - 1] != '\0' || memchr(buf + off, '\0', size - 1))
			return IB_ELF_BAD;
		memcpy(out, buf + off, size);
		return 1;
	}
	return 0;
}

int ib_elf_interp(const char *path, char *out, size_t cap)
{
	static unsigned char buf[IB_ELF_READ];
	size_t len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), e = 0;

	if (fd < 0)
		return -errno;
	while (len < sizeof(buf)) {
		ssize_t r = read(fd, buf + len, sizeof(buf) - len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			e = -errno;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	return e ? e : ib_elf_interp_parse(buf, len, out, cap);
}
