/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sections.h - the summary's tables as data (sections.c), for summary.c.
 *
 * ib_summary_sections[0..ib_summary_nsections): lmbench 2.0's six tables in its order
 * (the first NLMBENCH), then ours (docs/summary-format.md). A table's columns end at the
 * first with a NULL metric.
 */
#ifndef IB_SUMMARY_SECTIONS_H
#define IB_SUMMARY_SECTIONS_H

#include <stddef.h>

struct column {
	const char *metric;
	int width;
	const char *bench;      /* the registry entry that measures it, when not the metric's name */
};

/* the free text after a row's last cell (struct section's `text`; rowtext.h) */
enum row_text {
	NO_TEXT,
	GUESSES_2_0,   /* Memory latencies: Main mem's size, then lmbench's own notes */
	HIERARCHY,     /* Memory hierarchy: the cache levels found, buffer, page size, THP */
};

/*
 * One table: lmbench 2.0's six, then ours (docs/summary-format.md). A row is the key
 * ("%-9.9s %13.13s "), then `lead`, then the Mhz cell if `mhz`, then the cells, one blank
 * between cells, then the free text `text` selects.
 */
struct section {
	const char *title;
	const char *warning;    /* a line between the title and its rule, or NULL */
	const char *rule;       /* lmbench's rule under the title */
	const char *head1, *head2, *cols;  /* head2 NULL: one heading line */
	const char *lead;
	int mhz;
	enum row_text text;
	struct column col[12];
};

/* the tables under which each boot's file system (fs_notes) and bandwidth size (bw_notes)
 * are noted */
#define FILE_VM_TITLE "File & VM system latencies in microseconds - smaller is better"
#define BW_TITLE "*Local* Communication bandwidths in MB/s - bigger is better"

/* ib_summary_sections[0..NLMBENCH) are lmbench 2.0's six tables; the rest are ours */
#define NLMBENCH 6

extern const struct section ib_summary_sections[];
extern const size_t ib_summary_nsections;

#endif
