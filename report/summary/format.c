/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * format.c - lmbench 2.0 summary cells; the rules and their sources are in
 * docs/summary-format.md. Where lmbench cuts a rounded number to the width and so prints a
 * value ten times too small (9999.96 as "1000"), we move to the next unit instead.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/summary/format.h"

static const char *fill(char *buf, size_t cap, int width, char c)
{
	if (cap == 0)
		return buf;
	if ((size_t)width >= cap)
		width = (int)cap - 1;
	memset(buf, c, (size_t)width);
	buf[width] = 0;
	return buf;
}

/* right-align the first n bytes of s in width */
static const char *place(char *buf, size_t cap, int width, const char *s, size_t n)
{
	if ((size_t)width >= cap || n > (size_t)width)
		return fill(buf, cap, width, '#');
	memset(buf, ' ', (size_t)width - n);
	memcpy(buf + width - n, s, n);
	buf[width] = 0;
	return buf;
}

/* integer digits of a "%.1f" string */
static size_t intdigits(const char *s)
{
	const char *dot = strchr(s, '.');
	return dot ? (size_t)(dot - s) : strlen(s);
}

/* "%.1f" of v / div cut to room, plus suffix; 0 if the integer part does not fit */
static int scaled(char *buf, size_t cap, int width, double v, double div, const char *suffix)
{
	char s[64], t[64];
	int room = width - (int)strlen(suffix);
	snprintf(s, sizeof(s), "%.1f", v / div);
	if (room < 1 || intdigits(s) > (size_t)room)
		return 0;
	snprintf(t, sizeof(t), "%.*s%s", room, s, suffix);
	place(buf, cap, width, t, strlen(t));
	return 1;
}

const char *ib_fmt_cell(char *buf, size_t cap, double v, int width)
{
	char s[64];

	if (width < 1 || width >= IB_CELL_MAX || (size_t)width >= cap)
		return fill(buf, cap, width < 0 ? 0 : width, '#');
	if (isnan(v))
		return fill(buf, cap, width, ' ');
	if (isinf(v))
		return fill(buf, cap, width, '#');
	if (v < 0) {
		char m[IB_CELL_MAX];
		if (width < 2)
			return fill(buf, cap, width, '#');
		ib_fmt_cell(m, sizeof(m), -v, width - 1);
		if (m[0] == '#')
			return fill(buf, cap, width, '#');
		size_t lead = strspn(m, " ");
		snprintf(s, sizeof(s), "-%s", m + lead);
		return place(buf, cap, width, s, strlen(s));
	}
	if (v < 10 && width > 2) {
		snprintf(s, sizeof(s), "%.*f", width - 2, v);
		if (strlen(s) <= (size_t)width)
			return place(buf, cap, width, s, strlen(s));
	}
	if (v < 1e4) {
		snprintf(s, sizeof(s), "%.1f", v);
		if (intdigits(s) <= (size_t)width)
			return place(buf, cap, width, s, (size_t)width < strlen(s) ? (size_t)width : strlen(s));
	}
	if (v < 1e7 && scaled(buf, cap, width, v, 1e3, "K"))
		return buf;
	if (scaled(buf, cap, width, v, 1e6, "M"))
		return buf;
	return fill(buf, cap, width, '#');
}

const char *ib_fmt_int(char *buf, size_t cap, double v, int width)
{
	char s[64];
	if (width < 1 || width >= IB_CELL_MAX || (size_t)width >= cap)
		return fill(buf, cap, width < 0 ? 0 : width, '#');
	if (isnan(v))
		return fill(buf, cap, width, ' ');
	if (isinf(v) || fabs(v) >= 1e30)
		return fill(buf, cap, width, '#');
	snprintf(s, sizeof(s), "%.0f", v);
	return place(buf, cap, width, s, strlen(s));
}
