/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * boot-figures - one line of timing figures per boot, for make bench-harness.
 *
 * Usage: boot-figures [--per-bench] RESULTS.JSON...
 * Prints: label, boot, wall time of the boot, time to the first console byte and to the
 * first record (host clock, from the launch facts), and init start to begin record (guest
 * CLOCK_BOOTTIME: env uptime_us minus init.start_us). A figure that is absent prints "-".
 * With --per-bench, then each benchmark's wall time (its outcome record's wall_ms), then
 * those summed by the summary section the benchmark's metrics print in (report/summary/
 * sectime.h), their total, the part of it issue 19 added to the profile (IB_SECTIME_ADDED)
 * and total / (total - that): the full profile's time budget (make bench-harness); the same
 * without the Macro workloads section too.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/summary/sectime.h"

static void num(json_t *v, const char *fmt)
{
	if (json_is_number(v))
		printf(fmt, json_number_value(v));
	else
		printf(" %*s", 1, "-");
}

static long long str_ll(json_t *v)
{
	const char *s = json_string_value(v);

	return s ? strtoll(s, NULL, 10) : 0;
}

static void per_bench(json_t *root)
{
	size_t i;
	json_t *o;

	json_array_foreach(json_object_get(root, "outcomes"), i, o)
		printf("    %-16s %-8s %8lld ms\n", json_string_value(json_object_get(o, "bench")) ?: "?",
		       json_string_value(json_object_get(o, "status")) ?: "?",
		       (long long)json_integer_value(json_object_get(o, "wall_ms")));
}

static void ratio(const char *what, long long total_ms, long long added_ms)
{
	if (total_ms > added_ms)
		printf("    ratio %s: %.2f\n", what, (double)total_ms / (double)(total_ms - added_ms));
	else
		printf("    ratio %s: -\n", what);
}

static void per_section(json_t *root)
{
	struct ib_sectime t;

	if (ib_sectime(root, &t) < 0) {
		printf("    no outcome records\n");
		return;
	}
	printf("    by summary section: benchmarks, seconds (their outcome records' wall_ms)\n");
	for (size_t i = 0; i < t.n; i++)
		if (t.g[i].benches)
			printf("    %-48s %3d %8.1f s\n", t.g[i].name, t.g[i].benches,
			       t.g[i].ms / 1000.0);
	printf("    %-52s %8.1f s\n", "total", t.total_ms / 1000.0);
	printf("    of it %s: %.1f s\n", IB_SECTIME_ADDED, t.added_ms / 1000.0);
	ratio("total / (total - those)", t.total_ms, t.added_ms);
	/* the macro workloads are most of a full boot and move the most with the host's load
	 * (their HTTP load generator's timeouts): the budget without them, beside */
	for (size_t i = 0; i < t.n; i++)
		if (strcmp(t.g[i].name, "Macro workloads") == 0 && t.g[i].benches) {
			printf("    %-52s %8.1f s\n", "total without Macro workloads",
			       (t.total_ms - t.g[i].ms) / 1000.0);
			ratio("the same without Macro workloads", t.total_ms - t.g[i].ms,
			      t.added_ms);
		}
}

int main(int argc, char **argv)
{
	int benches = argc > 1 && strcmp(argv[1], "--per-bench") == 0;

	argv += benches;
	argc -= benches;
	printf("%-10s %4s %8s %13s %15s %15s\n", "label", "boot", "wall_s", "first_byte_s",
	       "first_record_s", "init_to_rec_ms");
	for (int i = 1; i < argc; i++) {
		json_error_t err;
		json_t *root = json_load_file(argv[i], 0, &err);
		json_t *launch, *env;
		long long up, start;

		if (!root) {
			fprintf(stderr, "boot-figures: %s: %s\n", argv[i], err.text);
			return 1;
		}
		launch = json_object_get(root, "launch");
		env = json_object_get(root, "env");
		printf("%-10s %4lld", json_string_value(json_object_get(launch, "label")) ?: "?",
		       (long long)json_integer_value(json_object_get(launch, "boot")));
		num(json_object_get(launch, "wall_s"), " %8.2f");
		num(json_object_get(launch, "first_byte_s"), " %13.2f");
		num(json_object_get(launch, "first_record_s"), " %15.2f");
		up = str_ll(json_object_get(env, "uptime_us"));
		start = str_ll(json_object_get(env, "init.start_us"));
		if (up > 0 && start > 0 && up >= start)
			printf(" %15.1f\n", (double)(up - start) / 1000.0);
		else
			printf(" %15s\n", "-");
		if (benches) {
			per_bench(root);
			per_section(root);
		}
		json_decref(root);
	}
	return 0;
}
