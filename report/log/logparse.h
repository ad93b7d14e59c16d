/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * logparse.h - read the records (docs/protocol.md, format 1) back out of a raw console log.
 *
 * Contract:
 *  - The input is hostile: any bytes, any length. The parser never reads out of bounds, caps
 *    every line at IB_LINE_MAX bytes (keeping the line's tail, where a record ends), and
 *    every `\r` is dropped (a record never holds a raw `\r`: it is escaped).
 *  - A record is accepted only with a good CRC. A tagged fragment without one whose tail holds
 *    a `[ <digits>.<digits>]` printk timestamp is retried joined to the next line (or the next
 *    two lines); what still fails is reported corrupt with its 1-based line number.
 *  - Nothing is dropped silently: every problem is one entry of `problems` ("line 40: record
 *    13 corrupt (crc)", "record 12 missing", ...), and the counters in `integ` sum them up.
 *  - Strings in the result are NUL-terminated copies owned by the ib_log; free with
 *    ib_log_free(). A value holding an escaped NUL (%00) is cut there. Bytes that are not
 *    UTF-8, and control characters (C0, DEL, C1), are kept as '?' and said.
 *  - Every string has a maximum length (docs/protocol.md, "Lengths"), so that no output
 *    repeats an unbounded guest string: a key IB_KEY_MAX bytes; bench, metric, unit, status and
 *    each plan entry IB_NAME_MAX; cmdline, refused, init.refused, knob.bench, knob.skip and
 *    knob.inject_bench IB_LONG_VALUE_MAX; any other value IB_VALUE_MAX (samples, raw_ns and
 *    benches are lists, bounded by the line);
 *    at most IB_PARAMS_MAX parameters per measurement. ib_value_max() gives the maximum
 *    of a field. A longer one is cut there (at a UTF-8 boundary), parameters past the last
 *    are dropped, each said as a problem and counted in integ.cut; a log with a cut is
 *    incomplete (its records are whole, its values are not).
 */
#ifndef IB_LOGPARSE_H
#define IB_LOGPARSE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define IB_LINE_MAX 20480 /* a payload (IB_REC_MAX) + tag, seq, crc and a kernel message */
#define IB_KEY_MAX 64
#define IB_NAME_MAX 64
#define IB_VALUE_MAX 256
#define IB_LONG_VALUE_MAX 4096
#define IB_PARAMS_MAX 32 /* the HTTP workload's records carry 21 (docs/macro.md) */

enum { IB_DIGEST_NOEND = 0, IB_DIGEST_OK = 1, IB_DIGEST_BAD = 2 };
/* same values as IB_LOG_* in results.h */
enum { IB_STATUS_COMPLETE = 0, IB_STATUS_INCOMPLETE = 1, IB_STATUS_NORECORDS = 2 };

struct ib_kv {
	char *key;
	char *val;
};

struct ib_meas {
	char *bench, *metric, *unit;
	uint64_t iters;
	double overhead;
	long cpu;               /* -1: not pinned (or not given) */
	size_t nsamples, nraw;
	double *samples;        /* per operation, in unit */
	double *raw_ns;         /* raw interval lengths */
	size_t nparams;
	struct ib_kv *params;   /* every other field, in record order */
	unsigned long seq;
};

struct ib_outcome {
	char *bench, *status, *reason;
	long wall_ms;           /* -1 if absent */
	unsigned long seq;
};

struct ib_problem {
	long line;              /* 1-based, 0 if not tied to a line */
	char *text;             /* "line 40: record 13 corrupt (crc)" */
};

struct ib_integrity {
	int status;             /* IB_STATUS_* */
	long expected;          /* records incl. end (end's records + 1), -1 if no end */
	size_t found;           /* distinct good records kept */
	size_t corrupt;         /* bad CRC, malformed, or conflicting duplicates */
	size_t duplicates;      /* identical repeats, dropped */
	size_t unknown;         /* good CRC, unknown type: kept, reported */
	unsigned long nmissing; /* missing sequence numbers, in all */
	size_t nranges;
	struct ib_range { unsigned long lo, hi; } *missing; /* sorted, inclusive */
	size_t ncorrupt_lines;
	long *corrupt_lines;    /* in input order */
	int digest;             /* IB_DIGEST_* */
	size_t nno_outcome;
	char **no_outcome;      /* planned benches without an outcome record */
	size_t cut;             /* values cut to their maximum, parameters dropped */
};

struct ib_log {
	int have_begin, have_plan, have_end;
	size_t nbegin;
	struct ib_kv *begin;    /* every begin field, in record order */
	size_t nendf;
	struct ib_kv *endf;     /* every end field (records, digest, dist.*), in record order */
	long plan_count;        /* -1 if absent */
	size_t nplan;
	char **plan;            /* bench names in run order */
	size_t nmeas;
	struct ib_meas *meas;   /* in sequence order */
	size_t nout;
	struct ib_outcome *out; /* in sequence order */
	struct ib_integrity integ;
	size_t nproblems;
	struct ib_problem *problems;
	size_t lines;           /* lines read */
};

/* parse len bytes; returns the status (IB_STATUS_*), or -1 when out of memory */
int ib_log_parse_buf(const char *buf, size_t len, struct ib_log *log);
/* parse a file (a regular file: safeio.h); -1 on an I/O error or out of memory, with a
 * one-line reason naming path in err and errno set */
int ib_log_parse_file(const char *path, struct ib_log *log, char *err, size_t errlen);
void ib_log_free(struct ib_log *log);

/* the longest value a field may hold: type "begin", "plan", "m" (params too), "outcome";
 * SIZE_MAX for the lists (samples, raw_ns, benches: bounded by the line, read item by item) */
size_t ib_value_max(const char *type, const char *key);
/* the value of a begin field, or NULL; ib_log_end() the same of the end record */
const char *ib_log_begin(const struct ib_log *log, const char *key);
const char *ib_log_end(const struct ib_log *log, const char *key);
/* "records: expected N, found N, corrupt N, missing N (list), duplicates N, digest ok" */
void ib_log_print_summary(const struct ib_log *log, FILE *f);
/* one line per problem; with max > 0 at most max of them and a line counting the rest */
void ib_log_print_problems(const struct ib_log *log, FILE *f, size_t max);

#endif
