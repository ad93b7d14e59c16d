/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * boot-figures - one line of timing figures per boot, for make bench-harness.
 *
 * Usage: boot-figures [--per-bench] RESULTS.JSON...
 * Prints: label, boot, wall time of the boot, time to the first console byte and to the
 * first record (host clock, from the launch facts), and init start to begin record (guest
 * CLOCK_BOOTTIME: env uptime_us minus init.start_us). A figure that is absent prints "-".
 * With --per-bench, then each benchmark's wall time (its outcome record's wall_ms).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
		if (benches)
			per_bench(root);
		json_decref(root);
	}
	return 0;
}
