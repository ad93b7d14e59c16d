/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * results.h - from a stored console log to results.json, and the report commands.
 *
 * ib_results_from_log() reads the raw console log (never changes it), parses every record
 * (docs/protocol.md), checks integrity, and writes json_path atomically (temp file + rename).
 * `launch` (borrowed, may be NULL) is a JSON object of host-side facts (launcher, command
 * line, accelerator and why, host CPU pinning, exit status, wall time) stored under "launch".
 * It prints one line per integrity problem to stderr ("record 12 missing", "line 40: record
 * 13 corrupt (crc)").
 * Returns IB_LOG_COMPLETE, IB_LOG_INCOMPLETE (some records missing or corrupt, or no end
 * record), IB_LOG_NORECORDS (no record at all), or -1 on an I/O error (message printed).
 */
#ifndef IB_RESULTS_H
#define IB_RESULTS_H

#include <jansson.h>

enum { IB_LOG_COMPLETE = 0, IB_LOG_INCOMPLETE = 1, IB_LOG_NORECORDS = 2 };

int ib_results_from_log(const char *log_path, const char *json_path, json_t *launch);

/* `initbench report [--results DIR] [LABEL...]`: lmbench 2.0 layout, one row per boot */
int ib_cmd_report(int argc, char **argv);
/* `initbench parse LOG [--json OUT]`: integrity report of one log, results.json if asked */
int ib_cmd_parse(int argc, char **argv);
/* `initbench compare [--results DIR] [--json OUT] BASE NEW...` (report/compare/compare.c) */
int ib_cmd_compare(int argc, char **argv);
/* `initbench export --format csv|json|html [--results DIR] [--out PATH] LABEL...` (report/export/export.c) */
int ib_cmd_export(int argc, char **argv);
/* `initbench import FILE [--label NAME] [--results DIR]`: an lmbench summary (make see) or a console capture (report/import/import.c) */
int ib_cmd_import(int argc, char **argv);
/* `initbench lava [--device-type T] [--kernel PATH] [--out FILE] [--KNOB VALUE]...`: a LAVA job (report/lava/lava.c) */
int ib_cmd_lava(int argc, char **argv);

#endif
