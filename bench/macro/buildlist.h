/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * buildlist.h - the compile workload's build list: what one timed build runs.
 *
 * scripts/mkmacro.sh writes it into the macro tree as build.list; bench/macro/compile.c
 * reads it. One directive per line; blank lines and lines starting with '#' are ignored;
 * words are separated by blanks and taken as they are (no quoting, no globbing):
 *   corpus NAME        the code base, one word (the record's `corpus`); required
 *   lines N            lines of C source the compiles read (the record's `lines`); required
 *   job WORD...        one command of the timed build; the jobs between two `wait`s (or the
 *                      start and the end) form a phase and may run in parallel
 *   wait               every job before it ends before any job after it starts
 *   check WORD...      after the timed build, untimed: the command must exit 0
 *   same FILE FILE     after the timed build, untimed: the two files must be identical
 * The checks come after every job (a job after a check or same is an error).
 * In every word "@R" stands for the macro tree's root and "@W" for the run's scratch
 * directory (each occurrence is replaced). After that, the first word of job and check
 * must be an absolute path (it is executed without a search path).
 *
 * ib_bl_parse() parses text (NUL-terminated) into bl, which it initialises; 0, or -1 with
 * bl->err holding "line N: why" (unknown directive, missing or extra words, a bad number,
 * a relative program, no job at all, too many steps or words). Either way
 * ib_bl_free() releases what it allocated. Limits: IB_BL_MAX_STEPS steps (a wait is a step),
 * IB_BL_MAX_WORDS words per step, words up to IB_BL_MAX_WORD bytes after expansion.
 */
#ifndef IB_BUILDLIST_H
#define IB_BUILDLIST_H

#define IB_BL_MAX_STEPS 256
#define IB_BL_MAX_WORDS 64
#define IB_BL_MAX_WORD 1024

enum ib_bl_kind { IB_BL_JOB, IB_BL_WAIT, IB_BL_CHECK, IB_BL_SAME };

struct ib_bl_step {
	enum ib_bl_kind kind;
	unsigned line;          /* in the list, from 1 */
	unsigned argc;
	char *argv[IB_BL_MAX_WORDS + 1];   /* NULL-terminated */
};

struct ib_buildlist {
	char corpus[128];
	unsigned long lines;
	unsigned nsteps;
	unsigned njobs;         /* job steps */
	unsigned nphases;       /* runs of jobs separated by waits (empty ones not counted) */
	struct ib_bl_step step[IB_BL_MAX_STEPS];
	char err[160];
};

int ib_bl_parse(struct ib_buildlist *bl, const char *text, const char *root, const char *work);
void ib_bl_free(struct ib_buildlist *bl);

#endif
