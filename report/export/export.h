/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export.h - a result set (store.h) as CSV, JSON or a self-contained HTML directory, for
 * `initbench export` (results.h, docs/export.md).
 *
 * ib_export_csv() writes one table (docs/export.md), RFC 4180: CRLF line ends, a field quoted
 * when it holds a comma, a quote, CR or LF, quotes doubled. Three tables join on (label,
 * boot) and (label, boot, m), so that nothing is repeated per sample but what a sample needs:
 *  - IB_CSV_SAMPLES: one row per sample: label, boot, m (the measurement's index in the
 *    boot's results.json, from 0), metric, sample (from 0), value;
 *  - IB_CSV_MEASUREMENTS: one row per measurement: label, boot, m, metric, bench, unit,
 *    params ("k=v;k=v", sorted by key), iters, overhead, cpu, samples (how many), median,
 *    min, outcome (the benchmark's status, "" when its outcome record is missing), integrity;
 *  - IB_CSV_BOOTS: one row per boot: label, boot, integrity, uname_r, uname_m, hypervisor,
 *    clocksource, cpu_model, ncpu, cmdline (from env), launcher, accel, host_cpu (from
 *    launch; "" when absent, as for a native or imported boot).
 * Every cell's text is cut to its column's maximum (the lengths of report/log/logparse.h,
 * labels IB_LABEL_MAX, numbers 24), so a row is never longer than ib_csv_row_max(table)
 * bytes: the size of a table is at most one header row plus ib_csv_row_max() per sample,
 * measurement or boot. Returns the number of rows written after the header.
 * ib_csv_field() writes one cell of at most max bytes of s (cut at a UTF-8 boundary): a cell
 * starting with = + - @ TAB or CR that is not a plain number ([+-]digits[.digits][e[+-]
 * digits]) is written as text, quoted with a ' before it ("'=cmd"), as spreadsheet-safe
 * writers do, so that no spreadsheet takes it for a formula.
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

enum ib_csv_table { IB_CSV_SAMPLES, IB_CSV_MEASUREMENTS, IB_CSV_BOOTS };

void ib_csv_field(FILE *f, const char *s, size_t max);
size_t ib_csv_row_max(enum ib_csv_table t);
long ib_export_csv(FILE *f, const struct ib_set *set, enum ib_csv_table t);
json_t *ib_export_json(const struct ib_set *set);
/* text with & < > " ' as entities (safe in element content and quoted attributes) */
void ib_html_text(FILE *f, const char *s);
int ib_export_html(const char *dir, const struct ib_set *set, const json_t *compare,
		   const char *gnuplot);

#endif
