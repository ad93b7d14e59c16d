/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wrap.h - text for people in a fixed width (report and compare --format markdown|narrow).
 *
 * ib_wrap(f, first, indent, text, width) writes text on f broken at blanks so that no line
 * is wider than width columns: the first line after `first`, each other after `indent`;
 * runs of blanks become one; a word too long for a line is cut across lines. Ends with a
 * newline. width must exceed strlen(first) and strlen(indent).
 * ib_num4(out, cap, v) a figure to 4 significant digits, without an exponent from 10^4
 * ("0.1235", "24.68", "13110"); "" for NaN. Returns out.
 */
#ifndef IB_WRAP_H
#define IB_WRAP_H

#include <stddef.h>
#include <stdio.h>

void ib_wrap(FILE *f, const char *first, const char *indent, const char *text, size_t width);
const char *ib_num4(char *out, size_t cap, double v);

#endif
