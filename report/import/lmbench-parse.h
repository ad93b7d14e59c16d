/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lmbench-parse.h - between the two halves of the lmbench summary reader (import.h):
 * import-lmbench.c reads the document, its tables and their aligned rows; lmbench-words.c
 * reads rows whose columns no longer line up (whitespace collapsed) and tables flattened
 * onto one line, word by word, using each layout's known number of columns.
 */
#ifndef IB_LMBENCH_PARSE_H
#define IB_LMBENCH_PARSE_H

#include <stddef.h>

#include "report/import/import.h"
#include "report/import/lmbench-columns.h"

struct lmb_doc {
	const char *file;
	const char **line;        /* the text's lines with mail quoting ("> ", "> > ") taken off */
	size_t n;
	struct ib_lmb_summary *s;
	const char *verhint;      /* the version a layout only one lmbench printed tells */
	int slct;                 /* a Processor heading says "slct" (3.0) */
	int short_rows;           /* word-read rows of the current table with cells missing */
	int short_line;           /* the first of them */
};

/* a row read but not yet stored: a refused row leaves the summary as it was */
struct lmb_pending {
	char host[64], os[128], desc[128], guesses[160];
	struct { const char *metric; double v; char text[64]; } c[24];
	size_t nc;
};

struct lmb_word {
	const char *p;
	size_t n;
};

/* prints "initbench import: FILE:LINE: <fmt with a and b>"; returns -1 */
int ib_lmb_refuse(const struct lmb_doc *d, int ln, const char *fmt, const char *a, const char *b);
/* stores a row read at line ln: its cells join the row of the same Host and OS (0, -1 no memory) */
int ib_lmb_commit(struct lmb_doc *d, int ln, const struct lmb_pending *p);
/* a cell of p: the word's value and text, unless metric is "" or the word holds no data */
void ib_lmb_pend_cell(struct lmb_pending *p, const char *metric, const struct lmb_word *w);
/* 1 if the word is a cell (a figure, '-' or a negative figure), else 0 */
int ib_lmb_is_cell(const struct lmb_word *w);

/* the words of s[0..n) split at blanks, at most max; returns how many */
size_t ib_lmb_split(const char *s, size_t n, struct lmb_word *w, size_t max);

/*
 * One row that is a whole line, read word by word for layout lay. quiet: print nothing and
 * return 1 when the row does not fit (the caller has a better message). 0 stored, -1 refused.
 */
int ib_lmb_words_line(struct lmb_doc *d, int ln, const char *line, const struct ib_lmb_layout *lay,
		      int quiet);
/* line li: a column rule with the table's rows after it on the same line (a table flattened
 * below its headings); -2 when it is not such a line, else 0 read or -1 refused */
int ib_lmb_glued_rows(struct lmb_doc *d, size_t li, const struct ib_lmb_spec *sp, int tcp);
/* the flattened tables of line li (title, rule and rows on one line): 1 read, 0 none, -1 refused */
int ib_lmb_flat_tables(struct lmb_doc *d, size_t li);
/* a table ends: its rows are closed (a row seen again is another boot's), and rows read word by
 * word with cells missing are said in one line (their blanks were taken as the last columns) */
void ib_lmb_close_table(struct lmb_doc *d, const char *title);

#endif
