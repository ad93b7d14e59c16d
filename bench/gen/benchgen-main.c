/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * benchgen-main.c - benchgen DEF KCONFIG FILE...: the build's front end of benchgen.c.
 * The files are read in the order given (the Makefile sorts them), so that the output
 * does not depend on the directory order of the file system.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/gen/benchgen.h"

static int write_out(const char *path, const struct bg_set *s,
		     int (*fn)(const struct bg_set *, FILE *))
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f) {
		perror(path);
		return -1;
	}
	rc = fn(s, f);
	if (fclose(f) || rc) {
		fprintf(stderr, "benchgen: %s: write error\n", path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct bg_set s;
	char *line = NULL;
	size_t cap = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: benchgen DEF KCONFIG FILE...\n");
		return 2;
	}
	bg_init(&s);
	for (int i = 3; i < argc; i++) {
		FILE *f = fopen(argv[i], "r");
		unsigned n = 0;

		if (!f) {
			perror(argv[i]);
			return 1;
		}
		while (getline(&line, &cap, f) >= 0)
			if (bg_feed(&s, argv[i], ++n, line)) {
				fprintf(stderr, "benchgen: %s\n", s.err);
				return 1;
			}
		fclose(f);
		bg_feed(&s, argv[i], n + 1, "");   /* an entry never runs on into the next file */
	}
	free(line);
	if (bg_finish(&s)) {
		fprintf(stderr, "benchgen: %s\n", s.err);
		return 1;
	}
	if (write_out(argv[1], &s, bg_write_def) || write_out(argv[2], &s, bg_write_kconfig))
		return 1;
	bg_free(&s);
	return 0;
}
