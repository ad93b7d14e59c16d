/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_noisy_console.c - the record parser against a real console log (a QEMU-TCG boot of
 * the quick profile, kept as tests/fuzz/seeds/logparse/qemu-quick.log: kernel messages,
 * `\r\n` line ends, 11 records) mangled the ways a serial console mangles it. Each case
 * says exactly which records must be reported missing or corrupt and that every other one
 * is kept unchanged. test_logparse.c covers the same rows on small synthetic logs.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report/log/logparse.h"
#include "bench/base/record.h"

#define NREC 11

static char *real;          /* the log */
static size_t real_len;
/* per record: offset of its tag, offset just past its last CRC digit, its 1-based line */
static size_t rec_at[NREC], rec_end[NREC];
static long rec_line[NREC];

static int setup(void **state)
{
	char path[512];
	const char *root = getenv("srctree");
	(void)state;
	snprintf(path, sizeof(path), "%s/tests/fuzz/seeds/logparse/qemu-quick.log",
		 root && *root ? root : ".");
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	real = malloc(1 << 20);
	real_len = fread(real, 1, 1 << 20, f);
	fclose(f);
	long line = 1;
	size_t k = 0;
	for (size_t i = 0; i < real_len && k < NREC; i++) {
		if (real[i] == '\n')
			line++;
		if ((i == 0 || real[i - 1] == '\n') && !memcmp(real + i, IB_TAG, IB_TAG_LEN)) {
			rec_at[k] = i;
			rec_end[k] = i + strcspn(real + i, "\r\n");
			rec_line[k++] = line;
		}
	}
	return k == NREC ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(real);
	return 0;
}

/* parse exactly n bytes (a private copy, so that an overread shows under ASan) */
static int parse(const char *s, size_t n, struct ib_log *log)
{
	char *c = malloc(n ? n : 1);
	assert_non_null(c);
	memcpy(c, s, n);
	int rc = ib_log_parse_buf(c, n, log);
	free(c);
	assert_true(rc >= 0);
	return rc;
}

static int has_problem(const struct ib_log *log, const char *s)
{
	for (size_t i = 0; i < log->nproblems; i++)
		if (strstr(log->problems[i].text, s))
			return 1;
	return 0;
}

static int is_missing(const struct ib_log *log, unsigned long seq)
{
	for (size_t i = 0; i < log->integ.nranges; i++)
		if (log->integ.missing[i].lo <= seq && seq <= log->integ.missing[i].hi)
			return 1;
	return 0;
}

/* every kept measurement and outcome is the one of the intact log with that seq */
static void same_as_intact(const struct ib_log *part, const struct ib_log *full)
{
	for (size_t i = 0; i < part->nmeas; i++) {
		const struct ib_meas *a = &part->meas[i], *b = NULL;
		for (size_t j = 0; j < full->nmeas; j++)
			if (full->meas[j].seq == a->seq)
				b = &full->meas[j];
		assert_non_null(b);
		assert_string_equal(a->metric, b->metric);
		assert_int_equal(a->nsamples, b->nsamples);
		assert_memory_equal(a->samples, b->samples, a->nsamples * sizeof(double));
	}
	for (size_t i = 0; i < part->nout; i++) {
		const struct ib_outcome *a = &part->out[i], *b = NULL;
		for (size_t j = 0; j < full->nout; j++)
			if (full->out[j].seq == a->seq)
				b = &full->out[j];
		assert_non_null(b);
		assert_string_equal(a->status, b->status);
	}
}

static void test_real_log_intact(void **state)
{
	struct ib_log log;
	(void)state;
	assert_int_equal(parse(real, real_len, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.found, NREC);
	assert_int_equal(log.integ.expected, NREC);
	assert_int_equal(log.integ.digest, IB_DIGEST_OK);
	assert_int_equal(log.nproblems, 0);
	assert_int_equal(log.nmeas, 5);
	assert_int_equal(log.nout, 3);
	ib_log_free(&log);
}

/*
 * Cut at every byte: the records that end before the cut are kept, exactly; the one the
 * cut falls in (once its tag is complete) is corrupt at its line; nothing after it is
 * invented; only the whole log is complete.
 */
static void test_truncate_every_byte(void **state)
{
	struct ib_log full, part;
	(void)state;
	parse(real, real_len, &full);
	for (size_t k = 0; k <= real_len; k++) {
		size_t whole = 0;
		long cut = -1;
		for (size_t r = 0; r < NREC; r++) {
			if (rec_end[r] <= k)
				whole++;
			else if (rec_at[r] + IB_TAG_LEN <= k)
				cut = (long)r;
		}
		int st = parse(real, k, &part);
		assert_int_equal(part.integ.found, whole);
		assert_int_equal(part.integ.corrupt, cut >= 0);
		if (cut >= 0) {
			char want[64];
			assert_int_equal(part.integ.corrupt_lines[0], rec_line[cut]);
			/* the seq is named only once its digits are followed by the space */
			size_t d = rec_at[cut] + IB_TAG_LEN + strspn(real + rec_at[cut] + IB_TAG_LEN, "0123456789");
			if (k > d)
				snprintf(want, sizeof(want), "line %ld: record %ld corrupt", rec_line[cut], cut);
			else
				snprintf(want, sizeof(want), "line %ld: record corrupt", rec_line[cut]);
			assert_true(has_problem(&part, want));
		}
		assert_int_equal(part.integ.nmissing, 0);   /* a cut leaves no gap, only an end */
		same_as_intact(&part, &full);
		if (whole == NREC) {
			assert_int_equal(st, IB_STATUS_COMPLETE);
		} else {
			assert_int_equal(st, whole || cut >= 0 ? IB_STATUS_INCOMPLETE : IB_STATUS_NORECORDS);
			assert_int_equal(part.integ.expected, -1);
			assert_int_equal(part.integ.digest, IB_DIGEST_NOEND);
			if (part.have_plan)   /* a plan seen, its benches without outcome named */
				assert_int_equal(part.integ.nno_outcome, 3 - part.nout);
		}
		ib_log_free(&part);
	}
	ib_log_free(&full);
}

/* one bit flipped, at every byte of every record line: that record alone is lost, and said */
static void test_flip_every_record_byte(void **state)
{
	struct ib_log full, log;
	char *c = malloc(real_len);
	(void)state;
	parse(real, real_len, &full);
	for (size_t r = 0; r < NREC; r++) {
		for (size_t i = rec_at[r]; i < rec_end[r]; i++) {
			static const unsigned char bits[] = { 0x01, 0x20, 0x80 };
			for (size_t b = 0; b < sizeof(bits); b++) {
				memcpy(c, real, real_len);
				c[i] ^= (char)bits[b];
				parse(c, real_len, &log);
				assert_int_equal(log.integ.found, NREC - 1);
				same_as_intact(&log, &full);
				/* corrupt at its line, unless the flip broke the tag (then it is no
				 * record at all); missing by seq, unless it was the end record */
				if (i >= rec_at[r] + IB_TAG_LEN) {
					assert_int_equal(log.integ.corrupt, 1);
					assert_int_equal(log.integ.corrupt_lines[0], rec_line[r]);
				} else {
					assert_int_equal(log.integ.corrupt, 0);
				}
				if (r < NREC - 1) {
					assert_true(is_missing(&log, r));
					assert_int_equal(log.integ.nmissing, 1);
					assert_int_equal(log.integ.digest, IB_DIGEST_BAD);
				} else {
					assert_int_equal(log.integ.digest, IB_DIGEST_NOEND);
				}
				assert_int_equal(log.integ.status, IB_STATUS_INCOMPLETE);
				ib_log_free(&log);
			}
		}
	}
	free(c);
	ib_log_free(&full);
}

/*
 * A printk lands inside a record at every byte offset: a "[ stamp] text\r\n" line pushed
 * in. Once the tag is whole the record is put back together (protocol: the fragment before
 * the stamp joined to the next line); inside the tag it cannot be, and it is missing.
 */
static void test_printk_at_every_offset(void **state)
{
	static const char msg[] = "[   12.345678] random: crng init done\r\n";
	struct ib_log full, log;
	size_t ml = strlen(msg);
	char *c = malloc(real_len + ml);
	(void)state;
	parse(real, real_len, &full);
	for (size_t r = 0; r < NREC; r++) {
		for (size_t i = rec_at[r]; i <= rec_end[r]; i++) {
			memcpy(c, real, i);
			memcpy(c + i, msg, ml);
			memcpy(c + i + ml, real + i, real_len - i);
			parse(c, real_len + ml, &log);
			same_as_intact(&log, &full);
			if (i == rec_at[r] || i >= rec_at[r] + IB_TAG_LEN) {
				if (log.integ.status != IB_STATUS_COMPLETE)
					fail_msg("record %zu, printk at +%zu: %s", r, i - rec_at[r],
						 log.nproblems ? log.problems[0].text : "?");
				assert_int_equal(log.integ.found, NREC);
			} else {
				assert_int_equal(log.integ.found, NREC - 1);
				assert_int_equal(log.integ.corrupt, 0);
				if (r < NREC - 1)
					assert_true(is_missing(&log, r));
			}
			ib_log_free(&log);
		}
	}
	free(c);
	ib_log_free(&full);
}

/* the record lines alone, duplicated and reordered, with kernel text between: all kept once */
static void test_duplicated_reordered(void **state)
{
	static const int order[] = { 0, 2, 1, 3, 3, 5, 4, 6, 8, 7, 2, 9, 10, 10, 0 };
	struct ib_log full, log;
	char *c = malloc(real_len * 3);
	size_t n = 0;
	(void)state;
	parse(real, real_len, &full);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		size_t r = (size_t)order[k], l = rec_end[r] - rec_at[r];
		memcpy(c + n, real + rec_at[r], l);
		n += l;
		n += (size_t)sprintf(c + n, "\r\n[ %zu.5] kernel text\r\n", k);
	}
	assert_int_equal(parse(c, n, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.found, NREC);
	assert_int_equal(log.integ.duplicates, 4);
	assert_int_equal(log.integ.corrupt, 0);
	same_as_intact(&log, &full);
	for (size_t i = 1; i < log.nmeas; i++)
		assert_true(log.meas[i - 1].seq < log.meas[i].seq);
	ib_log_free(&log);
	free(c);
	ib_log_free(&full);
}

/* \r\n, bare \n and runs of \r read the same */
static void test_line_ends(void **state)
{
	struct ib_log a, b;
	char *c = malloc(real_len * 2);
	size_t n = 0;
	(void)state;
	for (size_t i = 0; i < real_len; i++) {
		if (real[i] == '\r')
			continue;
		if (real[i] == '\n' && i % 2)
			c[n++] = '\r', c[n++] = '\r';
		c[n++] = real[i];
	}
	assert_int_equal(parse(real, real_len, &a), IB_STATUS_COMPLETE);
	assert_int_equal(parse(c, n, &b), IB_STATUS_COMPLETE);
	assert_int_equal(a.integ.found, b.integ.found);
	same_as_intact(&b, &a);
	ib_log_free(&a);
	ib_log_free(&b);
	free(c);
}

/* a record whose line was cut short and whose rest never came: corrupt, the rest is kept */
static void test_cut_lines(void **state)
{
	struct ib_log log;
	char *c = malloc(real_len);
	size_t n = 0;
	(void)state;
	/* records 3 and 8 lose their second half (a console buffer overrun), line ends stay */
	for (size_t i = 0; i < real_len; i++) {
		int drop = 0;
		for (size_t r = 3; r <= 8; r += 5)
			drop |= i >= rec_at[r] + (rec_end[r] - rec_at[r]) / 2 && i < rec_end[r];
		if (!drop)
			c[n++] = real[i];
	}
	assert_int_equal(parse(c, n, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.found, NREC - 2);
	assert_int_equal(log.integ.corrupt, 2);
	assert_int_equal(log.integ.corrupt_lines[0], rec_line[3]);
	assert_int_equal(log.integ.corrupt_lines[1], rec_line[8]);
	assert_int_equal(log.integ.nmissing, 2);
	assert_true(has_problem(&log, "record 3 missing"));
	assert_true(has_problem(&log, "record 8 missing"));
	assert_int_equal(log.integ.digest, IB_DIGEST_BAD);
	ib_log_free(&log);
	free(c);
}

/* frame one record line (with \n) by hand: ib_frame() would not take a raw byte */
static size_t frame(char *out, unsigned long seq, const char *payload)
{
	int n = sprintf(out, "# IB %lu %s", seq, payload);
	return (size_t)(n + sprintf(out + n, " *%08x\n", ib_crc32(0, out, (size_t)n)));
}

/*
 * A guest that breaks the protocol with a good CRC: a raw byte >= 0x7f or a control byte in
 * a value (the protocol escapes them) is corrupt; an escaped byte that is not UTF-8 is kept
 * but shown as '?' and said (results.json holds UTF-8 only); a non-finite overhead is
 * corrupt (it would vanish from results.json).
 */
static void test_values_a_guest_should_not_send(void **state)
{
	static char buf[4 * (IB_REC_MAX + 64)];
	struct ib_log log;
	size_t n = 0;
	(void)state;
	n += frame(buf + n, 0, "begin proto=1 cpu_model=Caf%C3%A9%91x");
	n += frame(buf + n, 1, "plan count=1 benches=b\xe9");
	n += frame(buf + n, 2, "m bench=b metric=b unit=us overhead=nan samples=1,2");
	n += frame(buf + n, 3, "m bench=b metric=c unit=us overhead=inf samples=1");
	assert_int_equal(parse(buf, n, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.found, 1);
	assert_int_equal(log.integ.corrupt, 3);
	assert_string_equal(ib_log_begin(&log, "cpu_model"), "Caf\xc3\xa9?x");
	assert_true(has_problem(&log, "line 1: record 0: a value holds bytes that are not UTF-8"));
	assert_true(has_problem(&log, "line 2: record 1 corrupt (unescaped byte)"));
	assert_true(has_problem(&log, "line 3: record 2 corrupt (m numbers)"));
	assert_true(has_problem(&log, "line 4: record 3 corrupt (m numbers)"));
	ib_log_free(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_log_intact),
		cmocka_unit_test(test_truncate_every_byte),
		cmocka_unit_test(test_flip_every_record_byte),
		cmocka_unit_test(test_printk_at_every_offset),
		cmocka_unit_test(test_duplicated_reordered),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_cut_lines),
		cmocka_unit_test(test_values_a_guest_should_not_send),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
