/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * logparse-int.h - what logparse.c (reading lines, CRCs, fragments) and logcheck.c
 * (sequence, duplicates, digest, fields) share. Not an interface: use logparse.h.
 */
#ifndef IB_LOGPARSE_INT_H
#define IB_LOGPARSE_INT_H

#include "report/log/logparse.h"

struct rec {
	unsigned long seq;
	long line;
	char *raw;          /* "# IB ... *crc8", no newline */
	size_t rawlen;
	char *type;
	size_t nf;
	struct ib_kv *f;
	int nonutf8;        /* a value had bytes replaced by '?' (logparse.c, utf8_fix) */
	int control;        /* a value had control characters replaced by '?' */
};

struct st {
	struct ib_log *log;
	struct rec *recs;
	size_t nrecs, caprecs;
	int oom;
};

void *ibp_grow(void *p, size_t *cap, size_t need, size_t elem, int *oom);
char *ibp_dupn(struct st *st, const char *s, size_t n);
void ibp_problem(struct st *st, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ibp_corrupt(struct st *st, long line);
const char *ibp_field(const struct rec *r, const char *key);
void ibp_free_rec(struct rec *r);
/* sort, resolve duplicates, find gaps, check the digest, fill st->log */
void ibp_check(struct st *st);

#endif
