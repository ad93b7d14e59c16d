/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * summary.h - the lmbench 2.0 summary of a result set (docs/summary-format.md).
 *
 * Prints the title block, "Basic system parameters" and lmbench 2.0's six tables in its
 * order and layout ("Processor, Processes", "Context switching", "*Local* Communication
 * latencies", "File & VM system latencies", "*Local* Communication bandwidths", "Memory
 * latencies"), then the sections of our own in the same style (below), one row per boot in
 * set order (grouped by label, boots in numeric order). A
 * cell is the median of that boot's samples for the metric; it is blank when the metric is
 * missing or its benchmark's outcome is not `ok`. Every Mhz cell is the measured `mhz`
 * metric. Below the tables, one line per boot whose records are not complete and per
 * outcome that is not `ok` ("uml/2: fork_proc failed: SIGSEGV"), so that every blank is
 * explained, and one per boot whose lmbench columns ran pinned (measurements with cpu >= 0:
 * pin=1; the Placement benchmarks pin themselves and do not count). Under File & VM, one
 * indented line per run of boots says what their file benchmarks ran on (ib_summary_fsdir),
 * and one the size Mmap Latency maps (rowtext.h); under the bandwidths, how big the buffers
 * of lmbench's columns were (ib_summary_bwsize); Memory latencies' Guesses say where Main
 * mem was read. After lmbench's tables come ours, same layout: "Memory hierarchy (random
 * chase)" (the caches found, page size and THP as free text), "Page faults", "Placement",
 * "Process and IPC variants", "File system variants" (the median file create/delete rounds
 * of lmbench 2.0's and 3.0's methods), "Bandwidth variants" (the reads and the write on
 * 64-bit words). Our sections leave out boots imported from lmbench tables, and are not
 * printed when no other boot is in the set.
 */
#ifndef IB_SUMMARY_H
#define IB_SUMMARY_H

#include <stdio.h>

#include <jansson.h>

#include "report/store/store.h"

void ib_summary_print(FILE *f, const struct ib_set *set);

/*
 * The same; by_label (report --by-label) adds, after each label's last row of every table,
 * a row whose OS column says "median of N": per column the median over that label's N boots
 * in the table (ours: not imported ones) of the boots' figures, blank when none has one.
 * ib_summary_label_median() is that figure for one metric over b[0..n).
 */
void ib_summary_print_by(FILE *f, const struct ib_set *set, int by_label);
double ib_summary_label_median(const struct ib_boot *const *b, size_t n, const char *metric);

/*
 * For the other report formats (report-format.h): a boot's Description ("x86_64 TCG
 * QEMU Virtual CPU"); the lines the text summary prints under
 * table s (file system, mmap size, buffer sizes; nothing for most tables), and the lines
 * below all tables (incomplete boots, outcomes not ok, pinned, disturbed, blanks not
 * explained), each as the text summary writes them.
 */
struct section;
void ib_summary_description(const json_t *res, char *out, size_t cap);
void ib_summary_table_notes(FILE *f, const struct section *s, const struct ib_set *set);
void ib_summary_boot_notes(FILE *f, const struct ib_set *set);

/*
 * The i-th metric (from 0) of the tables, lmbench's six and ours, in summary order, each once,
 * in the first table that shows it (ctx_2p_0k is in Context switching, pf_per_fault in File &
 * VM); NULL past the last. *section (if not NULL) is its table's title. `compare` and every
 * export list the metrics through it.
 */
const char *ib_summary_metric(size_t i, const char **section);

/* more metrics than the tables hold (sections.c checks it at compile time against the
 * tables' column slots, ~230 of them with the Core operations): what a caller may size an
 * array of ib_summary_metric()'s names by */
#define IB_SUMMARY_MAX_METRICS 512

/*
 * What a boot's file benchmarks ran on, from its begin record (fsdir.type, fsdir.opts,
 * knob.fsdir, fsdir.dev, knob.fs, mode): "ext4 (rw,relatime) at /mnt/fs on /dev/vda: fs=ext4";
 * in the image without fs= on tmpfs it ends ": no disk (lmbench used one: --fs ext4)"; an
 * fs= that fsdir does not hold ": fs=xfs asked, not there (file benchmarks skipped)". A boot
 * whose suite did not record it gives the fs= parameter of its first
 * measurement that has one ("tmpfs"), else "". One line, cut to cap.
 */
void ib_summary_fsdir(const json_t *res, char *out, size_t cap);

/*
 * The cost a boot's suite injected on purpose (knobs inject_ns, inject_bench of its begin
 * record): "inject_ns=1000 on null_call: a busy-wait added to every timed operation, not a
 * normal boot"; "" when inject_ns is 0 or absent. The summary prints it above its tables and
 * marks the boot's Description, compare beside each variant. One line, cut to cap.
 */
void ib_summary_inject(const json_t *res, char *out, size_t cap);

/*
 * The size of a boot's lmbench 2.0 bandwidth buffers, from the params of its first
 * measured bw_mem_frd, bw_mem_fwr, bw_file_rd or bw_mmap_rd (size_kb: lmbench's MB) and
 * bw_mem_bcopy or bw_mem_fcp (size_kb: MB/2), and the last-level cache they were sized by
 * (llc_kb, llc_src): "64M, Bcopy 32M; LLC 16M (sysfs)" ("(guessed)" when sysfs had none).
 * What is missing is left out; "" when the boot measured none of them. One line, cut to cap.
 */
void ib_summary_bwsize(const json_t *res, char *out, size_t cap);

#endif
