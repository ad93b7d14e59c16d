/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * benchgen.h - gathers the per-benchmark lines of the bench/ sources into the registry's X-macro list
 * ($(O)/include/benches.def) and the "Benchmarks" Kconfig menu ($(O)/include/benches.kconfig),
 * so that a benchmark is declared once, in its own file (bench/README.md, "Adding a benchmark").
 *
 * The lines it reads (anything else is ignored):
 *   //section: KEY TITLE...              a comment heading of the Benchmarks menu; sections
 *                                        appear in the order these lines are read
 *   //bench: ORDER NAME SYMBOL SECTION [named]
 *                                        a registry row: ORDER sorts the table (summary
 *                                        order, the KTAP number), NAME is also ib_run_NAME(),
 *                                        the family is the file's base name; "named": only
 *                                        built with SYMBOL and never in bench=all
 *   //config:KCONFIG TEXT                consecutive lines form one entry, opened by
 *                                        "config SYMBOL"; placed under the section of the
 *                                        benchmarks naming SYMBOL, at the lowest ORDER
 *
 * bg_feed() takes every line of every file, in a fixed file order; bg_finish() checks the
 * cross references and sorts. Both return 0, or -1 with one line "FILE:LINE: why" in err.
 */
#ifndef IB_BENCHGEN_H
#define IB_BENCHGEN_H

#include <stddef.h>
#include <stdio.h>

#define BG_WORD 64
#define BG_WHERE 256

struct bg_bench {
	unsigned order;
	char name[BG_WORD], sym[BG_WORD], section[BG_WORD], family[BG_WORD];
	int named;
	char where[BG_WHERE];
};

struct bg_section {
	char key[BG_WORD];
	char title[160];
	char where[BG_WHERE];
};

struct bg_block {
	char sym[BG_WORD];
	char *text;           /* the Kconfig lines, each ending in '\n' */
	size_t len;
	unsigned section, order;   /* its place in the menu, set by bg_finish() */
	char where[BG_WHERE];
};

struct bg_set {
	struct bg_bench *benches;
	struct bg_section *sections;
	struct bg_block *blocks;
	unsigned nbenches, nsections, nblocks;
	int open;             /* the last line fed was a //config: line of the last block */
	char err[640];
};

void bg_init(struct bg_set *s);
int bg_feed(struct bg_set *s, const char *file, unsigned line, const char *text);
int bg_finish(struct bg_set *s);
int bg_write_def(const struct bg_set *s, FILE *f);
int bg_write_kconfig(const struct bg_set *s, FILE *f);
void bg_free(struct bg_set *s);

#endif
