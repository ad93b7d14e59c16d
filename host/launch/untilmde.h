/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * untilmde.h - `initbench run --variant ... --until-mde PCT [--max-runs N]`: a campaign that
 * stops adding blocks once every row of its comparison could detect a change of PCT %.
 *
 * After each whole block from the second on, the campaign runs `initbench compare --results
 * DIR --json TMP LABEL...` over its variants' labels (the first is the base), stdout and
 * stderr to /dev/null, and judges the JSON's rows by their stop_mde_pct (docs/compare.md):
 * the minimum detectable effect, at two-sided 0.05 and power 0.8, of the interval that
 * decides the row (paired by block from 3 blocks, else Welch), from a blinded spread
 * (report/stats/stats.h, ib_stat_mde_blinded*). The rule never reads a ratio's sign, a
 * p-value or where an interval lies, and the blinded spread grows with the squared
 * difference, so stopping early cannot pick a lucky difference; the comparison made at the
 * end is compare's fixed-sample one. test_untilmde measures the false-positive rate this
 * keeps on simulated A/A campaigns (docs/usage.md gives the figures).
 *
 * ib_until_mde_judge(): over the rows of compare's JSON root: j->rows counted, j->above the
 * rows whose stop_mde_pct is above target_pct or null (a row without two boots per arm has
 * none), j->worst_pct the largest (INFINITY when one is null) and j->worst its
 * "metric (variant)". Returns 1 when done (rows > 0, none above), 0 when not, -1 when root
 * has no rows array.
 * ib_until_mde_check(): runs compare as above with exe (this initbench) and judges its JSON;
 * compare's exit 6 (a boot left out) still gives a JSON and is judged. Returns as
 * ib_until_mde_judge(), or -1 with a one-line reason in err when compare could not run or
 * wrote no JSON.
 * ib_until_mde_after_block(): the campaign's check after its whole block `block`: runs
 * ib_until_mde_check() with this initbench (/proc/self/exe) over c's variants' labels in
 * results, records the largest row in c (and stopped_after, rewriting the campaign file,
 * when done) and says where it stands in one line on stderr; 1 to stop, 0 to go on (also
 * when compare could not be run: said, and the campaign goes on).
 */
#ifndef IB_UNTILMDE_H
#define IB_UNTILMDE_H

#include <stddef.h>

#include <jansson.h>

struct ib_until_mde {
	size_t rows, above;
	double worst_pct;
	char worst[160];
};

int ib_until_mde_judge(const json_t *root, double target_pct, struct ib_until_mde *j);
int ib_until_mde_check(const char *exe, const char *results, const char *const *labels,
		       size_t nlabels, double target_pct, struct ib_until_mde *j, char *err,
		       size_t errlen);

struct ib_campaign;
int ib_until_mde_after_block(struct ib_campaign *c, const char *results, unsigned block);

#endif
