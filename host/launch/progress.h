/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.h - what a running boot is doing, on stderr (docs/launch.md "Progress").
 *
 * A struct ib_progress is zeroed and then given the boot's place (boot k of n, label, or
 * variant and block in a campaign), the estimate and the mode before the boot starts.
 * ib_progress_line() is a console line callback (host/boot/console.h on_line): it takes the plan
 * record's count and order, and counts outcome records (the running benchmark is the plan's
 * next entry). ib_progress_tick() is the console's on_tick.
 *  - tty mode (stderr is a terminal): one line, redrawn in place with "\r" and
 *    clear-to-end-of-line whenever its text changes, cut to the terminal's width; the final
 *    tick clears it, so whatever is printed next starts on a clean line.
 *  - plain mode: one line per outcome record,
 *    "initbench: benchmark i/M name[#round] status[: reason] (N ms)", no "\r".
 * ib_progress_format() is the tty line as a pure function of p and the time since the boot
 * started: "initbench: boot 2/3 x: benchmark 5/17 lat_pipe, 12 s (~29 s left)" (a campaign:
 * "boot 4/10 new (block 2): ..."; before the plan "starting", after it "benchmark 17/17 done").
 * ib_progress_estimate() is the wall time of the label's last complete boot stored under
 * label_dir (its results.json launch facts), or -1 without one.
 * None of these fail; only ib_progress_estimate() allocates (and frees) memory.
 */
#ifndef IB_PROGRESS_H
#define IB_PROGRESS_H

#include <stddef.h>

struct ib_progress {
	unsigned planned, done;
	char order[2048];        /* the plan's benches=, comma separated, "" before it came */
	int tty;                 /* 1: the updating line; 0: plain lines */
	unsigned boot, nboots;   /* 1-based place of this boot in the run or campaign */
	const char *label;       /* label, or the variant's name in a campaign */
	unsigned block;          /* campaign block, 0 outside a campaign */
	double est_s;            /* the estimate of the whole boot, <= 0 without one */
	double t0;               /* when the boot started (monotonic seconds) */
	unsigned cols;           /* terminal width, 0: 80 */
	char shown[256];         /* the line on screen in tty mode, "" when none */
};

void ib_progress_line(void *ctx, const char *line, size_t len);
void ib_progress_tick(void *ctx, int final);
size_t ib_progress_format(const struct ib_progress *p, double elapsed_s, char *buf, size_t cap);
double ib_progress_estimate(const char *label_dir);
double ib_progress_now(void);

#endif
