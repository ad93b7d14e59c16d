/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lmbench-words.c - lmbench summary rows read word by word (lmbench-parse.h, docs/import.md,
 * "Tables as they survive"): rows whose blanks a web page or a mailer collapsed, so that
 * their cells no longer stand under the column rule, and whole tables flattened onto one
 * line. A row is Host, an OS of one or two words, Basic's Description, then one figure per
 * column in order; a blank cell left no word, so a row with fewer figures than columns is
 * read with its blanks at the end (said once per table: a blank inside the row cannot be
 * placed, and the figures after it land one column early).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/import/lmbench-parse.h"

/* lmbench prints OS as "%13.13s" of "sysname release" */
#define OS_WIDTH 13

size_t ib_lmb_split(const char *s, size_t n, struct lmb_word *w, size_t max)
{
	size_t k = 0, i = 0;

	while (i < n && k < max) {
		while (i < n && s[i] == ' ')
			i++;
		if (i >= n)
			break;
		w[k].p = s + i;
		while (i < n && s[i] != ' ')
			i++;
		w[k].n = (size_t)(s + i - w[k].p);
		k++;
	}
	return k;
}

static int cell_of(const struct lmb_word *w, double *v)
{
	char tok[64];

	if (w->n >= sizeof(tok))
		return -1;
	memcpy(tok, w->p, w->n);
	tok[w->n] = 0;
	return ib_import_cell(tok, v);
}

int ib_lmb_is_cell(const struct lmb_word *w)
{
	double v;

	return cell_of(w, &v) >= 0;
}

void ib_lmb_pend_cell(struct lmb_pending *p, const char *metric, const struct lmb_word *w)
{
	double v;

	if (!*metric || cell_of(w, &v) <= 0 || p->nc == sizeof(p->c) / sizeof(p->c[0]))
		return;
	p->c[p->nc].metric = metric;
	p->c[p->nc].v = v;
	snprintf(p->c[p->nc].text, sizeof(p->c[0].text), "%.*s", (int)w->n, w->p);
	p->nc++;
}

static int word_is(const struct lmb_word *w, const char *s)
{
	return w->n == strlen(s) && !memcmp(w->p, s, w->n);
}

static int dashes(const struct lmb_word *w)
{
	return w->n >= 3 && strspn(w->p, "-") >= w->n;
}

/*
 * How many of the words from w[i] make the OS: those of an earlier row of the same host
 * when they are there (Basic's Description pins them down), else two when the second word
 * is no figure ("2.4.18", "5.0-C") or when both fit lmbench's 13 characters ("SunOS 5.5"):
 * lmbench's OS is one word only when the sysname alone fills the width. force2: the row
 * has more figures than columns without it.
 */
static size_t os_words(const struct lmb_doc *d, const char *host, const struct lmb_word *w,
		       size_t i, size_t end, int force2)
{
	int one = 0;

	if (i + 1 >= end)
		return end - i;
	for (size_t r = 0; r < d->s->n; r++) {
		const char *os = d->s->rows[r].os;
		size_t l1 = strcspn(os, " ");
		if (strcmp(d->s->rows[r].host, host) || l1 != w[i].n || memcmp(os, w[i].p, l1))
			continue;
		if (!os[l1])
			one = 1;
		else if (!strncmp(os + l1 + 1, w[i + 1].p, w[i + 1].n) && !os[l1 + 1 + w[i + 1].n])
			return 2;
	}
	if (one && !force2)
		return 1;
	if (force2 || !ib_lmb_is_cell(&w[i + 1]) || w[i].n + 1 + w[i + 1].n <= OS_WIDTH)
		return 2;
	return 1;
}

/*
 * One row from w[*i] to at most w[end]. line: the row is a whole line, words left over are
 * refused (quiet: 1 returned instead, and a row with cells missing is not taken either);
 * else the row is one of a flattened table and ends after its figures (and Guesses).
 */
static int words_row(struct lmb_doc *d, int ln, const struct lmb_word *w, size_t *i, size_t end,
		     const struct ib_lmb_layout *lay, int line, int quiet)
{
	const char *const *col = lay->col;
	size_t k = *i, ncol = ib_lmb_ncols(lay), c = 0, osn, figs = 0;
	int has_free = ncol && col[ncol - 1] == IB_LMB_FREE;
	size_t want = ncol - (size_t)has_free - (col[0] == IB_LMB_DESC);
	struct lmb_pending p;
	char tok[64];

	memset(&p, 0, sizeof(p));
	snprintf(p.host, sizeof(p.host), "%.*s", (int)w[k].n, w[k].p);
	if (++k >= end)
		return quiet ? 1 : ib_lmb_refuse(d, ln, "no OS in row '%s'%s", p.host, "");
	if (col[0] == IB_LMB_DESC)   /* a Description follows OS, then Mhz (-1 at worst) */
		osn = k + 2 < end && !ib_lmb_is_cell(&w[k + 2]) ? 2 : 1;
	else {
		size_t cells = 0;
		for (size_t q = k + 1; line && q < end; q++)
			cells += (size_t)ib_lmb_is_cell(&w[q]);
		osn = os_words(d, p.host, w, k, end, line && cells > want);
	}
	/* one blank between the words, as lmbench prints OS, whatever the shape kept */
	snprintf(p.os, sizeof(p.os), "%.*s%s%.*s", (int)w[k].n, w[k].p, osn > 1 ? " " : "",
		 osn > 1 ? (int)w[k + 1].n : 0, osn > 1 ? w[k + 1].p : "");
	k += osn;
	if (col[0] == IB_LMB_DESC) {
		if (k < end)
			snprintf(p.desc, sizeof(p.desc), "%.*s", (int)w[k].n, w[k].p), k++;
		c = 1;
	}
	for (; c < ncol && col[c] != IB_LMB_FREE && k < end && ib_lmb_is_cell(&w[k]); c++, k++, figs++)
		ib_lmb_pend_cell(&p, col[c], &w[k]);
	if (has_free && k < end && !ib_lmb_is_cell(&w[k])) {   /* Guesses: "No L2 cache?" */
		size_t q = line ? end - 1 : k;
		while (!line && q < end && q < k + 4 && w[q].p[w[q].n - 1] != '?')
			q++;
		if (line || (q < end && q < k + 4)) {
			snprintf(p.guesses, sizeof(p.guesses), "%.*s", (int)(w[q].p + w[q].n - w[k].p), w[k].p);
			k = q + 1;
		}
	}
	if (line && k < end) {
		if (quiet)
			return 1;
		snprintf(tok, sizeof(tok), "%.*s", (int)w[k].n, w[k].p);
		if (c == ncol || col[c] == IB_LMB_FREE)
			return ib_lmb_refuse(d, ln, "'%s' lies past the last column%s", tok, "");
		return ib_lmb_refuse(d, ln, "cannot read '%s' as a figure (%s)", tok,
				     *col[c] ? col[c] : "an unused column");
	}
	if (figs && figs < want) {
		size_t first = col[0] == IB_LMB_DESC, q = first + 1;
		if (quiet)
			return 1;
		/* said only where a figure could have landed under the wrong metric */
		while (q < first + want && !*col[q])
			q++;
		if (q < first + want && !d->short_rows++)
			d->short_line = ln;
	}
	*i = k;
	return ib_lmb_commit(d, ln, &p);
}

int ib_lmb_words_line(struct lmb_doc *d, int ln, const char *line, const struct ib_lmb_layout *lay,
		      int quiet)
{
	size_t len = strlen(line), n, i = 0;
	struct lmb_word *w = malloc((len / 2 + 1) * sizeof(*w));
	int rc;

	if (!w)
		return ib_lmb_refuse(d, ln, "out of memory%s%s", "", "");
	n = ib_lmb_split(line, len, w, len / 2 + 1);
	rc = n ? words_row(d, ln, w, &i, n, lay, 1, quiet) : 0;
	free(w);
	return rc;
}

/* the rows after a column rule whose first word is w[r]; tcp: "TCP" stood in the headings */
static int rows_after_rule(struct lmb_doc *d, int ln, const struct ib_lmb_spec *sp,
			   const struct lmb_word *w, size_t n, size_t r, int tcp)
{
	size_t run = 0, i;

	while (r + run < n && dashes(&w[r + run]))
		run++;
	const struct ib_lmb_layout *lay = ib_lmb_layout(sp, run - 2, tcp);
	if (!lay) {
		char cols[24];
		snprintf(cols, sizeof(cols), "%zu", run - 2);
		return ib_lmb_refuse(d, ln, "%s: %s columns, not a layout lmbench 1.0 to 3.0 prints",
				     sp->title, cols);
	}
	if (lay->version)
		d->verhint = lay->version;
	for (i = r + run; i < n;)
		if (words_row(d, ln, w, &i, n, lay, 0, 0))
			return -1;
	ib_lmb_close_table(d, sp->title);
	return 0;
}

/* one flattened table: its words after the title, up to the next title; 0 when not a table */
static int flat_table(struct lmb_doc *d, int ln, const struct ib_lmb_spec *sp,
		      const struct lmb_word *w, size_t n)
{
	size_t h = 0, r, run = 0;
	int tcp = 0;

	while (h < n && !word_is(&w[h], "Host"))
		h++;
	for (r = h + 1; r < n && !dashes(&w[r]); r++) {
		tcp |= word_is(&w[r], "TCP");
		d->slct |= sp->nlayout && word_is(&w[r], "slct");
	}
	while (r + run < n && dashes(&w[r + run]))
		run++;
	if (h >= n || run < 3)
		return 0;
	if (!sp->nlayout)      /* one of 3.0's tables we do not read */
		return 1;
	return rows_after_rule(d, ln, sp, w, n, r, tcp) ? -1 : 1;
}

int ib_lmb_glued_rows(struct lmb_doc *d, size_t li, const struct ib_lmb_spec *sp, int tcp)
{
	const char *l = d->line[li];
	size_t len = strlen(l), n, run = 0;
	struct lmb_word *w = malloc((len / 2 + 1) * sizeof(*w));
	int rc = -2;

	if (!w)
		return ib_lmb_refuse(d, (int)li + 1, "out of memory%s%s", "", "");
	n = ib_lmb_split(l, len, w, len / 2 + 1);
	while (run < n && dashes(&w[run]))
		run++;
	if (run >= 3 && run < n)
		rc = rows_after_rule(d, (int)li + 1, sp, w, n, 0, tcp);
	free(w);
	return rc;
}

int ib_lmb_flat_tables(struct lmb_doc *d, size_t li)
{
	const char *l = d->line[li], *e = l + strlen(l), *t, *after;
	const struct ib_lmb_spec *sp, *next;
	size_t max = (size_t)(e - l) / 2 + 1;
	struct lmb_word *w = NULL;
	int found = 0;

	for (t = ib_lmb_find_title(l, (size_t)(e - l), &sp); t; t = ib_lmb_find_title(after, (size_t)(e - after), &sp)) {
		const char *end;
		after = t + strlen(sp->title);
		end = ib_lmb_find_title(after, (size_t)(e - after), &next);
		if (!end)
			end = e;
		if (!w && !(w = malloc(max * sizeof(*w))))
			return ib_lmb_refuse(d, (int)li + 1, "out of memory%s%s", "", "");
		size_t n = ib_lmb_split(after, (size_t)(end - after), w, max);
		int rc = flat_table(d, (int)li + 1, sp, w, n);
		if (rc < 0) {
			free(w);
			return -1;
		}
		found |= rc;
	}
	free(w);
	return found;
}
