/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pending.c - TEMPORARY while issue 4's commands are written: weak placeholders that say so
 * and exit 2. A command's real (strong) definition replaces its placeholder at link time.
 */
#include <stdio.h>

#include "results.h"

static int pending(const char *name)
{
	fprintf(stderr, "initbench %s: not implemented yet\n", name);
	return 2;
}

__attribute__((weak)) int ib_cmd_compare(int argc, char **argv)
{
	(void)argc; (void)argv;
	return pending("compare");
}

__attribute__((weak)) int ib_cmd_export(int argc, char **argv)
{
	(void)argc; (void)argv;
	return pending("export");
}

__attribute__((weak)) int ib_cmd_import(int argc, char **argv)
{
	(void)argc; (void)argv;
	return pending("import");
}
