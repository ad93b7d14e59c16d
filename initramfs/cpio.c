/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Deterministic newc writer; the contract is in cpio.h. */
#define _GNU_SOURCE
#include "initramfs/cpio.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define NEWC_MAGIC "070701"
#define NEWC_HDR_LEN 110
#define MAX_FIELDS 9
#define MAX_NAME 4095   /* the kernel's unpacker refuses longer (PATH_MAX) */

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

void cpio_list_init(struct cpio_list *l, const char *origin)
{
	memset(l, 0, sizeof(*l));
	l->origin = strdup(origin ? origin : "manifest");
}

void cpio_list_free(struct cpio_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->e[i].name);
		free(l->e[i].source);
	}
	free(l->e);
	free(l->origin);
	memset(l, 0, sizeof(*l));
}

static int parse_ulong(const char *s, int base, unsigned long max,
		       unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoul(s, &end, base);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/*
 * Archive names are relative and canonical: leading '/'s go, and empty,
 * "." or ".." components are refused so that sorting and the parent check
 * see every path in one spelling.
 */
static char *canonical_name(const char *raw)
{
	const char *p = raw;
	const char *c;
	size_t len;

	while (*p == '/')
		p++;
	len = strlen(p);
	if (len == 0 || len > MAX_NAME)
		return NULL;
	for (c = p; *c; ) {
		const char *slash = strchr(c, '/');
		size_t clen = slash ? (size_t)(slash - c) : strlen(c);

		if (clen == 0 || (clen == 1 && c[0] == '.') ||
		    (clen == 2 && c[0] == '.' && c[1] == '.'))
			return NULL;
		if (!slash)
			break;
		c = slash + 1;
		if (!*c)
			return NULL;    /* trailing '/' */
	}
	return strdup(p);
}

static const char *type_usage(const char *type, size_t *want)
{
	static const struct {
		const char *type;
		size_t fields;
		const char *usage;
	} t[] = {
		{ "file", 6, "file <name> <location> <mode> <uid> <gid>" },
		{ "dir", 5, "dir <name> <mode> <uid> <gid>" },
		{ "nod", 8, "nod <name> <mode> <uid> <gid> <c|b> <maj> <min>" },
		{ "slink", 6, "slink <name> <target> <mode> <uid> <gid>" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (!strcmp(type, t[i].type)) {
			*want = t[i].fields;
			return t[i].usage;
		}
	}
	return NULL;
}

int cpio_parse_line(struct cpio_list *l, const char *line, unsigned lineno,
		    char *err, size_t errlen)
{
	char buf[2 * MAX_NAME + 128];
	char *f[MAX_FIELDS + 1];
	size_t nf = 0, want;
	const char *usage;
	struct cpio_entry e;
	unsigned long mode;
	size_t mi;          /* index of the <mode> field */
	char *tok, *save;
	const char *o = l->origin;

	if (strlen(line) >= sizeof(buf))
		return fail(err, errlen, "%s:%u: line too long", o, lineno);
	strcpy(buf, line);
	buf[strcspn(buf, "\r\n")] = '\0';

	for (tok = strtok_r(buf, " \t", &save); tok && nf <= MAX_FIELDS;
	     tok = strtok_r(NULL, " \t", &save))
		f[nf++] = tok;
	if (nf == 0 || f[0][0] == '#')
		return 0;

	usage = type_usage(f[0], &want);
	if (!usage)
		return fail(err, errlen,
			    "%s:%u: unknown entry type '%s' (file, dir, nod, slink)",
			    o, lineno, f[0]);
	if (nf != want)
		return fail(err, errlen,
			    "%s:%u: '%s' needs %zu fields: %s", o, lineno, f[0],
			    want - 1, usage);

	memset(&e, 0, sizeof(e));
	e.line = lineno;
	if (!strcmp(f[0], "file"))
		e.type = CPIO_FILE;
	else if (!strcmp(f[0], "dir"))
		e.type = CPIO_DIR;
	else if (!strcmp(f[0], "nod"))
		e.type = CPIO_NOD;
	else
		e.type = CPIO_SLINK;
	mi = (e.type == CPIO_FILE || e.type == CPIO_SLINK) ? 3 : 2;

	if (parse_ulong(f[mi], 8, 07777, &mode))
		return fail(err, errlen, "%s:%u: bad mode '%s' (octal, at most 7777)",
			    o, lineno, f[mi]);
	e.mode = (unsigned)mode;
	if (parse_ulong(f[mi + 1], 10, 0xffffffffUL, &e.uid))
		return fail(err, errlen, "%s:%u: bad uid '%s'", o, lineno, f[mi + 1]);
	if (parse_ulong(f[mi + 2], 10, 0xffffffffUL, &e.gid))
		return fail(err, errlen, "%s:%u: bad gid '%s'", o, lineno, f[mi + 2]);

	if (e.type == CPIO_NOD) {
		if (strcmp(f[5], "c") && strcmp(f[5], "b"))
			return fail(err, errlen,
				    "%s:%u: bad device type '%s' (c or b)", o, lineno, f[5]);
		e.devtype = f[5][0];
		if (parse_ulong(f[6], 10, 0xffffffffUL, &e.rmaj))
			return fail(err, errlen, "%s:%u: bad major '%s'", o, lineno, f[6]);
		if (parse_ulong(f[7], 10, 0xffffffffUL, &e.rmin))
			return fail(err, errlen, "%s:%u: bad minor '%s'", o, lineno, f[7]);
	}

	e.name = canonical_name(f[1]);
	if (!e.name)
		return fail(err, errlen, "%s:%u: bad name '%s'", o, lineno, f[1]);
	if (e.type == CPIO_FILE || e.type == CPIO_SLINK) {
		e.source = strdup(f[2]);
		if (!e.source) {
			free(e.name);
			return fail(err, errlen, "out of memory");
		}
	}

	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 32;
		struct cpio_entry *ne = realloc(l->e, cap * sizeof(*ne));

		if (!ne) {
			free(e.name);
			free(e.source);
			return fail(err, errlen, "out of memory");
		}
		l->e = ne;
		l->cap = cap;
	}
	l->e[l->n++] = e;
	return 0;
}

int cpio_parse(struct cpio_list *l, FILE *in, char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	int rc = 0;

	while (getline(&line, &cap, in) >= 0) {
		lineno++;
		rc = cpio_parse_line(l, line, lineno, err, errlen);
		if (rc)
			break;
	}
	if (!rc && ferror(in))
		rc = fail(err, errlen, "%s: read error", l->origin);
	free(line);
	return rc;
}

/* Byte order with '/' below every other byte: "a" < "a/b" < "a-b". */
static int name_cmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		unsigned ca = (unsigned char)*a, cb = (unsigned char)*b;

		if (ca == '/')
			ca = 1;
		if (cb == '/')
			cb = 1;
		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (!ca)
			return 0;
	}
}

static int entry_cmp(const void *pa, const void *pb)
{
	const struct cpio_entry *a = pa, *b = pb;

	return name_cmp(a->name, b->name);
}

int cpio_sort(struct cpio_list *l, char *err, size_t errlen)
{
	if (l->n)
		qsort(l->e, l->n, sizeof(l->e[0]), entry_cmp);

	for (size_t i = 0; i < l->n; i++) {
		const struct cpio_entry *e = &l->e[i];
		const char *slash = strrchr(e->name, '/');
		struct cpio_entry key, *parent;
		char *pname;

		if (i > 0 && !strcmp(l->e[i - 1].name, e->name)) {
			unsigned a = l->e[i - 1].line, b = e->line;

			return fail(err, errlen, "%s:%u: duplicate name '%s' (also line %u)",
				    l->origin, a > b ? a : b, e->name, a > b ? b : a);
		}
		if (!slash)
			continue;
		pname = strndup(e->name, (size_t)(slash - e->name));
		if (!pname)
			return fail(err, errlen, "out of memory");
		key.name = pname;
		parent = bsearch(&key, l->e, l->n, sizeof(l->e[0]), entry_cmp);
		if (!parent || parent->type != CPIO_DIR) {
			fail(err, errlen, "%s:%u: parent '%s' of '%s' is not a dir in the manifest",
			     l->origin, e->line, pname, e->name);
			free(pname);
			return -1;
		}
		free(pname);
	}
	return 0;
}

struct out {
	FILE *f;
	unsigned long long off;
	int bad;
};

static void put(struct out *o, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, o->f) != n)
		o->bad = 1;
	o->off += n;
}

static void pad_to(struct out *o, unsigned align)
{
	static const char zeros[512];
	size_t n = (size_t)((align - o->off % align) % align);

	put(o, zeros, n);
}

/* Every newc header field is 8 upper-case hex digits of a 32-bit value. */
static void put_field(char *at, unsigned long v)
{
	static const char hex[] = "0123456789ABCDEF";

	for (int i = 7; i >= 0; i--, v >>= 4)
		at[i] = hex[v & 0xf];
}

static void put_header(struct out *o, unsigned long ino, unsigned long mode,
		       unsigned long uid, unsigned long gid,
		       unsigned long nlink, unsigned long mtime,
		       unsigned long size, unsigned long rmaj,
		       unsigned long rmin, const char *name)
{
	size_t namesize = strlen(name) + 1;
	const unsigned long field[13] = {
		ino, mode, uid, gid, nlink, mtime, size,
		0, 0,           /* devmajor, devminor of the archive's own fs */
		rmaj, rmin, (unsigned long)namesize,
		0,              /* check: only the "070702" format uses it */
	};
	char h[NEWC_HDR_LEN];

	memcpy(h, NEWC_MAGIC, 6);
	for (int i = 0; i < 13; i++)
		put_field(h + 6 + 8 * i, field[i]);
	put(o, h, NEWC_HDR_LEN);
	put(o, name, namesize);
	pad_to(o, 4);
}

static unsigned long type_bits(const struct cpio_entry *e)
{
	switch (e->type) {
	case CPIO_FILE:
		return S_IFREG;
	case CPIO_DIR:
		return S_IFDIR;
	case CPIO_NOD:
		return e->devtype == 'b' ? S_IFBLK : S_IFCHR;
	case CPIO_SLINK:
		return S_IFLNK;
	}
	return 0;
}

static int copy_file(struct out *o, const struct cpio_entry *e,
		     unsigned long size, const char *origin,
		     char *err, size_t errlen)
{
	char buf[65536];
	unsigned long done = 0;
	size_t n;
	FILE *in = fopen(e->source, "rb");

	if (!in)
		return fail(err, errlen, "%s:%u: cannot read '%s': %s", origin,
			    e->line, e->source, strerror(errno));
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0) {
		if (n > size - done)
			break;
		put(o, buf, n);
		done += n;
	}
	if (ferror(in) || n > 0 || done != size) {
		fclose(in);
		return fail(err, errlen, "%s:%u: '%s' changed size while being read",
			    origin, e->line, e->source);
	}
	fclose(in);
	return 0;
}

int cpio_write(const struct cpio_list *l, unsigned long mtime, FILE *out,
	       char *err, size_t errlen)
{
	struct out o = { .f = out };
	unsigned long *sizes;

	if (mtime > 0xffffffffUL)
		return fail(err, errlen, "mtime %lu does not fit newc's 32 bits", mtime);
	sizes = calloc(l->n ? l->n : 1, sizeof(*sizes));
	if (!sizes)
		return fail(err, errlen, "out of memory");

	for (size_t i = 0; i < l->n; i++) {
		const struct cpio_entry *e = &l->e[i];
		struct stat st;

		if (e->type == CPIO_SLINK) {
			sizes[i] = strlen(e->source);
			continue;
		}
		if (e->type != CPIO_FILE)
			continue;
		if (stat(e->source, &st)) {
			fail(err, errlen, "%s:%u: cannot read '%s': %s", l->origin,
			     e->line, e->source, strerror(errno));
			goto bad;
		}
		if (!S_ISREG(st.st_mode)) {
			fail(err, errlen, "%s:%u: '%s' is not a regular file",
			     l->origin, e->line, e->source);
			goto bad;
		}
		if ((unsigned long long)st.st_size > 0xffffffffULL) {
			fail(err, errlen, "%s:%u: '%s' is over 4 GiB", l->origin,
			     e->line, e->source);
			goto bad;
		}
		sizes[i] = (unsigned long)st.st_size;
	}

	for (size_t i = 0; i < l->n; i++) {
		const struct cpio_entry *e = &l->e[i];
		int is_nod = e->type == CPIO_NOD;

		put_header(&o, (unsigned long)(i + 1), type_bits(e) | e->mode,
			   e->uid, e->gid, e->type == CPIO_DIR ? 2 : 1, mtime,
			   sizes[i], is_nod ? e->rmaj : 0, is_nod ? e->rmin : 0,
			   e->name);
		if (e->type == CPIO_FILE) {
			if (copy_file(&o, e, sizes[i], l->origin, err, errlen))
				goto bad;
		} else if (e->type == CPIO_SLINK) {
			put(&o, e->source, sizes[i]);
		}
		pad_to(&o, 4);
	}
	put_header(&o, 0, 0, 0, 0, 1, 0, 0, 0, 0, "TRAILER!!!");
	pad_to(&o, 512);
	free(sizes);
	if (fflush(out) || o.bad)
		return fail(err, errlen, "write error: %s", strerror(errno));
	return 0;
bad:
	free(sizes);
	return -1;
}

int cpio_build(FILE *manifest, const char *origin, unsigned long mtime,
	       FILE *out, char *err, size_t errlen)
{
	struct cpio_list l;
	int rc;

	cpio_list_init(&l, origin);
	rc = cpio_parse(&l, manifest, err, errlen);
	if (!rc)
		rc = cpio_sort(&l, err, errlen);
	if (!rc)
		rc = cpio_write(&l, mtime, out, err, errlen);
	cpio_list_free(&l);
	return rc;
}
