/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wrap.c - text for people in a fixed width (wrap.h).
 */
#include <math.h>
#include <string.h>

#include "report/summary/wrap.h"

void ib_wrap(FILE *f, const char *first, const char *indent, const char *text, size_t width)
{
	size_t col = strlen(first), start = col, il = strlen(indent);

	fputs(first, f);
	for (const char *p = text; *p;) {
		size_t n;

		if (*p == ' ') {
			p++;
			continue;
		}
		n = strcspn(p, " ");
		/* a word that fits on a fresh line is not cut: it starts one */
		if (col > start && col + 1 + n > width) {
			fprintf(f, "\n%s", indent);
			col = start = il;
		} else if (col > start) {
			fputc(' ', f);
			col++;
		}
		while (col + n > width) {
			size_t room = width - col;

			fprintf(f, "%.*s\n%s", (int)room, p, indent);
			p += room;
			n -= room;
			col = start = il;
		}
		fprintf(f, "%.*s", (int)n, p);
		col += n;
		p += n;
	}
	fputc('\n', f);
}

const char *ib_num4(char *out, size_t cap, double v)
{
	if (isnan(v))
		snprintf(out, cap, "%s", "");
	else
		snprintf(out, cap, fabs(v) >= 1e4 ? "%.0f" : "%.4g", v);
	return out;
}
