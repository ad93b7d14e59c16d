/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectime.c - a boot's benchmark time by summary section (sectime.h) */
#include <string.h>

#include "report/summary/sections.h"
#include "report/summary/sectime.h"

int ib_sectime_table(const char *metric, const char *bench)
{
	for (size_t i = 0; i < ib_summary_nsections; i++)
		for (const struct column *c = ib_summary_sections[i].col; c->metric; c++) {
			if (metric && strcmp(c->metric, metric) == 0)
				return (int)i;
			if (!metric && bench && strcmp(c->bench ? c->bench : c->metric, bench) == 0)
				return (int)i;
		}
	return -1;
}

void ib_sectime_name(int table, char *buf)
{
	const char *title = table < 0 ? "other" : ib_summary_sections[table].title;
	const char *end = strstr(title, " - ");
	size_t len = end ? (size_t)(end - title) : strlen(title);

	if (len >= IB_SECTIME_NAME)
		len = IB_SECTIME_NAME - 1;
	memcpy(buf, title, len);
	buf[len] = '\0';
}

int ib_sectime_added(const char *section, const char *bench)
{
	return strcmp(section, "Core operations") == 0 ||
	       strncmp(section, "lmbench 3 additions", 19) == 0 ||
	       strncmp(section, "TLB", 3) == 0 ||
	       (bench && (strcmp(bench, "pf_cow") == 0 || strcmp(bench, "pf_thp") == 0));
}

static struct ib_sectime_group *group(struct ib_sectime *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->g[i].name, name) == 0)
			return &t->g[i];
	return NULL;
}

/* the first table printing one of bench's recorded metrics */
static int bench_table(json_t *measurements, const char *bench)
{
	int best = -1;
	size_t i;
	json_t *m;

	json_array_foreach(measurements, i, m) {
		const char *b = json_string_value(json_object_get(m, "bench"));
		const char *metric = json_string_value(json_object_get(m, "metric"));
		int k;

		if (!b || !metric || strcmp(b, bench) != 0)
			continue;
		k = ib_sectime_table(metric, NULL);
		if (k >= 0 && (best < 0 || k < best))
			best = k;
	}
	return best >= 0 ? best : ib_sectime_table(NULL, bench);
}

int ib_sectime(json_t *root, struct ib_sectime *t)
{
	json_t *outcomes = json_object_get(root, "outcomes");
	json_t *measurements = json_object_get(root, "measurements");
	char name[IB_SECTIME_NAME];
	size_t i;
	json_t *o;

	memset(t, 0, sizeof(*t));
	for (int k = 0; k <= (int)ib_summary_nsections; k++) {
		ib_sectime_name(k == (int)ib_summary_nsections ? -1 : k, name);
		if (!group(t, name) && t->n < IB_SECTIME_MAX)
			strcpy(t->g[t->n++].name, name);
	}
	if (!json_array_size(outcomes))
		return -1;
	json_array_foreach(outcomes, i, o) {
		const char *bench = json_string_value(json_object_get(o, "bench"));
		long long ms = json_integer_value(json_object_get(o, "wall_ms"));
		struct ib_sectime_group *g;

		if (!bench)
			continue;
		ib_sectime_name(bench_table(measurements, bench), name);
		g = group(t, name);
		if (!g)
			g = group(t, "other");
		if (!g)
			continue;
		g->ms += ms;
		g->benches++;
		t->total_ms += ms;
		if (ib_sectime_added(g->name, bench))
			t->added_ms += ms;
	}
	return 0;
}
