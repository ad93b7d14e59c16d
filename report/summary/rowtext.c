/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rowtext.c - the summary's free text and notes read from the records' params (rowtext.h).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/summary/rowtext.h"
#include "report/store/bootdata.h"

/* a boot's (first) measurement of metric from a round that succeeded, or NULL */
static const json_t *usable(const json_t *res, const char *metric)
{
	double *s;
	size_t n;
	const json_t *m = ib_boot_samples(res, metric, &s, &n, NULL, NULL, NULL);

	free(s);
	return m;
}

/* lmbench's test: two latencies within 20% of each other look like one level */
static int same(double a, double b)
{
	double hi = a > b ? a : b;
	return hi > 0 && fabs(a - b) / hi <= 0.2;
}

/* a parameter of a boot's (first usable) measurement of metric, as text ("" if none) */
static const char *param(const json_t *res, const char *metric, const char *key, char *buf,
			 size_t cap)
{
	const json_t *v = json_object_get(json_object_get(usable(res, metric), "params"), key);

	buf[0] = 0;
	if (json_is_string(v))
		snprintf(buf, cap, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, cap, "%lld", (long long)json_integer_value(v));
	else if (json_is_number(v))
		snprintf(buf, cap, "%g", json_number_value(v));
	return buf;
}

/* a size parameter in KB as "512K", "8M" (a multiple of 1024), "" when absent or not one */
static const char *size_kb(const json_t *res, const char *metric, const char *key, char *buf,
			   size_t cap)
{
	char v[32], *end;
	long long kb = strtoll(param(res, metric, key, v, sizeof(v)), &end, 10);

	buf[0] = 0;
	if (!*v || *end || kb < 0)
		return buf;
	if (kb && kb % 1024 == 0)
		snprintf(buf, cap, "%lldM", kb / 1024);
	else
		snprintf(buf, cap, "%lldK", kb);
	return buf;
}

/* one line per row, whatever the record held */
static void printable(char *s)
{
	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			*p = '?';
}

/*
 * The Guesses column of "Memory latencies": the size Main mem was read at (its record's
 * size_kb; lmbench's was 8 MB), then lmbench 2.0's own warning when the printed figures call
 * for it ("No L2 cache?", "No L1 cache?").
 */
void ib_summary_guesses_2_0(const json_t *res, char *out, size_t cap)
{
	char main_at[32];
	const char *note = "";
	double l1 = ib_boot_value(res, "lat_mem_rd_l1"), l2 = ib_boot_value(res, "lat_mem_rd_l2");
	double mem = ib_boot_value(res, "lat_mem_rd_main");

	size_kb(res, "lat_mem_rd_main", "size_kb", main_at, sizeof(main_at));
	if (!isnan(l1) && !isnan(l2) && !isnan(mem)) {
		if (!same(l1, l2) && same(l2, mem))
			note = "No L2 cache?";
		else if (same(l1, l2))
			note = "No L1 cache?";
	}
	snprintf(out, cap, "%s%s%s%s", *main_at ? "Main mem at " : "", main_at,
		 *main_at && *note ? ", " : "", note);
	printable(out);
}

/*
 * The text of "Memory hierarchy": the cache levels the random curve shows (lat_mem's
 * `guesses`, else lat_l2's or lat_l1's), the buffer Main mem was read at, the page size and
 * how much of the buffer lay in transparent huge pages ("THP 0" when none, "THP ?" unknown).
 */
void ib_summary_hierarchy(const json_t *res, char *out, size_t cap)
{
	static const char *const from[] = { "lat_mem", "lat_l2", "lat_l1" };
	char g[160] = "", buf[32], page[32], thp[32], v[32];
	size_t o;

	for (size_t i = 0; i < 3 && !*g; i++)
		param(res, from[i], "guesses", g, sizeof(g));
	o = (size_t)snprintf(out, cap, "%s", g);
	size_kb(res, "lat_mem", "buffer_kb", buf, sizeof(buf));
	if (*buf && o < cap)
		o += (size_t)snprintf(out + o, cap - o, "%sMain mem at %s", o ? "; " : "", buf);
	size_kb(res, "lat_mem", "page_kb", page, sizeof(page));
	param(res, "lat_mem", "thp_kb", v, sizeof(v));
	if (!strcmp(v, "0"))
		snprintf(thp, sizeof(thp), "0");
	else if (*v && v[0] != '-')
		size_kb(res, "lat_mem", "thp_kb", thp, sizeof(thp));
	else
		snprintf(thp, sizeof(thp), "%s", *v ? "?" : "");
	if ((*page || *thp) && o < cap)
		snprintf(out + o, cap - o, "%s%s%s%s%s%s", o ? "; " : "", *page ? page : "",
			 *page ? " pages" : "", *page && *thp ? ", " : "", *thp ? "THP " : "", thp);
	printable(out);
}

/*
 * Under "File & VM": the size Mmap Latency mapped (mmap_lat's size_kb), since lmbench's
 * column shows the largest size of its run, whatever that was. One line when every boot
 * used one size, else the boots of each size. It starts with blanks, as the fsdir lines do,
 * so that a reader of lmbench tables (our importer too) skips it.
 */
void ib_summary_mmap_note(FILE *f, const struct ib_set *set)
{
	char sizes[8][32], sz[32];
	size_t ns = 0;

	for (size_t i = 0; i < set->n; i++) {
		size_t k = 0;

		if (!*size_kb(set->boots[i].res, "mmap_lat", "size_kb", sz, sizeof(sz)))
			continue;
		while (k < ns && strcmp(sizes[k], sz))
			k++;
		if (k == ns && ns < 8)
			snprintf(sizes[ns++], sizeof(sizes[0]), "%s", sz);
	}
	if (!ns)
		return;
	fputs("  Mmap Latency maps a file of", f);
	for (size_t k = 0; k < ns; k++) {
		int first = 1;

		fprintf(f, "%s %s", k ? ";" : "", sizes[k]);
		for (size_t i = 0; ns > 1 && i < set->n; i++) {
			const struct ib_boot *b = &set->boots[i];

			if (strcmp(size_kb(b->res, "mmap_lat", "size_kb", sz, sizeof(sz)), sizes[k]))
				continue;
			fprintf(f, "%s%s/%lu", first ? " (" : ", ", b->label, b->num);
			first = 0;
		}
		if (!first)
			fputc(')', f);
	}
	fputs(": mmap, a store every 16K over its first tenth, munmap\n", f);
}

