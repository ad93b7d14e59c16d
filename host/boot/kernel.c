/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernel.c - a kernel file's kind, the file in a build directory, and its .config
 * (contract in kernel.h).
 */
#define _GNU_SOURCE
#include "host/boot/kernel.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/base/record.h"
#include "host/boot/arch.h"

static int is_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static char *config_near(const char *kernel);

char *ib_kernel_path(const char *path, char *err, size_t errlen)
{
	static const char *const in_dir[] = {
		"bzImage", "arch/x86/boot/bzImage", "arch/arm64/boot/Image", "linux", "vmlinuz",
	};
	struct stat st;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return strdup(path);
	for (size_t i = 0; i < sizeof(in_dir) / sizeof(in_dir[0]); i++) {
		char *p;

		if (asprintf(&p, "%s/%s", path, in_dir[i]) < 0)
			return NULL;
		if (is_file(p))
			return p;
		free(p);
	}
	snprintf(err, errlen, "kernel %s: a directory without a kernel in it (looked for "
		 "bzImage, arch/x86/boot/bzImage, arch/arm64/boot/Image, linux, vmlinuz)", path);
	return NULL;
}

char *ib_kernel_config(const char *kernel)
{
	char *real = realpath(kernel, NULL), *p;
	const char *slash;

	/* a distro kernel: /boot/vmlinuz-VERSION has /boot/config-VERSION beside it */
	if (real && (slash = strrchr(real, '/')) && !strncmp(slash + 1, "vmlinuz-", 8) &&
	    asprintf(&p, "%.*s/config-%s", (int)(slash - real), real, slash + 9) >= 0) {
		if (is_file(p)) {
			free(real);
			return p;
		}
		free(p);
	}
	free(real);
	return config_near(kernel);
}

static char *config_near(const char *kernel)
{
	const char *slash = strrchr(kernel, '/');
	int dir = slash ? (int)(slash - kernel) : 1;
	const char *base = slash ? kernel : ".";
	char *p;

	if (asprintf(&p, "%.*s/config", dir, base) >= 0 && is_file(p))
		return p;
	free(p);
	if (asprintf(&p, "%.*s/.config", dir, base) >= 0 && is_file(p))
		return p;
	free(p);
	if (asprintf(&p, "%.*s/../../../.config", dir, base) >= 0 && strstr(kernel, "arch/") &&
	    is_file(p))
		return p;
	free(p);
	return NULL;
}

int ib_kernel_config_id(const char *config, const char *copy_to, unsigned *crc)
{
	FILE *in = fopen(config, "rb"), *out = NULL;
	char buf[8192];
	uint32_t c = 0;
	size_t n;
	int bad = !in;

	if (in && copy_to && !(out = fopen(copy_to, "wbx")))
		bad = 1;
	while (!bad && (n = fread(buf, 1, sizeof(buf), in)) > 0) {
		c = ib_crc32(c, buf, n);
		if (out && fwrite(buf, 1, n, out) != n)
			bad = 1;
	}
	if (in && ferror(in))
		bad = 1;
	if (in)
		fclose(in);
	if (out && fclose(out))
		bad = 1;
	*crc = c;
	return bad ? -1 : 0;
}

const char *ib_kernel_kind_name(int kind)
{
	switch (kind) {
	case IB_KERNEL_BZIMAGE: return "bzimage";
	case IB_KERNEL_UML: return "uml";
	case IB_KERNEL_IMAGE: return "image";
	}
	return "bad";
}

int ib_kernel_kind(const char *path, char *err, size_t errlen)
{
	unsigned char b[0x206];
	const struct ib_arch *a;
	struct stat sb;
	ssize_t n;
	int fd;

	/* O_NONBLOCK: a FIFO named as the kernel must not wait for a writer forever */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(err, errlen, "kernel %s: %s", path, strerror(errno));
		return IB_KERNEL_BAD;
	}
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "kernel %s: not a regular file", path);
		close(fd);
		return IB_KERNEL_BAD;
	}
	memset(b, 0, sizeof(b));
	n = read(fd, b, sizeof(b));
	close(fd);
	if (n < 0) {
		snprintf(err, errlen, "kernel %s: %s", path, strerror(errno));
		return IB_KERNEL_BAD;
	}
	if (n >= EI_NIDENT + 2 && !memcmp(b, ELFMAG, SELFMAG)) {
		unsigned type = b[EI_DATA] == ELFDATA2MSB ? (unsigned)b[16] << 8 | b[17]
							  : (unsigned)b[17] << 8 | b[16];

		if (type != ET_EXEC && type != ET_DYN) {
			snprintf(err, errlen, "kernel %s: an ELF file but not an executable "
				 "(e_type %u), so not a UML kernel", path, type);
			return IB_KERNEL_BAD;
		}
		if (access(path, X_OK) < 0) {
			snprintf(err, errlen, "kernel %s: a UML kernel but not executable", path);
			return IB_KERNEL_BAD;
		}
		return IB_KERNEL_UML;
	}
	if (n > 0 && (a = ib_arch_of_kernel(b, (size_t)n)))
		return a->kernel_kind;
	if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
		snprintf(err, errlen, "kernel %s: gzip-compressed (an Image.gz?): QEMU's -kernel "
			 "wants it uncompressed (arch/arm64/boot/Image, or gunzip it)", path);
		return IB_KERNEL_BAD;
	}
	snprintf(err, errlen, "kernel %s: neither a bzImage (no \"HdrS\" at 0x202), an arm64 "
		 "Image (no \"ARM\\x64\" at 0x38) nor a UML ELF executable", path);
	return IB_KERNEL_BAD;
}
