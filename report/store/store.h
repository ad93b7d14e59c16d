/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * store.h - results.json: built from a parsed log, and loaded back for the report.
 *
 * results.json (format 1) holds only what the log says, nothing about the label:
 *   { "format": 1, "integrity": {...}, "env": {begin fields, as strings},
 *     "plan": {"count", "benches"}, "measurements": [{bench, metric, unit, iters, overhead,
 *     cpu, params{}, samples[], raw_ns[], median, min}], "outcomes": [...], "launch": {...} }
 * ib_results_build() returns a new reference (NULL when out of memory).
 *
 * ib_results_check() is 0 when a results.json object can be what initbench wrote, else -1
 * and the first broken rule in why ("format 99: not a format this initbench reads (1)",
 * "integrity.found = -4: a count cannot be negative", "measurements[3].samples[2] = -5 us,
 * below -overhead (0.1): no interval takes negative time", "env.uname_r is 10485760 bytes,
 * more than 256"): format 1; integrity.status known, its counts integers >= 0; every string
 * within its maximum (report/log/logparse.h: the same as when a log is parsed) and free of
 * control characters; samples numbers, a time never below -overhead, MB/s and MHz never
 * negative, raw_ns never negative, median and min those of the samples; iters >= 0, cpu >= -1;
 * arrays and objects nested at most 8 deep.
 *
 * ib_store_load() reads DIR/<label>/<boot>/results.json, boot directories being decimal
 * numbers taken in numeric order; a boot with a console.log but no results.json is parsed
 * on the fly (nothing is written). Store files are opened as inputs (host/lib/safeio.h: a
 * FIFO or a device in their place is refused, never waited on). Labels: those given, in the
 * order given; none given: every directory of DIR named as a label (host/lib/cli-paths.h)
 * that holds a boot, ordered by the mtime of the console.log of its first boot (the order
 * they were measured in), then by name. Every label or boot left out is named on stderr,
 * "initbench WHO: ...", with why, and the return value is the exit class of the worst
 * (host/lib/exitcode.h; a usage problem before any other: the command line is what to fix):
 * 0 everything read; IB_EXIT_USAGE a label given that is not a label or not stored; IB_EXIT_HOSTIO a directory or file that cannot be read; IB_EXIT_BADDATA
 * a boot refused (not JSON, ib_results_check(), no file at all), a boot-like name that is
 * not a boot number, a directory with boots whose name is not a label. Boots whose records
 * are incomplete are loaded (the report explains them): ib_boot_whole() is 0 for them, and
 * ib_set_say_not_whole() names each on stderr and returns how many.
 * Out of memory: ib_oom().
 */
#ifndef IB_STORE_H
#define IB_STORE_H

#include <jansson.h>

#include "report/log/logparse.h"

struct ib_boot {
	char *label;
	unsigned long num;  /* the boot directory's number */
	json_t *res;        /* results.json */
};

struct ib_set {
	struct ib_boot *boots;  /* grouped by label, boots in numeric order */
	size_t n;
};

json_t *ib_results_build(const struct ib_log *log, json_t *launch);
/* build and write json_path atomically (safeio.h: flags IB_OUT_*); 0 or -1 (message printed) */
int ib_results_write(const struct ib_log *log, const char *json_path, json_t *launch, int flags);
/* root written to path through ib_out_open(path, flags); -1 (message printed) on error */
int ib_json_write_atomic(json_t *root, const char *path, int flags);
int ib_results_check(const json_t *res, char *why, size_t cap);
/*
 * A new boot for an import: RESULTS/label/N, N one past the highest number there, the store
 * created if missing and the label directory made under it, never through a symbolic link
 * (refused with the reason); *num on entry: 0, or the number expected next (an import making
 * many boots of one label looks at the directory once). Its path (malloc'd) and *num, or NULL
 * with "initbench WHO: ..." printed.
 * ib_store_write_new() writes a file that must not exist yet (O_EXCL|O_NOFOLLOW): 0, or -1
 * printed.
 */
char *ib_store_new_boot(const char *results, const char *label, unsigned long *num,
			const char *who);
int ib_store_write_new(const char *path, const char *data, size_t len, const char *who);
int ib_store_load(const char *dir, char *const *labels, int nlabels, struct ib_set *set,
		  const char *who);
int ib_boot_whole(const struct ib_boot *b);
size_t ib_set_say_not_whole(const struct ib_set *set, const char *dir, const char *who);
/* append one boot (takes the reference to res); 0 or -1 */
int ib_set_add(struct ib_set *set, const char *label, unsigned long num, json_t *res);
void ib_set_free(struct ib_set *set);

#endif
