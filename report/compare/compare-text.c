/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare-text.c - how `initbench compare` writes a figure: text cells and JSON values
 * (compare-int.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "report/compare/compare-int.h"
#include "report/summary/summary.h"

/* 4 significant digits, but never an exponent for the big ones ("13110", not "1.311e+04") */
static const char *num(char *out, size_t cap, double v)
{
	snprintf(out, cap, fabs(v) >= 1e4 ? "%.0f" : "%.4g", v);
	return out;
}

/* the interval of a variant's value: "0.6003 [0.5981, 0.6025]" or the value alone */
void ib_cmp_value_ci(char *out, size_t cap, double v, double lo, double hi)
{
	char a[32], b[32], c[32];
	if (isnan(v))
		snprintf(out, cap, "-");
	else if (isnan(lo))
		snprintf(out, cap, "%s", num(a, sizeof(a), v));
	else
		snprintf(out, cap, "%s [%s, %s]", num(a, sizeof(a), v), num(b, sizeof(b), lo),
			 num(c, sizeof(c), hi));
}

void ib_cmp_pct_ci(char *out, size_t cap, double r, double lo, double hi)
{
	if (isnan(r))
		snprintf(out, cap, "-");
	else if (isnan(lo))
		snprintf(out, cap, "%+.1f", (r - 1) * 100);
	else
		snprintf(out, cap, "%+.1f [%+.1f, %+.1f]", (r - 1) * 100, (lo - 1) * 100, (hi - 1) * 100);
}

void ib_cmp_cv_pair(char *out, size_t cap, double a, double b)
{
	char x[16], y[16];
	snprintf(x, sizeof(x), isnan(a) ? "-" : "%.1f", a * 100);
	snprintf(y, sizeof(y), isnan(b) ? "-" : "%.1f", b * 100);
	snprintf(out, cap, "%s/%s", x, y);
}

json_t *ib_cmp_jnum(double v)
{
	return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

json_t *ib_cmp_jci(double lo, double hi)
{
	return isnan(lo) ? json_null() : json_pack("[o,o]", ib_cmp_jnum(lo), ib_cmp_jnum(hi));
}

json_t *ib_cmp_cell_json(const struct cell *c)
{
	return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:I,s:o,s:o}", "gmean", ib_cmp_jnum(c->gmean),
			 "ci", ib_cmp_jci(c->lo, c->hi), "min", ib_cmp_jnum(c->min), "iqr", ib_cmp_jnum(c->iqr),
			 "cv_within", ib_cmp_jnum(c->cv_within), "cv_between", ib_cmp_jnum(c->cv_between),
			 "n", (json_int_t)c->n, "round_drift_pct", ib_cmp_jnum(c->rdrift),
			 "round_drift_ci", ib_cmp_jci(c->rdrift_lo, c->rdrift_hi));
}

void ib_cmp_inject(const struct variant *v, char *out, size_t cap)
{
	char t[512];

	out[0] = '\0';
	for (size_t b = 0; b < v->n; b++) {
		ib_summary_inject(v->boot[b]->res, t, sizeof(t));
		if (!b) {
			snprintf(out, cap, "%s", t);
		} else if (strcmp(t, out)) {
			snprintf(out, cap, "mixed: some boots injected, not all alike");
			return;
		}
	}
}
