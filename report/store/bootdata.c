/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bootdata.c - one boot's figure of one metric across its rounds (contract in bootdata.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/store/bootdata.h"
#include "report/stats/stats.h"

static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));

	return v ? v : "";
}

long ib_round_of(const json_t *o)
{
	const json_t *r = json_object_get(o, "round");

	return json_is_integer(r) ? (long)json_integer_value(r) : 0;
}

int ib_measurement_counts(const json_t *res, const json_t *m)
{
	long r = ib_round_of(json_object_get(m, "params"));
	size_t k;
	json_t *o;

	json_array_foreach(json_object_get(res, "outcomes"), k, o)
		if (!strcmp(str(o, "bench"), str(m, "bench")) && ib_round_of(o) == r)
			return !strcmp(str(o, "status"), "ok");
	return 1;
}

int ib_same_params(const json_t *a, const json_t *b)
{
	json_t *pa = json_object_get(a, "params"), *pb = json_object_get(b, "params"), *v;
	const char *k;

	json_object_foreach(pa, k, v)
		if (strcmp(k, "round") && !json_equal(v, json_object_get(pb, k)))
			return 0;
	json_object_foreach(pb, k, v)
		if (strcmp(k, "round") && !json_object_get(pa, k))
			return 0;
	return 1;
}

/* the numbers of a JSON array appended to *v (count *n, room *cap); -1 when out of memory */
static int append_numbers(const json_t *a, double **v, size_t *n, size_t *cap)
{
	size_t i;
	json_t *x;

	json_array_foreach(a, i, x) {
		if (!json_is_number(x))
			continue;
		if (*n == *cap) {
			double *p = realloc(*v, (*cap = 2 * *cap + 16) * sizeof(*p));

			if (!p)
				return -1;
			*v = p;
		}
		(*v)[(*n)++] = json_number_value(x);
	}
	return 0;
}

const json_t *ib_boot_samples(const json_t *res, const char *metric, double **s, size_t *ns,
			      double **raw, size_t *nraw, size_t *nrec)
{
	const json_t *first = NULL;
	size_t i, cs = 0, cr = 0, used = 0;
	json_t *m;

	*s = NULL;
	*ns = 0;
	if (raw) {
		*raw = NULL;
		*nraw = 0;
	}
	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		if (strcmp(str(m, "metric"), metric) || !ib_measurement_counts(res, m))
			continue;
		if (!first)
			first = m;
		else if (!ib_same_params(first, m))
			continue;
		used++;
		if (append_numbers(json_object_get(m, "samples"), s, ns, &cs) ||
		    (raw && append_numbers(json_object_get(m, "raw_ns"), raw, nraw, &cr)))
			break;
	}
	if (nrec)
		*nrec = used;
	return first;
}

double ib_boot_value(const json_t *res, const char *metric)
{
	double *s, v = NAN;
	size_t n, nrec;
	const json_t *first = ib_boot_samples(res, metric, &s, &n, NULL, NULL, &nrec);
	const json_t *med = json_object_get(first, "median");

	if (first && nrec <= 1) {
		v = json_is_number(med) ? json_number_value(med) : NAN;
	} else if (n) {
		v = ib_stat_median(s, n);
	}
	free(s);
	return v;
}
