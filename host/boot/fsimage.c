/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsimage.c - the --fs disk image, made with mkfs on a plain file (contract in fsimage.h).
 */
#define _GNU_SOURCE
#include "host/boot/fsimage.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct {
	const char *type, *tool, *pkg, *opts;   /* opts: before the label and the path */
} mkfs[] = {
	{ "ext4", "mkfs.ext4", "e2fsprogs", "-q -F -L" },
	{ "xfs", "mkfs.xfs", "xfsprogs", "-q -f -L" },
	{ "vfat", "mkfs.vfat", "dosfstools", "-n" },
};

static int find(const char *type)
{
	for (int i = 0; i < (int)(sizeof(mkfs) / sizeof(mkfs[0])); i++)
		if (type && !strcmp(type, mkfs[i].type))
			return i;
	return -1;
}

int ib_fsimage_needs_disk(const char *type)
{
	return find(type) >= 0;
}

int ib_fsimage_mkfs(const char *type, const char *path, struct ib_argv *a)
{
	int i = find(type);

	if (i < 0)
		return -1;
	ib_argv_push(a, mkfs[i].tool);
	ib_argv_push_words(a, mkfs[i].opts);
	ib_argv_push(a, IB_FSIMAGE_LABEL);
	ib_argv_push(a, path);
	return 0;
}

int ib_fsimage_tool(const char *type, char *path, size_t cap, const char **pkg)
{
	const char *env = getenv("PATH");
	char *dirs = NULL;
	int i = find(type), found = 0;

	if (i < 0)
		return -1;
	*pkg = mkfs[i].pkg;
	if (asprintf(&dirs, "%s:/usr/sbin:/sbin", env && *env ? env : "/usr/bin:/bin") < 0)
		return -1;
	for (char *d = strtok(dirs, ":"); d && !found; d = strtok(NULL, ":"))
		found = *d == '/' && (size_t)snprintf(path, cap, "%s/%s", d, mkfs[i].tool) < cap &&
			access(path, X_OK) == 0;
	free(dirs);
	return found ? 0 : -1;
}

/* the last non-empty line of text, into out */
static void last_line(const char *text, char *out, size_t cap)
{
	const char *end = text + strlen(text), *start;

	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	start = end;
	while (start > text && start[-1] != '\n')
		start--;
	snprintf(out, cap, "%.*s", (int)(end - start), start);
}

int ib_fsimage_make(const char *type, const char *path, char *err, size_t errlen)
{
	struct ib_argv a = { 0 };
	char tool[512], out[4096] = "", line[256];
	const char *pkg = "";
	int p[2], st = 0, fd;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (ib_fsimage_tool(type, tool, sizeof(tool), &pkg)) {
		snprintf(err, errlen, "--fs %s needs %s: apt-get install %s", type,
			 find(type) >= 0 ? mkfs[find(type)].tool : "mkfs", *pkg ? pkg : "?");
		return -1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || ftruncate(fd, (off_t)IB_FSIMAGE_MB << 20) || close(fd)) {
		snprintf(err, errlen, "--fs %s: cannot make %s: %s", type, path, strerror(errno));
		if (fd >= 0)
			unlink(path);
		return -1;
	}
	ib_fsimage_mkfs(type, path, &a);
	if (pipe2(p, O_CLOEXEC) || (pid = fork()) < 0) {
		snprintf(err, errlen, "--fs %s: cannot run %s: %s", type, tool, strerror(errno));
		ib_argv_free(&a);
		unlink(path);
		return -1;
	}
	if (pid == 0) {
		dup2(p[1], 1);
		dup2(p[1], 2);
		execv(tool, a.v);
		_exit(127);
	}
	close(p[1]);
	while ((n = read(p[0], out + got, sizeof(out) - 1 - got)) > 0 ||
	       (n < 0 && errno == EINTR))
		if (n > 0)
			got += (size_t)n;
	out[got] = '\0';
	close(p[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	ib_argv_free(&a);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	last_line(out, line, sizeof(line));
	snprintf(err, errlen, "--fs %s: %s %s on %s%s%s", type, tool,
		 WIFEXITED(st) ? "failed" : "was killed", path, *line ? ": " : "", line);
	unlink(path);
	return -1;
}
