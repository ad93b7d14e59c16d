/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_logparse.c - the record parser against logs framed with ib_frame() and mangled the
 * ways a console mangles them. IB_TESTDATA is the tests/data directory.
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

#include "tests/unit/testdata.h"

#include "report/log/logparse.h"
#include "bench/base/record.h"

/* a log being written: records are framed, their lines remembered for the digest */
struct lb {
	char buf[1 << 17];
	size_t n;
	unsigned long seq;
	uint32_t digest;
	long lines;
	long line_of[64];    /* 1-based line of each record */
	size_t at[64], len[64]; /* offset and length (with \n) of each record */
};

static void text(struct lb *b, const char *s)
{
	size_t l = strlen(s);
	assert_true(b->n + l < sizeof(b->buf));
	memcpy(b->buf + b->n, s, l);
	b->n += l;
	for (size_t i = 0; i < l; i++)
		b->lines += s[i] == '\n';
}

/* frame "payload" as the next record, without writing it; returns its length */
static size_t frame(struct lb *b, char *out, size_t cap, const char *payload)
{
	size_t n = ib_frame(out, cap, b->seq, payload, strlen(payload));
	assert_true(n > 0);
	b->digest = ib_crc32(b->digest, out, n);
	return n;
}

static void rec(struct lb *b, const char *payload)
{
	char f[IB_REC_MAX + 64];
	size_t n = frame(b, f, sizeof(f), payload);
	b->line_of[b->seq] = b->lines + 1;
	b->at[b->seq] = b->n;
	b->len[b->seq] = n;
	f[n] = 0;
	text(b, f);
	b->seq++;
}

static void end(struct lb *b)
{
	char p[64];
	snprintf(p, sizeof(p), "end records=%lu digest=%08x", b->seq, b->digest);
	rec(b, p);
}

static void standard(struct lb *b, int with_end)
{
	rec(b, "begin proto=1 uname_s=Linux uname_r=6.1.0 uname_v=#1%20SMP hypervisor=TCG");
	rec(b, "plan count=2 benches=null_call,ctx_8p_16k");
	rec(b, "m bench=null_call metric=null_call unit=us iters=1000 overhead=0.05 "
	       "samples=0.61,0.62,0.6 raw_ns=660000,670000,650000 cpu=0");
	rec(b, "outcome bench=null_call status=ok reason= wall_ms=12");
	rec(b, "m bench=ctx_8p_16k metric=ctx_8p_16k unit=us iters=100 overhead=1.5 "
	       "samples=6.1,6.3,6.2 raw_ns=1,2,3 cpu=-1 procs=8 size_kb=16 note=a%20b%25c=d");
	rec(b, "outcome bench=ctx_8p_16k status=ok reason= wall_ms=30");
	if (with_end)
		end(b);
}

static int parse(struct lb *b, struct ib_log *log)
{
	return ib_log_parse_buf(b->buf, b->n, log);
}

static int has_problem(const struct ib_log *log, const char *s)
{
	for (size_t i = 0; i < log->nproblems; i++)
		if (strstr(log->problems[i].text, s))
			return 1;
	return 0;
}

static void test_round_trip(void **state)
{
	static struct lb b;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	standard(&b, 1);
	assert_int_equal(parse(&b, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.expected, 7);
	assert_int_equal(log.integ.found, 7);
	assert_int_equal(log.integ.corrupt, 0);
	assert_int_equal(log.integ.nmissing, 0);
	assert_int_equal(log.integ.digest, IB_DIGEST_OK);
	assert_int_equal(log.nproblems, 0);
	assert_string_equal(ib_log_begin(&log, "uname_v"), "#1 SMP");
	assert_string_equal(ib_log_begin(&log, "proto"), "1");
	assert_int_equal(log.plan_count, 2);
	assert_int_equal(log.nplan, 2);
	assert_string_equal(log.plan[1], "ctx_8p_16k");
	assert_int_equal(log.nmeas, 2);
	const struct ib_meas *m = &log.meas[1];
	assert_string_equal(m->bench, "ctx_8p_16k");
	assert_string_equal(m->unit, "us");
	assert_int_equal(m->iters, 100);
	assert_true(m->overhead == 1.5);
	assert_int_equal(m->cpu, -1);
	assert_int_equal(m->nsamples, 3);
	assert_true(m->samples[1] == 6.3);
	assert_int_equal(m->nraw, 3);
	assert_int_equal(m->nparams, 3);
	assert_string_equal(m->params[0].key, "procs");
	assert_string_equal(m->params[2].val, "a b%c=d");
	assert_int_equal(log.nout, 2);
	assert_string_equal(log.out[0].status, "ok");
	assert_string_equal(log.out[0].reason, "");
	assert_int_equal(log.out[1].wall_ms, 30);
	assert_int_equal(log.integ.nno_outcome, 0);
	ib_log_free(&log);
}

static void test_kernel_messages(void **state)
{
	static struct lb b;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	text(&b, "[    0.000000] Linux version 6.1.0\nKTAP version 1\n");
	rec(&b, "begin proto=1");
	text(&b, "1..1\n[    1.5] eth0: link up\n");
	rec(&b, "plan count=1 benches=x");
	text(&b, "[    2.000001] no newline here");  /* the tag follows on the same line */
	rec(&b, "outcome bench=x status=ok reason= wall_ms=1");
	text(&b, "ok 1 x\n");
	end(&b);
	text(&b, "# summary line\n[    9.0] reboot: Power down\n");
	assert_int_equal(parse(&b, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.found, 4);
	assert_int_equal(log.nproblems, 0);
	ib_log_free(&log);
}

/* write record `payload` cut at `at` with `insert` in between */
static void split_rec(struct lb *b, const char *payload, size_t at, const char *insert)
{
	char f[IB_REC_MAX + 64];
	size_t n = frame(b, f, sizeof(f), payload);
	f[n] = 0;
	char tail[IB_REC_MAX + 64];
	strcpy(tail, f + at);
	f[at] = 0;
	text(b, f);
	text(b, insert);
	text(b, tail);
	b->seq++;
}

static void test_printk_mid_record(void **state)
{
	static struct lb b;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	rec(&b, "begin proto=1");
	split_rec(&b, "plan count=1 benches=null_call", 20, "[   12.345678] random: crng init done\n");
	split_rec(&b, "m bench=null_call metric=null_call unit=us samples=1,2,3", 30,
		  "[   12.5] one\n[   12.6] two\n");     /* a whole kernel line in between */
	split_rec(&b, "outcome bench=null_call status=ok reason=[1.5] wall_ms=3", 25,
		  "[12345.678901] three\n");
	split_rec(&b, "future x=1", 12, "[   13.0] oops\n  continued without a stamp\n");
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.found, 6);
	assert_int_equal(log.integ.corrupt, 0);
	assert_int_equal(log.nmeas, 1);
	assert_int_equal(log.meas[0].nsamples, 3);
	assert_string_equal(log.out[0].reason, "[1.5]");
	ib_log_free(&log);

	/* a cut without a timestamp is not guessed at */
	memset(&b, 0, sizeof(b));
	rec(&b, "begin proto=1");
	split_rec(&b, "plan count=1 benches=x", 15, "garbage without a stamp\n");
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.corrupt, 1);
	assert_int_equal(log.integ.corrupt_lines[0], 2);
	assert_int_equal(log.integ.nmissing, 1);
	assert_true(has_problem(&log, "line 2: record 1 corrupt (crc)"));
	ib_log_free(&log);
}

static void test_crlf(void **state)
{
	static struct lb b, c;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	standard(&b, 1);
	/* every \n becomes \r\n, plus stray \r at the start and a doubled one */
	for (size_t i = 0; i < b.n; i++) {
		if (b.buf[i] == '\n')
			text(&c, i % 3 ? "\r\n" : "\r\r\n");
		else {
			char s[2] = { b.buf[i], 0 };
			text(&c, s);
		}
	}
	text(&c, "\r[ 1.0] x\r\n");
	assert_int_equal(ib_log_parse_buf(c.buf, c.n, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.found, 7);
	assert_int_equal(log.integ.digest, IB_DIGEST_OK);
	ib_log_free(&log);
}

static void test_truncated(void **state)
{
	static struct lb b;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	standard(&b, 1);
	b.n -= 7;                               /* the end record loses its tail */
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.found, 6);
	assert_int_equal(log.integ.corrupt, 1);
	assert_int_equal(log.integ.corrupt_lines[0], b.line_of[6]);
	assert_int_equal(log.integ.digest, IB_DIGEST_NOEND);
	assert_int_equal(log.integ.expected, -1);
	assert_int_equal(log.nmeas, 2);
	assert_int_equal(log.nout, 2);
	ib_log_free(&log);

	/* cut after record 4: no end, outcome of the second bench missing */
	b.n = b.at[5];
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.found, 5);
	assert_int_equal(log.integ.corrupt, 0);
	assert_int_equal(log.integ.nmissing, 0);  /* nothing known beyond the highest seen */
	assert_int_equal(log.integ.nno_outcome, 1);
	assert_string_equal(log.integ.no_outcome[0], "ctx_8p_16k");
	ib_log_free(&log);
}

static void test_flipped_byte(void **state)
{
	static struct lb b;
	struct ib_log log;
	char out[256], big[512];
	(void)state;
	memset(&b, 0, sizeof(b));
	standard(&b, 1);
	b.buf[b.at[3] + 20] ^= 0x01;
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.found, 6);
	assert_int_equal(log.integ.corrupt, 1);
	assert_int_equal(log.integ.ncorrupt_lines, 1);
	assert_int_equal(log.integ.corrupt_lines[0], b.line_of[3]);
	assert_int_equal(log.integ.nmissing, 1);
	assert_int_equal(log.integ.missing[0].lo, 3);
	assert_int_equal(log.integ.digest, IB_DIGEST_BAD);
	snprintf(out, sizeof(out), "line %ld: record 3 corrupt (crc)", b.line_of[3]);
	assert_true(has_problem(&log, out));
	assert_true(has_problem(&log, "record 3 missing"));
	FILE *f = fmemopen(out, sizeof(out), "w");
	ib_log_print_summary(&log, f);
	fclose(f);
	assert_string_equal(out, "records: expected 7, found 6, corrupt 1, missing 1 (3), "
				 "duplicates 0, digest bad\n");
	/* all problems, or the first ones and a count of the rest */
	assert_true(log.nproblems >= 2);
	f = fmemopen(out, sizeof(out), "w");
	ib_log_print_problems(&log, f, 0);
	fclose(f);
	assert_null(strstr(out, "more problems"));
	assert_non_null(strstr(out, "record 3 missing\n"));
	f = fmemopen(out, sizeof(out), "w");
	ib_log_print_problems(&log, f, 1);
	fclose(f);
	snprintf(big, sizeof(big), "%s\n... and %zu more problems (all of them: initbench parse "
		 "LOG, or integrity.problems in results.json)\n", log.problems[0].text,
		 log.nproblems - 1);
	assert_string_equal(out, big);
	ib_log_free(&log);
}

static void test_duplicates_reordered(void **state)
{
	static struct lb b, c;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	standard(&b, 1);
	/* c: records 0 1 3 2 4 2 5 6 (record 2 twice, 2 and 3 swapped) */
	static const int order[] = { 0, 1, 3, 2, 4, 2, 5, 6 };
	memset(&c, 0, sizeof(c));
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		char line[1024];
		memcpy(line, b.buf + b.at[order[i]], b.len[order[i]]);
		line[b.len[order[i]]] = 0;
		text(&c, line);
	}
	assert_int_equal(ib_log_parse_buf(c.buf, c.n, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.found, 7);
	assert_int_equal(log.integ.duplicates, 1);
	assert_int_equal(log.integ.corrupt, 0);
	assert_int_equal(log.integ.digest, IB_DIGEST_OK);
	assert_true(has_problem(&log, "line 6: record 2 repeats line 4 (dropped)"));
	assert_string_equal(log.meas[0].bench, "null_call");   /* sequence order */
	ib_log_free(&log);

	/* the same seq with other content: corrupt */
	struct lb *d = &c;
	memset(d, 0, sizeof(*d));
	standard(d, 0);
	d->seq = 3;
	rec(d, "outcome bench=null_call status=failed reason=exit%203 wall_ms=12");
	d->seq = 6;
	char p[64];
	snprintf(p, sizeof(p), "end records=6 digest=%08x", 0u);
	rec(d, p);
	assert_int_equal(parse(d, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.corrupt, 1);
	assert_int_equal(log.integ.corrupt_lines[0], 7);
	assert_true(has_problem(&log, "line 7: record 3 corrupt (differs from line 4)"));
	ib_log_free(&log);
}

static void test_no_records(void **state)
{
	struct ib_log log;
	static const char junk[] = "[    0.0] Linux\nKTAP version 1\n# IB\n# I B 1\nok 1 x\n";
	(void)state;
	assert_int_equal(ib_log_parse_buf("", 0, &log), IB_STATUS_NORECORDS);
	assert_int_equal(log.integ.found, 0);
	ib_log_free(&log);
	assert_int_equal(ib_log_parse_buf(junk, sizeof(junk) - 1, &log), IB_STATUS_NORECORDS);
	assert_int_equal(log.integ.found, 0);
	assert_int_equal(log.integ.corrupt, 0);
	assert_int_equal(log.lines, 5);
	ib_log_free(&log);
	/* a tag with garbage behind it is a corrupt record, not "no records" */
	assert_int_equal(ib_log_parse_buf("# IB 0 begin x=1 *00000000\n", 27, &log),
			 IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.corrupt, 1);
	ib_log_free(&log);
}

static void test_missing_unknown(void **state)
{
	static struct lb b;
	struct ib_log log;
	(void)state;
	memset(&b, 0, sizeof(b));
	rec(&b, "begin proto=1");
	rec(&b, "plan count=0 benches=");
	b.seq += 3;                         /* 2..4 never written */
	rec(&b, "future kind=new");          /* good CRC, unknown type: kept */
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.expected, 7);
	assert_int_equal(log.integ.found, 4);
	assert_int_equal(log.integ.unknown, 1);
	assert_int_equal(log.integ.nmissing, 3);
	assert_int_equal(log.integ.nranges, 1);
	assert_int_equal(log.integ.missing[0].lo, 2);
	assert_int_equal(log.integ.missing[0].hi, 4);
	assert_true(has_problem(&log, "records 2-4 missing"));
	assert_true(has_problem(&log, "unknown type 'future'"));
	ib_log_free(&log);

	/* a record after the end one is corrupt, never kept */
	memset(&b, 0, sizeof(b));
	standard(&b, 1);
	rec(&b, "outcome bench=late status=ok reason= wall_ms=1");
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.found, 7);
	assert_int_equal(log.integ.corrupt, 1);
	assert_int_equal(log.nout, 2);
	assert_true(has_problem(&log, "record 7 corrupt (after the end record)"));
	ib_log_free(&log);
}

static void test_hostile(void **state)
{
	static char buf[1 << 20];
	static struct lb b;
	struct ib_log log;
	uint32_t x = 12345;
	static const char *const bits[] = { "# IB ", "[ 1.2]", "\n", "\r", " *", "%", "=", "9" };
	(void)state;
	for (size_t i = 0; i < sizeof(buf);) {
		x = x * 1103515245u + 12345u;
		if ((x >> 16) % 4 == 0) {
			const char *s = bits[(x >> 8) % 8];
			size_t l = strlen(s);
			for (size_t k = 0; k < l && i < sizeof(buf); k++)
				buf[i++] = s[k];
		} else {
			buf[i++] = (char)(x >> 24);
		}
	}
	assert_true(ib_log_parse_buf(buf, sizeof(buf), &log) >= 0);
	assert_int_equal(log.integ.found, 0);
	ib_log_free(&log);

	/* a record at the end of a line far longer than the cap is still found */
	memset(&b, 0, sizeof(b));
	memset(b.buf, 'x', 100000);
	b.n = 100000;
	rec(&b, "begin proto=1");
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_COMPLETE);
	ib_log_free(&log);
}

/*
 * Every string has a maximum (logparse.h, docs/protocol.md "Lengths"): longer is cut there,
 * at a UTF-8 boundary, said, and the log is incomplete; parameters past the 32nd dropped.
 * Control characters are kept as '?' and said; a log within the maximums stays complete.
 */
static void test_lengths(void **state)
{
	static struct lb b;
	static char p[IB_REC_MAX];
	struct ib_log log;
	size_t o;
	(void)state;

	/* at the maximums exactly: complete, nothing said */
	memset(&b, 0, sizeof(b));
	o = (size_t)snprintf(p, sizeof(p), "begin proto=1 uname_r=");
	memset(p + o, 'r', IB_VALUE_MAX);
	o += IB_VALUE_MAX;
	o += (size_t)snprintf(p + o, sizeof(p) - o, " cmdline=");
	memset(p + o, 'c', IB_LONG_VALUE_MAX);
	o += IB_LONG_VALUE_MAX;
	/* a bench list of 40 names (519 bytes) cuts nothing in a begin record */
	o += (size_t)snprintf(p + o, sizeof(p) - o, " knob.bench=");
	for (int i = 0; i < 40; i++)
		o += (size_t)snprintf(p + o, sizeof(p) - o, "%sbenchmark_%02d", i ? "," : "", i);
	o += (size_t)snprintf(p + o, sizeof(p) - o, " knob.skip=");
	memset(p + o, 's', IB_LONG_VALUE_MAX);
	p[o + IB_LONG_VALUE_MAX] = '\0';
	rec(&b, p);
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_COMPLETE);
	assert_int_equal(log.integ.cut, 0);
	assert_int_equal(strlen(ib_log_begin(&log, "uname_r")), IB_VALUE_MAX);
	assert_int_equal(strlen(ib_log_begin(&log, "cmdline")), IB_LONG_VALUE_MAX);
	assert_int_equal(strlen(ib_log_begin(&log, "knob.bench")), 40 * 13 - 1);
	assert_int_equal(strlen(ib_log_begin(&log, "knob.skip")), IB_LONG_VALUE_MAX);
	ib_log_free(&log);

	/* one byte over, a 2-byte character across the cut, a long metric, 40 parameters */
	memset(&b, 0, sizeof(b));
	o = (size_t)snprintf(p, sizeof(p), "begin proto=1 uname_r=");
	memset(p + o, 'r', IB_VALUE_MAX - 1);
	o += IB_VALUE_MAX - 1;
	o += (size_t)snprintf(p + o, sizeof(p) - o, "%%C3%%A9 hypervisor=");   /* e-acute at 255..256 */
	memset(p + o, 'h', 5000);
	p[o + 5000] = '\0';
	rec(&b, p);
	o = (size_t)snprintf(p, sizeof(p), "m bench=b unit=us samples=1,2 metric=");
	memset(p + o, 'm', 100);
	o += 100;
	for (int i = 0; i < 40; i++)
		o += (size_t)snprintf(p + o, sizeof(p) - o, " p%d=%d", i, i);
	rec(&b, p);
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_INCOMPLETE);
	assert_int_equal(log.integ.cut, 4);
	assert_int_equal(log.integ.nmissing, 0);
	assert_int_equal(log.integ.digest, IB_DIGEST_OK);
	assert_int_equal(strlen(ib_log_begin(&log, "uname_r")), IB_VALUE_MAX - 1);
	assert_int_equal(strlen(ib_log_begin(&log, "hypervisor")), IB_VALUE_MAX);
	assert_true(has_problem(&log, "line 1: record 0: uname_r cut to 256 bytes (it held 257)"));
	assert_true(has_problem(&log, "line 1: record 0: hypervisor cut to 256 bytes (it held 5000)"));
	assert_true(has_problem(&log, "record 1: metric cut to 64 bytes (it held 100)"));
	assert_true(has_problem(&log, "record 1: 40 parameters, the 8 past the first 32 dropped"));
	assert_int_equal(log.nmeas, 1);
	assert_int_equal(strlen(log.meas[0].metric), IB_NAME_MAX);
	assert_int_equal(log.meas[0].nparams, IB_PARAMS_MAX);
	assert_int_equal(log.meas[0].nsamples, 2);
	ib_log_free(&log);

	/* control characters: ESC, CSI (U+009B), CR, TAB, DEL kept as '?', said; still complete */
	memset(&b, 0, sizeof(b));
	rec(&b, "begin proto=1 uname_r=%1B]0;x%07 clocksource=a%C2%9Bb hypervisor=%0D%09%7F");
	end(&b);
	assert_int_equal(parse(&b, &log), IB_STATUS_COMPLETE);
	assert_string_equal(ib_log_begin(&log, "uname_r"), "?]0;x?");
	assert_string_equal(ib_log_begin(&log, "clocksource"), "a??b");
	assert_string_equal(ib_log_begin(&log, "hypervisor"), "???");
	assert_true(has_problem(&log, "record 0: a value holds control characters (kept, shown as '?')"));
	ib_log_free(&log);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *s = malloc(1 << 20);
	assert_non_null(s);
	*len = fread(s, 1, 1 << 20, f);
	fclose(f);
	return s;
}

/* whatever a prefix of a log yields must be in the whole log, identically */
static void test_truncate_every_offset(void **state)
{
	size_t len;
	char *s = slurp(data("small.log"), &len);
	struct ib_log full, part;
	(void)state;
	assert_int_equal(ib_log_parse_buf(s, len, &full), IB_STATUS_COMPLETE);
	assert_int_equal(full.integ.found, 7);
	for (size_t k = 0; k <= len; k++) {
		char *copy = malloc(k ? k : 1);     /* exactly k bytes: overreads show in ASan */
		memcpy(copy, s, k);
		assert_true(ib_log_parse_buf(copy, k, &part) >= 0);
		free(copy);
		assert_true(part.integ.found <= full.integ.found);
		assert_true(part.nmeas <= full.nmeas && part.nout <= full.nout);
		for (size_t i = 0; i < part.nmeas; i++) {
			const struct ib_meas *a = &part.meas[i], *b = &full.meas[i];
			assert_int_equal(a->seq, b->seq);
			assert_string_equal(a->metric, b->metric);
			assert_int_equal(a->nsamples, b->nsamples);
			assert_memory_equal(a->samples, b->samples, a->nsamples * sizeof(double));
		}
		for (size_t i = 0; i < part.nout; i++)
			assert_int_equal(part.out[i].seq, full.out[i].seq);
		for (size_t i = 0; i < part.nbegin; i++)
			assert_string_equal(part.begin[i].val, full.begin[i].val);
		if (k < len - 1)
			assert_int_not_equal(part.integ.status, IB_STATUS_COMPLETE);
		ib_log_free(&part);
	}
	ib_log_free(&full);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_kernel_messages),
		cmocka_unit_test(test_printk_mid_record),
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_flipped_byte),
		cmocka_unit_test(test_duplicates_reordered),
		cmocka_unit_test(test_no_records),
		cmocka_unit_test(test_missing_unknown),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_lengths),
		cmocka_unit_test(test_truncate_every_offset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
