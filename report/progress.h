/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.h - progress lines while a boot runs.
 *
 * ib_progress_line() is a console line callback (boot/console.h on_line): for the plan
 * record it takes the count, for each outcome record it prints
 * "initbench: benchmark i/M name[#round] status[: reason] (N ms)" to stderr. ctx is a
 * struct ib_progress, zeroed before the boot. It never fails and never allocates.
 */
#ifndef IB_PROGRESS_H
#define IB_PROGRESS_H

#include <stddef.h>

struct ib_progress {
	unsigned planned, done;
};

void ib_progress_line(void *ctx, const char *line, size_t len);

#endif
