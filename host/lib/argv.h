/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * argv.h - formatted strings and argument vectors, for every part of the host tool.
 *
 * ib_strf() and ib_vstrf() return a newly allocated formatted string. struct ib_argv is a
 * growable NULL-terminated vector of owned strings (zero it to start; ib_argv_free() frees
 * the strings and zeroes it again), as execvp() takes it. Out of memory exits with a
 * message (host/lib/hostutil.h: ib_oom()); none of these returns NULL.
 */
#ifndef IB_ARGV_H
#define IB_ARGV_H

#include <stdarg.h>
#include <stddef.h>

/* a growable NULL-terminated argv of owned strings */
struct ib_argv {
	char **v;
	size_t n, cap;
};

void ib_argv_push(struct ib_argv *a, const char *s);
void ib_argv_pushf(struct ib_argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a newly allocated formatted string; exits with a message when memory runs out */
char *ib_strf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *ib_vstrf(const char *fmt, va_list ap);
/* split s at spaces and push each non-empty word */
void ib_argv_push_words(struct ib_argv *a, const char *s);
void ib_argv_free(struct ib_argv *a);
/* the argv shell-quoted on one line, for people to read (never executed); malloc'd */
char *ib_argv_quote(char *const *argv);

#endif
