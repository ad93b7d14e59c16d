/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bootdata.h - what one boot's results.json says about one metric, the same way for the
 * summary, compare and the exports.
 *
 * A boot may run a benchmark in several rounds (knob rounds): each round's `m` records
 * carry params.round, its outcome record `round`; a boot with one round has neither.
 *  - ib_round_of(o): the round of an outcome, or of a params object; 0 when absent.
 *  - ib_measurement_counts(res, m): 0 when the outcome of m's round says it did not end ok;
 *    1 otherwise (a missing outcome, as in a log cut short, does not hide a measurement).
 *  - ib_same_params(a, b): the two measurements have the same params apart from round.
 *  - ib_boot_samples(res, metric, &s, &ns, &raw, &nraw, &nrec): the boot's first measurement
 *    of metric that counts, and the same measurement of every other round that counts; their
 *    samples (and raw_ns, unless raw is NULL) concatenated into new buffers the caller frees;
 *    nrec (may be NULL) the number of records used. Returns that first measurement, or NULL
 *    with empty buffers. -1 in *ns on out of memory is never returned: the buffers then hold
 *    what fitted.
 *  - ib_boot_value(res, metric): the boot's figure: the median over those samples; a single
 *    record keeps the median stored with it; NaN when there is none.
 */
#ifndef IB_BOOTDATA_H
#define IB_BOOTDATA_H

#include <jansson.h>
#include <stddef.h>

long ib_round_of(const json_t *o);
int ib_measurement_counts(const json_t *res, const json_t *m);
int ib_same_params(const json_t *a, const json_t *b);
const json_t *ib_boot_samples(const json_t *res, const char *metric, double **s, size_t *ns,
			      double **raw, size_t *nraw, size_t *nrec);
double ib_boot_value(const json_t *res, const char *metric);

#endif
