/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export.h - a result set (store.h) as CSV, JSON or a self-contained HTML directory, for
 * `initbench export` (results.h, docs/export.md).
 *
 * ib_export_csv() writes a header and one row per raw sample, RFC 4180 (CRLF line ends,
 * a field quoted when it holds a comma, a quote, CR or LF; quotes doubled). Columns: label,
 * boot, metric, bench, params ("k=v;k=v", sorted by key), unit, sample (0-based index),
 * value, iters, outcome (the benchmark's status, "" when its outcome record is missing),
 * then the boot's environment: uname_r, hypervisor, clocksource (from env), accel,
 * host_cpu (from launch; "" when absent, as for a native or imported boot). Returns the
 * number of sample rows written.
 *
 * ib_export_json() returns a new reference: {"format":1, "labels":[{"label", "boots":
 * [{"boot", "env", "launch", "integrity", "plan", "outcomes", "measurements"}]}]}, the
 * objects being those of results.json unchanged (every raw sample, raw_ns included).
 *
 * ib_export_html() creates dir (refusing an existing non-directory) and writes only inside
 * it: index.html, plots.gp (the gnuplot script), data/ *.dat and plots/ *.png, every path
 * relative, so the directory opens from disk and can be moved. Per metric, in the summary's
 * section order, one plot: x = boot number, y = the boot's median (big dots, one colour per
 * label), every sample faintly behind. `compare` (borrowed, may be NULL) is what
 * `initbench compare --json` writes; with it the page adds, per section, a chart of the
 * ratios with their 95% CIs around 1.0 (significant rows in colour) and the table.
 * gnuplot is run as argv {gnuplot, "plots.gp"} (no shell) in dir, its output going to
 * dir/gnuplot.log; `gnuplot` NULL means "gnuplot" from PATH. Without gnuplot the page is
 * still written, saying so, and the call returns 1. Returns 0, 1 (page written, some plot
 * missing: message printed), or -1 (nothing usable written: message printed).
 */
#ifndef IB_EXPORT_H
#define IB_EXPORT_H

#include <stdio.h>

#include <jansson.h>

#include "report/store/store.h"

/* one CSV field, quoted only when RFC 4180 needs it */
void ib_csv_field(FILE *f, const char *s);
long ib_export_csv(FILE *f, const struct ib_set *set);
json_t *ib_export_json(const struct ib_set *set);
/* text with & < > " ' as entities (safe in element content and quoted attributes) */
void ib_html_text(FILE *f, const char *s);
int ib_export_html(const char *dir, const struct ib_set *set, const json_t *compare,
		   const char *gnuplot);

#endif
