/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_hostutil.c - the host's generic helpers (host/lib/hostutil.c): ib_mkdir_p() through
 * existing, missing and blocked paths, and the one out-of-memory exit.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "host/lib/hostutil.h"

static int is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static void test_mkdir_p(void **state)
{
	char d[] = "/tmp/test_hostutil.XXXXXX", p[256], cmd[300];
	FILE *f;
	(void)state;

	assert_non_null(mkdtemp(d));
	snprintf(p, sizeof(p), "%s/a/b/c", d);
	assert_int_equal(ib_mkdir_p(p, 0755), 0);
	assert_true(is_dir(p));
	/* again: every part exists now */
	assert_int_equal(ib_mkdir_p(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/a/x/", d);
	assert_int_equal(ib_mkdir_p(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/a/x", d);
	assert_true(is_dir(p));
	/* a file in the way, above and at the end */
	snprintf(p, sizeof(p), "%s/file", d);
	f = fopen(p, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(p, sizeof(p), "%s/file/below", d);
	errno = 0;
	assert_int_equal(ib_mkdir_p(p, 0755), -1);
	assert_int_equal(errno, ENOTDIR);
	assert_int_equal(ib_mkdir_p("", 0755), -1);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(ib_mkdir_p("/", 0755), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d);
	assert_int_equal(system(cmd), 0);
}

static void test_oom(void **state)
{
	int fds[2], st;
	char buf[64] = "";
	pid_t pid;
	ssize_t n;
	(void)state;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		dup2(fds[1], 2);
		ib_oom();
	}
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	assert_true(n > 0);
	assert_string_equal(buf, "initbench: out of memory\n");
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 1);
	/* and the helpers that use it give memory when there is some */
	free(ib_xmalloc(0));
	free(ib_xrealloc(NULL, 16));
	{
		char *s = ib_xstrdup("x");

		assert_string_equal(s, "x");
		free(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mkdir_p),
		cmocka_unit_test(test_oom),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
