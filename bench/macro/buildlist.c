/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * buildlist.c - parsing the compile workload's build list (contract in buildlist.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/macro/buildlist.h"

static int fail(struct ib_buildlist *bl, unsigned line, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(bl->err, sizeof(bl->err), "line %u: ", line);

	va_start(ap, fmt);
	vsnprintf(bl->err + n, sizeof(bl->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* word (len bytes) with every @R and @W replaced, into a new string; NULL if too long */
static char *expand(const char *word, size_t len, const char *root, const char *work)
{
	char buf[IB_BL_MAX_WORD];
	size_t o = 0;

	for (size_t i = 0; i < len; i++) {
		const char *put = NULL;
		size_t n;

		if (word[i] == '@' && i + 1 < len && (word[i + 1] == 'R' || word[i + 1] == 'W'))
			put = word[++i] == 'R' ? root : work;
		n = put ? strlen(put) : 1;
		if (o + n >= sizeof(buf))
			return NULL;
		memcpy(buf + o, put ? put : &word[i], n);
		o += n;
	}
	buf[o] = 0;
	return strdup(buf);
}

/* the words of one line (len bytes) into st; the directive itself is word 0 and dropped */
static int split(struct ib_buildlist *bl, struct ib_bl_step *st, const char *s, size_t len,
		 const char *root, const char *work)
{
	size_t i = 0;
	int first = 1;

	while (i < len) {
		size_t j;

		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len)
			break;
		j = i;
		while (j < len && s[j] != ' ' && s[j] != '\t')
			j++;
		if (!first) {
			if (st->argc == IB_BL_MAX_WORDS)
				return fail(bl, st->line, "more than %d words", IB_BL_MAX_WORDS);
			if (!(st->argv[st->argc] = expand(s + i, j - i, root, work)))
				return fail(bl, st->line, "a word longer than %d bytes", IB_BL_MAX_WORD - 1);
			st->argc++;
		}
		first = 0;
		i = j;
	}
	st->argv[st->argc] = NULL;
	return 0;
}

/* the directive of a line: its first word */
static int is(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word);
	return len >= n && !memcmp(s, word, n) && (len == n || s[n] == ' ' || s[n] == '\t');
}

static int directive(struct ib_buildlist *bl, unsigned line, const char *s, size_t len,
		     const char *root, const char *work, int *phase_open)
{
	static const struct { const char *name; enum ib_bl_kind kind; } steps[] = {
		{ "job", IB_BL_JOB }, { "wait", IB_BL_WAIT }, { "check", IB_BL_CHECK },
		{ "same", IB_BL_SAME },
	};
	struct ib_bl_step *st;
	size_t k = 0;

	if (is(s, len, "corpus") || is(s, len, "lines")) {
		struct ib_bl_step tmp = { .line = line };
		int lines = is(s, len, "lines"), rc = split(bl, &tmp, s, len, "", "");
		char *e;

		if (!rc && tmp.argc != 1)
			rc = fail(bl, line, "%s takes one word", lines ? "lines" : "corpus");
		if (!rc && lines) {
			errno = 0;
			bl->lines = strtoul(tmp.argv[0], &e, 10);
			if (errno || *e || tmp.argv[0][0] < '0' || tmp.argv[0][0] > '9' || !bl->lines)
				rc = fail(bl, line, "lines: '%s' is not a positive number", tmp.argv[0]);
		} else if (!rc) {
			if (strlen(tmp.argv[0]) >= sizeof(bl->corpus))
				rc = fail(bl, line, "corpus: a name longer than %zu bytes", sizeof(bl->corpus) - 1);
			else
				strcpy(bl->corpus, tmp.argv[0]);
		}
		for (unsigned i = 0; i < tmp.argc; i++)
			free(tmp.argv[i]);
		return rc;
	}
	while (k < sizeof(steps) / sizeof(steps[0]) && !is(s, len, steps[k].name))
		k++;
	if (k == sizeof(steps) / sizeof(steps[0])) {
		size_t w = strcspn(s, " \t");
		return fail(bl, line, "unknown directive '%.*s'", (int)(w < len ? w : len), s);
	}
	if (bl->nsteps == IB_BL_MAX_STEPS)
		return fail(bl, line, "more than %d steps", IB_BL_MAX_STEPS);
	st = &bl->step[bl->nsteps++];
	st->kind = steps[k].kind;
	st->line = line;
	if (split(bl, st, s, len, root, work))
		return -1;
	switch (st->kind) {
	case IB_BL_WAIT:
		if (st->argc)
			return fail(bl, line, "wait takes no words");
		*phase_open = 0;
		break;
	case IB_BL_SAME:
		if (st->argc != 2)
			return fail(bl, line, "same takes two files");
		break;
	case IB_BL_JOB:
	case IB_BL_CHECK:
		if (!st->argc)
			return fail(bl, line, "%s without a command", steps[k].name);
		if (st->argv[0][0] != '/')
			return fail(bl, line, "'%s' is not an absolute path", st->argv[0]);
		if (st->kind == IB_BL_JOB) {
			for (unsigned i = 0; i + 1 < bl->nsteps; i++)
				if (bl->step[i].kind == IB_BL_CHECK || bl->step[i].kind == IB_BL_SAME)
					return fail(bl, line, "a job after the checks");
			bl->njobs++;
			if (!*phase_open)
				bl->nphases++;
			*phase_open = 1;
		}
		break;
	}
	return 0;
}

int ib_bl_parse(struct ib_buildlist *bl, const char *text, const char *root, const char *work)
{
	unsigned line = 0;
	int phase_open = 0;

	memset(bl, 0, sizeof(*bl));
	while (*text) {
		size_t len = strcspn(text, "\n");
		const char *s = text;

		line++;
		text += len + (text[len] == '\n');
		while (len && (*s == ' ' || *s == '\t'))
			s++, len--;
		while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
			len--;
		if (!len || *s == '#')
			continue;
		if (directive(bl, line, s, len, root, work, &phase_open))
			return -1;
	}
	if (!bl->corpus[0])
		return fail(bl, line, "no corpus line");
	if (!bl->lines)
		return fail(bl, line, "no lines line");
	if (!bl->njobs)
		return fail(bl, line, "no job");
	return 0;
}

void ib_bl_free(struct ib_buildlist *bl)
{
	for (unsigned i = 0; i < bl->nsteps; i++)
		for (unsigned k = 0; k < bl->step[i].argc; k++)
			free(bl->step[i].argv[k]);
	bl->nsteps = 0;
}
