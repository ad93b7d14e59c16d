/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli-paths.c - the executable's directory, absolute paths, the results rule and the
 * installed layout (cli-paths.h).
 */
#define _GNU_SOURCE
#include "host/lib/cli-paths.h"

#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int ib_label_ok(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > IB_LABEL_MAX || s[0] == '.' || s[0] == '-')
		return 0;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

const char *ib_exe_dir(void)
{
	static char dir[PATH_MAX];
	ssize_t n;
	char *slash;

	if (dir[0])
		return dir;
	n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (n <= 0) {
		strcpy(dir, ".");
		return dir;
	}
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (slash == dir)
		strcpy(dir, "/");
	else if (slash)
		*slash = '\0';
	return dir;
}

char *ib_abspath(const char *path)
{
	char cwd[PATH_MAX], *r;

	if (path[0] == '/')
		return strdup(path);
	if (!getcwd(cwd, sizeof(cwd)))
		return strdup(path);
	while (path[0] == '.' && path[1] == '/')
		for (path += 2; *path == '/'; path++)
			;
	if (!strcmp(path, ".") || !*path)
		return strdup(cwd);
	if (asprintf(&r, "%s%s%s", cwd, strcmp(cwd, "/") ? "/" : "", path) < 0)
		return NULL;
	return r;
}

char *ib_results_rule(const char *arg, const char *env, const char *exe_dir, int build_tree,
		      const char *xdg_data_home, const char *home)
{
	char *r;

	if (arg && *arg)
		return ib_abspath(arg);
	if (env && *env)
		return ib_abspath(env);
	if (build_tree) {
		if (asprintf(&r, "%s/results", exe_dir) < 0)
			return NULL;
		return r;
	}
	/* the XDG base directory rule: a relative XDG_DATA_HOME is to be ignored */
	if (xdg_data_home && xdg_data_home[0] == '/') {
		if (asprintf(&r, "%s/initbench/results", xdg_data_home) < 0)
			return NULL;
	} else if (asprintf(&r, "%s/.local/share/initbench/results",
			    home && *home ? home : "") < 0) {
		return NULL;
	}
	return r;
}

static const char *home_dir(void)
{
	const char *h = getenv("HOME");
	struct passwd *pw;

	if (h && *h)
		return h;
	pw = getpwuid(getuid());
	return pw ? pw->pw_dir : NULL;
}

char *ib_results_dir(const char *arg)
{
	char image[PATH_MAX + 32];

	snprintf(image, sizeof(image), "%s/initramfs.cpio.gz", ib_exe_dir());
	return ib_results_rule(arg, getenv(IB_RESULTS_ENV), ib_exe_dir(), access(image, F_OK) == 0,
			       getenv("XDG_DATA_HOME"), home_dir());
}

char *ib_installed_file(const char *exe_dir, const char *rel, char *err, size_t errlen)
{
	char *beside = NULL, *lib = NULL;

	if (asprintf(&beside, "%s/%s", exe_dir, rel) < 0)
		return NULL;
	if (access(beside, F_OK) == 0)
		return beside;
	if (asprintf(&lib, "%s/../lib/initbench/%s", exe_dir, rel) < 0) {
		free(beside);
		return NULL;
	}
	if (access(lib, F_OK) == 0) {
		char *real = realpath(lib, NULL);

		free(beside);
		if (real) {
			free(lib);
			return real;
		}
		return lib;
	}
	snprintf(err, errlen, "no %s beside initbench (%s) nor installed (%s)", rel, beside, lib);
	free(beside);
	free(lib);
	return NULL;
}
