/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plausible.h - the checks of the plausible tool (checks.c), called by its main (plausible.c,
 * whose head comment says what is checked and why).
 *  - problem(what, detail) counts and prints one problem; finish() repeats the first 16 at
 *    the end (a test log's tail shows them) and returns the exit status (1 if any).
 *  - ms is the array combine() builds: per metric its median over the boots and the first
 *    boot's params; metric_obj() finds one, param_str() reads a param.
 *  - order(ms, a, b): median a < median b. order_within(ms, a, b, or_equal, slack): the same
 *    on the median over every (boot, round) of a/b in one round (the_boots, nboots), within a
 *    factor slack (nothing when either is missing); order_if(): order_within() with slack 1.
 *    paired_only(ms, a, b, why): that paired median printed, not judged, with the reason.
 *  - page_fault(), fs_flat(uml), faults_per_touch(), bandwidths(), native_checks(),
 *    core_ops(ms, uml), sched_ops(ms): one family's relations each.
 */
#ifndef PLAUSIBLE_H
#define PLAUSIBLE_H

#include <jansson.h>

extern json_t **the_boots;
extern int nboots;

void problem(const char *what, const char *detail);
int finish(void);
void order(json_t *ms, const char *a, const char *b);
void order_within(json_t *ms, const char *a, const char *b, int or_equal, double slack);
void order_if(json_t *ms, const char *a, const char *b, int or_equal);
void paired_only(json_t *ms, const char *a, const char *b, const char *why);
json_t *metric_obj(json_t *ms, const char *metric);
const char *param_str(json_t *m, const char *key);
void page_fault(json_t *ms);
void fs_flat(int uml);
void faults_per_touch(json_t **boots, int n);
void bandwidths(json_t *ms);
void native_checks(json_t *root, json_t *ms);
void core_ops(json_t *ms, int uml);
void sched_ops(json_t *ms);

#endif
