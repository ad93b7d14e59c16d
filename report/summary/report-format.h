/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report-format.h - `initbench report --format markdown|json` (docs/usage.md, "Report
 * formats"); text is summary.h's. The tables are the summary's, "Basic system parameters"
 * holding mhz; a table of ours leaves imported boots out, as the text does.
 *
 *  - ib_report_json(f, set, by_label): one JSON document: {"format": 1, "boots": [{label,
 *    boot, os, description, status}], "sections": [{title, rows: [{label, boot, values:
 *    {metric: {value, unit}}}], notes: [line]}], "notes": [line]}. A value without a figure
 *    is null, its unit then "". With by_label, after a label's boots a row {label,
 *    median_of: N, values} (no "boot"): the median over its N boots (summary.h). notes are
 *    the text summary's lines under that table and under all tables, blanks trimmed.
 *  - ib_report_markdown(f, set, by_label): GitHub markdown in 80 columns: the boots, then per
 *    table one GitHub table (metric, unit, a column per boot and per label median) split
 *    into as many tables as the columns need; a metric no boot has, and a table with none
 *    left, is not printed. The notes as list items.
 * Both return 0, or -1 when out of memory or f failed.
 */
#ifndef IB_REPORT_FORMAT_H
#define IB_REPORT_FORMAT_H

#include <stdio.h>

#include "report/store/store.h"

int ib_report_json(FILE *f, const struct ib_set *set, int by_label);
int ib_report_markdown(FILE *f, const struct ib_set *set, int by_label);

#endif
