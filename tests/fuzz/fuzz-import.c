/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-import.c - libFuzzer entry for the lmbench-summary importer (report/import/import-lmbench.c):
 * any bytes, split into lines the way `initbench import` reads a file (tabs expanded to 8
 * columns, `\r` dropped, NUL shown as '?', trailing blanks cut). Then the rows read must be
 * sane: every cell a finite non-negative figure with a metric name and a line number inside
 * the file, every string NUL-terminated inside its buffer.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/import/import.h"

#define require(c) do { if (!(c)) { printf("fuzz-import: broken: %s (line %d)\n", #c, __LINE__); fflush(stdout); abort(); } } while (0)

static int split_lines(const uint8_t *data, size_t size, struct ib_text *t)
{
	memset(t, 0, sizeof(*t));
	if (!(t->raw = malloc(size + 1)))
		return -1;
	memcpy(t->raw, data, size);
	t->raw[size] = 0;
	t->len = size;
	for (size_t p = 0; p < size;) {
		const char *e = memchr(t->raw + p, '\n', size - p);
		size_t n = e ? (size_t)(e - (t->raw + p)) : size - p, o = 0;
		char *l = malloc(n * 8 + 1), **a = realloc(t->line, (t->n + 1) * sizeof(*a));
		if (a)
			t->line = a;
		if (!l || !a) {
			free(l);
			return -1;
		}
		for (size_t i = 0; i < n; i++) {
			char c = t->raw[p + i];
			if (c == '\t')
				do l[o++] = ' '; while (o % 8);
			else if (c != '\r')
				l[o++] = c ? c : '?';
		}
		while (o && l[o - 1] == ' ')
			o--;
		l[o] = 0;
		t->line[t->n++] = l;
		p += n + 1;
	}
	return 0;
}

static void free_lines(struct ib_text *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->line[i]);
	free(t->line);
	free(t->raw);
}

static void check_rows(const struct ib_lmb_summary *s, const struct ib_text *t)
{
	require(memchr(s->version, 0, sizeof(s->version)));
	for (size_t i = 0; i < s->n; i++) {
		const struct ib_lmb_row *r = &s->rows[i];
		require(memchr(r->host, 0, sizeof(r->host)) && memchr(r->os, 0, sizeof(r->os)));
		require(memchr(r->desc, 0, sizeof(r->desc)) && memchr(r->guesses, 0, sizeof(r->guesses)));
		require(r->nc <= sizeof(r->c) / sizeof(r->c[0]) && r->nl <= sizeof(r->lines) / sizeof(r->lines[0]));
		for (size_t l = 0; l < r->nl; l++)
			require(r->lines[l] >= 1 && (size_t)r->lines[l] <= t->n);
		for (size_t c = 0; c < r->nc; c++) {
			require(r->c[c].metric && *r->c[c].metric);
			require(isfinite(r->c[c].v) && r->c[c].v >= 0);
			require(r->c[c].line >= 1 && (size_t)r->c[c].line <= t->n);
			require(memchr(r->c[c].text, 0, sizeof(r->c[c].text)));
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ib_text t;
	struct ib_lmb_summary s;
	if (split_lines(data, size, &t)) {
		free_lines(&t);
		return 0;
	}
	int kind = ib_lmb_parse("fuzz", &t, &s);
	require(kind >= -1 && kind <= 1);
	if (kind > 0) {
		require(s.n > 0);
		check_rows(&s, &t);
	}
	free(s.rows);
	/* the cell reader on every word of the input */
	for (size_t i = 0; i < t.n; i++) {
		char *save = NULL;
		for (char *w = strtok_r(t.line[i], " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			double v = NAN;
			int k = ib_import_cell(w, &v);
			require(k >= -1 && k <= 1);
			if (k > 0)
				require(isfinite(v) && v >= 0);
		}
	}
	free_lines(&t);
	return 0;
}
