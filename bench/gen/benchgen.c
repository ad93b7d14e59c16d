/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * benchgen.c - the registry and Kconfig menu from the benchmarks' own lines (benchgen.h).
 *
 * Every malformed or conflicting line stops the build with its file and line: a benchmark
 * silently missing from the table or the menu would only show as a missing record much later.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/gen/benchgen.h"

static int fail(struct bg_set *s, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct bg_set *s, const char *where, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(s->err, sizeof(s->err), "%s: ", where);

	va_start(ap, fmt);
	vsnprintf(s->err + n, sizeof(s->err) - n, fmt, ap);
	va_end(ap);
	return -1;
}

void bg_init(struct bg_set *s)
{
	memset(s, 0, sizeof(*s));
}

void bg_free(struct bg_set *s)
{
	for (unsigned i = 0; i < s->nblocks; i++)
		free(s->blocks[i].text);
	free(s->benches);
	free(s->sections);
	free(s->blocks);
	bg_init(s);
}

static int grow(void **p, unsigned n, size_t size)
{
	void *q = realloc(*p, (n + 1) * size);

	if (!q)
		return -1;
	*p = q;
	return 0;
}

/* the next blank-separated word of *p into w; 0 when there is none or it is too long */
static int word(const char **p, char *w, size_t cap)
{
	const char *a = *p;
	size_t n = 0;

	while (*a == ' ' || *a == '\t')
		a++;
	while (a[n] && a[n] != ' ' && a[n] != '\t' && a[n] != '\n')
		n++;
	if (!n || n >= cap)
		return 0;
	memcpy(w, a, n);
	w[n] = 0;
	*p = a + n;
	return 1;
}

static int all_of(const char *w, const char *set)
{
	return *w && strspn(w, set) == strlen(w);
}

#define LOWER "abcdefghijklmnopqrstuvwxyz0123456789_"
#define UPPER "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

static int rest_empty(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return !*p;
}

static int feed_section(struct bg_set *s, const char *where, const char *p)
{
	struct bg_section sec = { 0 };

	if (!word(&p, sec.key, sizeof(sec.key)) || !all_of(sec.key, LOWER))
		return fail(s, where, "//section: wants KEY TITLE, KEY in [a-z0-9_]");
	while (*p == ' ' || *p == '\t')
		p++;
	size_t n = strcspn(p, "\r\n");
	if (!n || n >= sizeof(sec.title) || memchr(p, '"', n))
		return fail(s, where, "//section: %s: the title is missing, too long or holds '\"'",
			    sec.key);
	memcpy(sec.title, p, n);
	for (unsigned i = 0; i < s->nsections; i++)
		if (!strcmp(s->sections[i].key, sec.key))
			return fail(s, where, "duplicate section %s (also %s)", sec.key,
				    s->sections[i].where);
	snprintf(sec.where, sizeof(sec.where), "%s", where);
	if (grow((void **)&s->sections, s->nsections, sizeof(sec)))
		return fail(s, where, "out of memory");
	s->sections[s->nsections++] = sec;
	return 0;
}

static int feed_bench(struct bg_set *s, const char *where, const char *file, const char *p)
{
	struct bg_bench b = { 0 };
	char num[BG_WORD], flag[BG_WORD];
	const char *base = strrchr(file, '/');
	size_t n;

	if (!word(&p, num, sizeof(num)) || !all_of(num, "0123456789") || strlen(num) > 6 ||
	    !word(&p, b.name, sizeof(b.name)) || !word(&p, b.sym, sizeof(b.sym)) ||
	    !word(&p, b.section, sizeof(b.section)))
		return fail(s, where, "//bench: wants ORDER NAME SYMBOL SECTION [named]");
	if (word(&p, flag, sizeof(flag))) {
		if (strcmp(flag, "named") || !rest_empty(p))
			return fail(s, where, "//bench: %s: after SECTION only \"named\" may follow",
				    b.name);
		b.named = 1;
	} else if (!rest_empty(p)) {
		return fail(s, where, "//bench: %s: a word too long", b.name);
	}
	if (!all_of(b.name, LOWER) || isdigit((unsigned char)b.name[0]))
		return fail(s, where, "bench name %s: not a C identifier in [a-z0-9_]", b.name);
	if (strncmp(b.sym, "IB_", 3) || !all_of(b.sym, UPPER))
		return fail(s, where, "bench %s: symbol %s is not IB_[A-Z0-9_]", b.name, b.sym);
	b.order = (unsigned)strtoul(num, NULL, 10);
	base = base ? base + 1 : file;
	n = strcspn(base, ".");
	if (!n || n >= sizeof(b.family))
		return fail(s, where, "no family in the file name %s", file);
	memcpy(b.family, base, n);
	for (unsigned i = 0; i < s->nbenches; i++) {
		if (!strcmp(s->benches[i].name, b.name))
			return fail(s, where, "duplicate bench %s (also %s)", b.name,
				    s->benches[i].where);
		if (s->benches[i].order == b.order)
			return fail(s, where, "bench %s: duplicate order %u (also %s, %s)", b.name,
				    b.order, s->benches[i].name, s->benches[i].where);
	}
	snprintf(b.where, sizeof(b.where), "%s", where);
	if (grow((void **)&s->benches, s->nbenches, sizeof(b)))
		return fail(s, where, "out of memory");
	s->benches[s->nbenches++] = b;
	return 0;
}

/* Kconfig words that would reshape the menu around the entries; an entry is one symbol */
static const char *const not_in_entry[] = {
	"menu", "endmenu", "source", "choice", "endchoice", "if", "endif", "comment",
	"mainmenu", "menuconfig", NULL
};

static int feed_config(struct bg_set *s, const char *where, const char *p)
{
	const char *q = p;
	char kw[BG_WORD] = "", sym[BG_WORD] = "";
	size_t n = strcspn(p, "\r\n");

	word(&q, kw, sizeof(kw));
	for (unsigned i = 0; not_in_entry[i]; i++)
		if (!strcmp(kw, not_in_entry[i]))
			return fail(s, where, "//config: \"%s\" is not allowed: one config entry only "
				    "(sections are //section: lines)", kw);
	if (!strcmp(kw, "config")) {
		struct bg_block bl = { 0 };

		if (!word(&q, sym, sizeof(sym)) || !rest_empty(q) || !all_of(sym, UPPER))
			return fail(s, where, "//config:config wants one SYMBOL in [A-Z0-9_]");
		for (unsigned i = 0; i < s->nblocks; i++)
			if (!strcmp(s->blocks[i].sym, sym))
				return fail(s, where, "duplicate config %s (also %s)", sym,
					    s->blocks[i].where);
		snprintf(bl.sym, sizeof(bl.sym), "%s", sym);
		snprintf(bl.where, sizeof(bl.where), "%s", where);
		if (grow((void **)&s->blocks, s->nblocks, sizeof(bl)))
			return fail(s, where, "out of memory");
		s->blocks[s->nblocks++] = bl;
	} else if (!s->open) {
		return fail(s, where, "//config: line outside an entry (the first must be "
			    "\"//config:config SYMBOL\")");
	}
	struct bg_block *b = &s->blocks[s->nblocks - 1];
	char *t = realloc(b->text, b->len + n + 2);
	if (!t)
		return fail(s, where, "out of memory");
	memcpy(t + b->len, p, n);
	b->len += n;
	t[b->len++] = '\n';
	t[b->len] = 0;
	b->text = t;
	s->open = 1;
	return 0;
}

int bg_feed(struct bg_set *s, const char *file, unsigned line, const char *text)
{
	char where[BG_WHERE];
	int was_open = s->open;

	snprintf(where, sizeof(where), "%s:%u", file, line);
	s->open = 0;
	if (!strncmp(text, "//section:", 10))
		return feed_section(s, where, text + 10);
	if (!strncmp(text, "//bench:", 8))
		return feed_bench(s, where, file, text + 8);
	if (!strncmp(text, "//config:", 9)) {
		s->open = was_open;
		return feed_config(s, where, text + 9);
	}
	/* a near miss ("// bench:", "//benches:") would drop a benchmark without a word */
	const char *p = text;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!strncmp(p, "//", 2)) {
		p += 2;
		while (*p == ' ')
			p++;
		if ((!strncmp(p, "bench", 5) || !strncmp(p, "config", 6) ||
		     !strncmp(p, "section", 7)) && strchr(p, ':') &&
		    strspn(p, "abcdefghijklmnopqrstuvwxyz") == (size_t)(strchr(p, ':') - p))
			return fail(s, where, "malformed directive (want //bench:, //config: or "
				    "//section: at the start of the line)");
	}
	return 0;
}

static int section_index(const struct bg_set *s, const char *key)
{
	for (unsigned i = 0; i < s->nsections; i++)
		if (!strcmp(s->sections[i].key, key))
			return (int)i;
	return -1;
}

static int by_order(const void *a, const void *b)
{
	const struct bg_bench *x = a, *y = b;

	return x->order < y->order ? -1 : x->order > y->order;
}

static int by_place(const void *a, const void *b)
{
	const struct bg_block *x = a, *y = b;

	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

int bg_finish(struct bg_set *s)
{
	if (!s->nbenches)
		return fail(s, "benchgen", "no //bench: line in any file");
	for (unsigned i = 0; i < s->nbenches; i++) {
		const struct bg_bench *b = &s->benches[i];
		unsigned j;

		if (section_index(s, b->section) < 0)
			return fail(s, b->where, "bench %s: no //section: %s", b->name, b->section);
		for (j = 0; j < s->nblocks && strcmp(s->blocks[j].sym, b->sym); j++)
			;
		if (j == s->nblocks)
			return fail(s, b->where, "bench %s: no //config:config %s entry", b->name,
				    b->sym);
	}
	/* each entry goes where the lowest-ordered benchmark naming it is; all of them must
	 * agree on the section, or the menu would show it under one heading only */
	for (unsigned j = 0; j < s->nblocks; j++) {
		struct bg_block *bl = &s->blocks[j];
		const struct bg_bench *first = NULL;

		for (unsigned i = 0; i < s->nbenches; i++) {
			const struct bg_bench *b = &s->benches[i];

			if (strcmp(b->sym, bl->sym))
				continue;
			if (first && strcmp(first->section, b->section))
				return fail(s, b->where, "bench %s: section %s, but %s (%s) has %s "
					    "under %s", b->name, b->section, first->name,
					    first->where, bl->sym, first->section);
			if (!first || b->order < first->order)
				first = b;
		}
		if (!first)
			return fail(s, bl->where, "config %s: no //bench: line names it", bl->sym);
		bl->section = (unsigned)section_index(s, first->section);
		bl->order = first->order;
	}
	qsort(s->benches, s->nbenches, sizeof(*s->benches), by_order);
	qsort(s->blocks, s->nblocks, sizeof(*s->blocks), by_place);
	return 0;
}

int bg_write_def(const struct bg_set *s, FILE *f)
{
	fprintf(f, "/* generated by bench/gen/benchgen from the //bench: lines of the bench/ sources */\n");
	for (unsigned i = 0; i < s->nbenches; i++) {
		const struct bg_bench *b = &s->benches[i];

		if (b->named)
			fprintf(f, "#ifdef CONFIG_%s\nIB_BENCH_NAMED(%s, \"%s\", CONFIG_%s)\n#endif\n",
				b->sym, b->name, b->family, b->sym);
		else
			fprintf(f, "IB_BENCH(%s, \"%s\", CONFIG_%s)\n", b->name, b->family, b->sym);
	}
	return ferror(f) ? -1 : 0;
}

int bg_write_kconfig(const struct bg_set *s, FILE *f)
{
	unsigned j = 0;

	fprintf(f, "# generated by bench/gen/benchgen from the //config: lines of the bench/ sources\n");
	for (unsigned sec = 0; sec < s->nsections; sec++) {
		fprintf(f, "\ncomment \"%s\"\n", s->sections[sec].title);
		for (; j < s->nblocks && s->blocks[j].section == sec; j++)
			fprintf(f, "\n%s", s->blocks[j].text);
	}
	return ferror(f) ? -1 : 0;
}
