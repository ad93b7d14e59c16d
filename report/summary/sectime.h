/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sectime.h - a boot's benchmark time by summary section, for make bench-harness's time
 * budget (tests/tools/boot-figures.c).
 *
 * A section is a summary table's title up to " - " (sections.c), so the tables that share
 * a name ("Core operations", "lmbench 3 additions") are one section. A benchmark counts in
 * the first table (table order) that prints one of its metrics; one that recorded no
 * metric (skipped, failed) in the first table with a column it measures; else in "other".
 */
#ifndef IB_SUMMARY_SECTIME_H
#define IB_SUMMARY_SECTIME_H

#include <jansson.h>
#include <stddef.h>

#define IB_SECTIME_NAME 80
#define IB_SECTIME_MAX 40

/* what issue 19 added to the full profile: the sections and the two fault kinds */
#define IB_SECTIME_ADDED "Core operations + lmbench 3 additions + TLB + COW/THP faults"

struct ib_sectime_group {
	char name[IB_SECTIME_NAME];
	long long ms;           /* the sum of its outcome records' wall_ms */
	int benches;
};

struct ib_sectime {
	struct ib_sectime_group g[IB_SECTIME_MAX];   /* table order, "other" last; some empty */
	size_t n;
	long long total_ms;
	long long added_ms;     /* of it, IB_SECTIME_ADDED's */
};

/* the first table listing metric (bench NULL), or, metric NULL, the first with a column
 * bench measures; -1 when none */
int ib_sectime_table(const char *metric, const char *bench);

/* the section name of table (its title up to " - "), "other" for -1, into buf[IB_SECTIME_NAME] */
void ib_sectime_name(int table, char *buf);

/* 1 when a benchmark of section name is among IB_SECTIME_ADDED */
int ib_sectime_added(const char *section, const char *bench);

/* fills t from a results.json root's outcomes and measurements; 0, or -1 with no outcomes */
int ib_sectime(json_t *root, struct ib_sectime *t);

#endif
