/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import-lmbench.c - an lmbench 2.0 or 3.0 summary (`make see`) read into rows (import.h,
 * docs/import.md). Nothing here writes to the store.
 *
 * Summary cells are found by position: each section's column rule (the dash line) gives the
 * columns, and a figure belongs to the first column whose dashes end at or after its last
 * character, provided it starts after the previous column's dashes. Cells are right-aligned
 * in every lmbench version, even where they are wider than their dashes (2.0's Mmap Latency,
 * Page Fault); only the Memory table's Main mem sits left of its dashes, and it still ends
 * inside them. Splitting on blanks would not do: blank cells are common and OS has a blank.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/import/import.h"

#define MAX_GROUPS 16

static const char FREE[] = "=free";  /* the Guesses column: free text to the end of the row */
static const char DESC[] = "=desc";  /* Basic system parameters' Description: right-aligned text */

/* ---- the sections we read, and their column layouts (docs/import.md) ---- */

static const char *const basic20[] = { DESC, "mhz", NULL };
/* 3.0 adds tlb pages, cache line bytes, mem par, scal load: no metric of ours */
static const char *const basic30[] = { DESC, "mhz", "", "", "", "", NULL };
/* the metric names of the summary's columns (report/summary/summary.c) */
static const char *const proc[] = { "mhz", "null_call", "null_io", "stat", "open_close",
	"select_tcp_wr", "sig_inst", "sig_hndl", "fork_proc", "exec_proc_dyn", "sh_proc_dyn",
	NULL };
static const char *const ctx[] = { "ctx_2p_0k", "ctx_2p_16k", "ctx_2p_64k", "ctx_8p_16k",
	"ctx_8p_64k", "ctx_16p_16k", "ctx_16p_64k", NULL };
static const char *const ipc[] = { "ctx_2p_0k", "lat_pipe", "lat_unix", "lat_udp",
	"lat_rpc_udp_poll", "lat_tcp", "lat_rpc_tcp_poll", "lat_tcp_conn", NULL };
static const char *const fs20[] = { "fs_create_0k", "fs_delete_0k", "fs_create_10k",
	"fs_delete_10k", "mmap_lat", "prot_fault", "page_fault", NULL };
/* 3.0's "100fd selct" is lmbench's select on 100 file descriptors: our select_file_wr */
static const char *const fs30[] = { "fs_create_0k", "fs_delete_0k", "fs_create_10k",
	"fs_delete_10k", "mmap_lat", "prot_fault", "page_fault", "select_file_wr", NULL };
static const char *const bw[] = { "bw_pipe", "bw_unix", "bw_tcp", "bw_file_reread",
	"bw_mmap_reread", "bw_bcopy_libc", "bw_bcopy_hand", "bw_mem_read", "bw_mem_write", NULL };
static const char *const mem20[] = { "mhz", "lat_l1", "lat_l2", "lat_mem", FREE, NULL };
/* 3.0 (later alphas) adds Rand mem, which we do not measure */
static const char *const mem30[] = { "mhz", "lat_l1", "lat_l2", "lat_mem", "", FREE, NULL };

struct spec {
	const char *title;              /* how the title line starts */
	const char *const *layout[2];   /* told apart by their number of columns */
};

static const struct spec specs[] = {
	{ "Basic system parameters", { basic20, basic30 } },
	{ "Processor, Processes", { proc, NULL } },
	{ "Context switching", { ctx, NULL } },
	{ "*Local* Communication latencies", { ipc, NULL } },
	{ "File & VM system latencies", { fs20, fs30 } },
	{ "*Local* Communication bandwidths", { bw, NULL } },
	{ "Memory latencies", { mem20, mem30 } },
};

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

static int refuse(const char *file, int line, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "initbench import: %s:%d: ", file, line);
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

/* one data row of a section; -1 (message printed) when it does not fit the column rule */
static int parse_row(struct ib_lmb_summary *s, const char *file, int ln, const char *line,
		     const struct group *g, size_t ng, const char *const *layout)
{
	char host[64], os[128], desc[128] = "", tok[64];
	size_t shift = 0, hl = strcspn(line, " "), p, last = 1;
	struct ib_lmb_row *r;

	/* lmbench cuts Host to 9; a longer one (an edited post) moves the whole row right */
	if (hl > g[0].end + 1)
		shift = hl - g[0].end - 1;
	trimcpy(host, sizeof(host), line, hl);
	field(os, sizeof(os), line, g[1].start + shift, g[1].end + shift);
	if (!*os)
		return refuse(file, ln, "no OS in row '%s'%s", host, "");
	int occ = 0;
	for (size_t i = 0; i < s->n; i++)   /* rows already seen in this section */
		if (!strcmp(s->rows[i].host, host) && !strcmp(s->rows[i].os, os) &&
		    s->rows[i].nl && s->rows[i].lines[s->rows[i].nl - 1] < 0)
			occ++;
	if (!(r = find_row(s, host, os, occ)))
		return refuse(file, ln, "out of memory%s%s", "", "");
	if (r->nl < sizeof(r->lines) / sizeof(r->lines[0]))
		r->lines[r->nl++] = -ln;   /* negative: seen in the current section */
	if (layout[0] == DESC) {
		field(desc, sizeof(desc), line, g[2].start + shift, g[2].end + shift);
		if (!*r->desc)
			snprintf(r->desc, sizeof(r->desc), "%s", desc);
		last = 2;
	}
	p = g[last].end + 1 + shift;
	if (p > strlen(line))      /* a row that ends before the first figure column */
		p = strlen(line);
	while (line[p]) {
		while (line[p] == ' ')
			p++;
		if (!line[p])
			break;
		size_t a = p, c;
		while (line[p] && line[p] != ' ')
			p++;
		double v = NAN;
		snprintf(tok, sizeof(tok), "%.*s", (int)(p - a), line + a);
		int k = ib_import_cell(tok, &v);
		for (c = last + 1; c < ng && g[c].end < p - 1 - shift; c++)
			;
		const char *m = c < ng ? layout[c - 2] : NULL;
		if ((m == FREE || (k < 0 && layout[ng - 3] == FREE)) && !*r->guesses) {
			trimcpy(r->guesses, sizeof(r->guesses), line + a, strlen(line + a));
			break;
		}
		if (!m)
			return refuse(file, ln, "'%s' lies past the last column%s", tok, "");
		if (a - shift <= g[c - 1].end)
			return refuse(file, ln, "'%s' does not line up with the column rule (%s)", tok,
				      *m ? m : "an unused column");
		if (k < 0)
			return refuse(file, ln, "cannot read '%s' as a figure (%s)", tok,
				      *m ? m : "an unused column");
		if (k > 0 && *m)
			add_cell(r, m, v, tok, ln);
		last = c;
	}
	return 0;
}

static int parse_section(struct ib_lmb_summary *s, const char *file, const struct ib_text *t, size_t *i,
			 const struct spec *sp)
{
	struct group g[MAX_GROUPS];
	size_t ng = 0, j, k;
	const char *const *layout = NULL;

	for (j = *i + 1; j < t->n && j <= *i + 8 && !(ng = groups(t->line[j], g)); j++)
		;
	if (!ng)
		return refuse(file, (int)*i + 1, "no column rule under '%s'%s", sp->title, "");
	for (k = 0; k < 2 && !layout; k++) {
		size_t n = 0;
		while (sp->layout[k] && sp->layout[k][n])
			n++;
		if (sp->layout[k] && n == ng - 2)
			layout = sp->layout[k];
	}
	if (!layout) {
		char n[16];
		snprintf(n, sizeof(n), "%zu", ng - 2);
		return refuse(file, (int)j + 1, "%s: %s columns, not a layout lmbench 2.0 or 3.0 prints",
			      sp->title, n);
	}
	for (k = j + 1; k < t->n && t->line[k][0]; k++) {
		if (t->line[k][0] == ' ')      /* make percent's ~~~ marks and other notes */
			continue;
		if (parse_row(s, file, (int)k + 1, t->line[k], g, ng, layout))
			return -1;
	}
	for (size_t r = 0; r < s->n; r++)      /* close the section: line numbers positive */
		for (size_t l = 0; l < s->rows[r].nl; l++)
			if (s->rows[r].lines[l] < 0)
				s->rows[r].lines[l] = -s->rows[r].lines[l];
	*i = k;
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

static const struct spec *section_at(const char *line)
{
	for (size_t k = 0; k < sizeof(specs) / sizeof(specs[0]); k++)
		if (!strncmp(line, specs[k].title, strlen(specs[k].title)))
			return &specs[k];
	return NULL;
}

/* 1: it is a summary, parsed into s; 0: not a summary; -1: a summary that is refused */
int ib_lmb_parse(const char *file, const struct ib_text *t, struct ib_lmb_summary *s)
{
	int titled = 0, any = 0;
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < t->n && !titled; i++)
		titled = title_version(t->line[i], s->version, sizeof(s->version));
	for (size_t i = 0; i < t->n; i++) {
		const struct spec *sp = section_at(t->line[i]);
		if (!sp)
			continue;
		any = 1;
		if (parse_section(s, file, t, &i, sp))
			return -1;
	}
	if (!titled && !any)
		return 0;
	if (!titled) {   /* no title line: 3.0's Processor heading says "slct", 2.0's "selct" */
		snprintf(s->version, sizeof(s->version), "2.0");
		for (size_t i = 0; i < t->n; i++)
			if (!strncmp(t->line[i], "Host ", 5) && strstr(t->line[i], " open slct "))
				snprintf(s->version, sizeof(s->version), "3.0");
	}
	if (!s->n)
		return refuse(file, 1, "an lmbench summary without a row we can read%s%s", "", "");
	return 1;
}

