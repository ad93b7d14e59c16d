/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rowtext.h - the free text after a summary row and the notes under a table, read from the
 * records' params of one boot (res, a results.json) or of every boot (set); summary.c's
 * sections[] says which table uses which (docs/summary-format.md). Each writes at most cap
 * bytes with a NUL (possibly ""), one line: bytes below 0x20 or above 0x7e become '?'.
 *  - ib_summary_guesses_2_0(): "Memory latencies"' Guesses: "Main mem at 128M" (the size_kb
 *    of lat_mem_rd_main), then lmbench 2.0's own warning when the three printed figures
 *    call for it: "No L2 cache?" when L1 $ and L2 $ differ by more than 20% and L2 $ and Main
 *    mem do not, "No L1 cache?" when L1 $ and L2 $ are within 20%; ", " between the two.
 *  - ib_summary_hierarchy(): "Memory hierarchy": the cache levels the random curve shows
 *    (the `guesses` param of lat_mem, else lat_l2, lat_l1), "Main mem at <buffer_kb>",
 *    "<page_kb> pages", "THP <thp_kb>" (0 when none, ? when the suite could not tell), each
 *    part left out when its param is missing, "; " between them.
 *  - ib_summary_mmap_note(): under "File & VM", one line "  Mmap Latency maps a file of 8M:
 *    mmap, a store every 16K over its first tenth, munmap" from mmap_lat's size_kb; when
 *    boots differ, each size is followed by its boots: "8M (orig/1, orig/2); 64M (uml/1)".
 *    Nothing when no boot has the param (an imported lmbench table).
 *  - ib_summary_notes(): lines under a table, one per run of boots of one label whose text()
 *    is the same: "  <tag>: <label>/<boot or first-last> <text>"; nothing for a boot whose
 *    text is "". The line starts with blanks, so a reader of lmbench tables (our importer
 *    too) skips it. summary.c writes ib_summary_fsdir() ("fsdir") under "File & VM" and
 *    ib_summary_bwsize() ("bw size") under the bandwidths (both in summary.h, defined here).
 * Sizes are KB params printed as "512K", or "8M" when a multiple of 1024.
 */
#ifndef IB_ROWTEXT_H
#define IB_ROWTEXT_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "report/store/store.h"

void ib_summary_guesses_2_0(const json_t *res, char *out, size_t cap);
void ib_summary_hierarchy(const json_t *res, char *out, size_t cap);
void ib_summary_mmap_note(FILE *f, const struct ib_set *set);
void ib_summary_notes(FILE *f, const struct ib_set *set, const char *tag,
		      void (*text)(const json_t *res, char *out, size_t cap));

#endif
