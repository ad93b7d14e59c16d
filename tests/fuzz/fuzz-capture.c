/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-capture.c - libFuzzer entry for the import path as a user takes it: any bytes as the
 * file given to `initbench import` (a capture, an lmbench summary, a LAVA log or a raw dump:
 * import.c decides from the content), into a fresh store; then the store is read back and
 * exported to CSV. What must hold:
 *  - import exits with one of its codes (0, 1, 2, 5, 6: host/lib/exitcode.h), never crashes;
 *  - whatever it stored loads again without a single boot left out: initbench never writes
 *    a results.json its own checks would refuse;
 *  - the input is stored once (at most one copy of it per import), and the CSV of what was
 *    stored keeps the bound of ib_csv_row_max().
 * The store lives in a private directory under /dev/shm (else $TMPDIR or /tmp), emptied
 * after every input and removed when the fuzzer exits.
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "report/export/export.h"
#include "report/results.h"
#include "report/store/store.h"

#define require(c) do { if (!(c)) { printf("fuzz-capture: broken: %s (line %d)\n", #c, __LINE__); fflush(stdout); abort(); } } while (0)

static char top[256], input[300], store[300];
static size_t copies, bytes;

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

/* files under the store that hold the input byte for byte (console.log of a capture: the
 * input itself; lava.log; lmbench-summary.txt) */
static int count(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	const char *base = path + ftw->base;

	if (flag == FTW_F && (!strcmp(base, "console.log") || !strcmp(base, "lava.log") ||
			      !strcmp(base, "lmbench-summary.txt")) && (size_t)st->st_size == bytes)
		copies++;
	return 0;
}

static void rm_top(void)
{
	nftw(top, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ib_set set;
	FILE *f;
	int rc;

	if (!*top) {
		const char *t = access("/dev/shm", W_OK) ? getenv("TMPDIR") : "/dev/shm";

		snprintf(top, sizeof(top), "%s/fuzz-capture.XXXXXX", t && *t ? t : "/tmp");
		require(mkdtemp(top));
		snprintf(input, sizeof(input), "%s/input", top);
		snprintf(store, sizeof(store), "%s/store", top);
		require(freopen("/dev/null", "w", stdout));
		atexit(rm_top);
	}
	require((f = fopen(input, "wb")) && fwrite(data, 1, size, f) == size && !fclose(f));
	char *argv[] = { "import", input, "--results", store, "--label", "fuzz", "--log-max", "1", NULL };
	rc = ib_cmd_import(8, argv);
	require(rc == 0 || rc == 1 || rc == 2 || rc == 5 || rc == 6);
	require(rc != 1 && rc != 2);   /* a regular file, a writable store: nothing to refuse */
	if (!access(store, F_OK)) {
		require(ib_store_load(store, NULL, 0, &set, "fuzz") == 0);
		for (enum ib_csv_table t = IB_CSV_SAMPLES; t <= IB_CSV_BOOTS; t++) {
			char *out = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&out, &len);
			long rows = ib_export_csv(m, &set, t);

			fclose(m);
			require(rows >= 0 && len <= (size_t)(rows + 1) * ib_csv_row_max(t));
			free(out);
		}
		ib_set_free(&set);
		copies = 0;
		bytes = size;
		nftw(store, count, 16, FTW_PHYS);
		require(size == 0 || copies <= 1);
		require(nftw(store, rm_one, 16, FTW_DEPTH | FTW_PHYS) == 0);
	}
	unlink(input);
	return 0;
}
