/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * argv.c - formatted strings and growable argument vectors (contract in argv.h).
 */
#define _GNU_SOURCE
#include "host/lib/argv.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/lib/hostutil.h"

void ib_argv_push(struct ib_argv *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = ib_xrealloc(a->v, a->cap * sizeof(*a->v));
	}
	a->v[a->n] = ib_xstrdup(s);
	a->v[++a->n] = NULL;
}

char *ib_vstrf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		ib_oom();
	return s;
}

char *ib_strf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = ib_vstrf(fmt, ap);
	va_end(ap);
	return s;
}

void ib_argv_pushf(struct ib_argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = ib_vstrf(fmt, ap);
	va_end(ap);
	ib_argv_push(a, s);
	free(s);
}

void ib_argv_push_words(struct ib_argv *a, const char *s)
{
	while (s && *s) {
		size_t n;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		n = strcspn(s, " \t\n");
		if (n) {
			char *w = strndup(s, n);

			ib_argv_push(a, w);
			free(w);
		}
		s += n;
	}
}

void ib_argv_free(struct ib_argv *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

static int needs_quotes(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("-_./=,:+@%", *s))
			return 1;
	return 0;
}

char *ib_argv_quote(char *const *argv)
{
	size_t cap = 1;
	char *out, *p;

	for (size_t i = 0; argv[i]; i++)
		cap += 4 * strlen(argv[i]) + 3;
	out = p = ib_xrealloc(NULL, cap);
	for (size_t i = 0; argv[i]; i++) {
		const char *s = argv[i];

		if (i)
			*p++ = ' ';
		if (!needs_quotes(s)) {
			p = stpcpy(p, s);
			continue;
		}
		*p++ = '\'';
		for (; *s; s++) {
			if (*s == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *s;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}
