/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * workload.h - what the macro workloads (compile.c, http.c) share.
 *
 * ib_macro_unpin(): where a whole-system workload runs: everywhere. The harness pins every
 * benchmark's child to opts->cpu (bench/lib/bench.h). A macro workload (a parallel compile,
 * a server and its clients) is about the whole machine, as a user would run it, so this
 * lets the scheduler place it: it widens the calling process's affinity to every CPU the
 * kernel allows it (children inherit it) and makes the `m` records it emits say cpu=-1
 * (unpinned) by pointing ib_opts at a copy with pin = 0 (this process only: the suite's own
 * opts are untouched). Returns the number of CPUs the process may now run on (>= 1), the
 * parallelism the workload should use.
 *
 * ib_macro_first_line(): the first line of a child's log file (a compiler's error, httpd's
 * complaint) into out, for a reason; "" when the file is missing or empty.
 */
#ifndef IB_MACRO_WORKLOAD_H
#define IB_MACRO_WORKLOAD_H

#include <stddef.h>

unsigned ib_macro_unpin(void);
void ib_macro_first_line(const char *path, char *out, size_t cap);

#endif
