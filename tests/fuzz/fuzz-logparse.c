/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-logparse.c - libFuzzer entry for the record parser (report/log/logparse.c, logcheck.c)
 * and results.json building (report/store/store.c): the guest is untrusted, so any bytes.
 *
 * Beyond "no crash, no sanitizer report", each input must leave the parser's promises
 * intact (logparse.h): the counters agree with the lists, the missing ranges are sorted and
 * disjoint, a complete log has an end and nothing missing or corrupt, and every record kept
 * reaches results.json with its fields (nothing dropped silently). A broken promise aborts,
 * which libFuzzer reports as a crash with the input saved.
 *
 * A mutated record almost never keeps a good CRC, so most inputs would stop at the CRC
 * check. Each input is therefore parsed twice: as it is, and with the CRC of every tagged
 * line recomputed (recrc()), which sends the mutations on into the field parser, the
 * sequence and duplicate checks and results.json.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/log/logparse.h"
#include "bench/base/record.h"
#include "report/store/store.h"

#define require(c) do { if (!(c)) { printf("fuzz-logparse: broken: %s (line %d)\n", #c, __LINE__); fflush(stdout); abort(); } } while (0)

static void check_integrity(const struct ib_log *log)
{
	const struct ib_integrity *in = &log->integ;
	unsigned long sum = 0;
	require(in->status >= IB_STATUS_COMPLETE && in->status <= IB_STATUS_NORECORDS);
	require(in->digest >= IB_DIGEST_NOEND && in->digest <= IB_DIGEST_BAD);
	require(in->ncorrupt_lines == in->corrupt);
	for (size_t i = 0; i < in->nranges; i++) {
		require(in->missing[i].lo <= in->missing[i].hi);
		require(i == 0 || in->missing[i - 1].hi < in->missing[i].lo);
		sum += in->missing[i].hi - in->missing[i].lo + 1;
	}
	require(sum == in->nmissing);
	if (in->status == IB_STATUS_COMPLETE)
		require(log->have_end && !in->nmissing && !in->corrupt && in->digest == IB_DIGEST_OK &&
			in->expected == (long)in->found);
	if (in->status == IB_STATUS_NORECORDS)
		require(!in->found && !in->corrupt && !log->nmeas && !log->nout);
	if (in->expected >= 0)
		require(log->have_end && (unsigned long)in->expected >= in->found);
	/* every problem counted is said in words */
	if (in->corrupt || in->nmissing || in->duplicates || in->unknown || in->nno_outcome)
		require(log->nproblems > 0);
	for (size_t i = 0; i < log->nproblems; i++)
		require(log->problems[i].text && *log->problems[i].text);
	for (size_t i = 0; i < log->nmeas; i++) {
		const struct ib_meas *m = &log->meas[i];
		require(m->bench && m->metric && m->unit);
		require(m->nsamples == 0 || m->samples);
	}
	for (size_t i = 0; i < log->nout; i++)
		require(log->out[i].bench && log->out[i].status && log->out[i].reason);
}

/* every measurement and outcome kept is in results.json, with its fields */
static void check_json(const struct ib_log *log)
{
	json_t *launch = json_pack("{s:s}", "launcher", "fuzz");
	json_t *root = ib_results_build(log, launch);
	json_decref(launch);
	require(root);
	json_t *ms = json_object_get(root, "measurements"), *os = json_object_get(root, "outcomes");
	require(json_array_size(ms) == log->nmeas);
	require(json_array_size(os) == log->nout);
	for (size_t i = 0; i < log->nmeas; i++) {
		json_t *m = json_array_get(ms, i);
		static const char *const keys[] = { "bench", "metric", "unit", "iters", "overhead",
						    "cpu", "params", "samples", "raw_ns" };
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			require(json_object_get(m, keys[k]));
		require(json_array_size(json_object_get(m, "samples")) == log->meas[i].nsamples);
		require(json_object_size(json_object_get(m, "params")) <= log->meas[i].nparams);
	}
	for (size_t i = 0; i < log->nout; i++)
		require(json_is_object(json_array_get(os, i)));
	require(json_object_size(json_object_get(root, "env")) <= log->nbegin);
	require(json_array_size(json_object_get(json_object_get(root, "plan"), "benches")) == log->nplan);
	char *text = json_dumps(root, JSON_REAL_PRECISION(9));
	require(text);
	json_error_t err;
	json_t *back = json_loads(text, 0, &err);
	require(back);   /* what we write, we can read back */
	json_decref(back);
	free(text);
	json_decref(root);
}

/* in each line without `\r` that ends in " *" and 8 bytes after its last tag: a good CRC */
static void recrc(char *b, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t s = 0; s < n;) {
		char *nl = memchr(b + s, '\n', n - s);
		size_t e = nl ? (size_t)(nl - b) : n, t = SIZE_MAX;
		for (size_t i = s; i + IB_TAG_LEN <= e; i++)
			if (!memcmp(b + i, IB_TAG, IB_TAG_LEN))
				t = i;
		if (t != SIZE_MAX && e - t >= IB_TAG_LEN + 10 && !memchr(b + t, '\r', e - t) &&
		    b[e - 10] == ' ' && b[e - 9] == '*') {
			uint32_t c = ib_crc32(0, b + t, e - 10 - t);
			for (int k = 0; k < 8; k++)
				b[e - 1 - k] = hex[(c >> (4 * k)) & 15];
		}
		s = e + 1;
	}
}

static void one(const char *data, size_t size)
{
	struct ib_log log;
	if (ib_log_parse_buf(data, size, &log) < 0)
		return;   /* out of memory: nothing to check */
	check_integrity(&log);
	FILE *devnull = fopen("/dev/null", "w");
	if (devnull) {
		ib_log_print_summary(&log, devnull);
		ib_log_print_problems(&log, devnull, 0);
		ib_log_print_problems(&log, devnull, 3);
		fclose(devnull);
	}
	(void)ib_log_begin(&log, "proto");
	check_json(&log);
	ib_log_free(&log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	one((const char *)data, size);
	char *copy = malloc(size ? size : 1);
	if (copy) {
		memcpy(copy, data, size);
		recrc(copy, size);
		one(copy, size);
		free(copy);
	}
	return 0;
}
