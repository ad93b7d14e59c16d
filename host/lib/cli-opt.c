/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli-opt.c - getopt_long over a table, with the underscore alias of every name (cli-opt.h).
 */
#define _GNU_SOURCE
#include "host/lib/cli-opt.h"

#include <stdio.h>
#include <string.h>

#define VAL0 256   /* getopt_long's val of table row i is VAL0 + i: no clash with letters */

void ib_opt_spelling(const char *name, char *out, size_t cap)
{
	size_t i = 0;

	for (; name[i] && i + 1 < cap; i++)
		out[i] = name[i] == '_' ? '-' : name[i];
	out[i] = '\0';
}

int ib_getopt_init(struct ib_getopt *g, const struct ib_optdef *defs, size_t ndefs)
{
	size_t nlo = 0, ns = 0;

	memset(g, 0, sizeof(*g));
	if (ndefs > IB_OPT_MAX)
		return -1;
	g->defs = defs;
	g->ndefs = ndefs;
	/* "-": operands come back in order (no permutation of argv); ":": a missing value is
	 * told apart from an unknown option */
	g->shorts[ns++] = '-';
	g->shorts[ns++] = ':';
	for (size_t i = 0; i < ndefs; i++) {
		char *canon = g->names[nlo], *alias = g->names[nlo + 1];

		if (strlen(defs[i].name) >= sizeof(g->names[0]))
			return -1;
		ib_opt_spelling(defs[i].name, canon, sizeof(g->names[0]));
		for (size_t k = 0; k < sizeof(g->names[0]); k++)
			alias[k] = canon[k] == '-' ? '_' : canon[k];
		g->lo[nlo++] = (struct option){ canon, defs[i].has_arg, NULL, VAL0 + (int)i };
		if (strcmp(alias, canon))
			g->lo[nlo++] = (struct option){ alias, defs[i].has_arg, NULL, VAL0 + (int)i };
		if (defs[i].shortc) {
			g->shorts[ns++] = defs[i].shortc;
			if (defs[i].has_arg)
				g->shorts[ns++] = ':';
		}
	}
	g->lo[nlo] = (struct option){ NULL, 0, NULL, 0 };
	g->shorts[ns] = '\0';
	return 0;
}

/* "--name" of "--name=value" */
static void word_name(const char *w, char *out, size_t cap)
{
	snprintf(out, cap, "%.*s", (int)strcspn(w, "="), w);
}

static int spelled_out(const struct ib_getopt *g, const char *name)
{
	for (const struct option *o = g->lo; o->name; o++)
		if (!strcmp(o->name, name))
			return 1;
	return 0;
}

int ib_getopt_next(struct ib_getopt *g, int argc, char **argv, const char **arg,
		   const struct ib_optdef **def, char *err, size_t errlen)
{
	char typed[64];
	int c, li = -1;

	*arg = NULL;
	*def = NULL;
	if (g->rest) {
		if (g->rest >= argc)
			return 0;
		*arg = argv[g->rest++];
		return IB_OPT_OPERAND;
	}
	if (!g->started) {
		optind = 0;     /* glibc: start afresh, whatever an earlier parse left */
		opterr = 0;
		g->started = 1;
	}
	c = getopt_long(argc, argv, g->shorts, g->lo, &li);
	if (c == -1) {
		if (optind < argc) {   /* words after `--` */
			g->rest = optind;
			return ib_getopt_next(g, argc, argv, arg, def, err, errlen);
		}
		return 0;
	}
	if (c == 1) {
		*arg = optarg;
		return IB_OPT_OPERAND;
	}
	if (c == ':') {
		word_name(argv[optind - 1], typed, sizeof(typed));
		snprintf(err, errlen, "bad argument '%s': %s", typed,
			 typed[1] != '-' || spelled_out(g, typed + 2) ? "needs a value"
								   : "unknown option");
		return -1;
	}
	if (c == '?') {
		word_name(argv[optind - 1], typed, sizeof(typed));
		if (optopt >= VAL0)
			snprintf(err, errlen, "bad argument '%s': takes no value", typed);
		else if (optopt)
			snprintf(err, errlen, "bad argument '-%c': unknown option", optopt);
		else
			snprintf(err, errlen, "bad argument '%s': unknown option", typed);
		return -1;
	}
	if (c >= VAL0) {
		/* the word this came from: the one before a separate value */
		const char *w = argv[optind - 1];

		if (optarg && optarg == argv[optind - 1] && optind >= 2)
			w = argv[optind - 2];
		word_name(w, typed, sizeof(typed));
		if (li < 0 || strcmp(typed + 2, g->lo[li].name)) {
			snprintf(err, errlen, "bad argument '%s': unknown option (did you mean "
				 "--%s? options are spelled out in full)", typed,
				 li < 0 ? "?" : g->lo[li].name);
			return -1;
		}
		*def = &g->defs[c - VAL0];
		snprintf(g->typed, sizeof(g->typed), "%s", typed);
	} else {
		for (size_t i = 0; i < g->ndefs; i++)
			if (g->defs[i].shortc == c)
				*def = &g->defs[i];
		if (!*def) {
			snprintf(err, errlen, "bad argument '-%c': unknown option", c);
			return -1;
		}
		snprintf(g->typed, sizeof(g->typed), "-%c", c);
	}
	*arg = optarg;
	return (*def)->key;
}
