/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli-opt.h - the one option parser of the host CLI: getopt_long over a table.
 *
 * Spelling rule (docs/launch.md): an option is written with hyphens (--budget-ms); the same
 * name with underscores (--budget_ms) is accepted as an alias, and so is the other way round
 * for a table name written with underscores (a suite knob). `--name VALUE` and `--name=VALUE`
 * both work; a name must be spelled out in full (no getopt abbreviations, so a new option
 * never changes what an old command line means). Options and operands may be mixed; after
 * `--` every word is an operand.
 *
 * ib_getopt_init() takes a table (name, has_arg as getopt_long, key > 1, optional short
 * letter) and keeps a pointer to it. ib_getopt_next() returns the key of the next option (its
 * value in *arg), IB_OPT_OPERAND for an operand (the word in *arg), 0 at the end, or -1 with
 * a one-line reason naming the word in err. *def is the matched table row (NULL for an
 * operand) and g->typed the option as written ("--budget_ms", "-v"), for messages. It resets getopt's state itself, so one parse may follow another.
 * ib_opt_spelling() writes a table name in its canonical (hyphen) form.
 */
#ifndef IB_CLI_OPT_H
#define IB_CLI_OPT_H

#include <getopt.h>
#include <stddef.h>

#define IB_OPT_OPERAND 1
#define IB_OPT_MAX 96

struct ib_optdef {
	const char *name;
	int has_arg;    /* no_argument or required_argument */
	int key;        /* > 1, returned by ib_getopt_next() */
	char shortc;    /* 0 or a letter: -h, -v */
};

struct ib_getopt {
	const struct ib_optdef *defs;
	size_t ndefs;
	struct option lo[2 * IB_OPT_MAX + 1];
	char names[2 * IB_OPT_MAX][40];
	char shorts[2 * IB_OPT_MAX + 4];
	char typed[64];
	int started, rest;   /* rest: index of the words after `--`, 0 before */
};

int ib_getopt_init(struct ib_getopt *g, const struct ib_optdef *defs, size_t ndefs);
int ib_getopt_next(struct ib_getopt *g, int argc, char **argv, const char **arg,
		   const struct ib_optdef **def, char *err, size_t errlen);
void ib_opt_spelling(const char *name, char *out, size_t cap);

#endif
