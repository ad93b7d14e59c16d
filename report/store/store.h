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
 * ib_store_load() reads DIR/<label>/<boot>/results.json, boot directories being decimal
 * numbers taken in numeric order; a boot with a console.log but no results.json is parsed
 * on the fly (nothing is written). Labels: those given, in the order given (a label without
 * a boot is an error); none given: every label, ordered by the mtime of the console.log of
 * its first boot (the order they were measured in), then by name. Returns 0, or -1 with a
 * message on stderr.
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
/* build and write json_path atomically (temp file, fsync, rename); 0 or -1 (message printed) */
int ib_results_write(const struct ib_log *log, const char *json_path, json_t *launch);
/* root written to path via a temp file, fsync and rename; -1 (message printed) on error */
int ib_json_write_atomic(json_t *root, const char *path);
/*
 * A new boot for an import: RESULTS/label/N with N one past the highest number there (64
 * past the last seen is far enough: numbers need not be dense), every missing directory
 * on the way created; its path (malloc'd), or NULL with "initbench WHO: ..." printed.
 * ib_store_write_new() writes a file that must not exist yet (O_EXCL): 0, or -1 printed.
 */
char *ib_store_new_boot(const char *results, const char *label, unsigned long *num,
			const char *who);
int ib_store_write_new(const char *path, const char *data, size_t len, const char *who);
int ib_store_load(const char *dir, char *const *labels, int nlabels, struct ib_set *set);
/* append one boot (takes the reference to res); 0 or -1 */
int ib_set_add(struct ib_set *set, const char *label, unsigned long num, json_t *res);
void ib_set_free(struct ib_set *set);

#endif
