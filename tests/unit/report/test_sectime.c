/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sectime.c - a boot's benchmark time by summary section (report/summary/sectime.h):
 * which table a benchmark counts in, the tables that share a name summed as one, "other",
 * and the part issue 19 added (make bench-harness's time budget).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "report/summary/sections.h"
#include "report/summary/sectime.h"

static int title_is(int table, const char *prefix)
{
	return table >= 0 && strncmp(ib_summary_sections[table].title, prefix,
				     strlen(prefix)) == 0;
}

static void test_table(void **state)
{
	(void)state;
	assert_int_equal(ib_sectime_table("null_call", NULL), 0);
	/* 2p/0K prints in Context switching and again in Local communication: the first */
	assert_int_equal(ib_sectime_table("ctx_2p_0k", NULL), 1);
	assert_int_equal(ib_sectime_table("mhz", NULL), -1);
	assert_int_equal(ib_sectime_table("no_such_metric", NULL), -1);
	/* by the registry entry a column names, or the metric's own name */
	assert_true(title_is(ib_sectime_table(NULL, "lat_mem"), "Memory latencies"));
	assert_true(title_is(ib_sectime_table(NULL, "tlb"), "TLB"));
	assert_true(title_is(ib_sectime_table(NULL, "uring_nop"), "Core operations"));
	assert_int_equal(ib_sectime_table(NULL, "mhz"), -1);
}

static void test_added(void **state)
{
	(void)state;
	assert_true(ib_sectime_added("Core operations", "clock"));
	assert_true(ib_sectime_added("lmbench 3 additions", "bw_udp"));
	assert_true(ib_sectime_added("TLB (4 KB pages)", "tlb"));
	assert_true(ib_sectime_added("Page faults in microseconds", "pf_cow"));
	assert_true(ib_sectime_added("Page faults in microseconds", "pf_thp"));
	assert_false(ib_sectime_added("Page faults in microseconds", "pf_anon"));
	assert_false(ib_sectime_added("other", "mhz"));
	assert_false(ib_sectime_added("Processor, Processes", "null_call"));
}

static const struct ib_sectime_group *find(const struct ib_sectime *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->g[i].name, name) == 0)
			return &t->g[i];
	fail_msg("no section \"%s\"", name);
	return NULL;
}

static void expect(const struct ib_sectime *t, const char *name, long long ms, int benches)
{
	const struct ib_sectime_group *g = find(t, name);

	assert_int_equal(g->ms, ms);
	assert_int_equal(g->benches, benches);
}

static void test_boot(void **state)
{
	struct ib_sectime t;
	json_t *root;
	json_error_t err;

	(void)state;
	root = json_loads("{\"measurements\": ["
		"{\"bench\": \"mhz\", \"metric\": \"mhz\"},"
		"{\"bench\": \"null_call\", \"metric\": \"null_call\"},"
		"{\"bench\": \"pf\", \"metric\": \"page_fault\"},"
		"{\"bench\": \"pf\", \"metric\": \"pf_per_fault\"},"
		"{\"bench\": \"pf_cow\", \"metric\": \"pf_cow\"},"
		"{\"bench\": \"clock\", \"metric\": \"clock_vdso\"},"
		"{\"bench\": \"poll\", \"metric\": \"poll_10\"},"
		"{\"bench\": \"lat_fifo\", \"metric\": \"lat_fifo\"},"
		"{\"bench\": \"bw_udp\", \"metric\": \"bw_udp\"}],"
		"\"outcomes\": ["
		"{\"bench\": \"mhz\", \"wall_ms\": 100},"
		"{\"bench\": \"null_call\", \"wall_ms\": 200},"
		"{\"bench\": \"tlb\", \"status\": \"skip\", \"wall_ms\": 300},"
		"{\"bench\": \"pf\", \"wall_ms\": 400},"
		"{\"bench\": \"pf_cow\", \"wall_ms\": 50},"
		"{\"bench\": \"clock\", \"wall_ms\": 600},"
		"{\"bench\": \"poll\", \"wall_ms\": 700},"
		"{\"bench\": \"lat_fifo\", \"wall_ms\": 10},"
		"{\"bench\": \"bw_udp\", \"wall_ms\": 20}]}", 0, &err);
	assert_non_null(root);
	assert_int_equal(ib_sectime(root, &t), 0);
	expect(&t, "Processor, Processes", 200, 1);
	/* page_fault prints in Page faults, pf_per_fault first in File & VM */
	expect(&t, "File & VM system latencies in microseconds", 400, 1);
	expect(&t, "TLB (4 KB pages)", 300, 1);           /* skipped: by its column */
	expect(&t, "Page faults in microseconds", 50, 1);
	expect(&t, "lmbench 3 additions", 30, 2);         /* two tables, one section */
	expect(&t, "Core operations", 1300, 2);
	expect(&t, "other", 100, 1);
	expect(&t, "Context switching", 0, 0);
	assert_string_equal(t.g[0].name, "Processor, Processes");
	assert_string_equal(t.g[t.n - 1].name, "other");
	assert_int_equal(t.total_ms, 2380);
	assert_int_equal(t.added_ms, 300 + 50 + 30 + 1300);
	json_decref(root);

	root = json_loads("{\"outcomes\": []}", 0, &err);
	assert_int_equal(ib_sectime(root, &t), -1);
	json_decref(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_added),
		cmocka_unit_test(test_boot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
