/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uml.c - the UML launcher (contract in uml.h).
 */
#define _GNU_SOURCE
#include "host/boot/uml.h"
#include "host/lib/argv.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define TMPFS_MAGIC_NUM 0x01021994

void ib_uml_argv(const struct ib_uml_cfg *c, struct ib_argv *a, struct ib_argv *env)
{
	ib_argv_push(a, c->kernel);
	ib_argv_pushf(a, "mem=%uM", c->mem_mb);
	ib_argv_pushf(a, "initrd=%s", c->image);
	ib_argv_push(a, "con0=fd:0,fd:1");
	ib_argv_push(a, "con=null");
	ib_argv_push(a, "panic=-1");
	if (c->disk)
		ib_argv_pushf(a, "ubd0%s=%s", c->disk_ro ? "r" : "", c->disk);
	if (c->fs_disk)
		ib_argv_pushf(a, "ubd1=%s", c->fs_disk);
	if (c->tmpdir)
		ib_argv_pushf(a, "uml_dir=%s", c->tmpdir);
	ib_argv_push_words(a, c->knobs);
	ib_argv_push_words(a, c->append);
	if (c->tmpdir)
		ib_argv_pushf(env, "TMPDIR=%s", c->tmpdir);
}

static int on_tmpfs_writable(const char *dir)
{
	struct statfs fs;

	return statfs(dir, &fs) == 0 && fs.f_type == TMPFS_MAGIC_NUM && access(dir, W_OK) == 0;
}

int ib_uml_tmpdir(char *buf, size_t len)
{
	const char *base = getenv("TMPDIR");

	if (on_tmpfs_writable("/dev/shm"))
		base = "/dev/shm";
	else if (!base || !*base)
		base = "/tmp";
	if ((size_t)snprintf(buf, len, "%s/initbench-uml.XXXXXX", base) >= len) {
		fprintf(stderr, "initbench: temporary directory name too long\n");
		return -1;
	}
	if (!mkdtemp(buf)) {
		fprintf(stderr, "initbench: mkdtemp %s: %s\n", buf, strerror(errno));
		return -1;
	}
	return 0;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if ((flag == FTW_DP ? rmdir(path) : unlink(path)) < 0)
		fprintf(stderr, "initbench: cannot remove %s: %s\n", path, strerror(errno));
	return 0;
}

void ib_uml_tmpdir_remove(const char *dir)
{
	if (dir && *dir)
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

int ib_uml_host_refusal(const char *path, char *line, size_t len)
{
	static const char *const said[] = { "ptrace set fp regs failed", "ptrace get fp regs failed" };
	char buf[512];
	FILE *f = fopen(path, "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(buf, sizeof(buf), f)) {
		if (strstr(buf, "# IB "))
			break;
		for (size_t i = 0; i < sizeof(said) / sizeof(said[0]) && !found; i++)
			if (strstr(buf, said[i])) {
				buf[strcspn(buf, "\r\n")] = '\0';
				snprintf(line, len, "%s", buf);
				found = 1;
			}
	}
	fclose(f);
	return found;
}
