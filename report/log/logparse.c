/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * logparse.c - records out of a raw console log (see logparse.h, docs/protocol.md).
 *
 * Two passes: here, lines are read (capped, `\r` dropped) through a three-line window so
 * that a record split by a printk can be joined with what follows; every record whose CRC
 * verifies and whose fields make sense is kept as raw bytes. Then logcheck.c sorts them by
 * sequence number, resolves duplicates, checks gaps and the end digest, and fills ib_log.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/log/logparse-int.h"
#include "bench/base/record.h"
#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"

struct line {
	char *s;
	size_t n;
	long no;            /* 1-based */
	int tag;            /* holds the tag somewhere */
};

struct src {
	FILE *f;
	const char *buf;
	size_t len, pos;
	long no;
};
void *ibp_grow(void *p, size_t *cap, size_t need, size_t elem, int *oom)
{
	if (need <= *cap)
		return p;
	size_t nc = *cap ? *cap * 2 : 16;
	while (nc < need)
		nc *= 2;
	void *q = realloc(p, nc * elem);
	if (!q) {
		*oom = 1;
		return NULL;
	}
	*cap = nc;
	return q;
}

char *ibp_dupn(struct st *st, const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (!d) {
		st->oom = 1;
		return NULL;
	}
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

void ibp_problem(struct st *st, long line, const char *fmt, ...)
{
	struct ib_log *log = st->log;
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	struct ib_problem *p = realloc(log->problems, (log->nproblems + 1) * sizeof(*p));
	if (!p) {
		st->oom = 1;
		return;
	}
	log->problems = p;
	p[log->nproblems].line = line;
	p[log->nproblems].text = ibp_dupn(st, buf, strlen(buf));
	if (p[log->nproblems].text)
		log->nproblems++;
}

void ibp_corrupt(struct st *st, long line)
{
	struct ib_integrity *in = &st->log->integ;
	long *l = realloc(in->corrupt_lines, (in->ncorrupt_lines + 1) * sizeof(*l));
	in->corrupt++;
	if (!l) {
		st->oom = 1;
		return;
	}
	in->corrupt_lines = l;
	l[in->ncorrupt_lines++] = line;
}

/* read one line; 0 at the end of input. Keeps the last IB_LINE_MAX bytes of a longer one. */
static int read_line(struct src *in, struct line *l)
{
	int c, any = 0;
	l->n = 0;
	for (;;) {
		if (in->f) {
			c = getc(in->f);
			if (c == EOF)
				break;
		} else {
			if (in->pos >= in->len)
				break;
			c = (unsigned char)in->buf[in->pos++];
		}
		any = 1;
		if (c == '\n')
			break;
		if (c == '\r')
			continue;
		if (l->n == IB_LINE_MAX) {
			memmove(l->s, l->s + IB_LINE_MAX / 2, IB_LINE_MAX - IB_LINE_MAX / 2);
			l->n = IB_LINE_MAX - IB_LINE_MAX / 2;
		}
		l->s[l->n++] = (char)c;
	}
	if (!any)
		return 0;
	l->no = ++in->no;
	l->tag = memmem(l->s, l->n, IB_TAG, IB_TAG_LEN) != NULL;
	return 1;
}

static int hexdig(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* s[0..n) starts with the tag: does it end in " *<crc8>" matching the bytes before? */
static int crc_ok(const char *s, size_t n)
{
	if (n < IB_TAG_LEN + 10)
		return 0;
	const char *t = s + n - 10;
	if (t[0] != ' ' || t[1] != '*')
		return 0;
	uint32_t want = 0;
	for (int i = 2; i < 10; i++) {
		if (!hexdig((unsigned char)t[i]))
			return 0;
		want = want * 16 + (uint32_t)(t[i] <= '9' ? t[i] - '0' : t[i] - 'a' + 10);
	}
	return ib_crc32(0, s, n - 10) == want;
}

/* the sequence number right after the tag, or -1 */
static long peek_seq(const char *s, size_t n)
{
	long v = 0;
	size_t i = IB_TAG_LEN;
	if (i >= n || s[i] < '0' || s[i] > '9')
		return -1;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > 100000000L)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return i < n && s[i] == ' ' ? v : -1;   /* digits cut short name no record */
}

static void report_corrupt(struct st *st, const char *s, size_t n, long line, const char *why)
{
	long seq = peek_seq(s, n);
	if (seq >= 0)
		ibp_problem(st, line, "line %ld: record %ld corrupt (%s)", line, seq, why);
	else
		ibp_problem(st, line, "line %ld: record corrupt (%s)", line, why);
	ibp_corrupt(st, line);
}

static int keychar(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

/* split a CRC-checked line into seq, type, fields; 0 when it is malformed */
static const char *split(struct st *st, struct rec *r, const char *s, size_t n)
{
	size_t end = n - 10, i = IB_TAG_LEN, j;
	unsigned long seq = 0;
	if (i >= end || s[i] < '0' || s[i] > '9')
		return "no sequence number";
	for (j = 0; i < end && s[i] >= '0' && s[i] <= '9'; i++, j++) {
		if (j >= 18)
			return "sequence number too long";
		seq = seq * 10 + (unsigned long)(s[i] - '0');
	}
	if (i >= end || s[i] != ' ')
		return "no type";
	j = ++i;
	while (i < end && s[i] >= 'a' && s[i] <= 'z')
		i++;
	if (i == j || i - j > 32 || (i < end && s[i] != ' '))
		return "bad type";
	r->seq = seq;
	r->type = ibp_dupn(st, s + j, i - j);
	size_t cap = 0;
	while (i < end) {
		size_t k = ++i, eq;            /* skip the one space */
		while (i < end && keychar((unsigned char)s[i]))
			i++;
		if (i == k || i >= end || s[i] != '=')
			return "bad field";
		eq = i++;
		while (i < end && s[i] != ' ')
			i++;
		struct ib_kv *f = ibp_grow(r->f, &cap, r->nf + 1, sizeof(*f), &st->oom);
		if (!f)
			return NULL;
		r->f = f;
		char *key = ibp_dupn(st, s + k, eq - k), *val = ibp_dupn(st, s + eq + 1, i - eq - 1);
		if (!key || !val) {
			free(key);
			free(val);
			return NULL;
		}
		const char *raw = NULL;
		for (size_t b = eq + 1; b < i && !raw; b++)
			if ((unsigned char)s[b] <= 0x20 || (unsigned char)s[b] >= 0x7f)
				raw = "unescaped byte";
		long len = raw ? -1 : ib_unescape(val, i - eq - 1);
		if (len < 0) {
			free(key);
			free(val);
			return raw ? raw : "bad escape";
		}
		val[len] = 0;
		size_t ctl = 0;
		if (ib_text_clean(val, &ctl) > ctl)
			r->nonutf8 = 1;
		if (ctl)
			r->control = 1;
		f[r->nf].key = key;
		f[r->nf].val = val;
		r->nf++;
	}
	return NULL;
}

void ibp_free_rec(struct rec *r)
{
	for (size_t i = 0; i < r->nf; i++) {
		free(r->f[i].key);
		free(r->f[i].val);
	}
	free(r->f);
	free(r->type);
	free(r->raw);
}

const char *ibp_field(const struct rec *r, const char *key)
{
	for (size_t i = 0; i < r->nf; i++)
		if (!strcmp(r->f[i].key, key))
			return r->f[i].val;
	return NULL;
}

static int num_ok(const char *v, int integer)
{
	char *e;
	if (!v || !*v)
		return 0;
	errno = 0;
	if (integer)
		(void)strtoll(v, &e, 10);
	else if (!isfinite(strtod(v, &e)))
		return 0;
	return !*e && !errno;
}

static int list_ok(const char *v)
{
	if (!v)
		return 0;
	if (!*v)
		return 1;
	for (;;) {
		char *e;
		errno = 0;
		double d = strtod(v, &e);
		if (e == v || errno || !isfinite(d) || (*e && *e != ','))
			return 0;
		if (!*e)
			return 1;
		v = e + 1;
	}
}

/* the fields a reader relies on, per type (unknown types pass: they are kept as such) */
static const char *validate(const struct rec *r)
{
	const char *t = r->type;
	if (!strcmp(t, "plan"))
		return num_ok(ibp_field(r, "count"), 1) && ibp_field(r, "benches") ? NULL : "plan fields";
	if (!strcmp(t, "m")) {
		if (!ibp_field(r, "bench") || !ibp_field(r, "metric") || !ibp_field(r, "unit"))
			return "m fields";
		if (!list_ok(ibp_field(r, "samples")) || (ibp_field(r, "raw_ns") && !list_ok(ibp_field(r, "raw_ns"))))
			return "samples";
		if ((ibp_field(r, "iters") && !num_ok(ibp_field(r, "iters"), 1)) ||
		    (ibp_field(r, "overhead") && !num_ok(ibp_field(r, "overhead"), 0)) ||
		    (ibp_field(r, "cpu") && !num_ok(ibp_field(r, "cpu"), 1)))
			return "m numbers";
		return NULL;
	}
	if (!strcmp(t, "outcome"))
		return ibp_field(r, "bench") && ibp_field(r, "status") ? NULL : "outcome fields";
	if (!strcmp(t, "end")) {
		const char *d = ibp_field(r, "digest");
		if (!num_ok(ibp_field(r, "records"), 1) || !d || strlen(d) != 8)
			return "end fields";
		for (int i = 0; i < 8; i++)
			if (!hexdig((unsigned char)d[i]))
				return "end fields";
	}
	return NULL;
}

static void accept(struct st *st, const char *s, size_t n, long line)
{
	struct rec r = { 0 };
	const char *why = split(st, &r, s, n);
	if (!why && !st->oom)
		why = validate(&r);
	if (why || st->oom) {
		if (why)
			report_corrupt(st, s, n, line, why);
		ibp_free_rec(&r);
		return;
	}
	if (r.nonutf8)
		ibp_problem(st, line, "line %ld: record %lu: a value holds bytes that are not UTF-8 "
			    "(kept, shown as '?')", line, r.seq);
	if (r.control)
		ibp_problem(st, line, "line %ld: record %lu: a value holds control characters "
			    "(kept, shown as '?')", line, r.seq);
	r.line = line;
	r.raw = ibp_dupn(st, s, n);
	r.rawlen = n;
	struct rec *a = ibp_grow(st->recs, &st->caprecs, st->nrecs + 1, sizeof(*a), &st->oom);
	if (!a || !r.raw) {
		ibp_free_rec(&r);
		return;
	}
	st->recs = a;
	a[st->nrecs++] = r;
}

/* a printk timestamp "[ <digits>.<digits>]" (any number of blanks) starting at s[i]? */
static int stamp_at(const char *s, size_t n, size_t i)
{
	if (s[i] != '[')
		return 0;
	i++;
	while (i < n && s[i] == ' ')
		i++;
	size_t d = i;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == d || i >= n || s[i] != '.')
		return 0;
	d = ++i;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	return i > d && i < n && s[i] == ']';
}

/* where the last timestamp of s[0..n) begins, or n */
static size_t last_stamp(const char *s, size_t n)
{
	for (size_t i = n; i-- > 0;)
		if (stamp_at(s, n, i))
			return i;
	return n;
}

static int try_join(struct st *st, const char *frag, size_t fn, const char *a, size_t an,
		    const char *b, size_t bn, long line)
{
	char *j = malloc(fn + an + bn + 1);
	if (!j) {
		st->oom = 1;
		return 0;
	}
	memcpy(j, frag, fn);
	memcpy(j + fn, a, an);
	if (bn)
		memcpy(j + fn + an, b, bn);
	int ok = crc_ok(j, fn + an + bn);
	if (ok)
		accept(st, j, fn + an + bn, line);
	free(j);
	return ok;
}

/* a tagged fragment cut by a kernel message: join it with what follows */
static int recover(struct st *st, const char *c, size_t cn, const struct line *n1,
		   const struct line *n2, long line)
{
	const struct line *l1 = n1 && !n1->tag ? n1 : NULL;
	const struct line *l2 = l1 && n2 && !n2->tag ? n2 : NULL;
	int tries = 0;
	for (size_t ts = IB_TAG_LEN; ts < cn; ts++) {
		if (!stamp_at(c, cn, ts))
			continue;
		if (++tries > 8)        /* bounds the work a hostile line can cause */
			return 0;
		if (!l1)
			return 0;
		if (try_join(st, c, ts, l1->s, l1->n, NULL, 0, line))
			return 1;
		if (!l2)
			continue;
		size_t p1 = last_stamp(l1->s, l1->n);
		if (p1 < l1->n && try_join(st, c, ts, l1->s, p1, l2->s, l2->n, line))
			return 1;
		if (try_join(st, c, ts, l1->s, l1->n, l2->s, l2->n, line))
			return 1;
		if (try_join(st, c, ts, l2->s, l2->n, NULL, 0, line))
			return 1;
	}
	return 0;
}

static void scan_line(struct st *st, const struct line *l, const struct line *n1,
		      const struct line *n2)
{
	const char *s = l->s, *t = NULL, *p = s;
	size_t left = l->n;
	if (!l->tag)
		return;
	/* only the last tag can start a record that reaches the end of the line */
	for (;;) {
		const char *q = memmem(p, left, IB_TAG, IB_TAG_LEN);
		if (!q)
			break;
		if (t)
			report_corrupt(st, t, (size_t)(q - t), l->no, "cut");
		t = q;
		left = l->n - (size_t)(q + 1 - s);
		p = q + 1;
	}
	size_t cn = l->n - (size_t)(t - s);
	if (crc_ok(t, cn))
		accept(st, t, cn, l->no);
	else if (!recover(st, t, cn, n1, n2, l->no))
		report_corrupt(st, t, cn, l->no, "crc");
}

static int run(struct src *in, struct ib_log *log)
{
	struct st st = { .log = log };
	struct line L[3], tmp;
	int have[3] = { 0, 0, 0 };

	memset(log, 0, sizeof(*log));
	log->plan_count = -1;
	log->integ.expected = -1;
	for (int i = 0; i < 3; i++)
		if (!(L[i].s = malloc(IB_LINE_MAX)))
			st.oom = 1;
	if (!st.oom) {
		have[0] = read_line(in, &L[0]);
		have[1] = have[0] && read_line(in, &L[1]);
		have[2] = have[1] && read_line(in, &L[2]);
	}
	while (have[0] && !st.oom) {
		scan_line(&st, &L[0], have[1] ? &L[1] : NULL, have[2] ? &L[2] : NULL);
		tmp = L[0];
		L[0] = L[1];
		L[1] = L[2];
		L[2] = tmp;
		have[0] = have[1];
		have[1] = have[2];
		have[2] = have[1] && read_line(in, &L[2]);
	}
	for (int i = 0; i < 3; i++)
		free(L[i].s);
	log->lines = (size_t)in->no;
	if (!st.oom)
		ibp_check(&st);
	for (size_t i = 0; i < st.nrecs; i++)
		ibp_free_rec(&st.recs[i]);
	free(st.recs);
	if (st.oom) {
		ib_log_free(log);
		errno = ENOMEM;
		return -1;
	}
	return log->integ.status;
}

int ib_log_parse_buf(const char *buf, size_t len, struct ib_log *log)
{
	struct src in = { .buf = buf, .len = len };
	return run(&in, log);
}

int ib_log_parse_file(const char *path, struct ib_log *log, char *err, size_t errlen)
{
	struct src in = { 0 };
	int fd, rc, e;

	memset(log, 0, sizeof(*log));
	/* a FIFO or a device in place of a log must not hang the reader (safeio.h) */
	if ((fd = ib_input_open(path, 0, err, errlen)) < 0)
		return -1;
	if (!(in.f = fdopen(fd, "rb"))) {
		e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		close(fd);
		errno = e;
		return -1;
	}
	rc = run(&in, log);
	e = rc < 0 ? errno : ferror(in.f) ? EIO : 0;
	fclose(in.f);
	if (rc >= 0 && e)
		ib_log_free(log);
	if (rc < 0 || e) {
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		errno = e;
		return -1;
	}
	return rc;
}
