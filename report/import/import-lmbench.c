/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import-lmbench.c - an lmbench 1.x, 2.0 or 3.0 summary read into rows (import.h,
 * docs/import.md): as `make see` printed it, or as it survives in mail and on web pages.
 * Nothing here writes to the store. Mail quoting ("> ", "> > ", ">>") is taken off every
 * line first. Which metric a column holds is lmbench-columns.c's; rows whose columns no
 * longer line up, and tables flattened onto one line, are read word by word (lmbench-words.c).
 *
 * Aligned cells are found by position: each table's column rule (the dash line) gives the
 * columns, and a figure belongs to the first column whose dashes end at or after its last
 * character, provided it starts after the previous column's dashes. Cells are right-aligned
 * in every lmbench version, even where they are wider than their dashes (2.0's Mmap Latency,
 * Page Fault); only the Memory table's Main mem sits left of its dashes, and it still ends
 * inside them. A figure wider than its column (lmbench's "%3d" of a 4-digit Mhz) pushes the
 * rest of the row right, and is followed. Splitting such rows on blanks would not do: blank
 * cells are common and OS has a blank.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/import/lmbench-parse.h"

#define MAX_GROUPS 16

/* ---- small helpers ---- */

int ib_import_cell(const char *tok, double *v)
{
	const char *p = tok + (*tok == '-');
	char *end;
	double mult = 1;

	if (!strcmp(tok, "-"))
		return 0;
	if (!(isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) ||
	    strpbrk(tok, "xX"))
		return -1;
	double d = strtod(tok, &end);
	if (end == tok)
		return -1;
	if (*end == 'K')
		mult = 1e3, end++;
	else if (*end == 'M')
		mult = 1e6, end++;
	if (*end || !isfinite(d))
		return -1;
	if (d < 0)
		return 0;
	if (!isfinite(d * mult))   /* "9e307K": a figure no machine prints */
		return -1;
	*v = d * mult;
	return 1;
}

static void trimcpy(char *out, size_t cap, const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(out, s, n);
	out[n] = 0;
}

/* the bytes of line from a to b inclusive, clipped to the line */
static void field(char *out, size_t cap, const char *line, size_t a, size_t b)
{
	size_t len = strlen(line);
	if (a >= len || b < a) {
		out[0] = 0;
		return;
	}
	trimcpy(out, cap, line + a, (b < len ? b + 1 : len) - a);
}

/* ---- the lmbench summary ---- */

struct group { size_t start, end; };

/* a column rule: only dashes and blanks, at least three runs of dashes, the first at 0 */
static size_t groups(const char *line, struct group *g)
{
	size_t n = 0, i = 0;
	if (line[0] != '-' || strspn(line, "- ") != strlen(line))
		return 0;
	while (line[i]) {
		while (line[i] == ' ')
			i++;
		if (!line[i])
			break;
		if (n == MAX_GROUPS)
			return 0;
		g[n].start = i;
		while (line[i] == '-')
			i++;
		g[n++].end = i - 1;
	}
	return n >= 3 ? n : 0;
}

int ib_lmb_refuse(const struct lmb_doc *d, int ln, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "initbench import: %s:%d: ", d->file, ln);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return -1;
}

static struct ib_lmb_row *find_row(struct ib_lmb_summary *s, const char *host, const char *os, int occ)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->rows[i].host, host) && !strcmp(s->rows[i].os, os) && s->rows[i].occ == occ)
			return &s->rows[i];
	struct ib_lmb_row *r = realloc(s->rows, (s->n + 1) * sizeof(*r));
	if (!r)
		return NULL;
	s->rows = r;
	r = &s->rows[s->n++];
	memset(r, 0, sizeof(*r));
	snprintf(r->host, sizeof(r->host), "%s", host);
	snprintf(r->os, sizeof(r->os), "%s", os);
	r->occ = occ;
	return r;
}

/* a metric printed twice (Mhz, 2p/0K) keeps its first figure */
static void add_cell(struct ib_lmb_row *r, const char *metric, double v, const char *text, int line)
{
	for (size_t i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].metric, metric))
			return;
	if (r->nc == sizeof(r->c) / sizeof(r->c[0]))
		return;
	struct ib_lmb_cell *c = &r->c[r->nc++];
	c->metric = metric;
	c->v = v;
	snprintf(c->text, sizeof(c->text), "%s", text);
	c->line = line;
}

int ib_lmb_commit(struct lmb_doc *d, int ln, const struct lmb_pending *p)
{
	struct ib_lmb_summary *s = d->s;
	struct ib_lmb_row *r;
	int occ = 0;

	for (size_t i = 0; i < s->n; i++)   /* rows already seen in this table */
		if (!strcmp(s->rows[i].host, p->host) && !strcmp(s->rows[i].os, p->os) &&
		    s->rows[i].nl && s->rows[i].lines[s->rows[i].nl - 1] < 0)
			occ++;
	if (!(r = find_row(s, p->host, p->os, occ)))
		return ib_lmb_refuse(d, ln, "out of memory%s%s", "", "");
	if (r->nl < sizeof(r->lines) / sizeof(r->lines[0]))
		r->lines[r->nl++] = -ln;   /* negative: seen in the current table */
	if (!*r->desc)
		snprintf(r->desc, sizeof(r->desc), "%s", p->desc);
	if (!*r->guesses)
		snprintf(r->guesses, sizeof(r->guesses), "%s", p->guesses);
	for (size_t i = 0; i < p->nc; i++)
		add_cell(r, p->c[i].metric, p->c[i].v, p->c[i].text, ln);
	return 0;
}

void ib_lmb_close_table(struct lmb_doc *d, const char *title)
{
	for (size_t r = 0; r < d->s->n; r++)
		for (size_t l = 0; l < d->s->rows[r].nl; l++)
			if (d->s->rows[r].lines[l] < 0)
				d->s->rows[r].lines[l] = -d->s->rows[r].lines[l];
	if (d->short_rows)
		fprintf(stderr, "initbench import: %s:%d: %s: %d row%s with fewer cells than columns "
			"and no blanks to place them by: read with the blanks last\n", d->file,
			d->short_line, title, d->short_rows, d->short_rows > 1 ? "s" : "");
	d->short_rows = 0;
}

/*
 * One aligned row (see the top). 0 stored, -1 refused (said), 1 it does not fit the rule
 * (why says how; the caller may still read it word by word).
 */
static int aligned_row(struct lmb_doc *d, int ln, const char *line, const struct group *g, size_t ng,
		       const struct ib_lmb_layout *lay, char *why, size_t cap)
{
	const char *const *col = lay->col;
	size_t hl = strcspn(line, " "), s = 0, p, last = 1, len = strlen(line);
	struct lmb_pending pend;
	char tok[64];

	memset(&pend, 0, sizeof(pend));
	/* lmbench cuts Host to 9; a longer one (an edited post) moves the whole row right */
	if (hl > g[0].end + 1)
		s = hl - g[0].end - 1;
	trimcpy(pend.host, sizeof(pend.host), line, hl);
	field(pend.os, sizeof(pend.os), line, g[1].start + s, g[1].end + s);
	if (col[0] == IB_LMB_DESC) {
		field(pend.desc, sizeof(pend.desc), line, g[2].start + s, g[2].end + s);
		last = 2;
	}
	p = g[last].end + 1 + s;
	if (p > len)      /* a row that ends before the first figure column */
		p = len;
	while (line[p]) {
		while (line[p] == ' ')
			p++;
		if (!line[p])
			break;
		size_t a = p, c, o, e;
		while (line[p] && line[p] != ' ')
			p++;
		e = p - 1;
		double v = NAN;
		snprintf(tok, sizeof(tok), "%.*s", (int)(p - a), line + a);
		int k = p - a < sizeof(tok) ? ib_import_cell(tok, &v) : -1, wide = 0;
		for (c = last + 1; c < ng && g[c].end + s < e; c++)
			;
		if (c < ng && a <= g[c - 1].end + s) {   /* wider than the column it starts in? */
			for (o = last + 1; o < c && !(a > g[o - 1].end + s && a <= g[o].end + s); o++)
				;
			if (o < c)
				c = o, wide = 1;
		}
		const char *m = c < ng ? col[c - 2] : NULL;
		if ((m == IB_LMB_FREE || (k < 0 && col[ng - 3] == IB_LMB_FREE)) && !*pend.guesses) {
			trimcpy(pend.guesses, sizeof(pend.guesses), line + a, strlen(line + a));
			break;
		}
		if (!m) {
			snprintf(why, cap, "'%s' lies past the last column", tok);
			return 1;
		}
		if (a <= g[c - 1].end + s) {
			snprintf(why, cap, "'%s' does not line up with the column rule (%s)", tok,
				 *m ? m : "an unused column");
			return 1;
		}
		if (k < 0)
			return ib_lmb_refuse(d, ln, "cannot read '%s' as a figure (%s)", tok,
					     *m ? m : "an unused column");
		ib_lmb_pend_cell(&pend, m, &(struct lmb_word){ line + a, p - a });
		if (wide)
			s = e - g[c].end;
		last = c;
	}
	return ib_lmb_commit(d, ln, &pend);
}

/* a row still in columns: blanks in a row (collapsing leaves none), OS ending where its
 * dashes end (lmbench right-aligns it) */
static int looks_aligned(const char *line, const struct group *g)
{
	size_t hl = strcspn(line, " "), s = hl > g[0].end + 1 ? hl - g[0].end - 1 : 0;
	size_t e = g[1].end + s;

	return strstr(line + hl, "  ") && e < strlen(line) && line[e] != ' ' &&
	       (line[e + 1] == ' ' || !line[e + 1]);
}

static int has_word(const char *line, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = strstr(line, w); p; p = strstr(p + 1, w))
		if ((p == line || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

static int parse_section(struct lmb_doc *d, size_t *i, const struct ib_lmb_spec *sp)
{
	struct group g[MAX_GROUPS], g2[MAX_GROUPS];
	size_t ng = 0, j, k;
	int tcp = 0, rc;
	const struct ib_lmb_layout *lay;
	char why[160];

	for (j = *i; j < d->n && j <= *i + 8 && (j == *i || !(ng = groups(d->line[j], g))); j++) {
		tcp |= has_word(d->line[j], "TCP");
		d->slct |= sp == ib_lmb_spec_at("Processor, Processes", 0) && has_word(d->line[j], "slct");
		if (j > *i && (rc = ib_lmb_glued_rows(d, j, sp, tcp)) != -2) {
			*i = j;
			return rc;
		}
	}
	if (!ng)
		return ib_lmb_refuse(d, (int)*i + 1, "no column rule under '%s'%s", sp->title, "");
	if (!(lay = ib_lmb_layout(sp, ng - 2, tcp))) {
		char n[16];
		snprintf(n, sizeof(n), "%zu", ng - 2);
		return ib_lmb_refuse(d, (int)j + 1, "%s: %s columns, not a layout lmbench 1.0 to 3.0 prints",
				     sp->title, n);
	}
	if (lay->version)
		d->verhint = lay->version;
	for (k = j + 1; k < d->n && d->line[k][0]; k++) {
		const char *l = d->line[k];
		/* the next table, when the blank line before it was lost */
		if (ib_lmb_spec_at(l, 1) || groups(l, g2) || !strncmp(l, "Host ", 5))
			break;
		/* make percent's ~~~~?? marks (blanks before them collapsed or not), notes */
		if (l[0] == ' ' || strspn(l, "~?") == strlen(l))
			continue;
		if (!looks_aligned(l, g))
			rc = ib_lmb_words_line(d, (int)k + 1, l, lay, 0);
		else if ((rc = aligned_row(d, (int)k + 1, l, g, ng, lay, why, sizeof(why))) > 0)
			/* a hand-edited row: taken only when its words fill every column */
			rc = ib_lmb_words_line(d, (int)k + 1, l, lay, 1) ?
				ib_lmb_refuse(d, (int)k + 1, "%s%s", why, "") : 0;
		if (rc)
			return -1;
	}
	ib_lmb_close_table(d, sp->title);
	*i = k - 1;
	return 0;
}

/* "L M B E N C H  2 . 0   S U M M A R Y" -> "2.0"; 0 if the line is no such title */
static int title_version(const char *line, char *ver, size_t cap)
{
	char sq[128];
	size_t o = 0;
	for (; *line && o + 1 < sizeof(sq); line++)
		if (*line != ' ')
			sq[o++] = *line;
	sq[o] = 0;
	const char *p = strstr(sq, "LMBENCH");
	if (!p || !strstr(p, "SUMMARY"))
		return 0;
	p += 7;
	size_t n = strspn(p, "0123456789.");
	snprintf(ver, cap, "%.*s", n ? (int)n : 3, n ? p : "2.0");
	return 1;
}

/* a line without its mail quoting: "> ", "> > ", ">>", ">" before it */
static const char *unquote(const char *l)
{
	const char *p = l + strspn(l, " ");

	if (*p != '>')
		return l;
	while (*p == '>') {
		p++;
		if (*p == ' ')
			p++;
	}
	return p;
}

/* 1: it is a summary, parsed into s; 0: not a summary; -1: a summary that is refused */
int ib_lmb_parse(const char *file, const struct ib_text *t, struct ib_lmb_summary *s)
{
	struct lmb_doc d = { .file = file, .n = t->n, .s = s };
	int titled = 0, any = 0, rc = 0;

	memset(s, 0, sizeof(*s));
	if (!(d.line = malloc((t->n + 1) * sizeof(*d.line))))
		return ib_lmb_refuse(&d, 1, "out of memory%s%s", "", "");
	for (size_t i = 0; i < t->n; i++)
		d.line[i] = unquote(t->line[i]);
	for (size_t i = 0; i < t->n && !titled; i++)
		titled = title_version(d.line[i], s->version, sizeof(s->version));
	for (size_t i = 0; i < t->n && !rc; i++) {
		const struct ib_lmb_spec *sp;
		int f = ib_lmb_flat_tables(&d, i);
		any |= f;
		if (f < 0)
			rc = -1;
		else if (!f && (sp = ib_lmb_spec_at(d.line[i], 1)) && sp->nlayout) {
			any = 1;
			rc = parse_section(&d, &i, sp);
		}
	}
	free(d.line);
	if (rc)
		return -1;
	if (!titled && !any)
		return 0;
	if (!titled)   /* a layout only one version printed; 3.0's Processor says "slct" */
		snprintf(s->version, sizeof(s->version), "%s", d.verhint ? d.verhint :
			 d.slct ? "3.0" : "2.0");
	if (!s->n)
		return ib_lmb_refuse(&d, 1, "an lmbench summary without a row we can read%s%s", "", "");
	return 1;
}
