/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernelpath.c - a kernel file from a build directory, and its .config (kernelpath.h).
 */
#define _GNU_SOURCE
#include "host/boot/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/lib/record.h"

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
