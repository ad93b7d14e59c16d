/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import-util.h - what test_import.c and test_import_shapes.c share: a fresh store, `import`
 * into it (stderr caught or not), `report` of its labels into a string, a file into a string,
 * and reading a summary cell by the dash runs of its column rule. Every store made here is
 * removed when the test binary exits (each run made 50 and left them in /tmp).
 */
#ifndef IB_IMPORT_UTIL_H
#define IB_IMPORT_UTIL_H

#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/lib/cli-paths.h"
#include "report/import/import.h"
#include "report/results.h"
#include "report/store/store.h"
#include "report/summary/summary.h"

static inline char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	char *s = calloc(1, 1 << 20);
	assert_non_null(s);
	size_t n = fread(s, 1, (1 << 20) - 1, f);
	s[n] = 0;
	fclose(f);
	return s;
}

static char *tmpstores[128];
static size_t ntmpstores;

static inline int rm_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st, (void)type, (void)ftw;
	return remove(path);
}

static inline void rm_tmpstores(void)
{
	for (size_t i = 0; i < ntmpstores; i++)
		nftw(tmpstores[i], rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static inline char *tmpstore(void)
{
	char *d = strdup("/tmp/ib-test-import-XXXXXX");
	assert_non_null(mkdtemp(d));
	if (!ntmpstores)
		atexit(rm_tmpstores);
	if (ntmpstores < sizeof(tmpstores) / sizeof(*tmpstores))
		tmpstores[ntmpstores++] = strdup(d);   /* callers free theirs */
	return d;
}

static inline int import(const char *file, const char *dir, const char *label)
{
	char *argv[] = { "import", (char *)file, "--results", (char *)dir,
			 label ? "--label" : NULL, (char *)label, NULL };
	return ib_cmd_import(label ? 6 : 4, argv);
}

/* run import with stderr in a buffer */
static inline int import_err(const char *file, const char *dir, char *err, size_t cap)
{
	char path[] = "/tmp/ib-test-import-err-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	assert_true(fd >= 0 && saved >= 0);
	fflush(stderr);
	dup2(fd, 2);
	int rc = import(file, dir, NULL);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ssize_t n = pread(fd, err, cap - 1, 0);
	err[n > 0 ? n : 0] = 0;
	close(fd);
	unlink(path);
	return rc;
}

static inline char *report(const char *dir, char *const *labels, int n)
{
	struct ib_set set;
	char *out = NULL;
	size_t len = 0;
	assert_int_equal(ib_store_load(dir, labels, n, &set, "test"), 0);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	return out;
}

/* the end of the c-th dash run of a rule, and where the run before it ends */
static inline int rule_col(const char *rule, int c, int *prev_end)
{
	int k = -1, end = -1;
	*prev_end = -1;
	for (int i = 0; rule[i]; i++)
		if (rule[i] == '-' && (i == 0 || rule[i - 1] == ' ')) {
			if (++k == c)
				*prev_end = end;
		} else if (rule[i] == '-' && (rule[i + 1] != '-')) {
			end = i;
			if (k == c)
				return end;
		}
	return -1;
}

static inline void cellof(char *out, size_t cap, const char *row, int a, int b)
{
	int len = (int)strlen(row), n;
	if (a >= len) {
		out[0] = 0;
		return;
	}
	if (b >= len)
		b = len - 1;
	while (a <= b && row[a] == ' ')
		a++;
	while (b >= a && row[b] == ' ')
		b--;
	n = b - a + 1;
	snprintf(out, cap, "%.*s", n > 0 ? n : 0, row + a);
}

/* half a unit in the last printed place ("160." -> 0.5, "13.K" -> 500, "0.990" -> 0.0005) */
static inline double half_ulp(const char *s)
{
	const char *dot = strchr(s, '.');
	size_t len = strlen(s), dec = 0;
	double mult = s[len - 1] == 'K' ? 1e3 : s[len - 1] == 'M' ? 1e6 : 1;
	if (dot)
		dec = strspn(dot + 1, "0123456789");
	return 0.5 * pow(10, -(double)dec) * mult;
}

#endif
