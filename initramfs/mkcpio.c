/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mkcpio - write a deterministic newc cpio archive from a gen_init_cpio
 * style manifest (format and guarantees: cpio.h).
 *
 *   mkcpio [-t EPOCH] [-o FILE] MANIFEST|-
 *
 * -t sets every entry's mtime (default: $SOURCE_DATE_EPOCH, else 0).
 * The output is uncompressed; compress it with `gzip -9 -n` so that the
 * gzip header carries neither a name nor a timestamp.
 */
#define _GNU_SOURCE
#include "initramfs/cpio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void)
{
	fprintf(stderr, "usage: mkcpio [-t EPOCH] [-o FILE] MANIFEST|-\n");
	exit(2);
}

static int parse_epoch(const char *s, unsigned long *out)
{
	char *end;

	if (!s || !*s || *s == '-')
		return -1;
	errno = 0;
	*out = strtoul(s, &end, 10);
	return (errno || *end || *out > 0xffffffffUL) ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *outname = NULL, *mname;
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	unsigned long mtime = 0;
	char err[CPIO_ERRLEN];
	FILE *in, *out = stdout;
	int opt, rc;

	while ((opt = getopt(argc, argv, "t:o:h")) != -1) {
		switch (opt) {
		case 't':
			epoch = optarg;
			break;
		case 'o':
			outname = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	if (epoch && parse_epoch(epoch, &mtime)) {
		fprintf(stderr, "mkcpio: bad epoch '%s' (seconds since 1970, 32 bits)\n",
			epoch);
		return 2;
	}

	mname = argv[optind];
	in = strcmp(mname, "-") ? fopen(mname, "r") : stdin;
	if (!in) {
		fprintf(stderr, "mkcpio: cannot open manifest '%s': %s\n", mname,
			strerror(errno));
		return 1;
	}
	if (outname) {
		out = fopen(outname, "wb");
		if (!out) {
			fprintf(stderr, "mkcpio: cannot create '%s': %s\n", outname,
				strerror(errno));
			return 1;
		}
	}

	rc = cpio_build(in, mname, mtime, out, err, sizeof(err));
	if (in != stdin)
		fclose(in);
	if (out != stdout && fclose(out) && !rc) {
		snprintf(err, sizeof(err), "write error on '%s': %s", outname,
			 strerror(errno));
		rc = -1;
	}
	if (rc) {
		fprintf(stderr, "mkcpio: %s\n", err);
		if (outname)
			unlink(outname);   /* never leave half an image behind */
		return 1;
	}
	return 0;
}
