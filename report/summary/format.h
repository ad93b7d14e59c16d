/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * format.h - lmbench 2.0 summary cells (docs/summary-format.md).
 *
 * ib_fmt_cell() writes exactly `width` characters (right-aligned) and a NUL into buf, which
 * must hold width + 1 bytes (3 <= width < IB_CELL_MAX):
 *  - NaN (no value): width blanks;
 *  - below 10 (after rounding): width - 2 decimals ("0.65" in 4, "0.990" in 5, "4.4200" in 6);
 *  - from 10: "%.1f" cut to the width ("24.7", "160.", "1997"; " 309.8" in 6);
 *  - from 10^4: the value in thousands, "%.1f" cut to width - 1, then "K" ("10.K", "13.K",
 *    "10.0K" in 5); from 10^7 (or when the thousands do not fit) in millions with "M";
 *  - negative: "-" and the magnitude in width - 1; what fits nowhere: width '#'.
 * ib_fmt_int() is the Mhz style: "%*.0f", blanks for NaN, '#' when too wide.
 * Both return buf. K and M are 10^3 and 10^6, as in lmbench.
 */
#ifndef IB_FORMAT_H
#define IB_FORMAT_H

#include <stddef.h>

#define IB_CELL_MAX 32

const char *ib_fmt_cell(char *buf, size_t cap, double v, int width);
const char *ib_fmt_int(char *buf, size_t cap, double v, int width);

#endif
