/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lmbench-columns.h - the tables of an lmbench summary that `initbench import` reads, and
 * which metric each of their columns holds, for every layout lmbench 1.0 to 3.0 printed
 * (lmbench-columns.c; docs/import.md, "Tables and columns read"). The one place where an
 * lmbench column is tied to a metric name: a column whose metric changes name changes here.
 *
 * A layout is told apart from the others of its table by its number of columns after Host
 * and OS (the dash runs of its column rule, less two) and, for the Processor table, by
 * whether its headings put "TCP" under selct (lmbench 2.0's select on TCP sockets) or not
 * (1.9's and early 3.0's select on 100 file descriptors).
 */
#ifndef IB_LMBENCH_COLUMNS_H
#define IB_LMBENCH_COLUMNS_H

#include <stddef.h>

extern const char IB_LMB_DESC[];  /* Basic's Description: a word, lmbench's results directory */
extern const char IB_LMB_FREE[];  /* Memory's Guesses: free text to the end of the row */

struct ib_lmb_layout {
	const char *version;      /* the lmbench version that alone prints it, or NULL */
	int tcp;                  /* Processor: 1 "TCP" under selct, 0 not, -1 either */
	const char *const *col;   /* per column a metric, "" for a column we do not keep, NULL-ended */
};

struct ib_lmb_spec {
	const char *title;        /* how its title starts */
	const struct ib_lmb_layout *layout;
	size_t nlayout;           /* 0: a table lmbench prints that we skip */
};

/* the table whose title starts at s (leading blanks skipped when lead is set), or NULL */
const struct ib_lmb_spec *ib_lmb_spec_at(const char *s, int lead);
/* the first known title inside s[0..n), its spec in *spec; NULL if none */
const char *ib_lmb_find_title(const char *s, size_t n, const struct ib_lmb_spec **spec);
/* the layout of sp with ncols columns (and TCP under selct or not), or NULL */
const struct ib_lmb_layout *ib_lmb_layout(const struct ib_lmb_spec *sp, size_t ncols, int tcp);
size_t ib_lmb_ncols(const struct ib_lmb_layout *l);

#endif
