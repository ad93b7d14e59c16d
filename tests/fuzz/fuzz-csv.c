/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-csv.c - libFuzzer entry for the store's reader and the CSV writer (report/store/
 * validate.c, report/export/export.c): any bytes as a stored results.json. A file that
 * ib_results_check() accepts goes to the three CSV tables and to JSON, and then:
 *  - every table is RFC 4180: records end in CRLF, quotes pair up, every record has as many
 *    fields as the header;
 *  - no record is longer than ib_csv_row_max() of its table (the documented size bound), and
 *    the table has one row per sample, measurement or boot;
 *  - no cell starts with = + - @ TAB or CR unless it is a plain number, and a quoted cell
 *    whose text would start so begins with ' (no formula cell).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/export/export.h"
#include "report/store/store.h"

#define require(c) do { if (!(c)) { printf("fuzz-csv: broken: %s (line %d)\n", #c, __LINE__); fflush(stdout); abort(); } } while (0)

static int plain_number(const char *s, size_t n)
{
	size_t i = n && (*s == '+' || *s == '-'), d = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++, d++;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			d++;
	if (!d)
		return 0;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		if (i >= n || s[i] < '0' || s[i] > '9')
			return 0;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	return i == n;
}

/* one field starting at p; its end (the ',' or '\r' after it) */
static const char *field(const char *p, const char *end)
{
	if (*p != '"') {
		const char *q = p;

		while (q < end && *q != ',' && *q != '\r' && *q != '"')
			q++;
		require(q == end || *q != '"');   /* a quote only in a quoted field */
		require(q == p || !strchr("=+-@\t\r", *p) || plain_number(p, (size_t)(q - p)));
		return q;
	}
	/* quoted: text up to a lone quote; a doubled quote is one */
	const char *q = p + 1;
	int first = 1;

	for (;; q++) {
		require(q < end);
		if (*q == '"') {
			if (q + 1 < end && q[1] == '"') {
				q++;
				first = 0;
				continue;
			}
			break;
		}
		if (first)
			require(!*q || !strchr("=+-@\t\r", *q));
		first = 0;
	}
	return q + 1;
}

/* the records of a table: returns how many, each checked */
static size_t records(const char *text, size_t len, size_t max)
{
	const char *p = text, *end = text + len;
	size_t rows = 0, cols = 0;

	while (p < end) {
		const char *start = p;
		size_t n = 1;

		for (;;) {
			p = field(p, end);
			require(p < end);
			if (*p == ',') {
				p++;
				n++;
				continue;
			}
			require(*p == '\r' && p + 1 < end && p[1] == '\n');
			p += 2;
			break;
		}
		require((size_t)(p - start) <= max);
		if (!rows)
			cols = n;
		require(n == cols);
		rows++;
	}
	return rows;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum ib_csv_table tables[] = { IB_CSV_SAMPLES, IB_CSV_MEASUREMENTS, IB_CSV_BOOTS };
	struct ib_set set = { 0 };
	json_error_t je;
	char why[512];
	json_t *res = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &je), *m;
	size_t want[3] = { 0, 0, 1 }, i;

	if (!res)
		return 0;
	if (ib_results_check(res, why, sizeof(why))) {
		require(*why && strlen(why) < sizeof(why));
		json_decref(res);
		return 0;
	}
	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		want[0] += json_array_size(json_object_get(m, "samples"));
		want[1]++;
	}
	require(!ib_set_add(&set, "fuzz", 1, res));
	for (size_t t = 0; t < 3; t++) {
		char *out = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&out, &len);
		long rows;

		require(f);
		rows = ib_export_csv(f, &set, tables[t]);
		fclose(f);
		require(rows >= 0 && (size_t)rows == want[t]);
		require(records(out, len, ib_csv_row_max(tables[t])) == want[t] + 1);
		require(len <= (want[t] + 1) * ib_csv_row_max(tables[t]));
		free(out);
	}
	json_t *j = ib_export_json(&set);
	require(j);
	json_decref(j);
	ib_set_free(&set);
	return 0;
}
