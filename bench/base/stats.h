/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.h - the few order statistics the suite needs, exact and allocation-free.
 *
 *  - ib_sort_dbl() sorts ascending in place; NaNs go to the end. ib_min() is never NaN
 *    while a number exists; ib_median() counts the NaNs (at the end), so it is NaN when
 *    at least half of the values are. The host's ib_stat_median() (report/stats/stats.h) has the
 *    same policy and gives the same bits for the same data.
 *  - Every median of the suite comes from here (plateau.c's and lat_syscall.c's too).
 *  - ib_median() and ib_min() do not change v. ib_median() of an even count is the mean of
 *    the two middle values. Both return NaN for n == 0. ib_median() handles at most
 *    IB_STATS_MAX values (more returns NaN): the suite never has more than IB_MAX_REPS.
 */
#ifndef IB_STATS_H
#define IB_STATS_H

#include <stddef.h>

#define IB_STATS_MAX 1024

void ib_sort_dbl(double *v, size_t n);
double ib_median(const double *v, size_t n);
double ib_min(const double *v, size_t n);

#endif
