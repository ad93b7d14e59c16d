/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plausible - check one boot's results.json the way a reader of the numbers would.
 *
 * Usage: plausible RESULTS.JSON
 * Fails (exit 1, one line per problem) unless: the log is complete; every planned benchmark
 * has an outcome "ok"; every measurement has reps finite samples > 0 and a median > 0;
 * and the orderings that hold on any kernel hold: null call < fork < exec < sh proc, and
 * 2p/0K < 16p/64K context switch. Prints the medians it checked.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int problems;

static void problem(const char *what, const char *detail)
{
	printf("plausible: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	problems++;
}

static double median_of(json_t *ms, const char *metric)
{
	size_t i;
	json_t *m;

	json_array_foreach(ms, i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		if (name && strcmp(name, metric) == 0)
			return json_number_value(json_object_get(m, "median"));
	}
	return NAN;
}

static void order(json_t *ms, const char *a, const char *b)
{
	double va = median_of(ms, a), vb = median_of(ms, b);
	char buf[200];

	snprintf(buf, sizeof(buf), "%s %.4g < %s %.4g", a, va, b, vb);
	if (!(va < vb))
		problem("ordering does not hold", buf);
	else
		printf("plausible: ok %s\n", buf);
}

int main(int argc, char **argv)
{
	json_error_t err;
	json_t *root, *ms, *outs, *plan, *m, *o;
	size_t i, j;

	if (argc != 2) {
		fprintf(stderr, "usage: plausible RESULTS.JSON\n");
		return 2;
	}
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		printf("plausible: %s: %s (line %d)\n", argv[1], err.text, err.line);
		return 1;
	}
	const char *status = json_string_value(json_object_get(json_object_get(root, "integrity"), "status"));
	if (!status || strcmp(status, "complete") != 0)
		problem("log incomplete", argv[1]);
	ms = json_object_get(root, "measurements");
	outs = json_object_get(root, "outcomes");
	plan = json_object_get(json_object_get(root, "plan"), "benches");
	if (!json_is_array(ms) || json_array_size(ms) == 0)
		problem("no measurements", argv[1]);
	json_array_foreach(plan, i, o) {
		const char *b = json_string_value(o);
		int found = 0;
		json_array_foreach(outs, j, m) {
			const char *ob = json_string_value(json_object_get(m, "bench"));
			const char *st = json_string_value(json_object_get(m, "status"));
			if (b && ob && strcmp(b, ob) == 0) {
				found = 1;
				if (!st || strcmp(st, "ok") != 0) {
					char buf[300];
					snprintf(buf, sizeof(buf), "%s %s %s", b, st ? st : "?",
						 json_string_value(json_object_get(m, "reason")) ?: "");
					problem("benchmark not ok", buf);
				}
			}
		}
		if (!found)
			problem("no outcome for planned benchmark", b);
	}
	json_array_foreach(ms, i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		json_t *s = json_object_get(m, "samples"), *v;
		double med = json_number_value(json_object_get(m, "median"));
		if (!json_is_array(s) || json_array_size(s) == 0)
			problem("no samples", name);
		json_array_foreach(s, j, v) {
			double x = json_number_value(v);
			if (!json_is_number(v) || !isfinite(x) || x <= 0) {
				problem("sample not a positive finite number", name);
				break;
			}
		}
		if (!isfinite(med) || med <= 0)
			problem("median not positive", name);
		else
			printf("plausible: %-14s %10.4g %s\n", name ? name : "?", med,
			       json_string_value(json_object_get(m, "unit")) ?: "");
	}
	order(ms, "null_call", "fork_proc");
	order(ms, "fork_proc", "exec_proc");
	order(ms, "exec_proc", "sh_proc");
	order(ms, "ctx_2p_0k", "ctx_16p_64k");
	json_decref(root);
	printf("plausible: %d problem(s)\n", problems);
	return problems ? 1 : 0;
}
