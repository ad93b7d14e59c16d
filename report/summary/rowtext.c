/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rowtext.c - the summary's free text and notes read from the records' params (rowtext.h).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/summary/rowtext.h"
#include "report/summary/summary.h"
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

/* a string member, "" when absent */
static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

static const char *env(const json_t *res, const char *key)
{
	return str(json_object_get(res, "env"), key);
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

/* the fs= parameter of the first measurement that has one (results without fsdir.type) */
static const char *measured_fs(const json_t *res)
{
	size_t i;
	json_t *m;

	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		const char *fs = str(json_object_get(m, "params"), "fs");

		if (*fs)
			return fs;
	}
	return "";
}

void ib_summary_fsdir(const json_t *res, char *out, size_t cap)
{
	const char *type = env(res, "fsdir.type"), *want = env(res, "knob.fs");
	const char *opts = env(res, "fsdir.opts"), *mnt = env(res, "fsdir.mnt");
	const char *dev = env(res, "fsdir.dev"), *dir = env(res, "knob.fsdir");
	size_t o;

	out[0] = 0;
	if (!*type) {
		/* a boot of a suite that did not say: what its file benchmarks recorded */
		if (*(type = measured_fs(res)))
			snprintf(out, cap, "%s", type);
		return;
	}
	o = (size_t)snprintf(out, cap, "%s%s%s%s at %s", type, *opts ? " (" : "", opts,
			     *opts ? ")" : "", *dir ? dir : *mnt ? mnt : "?");
	/* a device that is a file system's name (tmpfs, rootfs) says nothing more */
	if (o < cap && *dev == '/')
		o += (size_t)snprintf(out + o, cap - o, " on %s", dev);
	if (o >= cap)
		return;
	if (*want && strcmp(want, type))
		snprintf(out + o, cap - o, ": fs=%s asked, not there (file benchmarks skipped)",
			 want);
	else if (*want)
		snprintf(out + o, cap - o, ": fs=%s", want);
	else if (!strcmp(type, "tmpfs") && !strcmp(env(res, "mode"), "init"))
		snprintf(out + o, cap - o, ": no disk (lmbench used one: --fs ext4)");
}

void ib_summary_inject(const json_t *res, char *out, size_t cap)
{
	const char *ns = env(res, "knob.inject_ns"), *on = env(res, "knob.inject_bench");

	out[0] = '\0';
	/* a suite that refused it recorded 0; one without the knob recorded nothing */
	if (*ns && strtoul(ns, NULL, 10))
		snprintf(out, cap, "inject_ns=%s on %s: a busy-wait added to every timed "
			 "operation, not a normal boot", ns, *on ? on : "(no benchmark)");
}

/* e.g. "  fsdir: default/1-3 ext4 (rw,relatime) at ..." (rowtext.h) */
void ib_summary_notes(FILE *f, const struct ib_set *set, const char *tag,
		      void (*text)(const json_t *res, char *out, size_t cap))
{
	char cur[768], next[768];

	for (size_t i = 0; i < set->n;) {
		size_t j = i + 1;

		text(set->boots[i].res, cur, sizeof(cur));
		while (j < set->n && !strcmp(set->boots[j].label, set->boots[i].label)) {
			text(set->boots[j].res, next, sizeof(next));
			if (strcmp(next, cur))
				break;
			j++;
		}
		if (*cur && j == i + 1)
			fprintf(f, "  %s: %s/%lu %s\n", tag, set->boots[i].label, set->boots[i].num,
				cur);
		else if (*cur)
			fprintf(f, "  %s: %s/%lu-%lu %s\n", tag, set->boots[i].label,
				set->boots[i].num, set->boots[j - 1].num, cur);
		i = j;
	}
}

static void kb_size(const json_t *params, const char *key, char *out, size_t cap)
{
	const json_t *v = json_object_get(params, key);
	unsigned long long kb = json_is_integer(v) && json_integer_value(v) > 0 ?
		(unsigned long long)json_integer_value(v) :
		json_is_string(v) ? strtoull(json_string_value(v), NULL, 10) : 0;

	if (!kb)
		out[0] = 0;
	else if (kb % 1024 == 0)
		snprintf(out, cap, "%lluM", kb / 1024);
	else
		snprintf(out, cap, "%lluK", kb);
}

/* the params of the first of metrics[] the boot measured, NULL for none */
static const json_t *first_params(const json_t *res, const char *const *metrics)
{
	for (; *metrics; metrics++) {
		const json_t *m = usable(res, *metrics);

		if (m)
			return json_object_get(m, "params");
	}
	return NULL;
}

void ib_summary_bwsize(const json_t *res, char *out, size_t cap)
{
	static const char *const rw[] = { "bw_mem_frd", "bw_mem_fwr", "bw_file_rd", "bw_mmap_rd",
					  NULL };
	static const char *const cp[] = { "bw_mem_bcopy", "bw_mem_fcp", NULL };
	const json_t *prw = first_params(res, rw), *pcp = first_params(res, cp);
	const json_t *any = prw ? prw : pcp;
	const char *src = str(any, "llc_src"), *how = "";
	char a[32], b[32], llc[32];

	out[0] = 0;
	if (!any)
		return;
	kb_size(prw, "size_kb", a, sizeof(a));
	kb_size(pcp, "size_kb", b, sizeof(b));
	kb_size(any, "llc_kb", llc, sizeof(llc));
	if (*llc && *src)
		how = !strcmp(src, "guess") ? " (guessed)" : " (sysfs)";
	snprintf(out, cap, "%s%s%s%s%s%s%s", a, *a && *b ? ", " : "", *b ? "Bcopy " : "", b,
		 *llc ? "; LLC " : "", llc, how);
}
