/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.c - `initbench import FILE [--label NAME] [--results DIR]` (results.h, import.h,
 * docs/import.md). An lmbench summary becomes one boot per row; a console capture with
 * initbench records becomes one boot parsed like a launched one. Nothing is written until the
 * whole file has been read, so a refused file leaves the store as it was.
 *
 * Summary cells are found by position: each section's column rule (the dash line) gives the
 * columns, and a figure belongs to the first column whose dashes end at or after its last
 * character, provided it starts after the previous column's dashes. Cells are right-aligned
 * in every lmbench version, even where they are wider than their dashes (2.0's Mmap Latency,
 * Page Fault); only the Memory table's Main mem sits left of its dashes, and it still ends
 * inside them. Splitting on blanks would not do: blank cells are common and OS has a blank.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "import.h"
#include "results.h"

#define MAX_FILE (64u << 20)
#define MAX_GROUPS 16
#define FREE "=free"   /* the Guesses column: free text to the end of the row */
#define DESC "=desc"   /* Basic system parameters' Description: right-aligned text */

/* ---- the sections we read, and their column layouts (docs/import.md) ---- */

static const char *const basic20[] = { DESC, "mhz", NULL };
/* 3.0 adds tlb pages, cache line bytes, mem par, scal load: no metric of ours */
static const char *const basic30[] = { DESC, "mhz", "", "", "", "", NULL };
static const char *const proc[] = { "mhz", "null_call", "null_io", "stat", "open_close",
	"select_tcp", "sig_inst", "sig_hndl", "fork_proc", "exec_proc", "sh_proc", NULL };
static const char *const ctx[] = { "ctx_2p_0k", "ctx_2p_16k", "ctx_2p_64k", "ctx_8p_16k",
	"ctx_8p_64k", "ctx_16p_16k", "ctx_16p_64k", NULL };
static const char *const ipc[] = { "ctx_2p_0k", "lat_pipe", "lat_unix", "lat_udp",
	"lat_rpc_udp", "lat_tcp", "lat_rpc_tcp", "lat_tcp_conn", NULL };
static const char *const fs20[] = { "fs_create_0k", "fs_delete_0k", "fs_create_10k",
	"fs_delete_10k", "mmap_lat", "prot_fault", "page_fault", NULL };
/* 3.0's "100fd selct" is lmbench's select on 100 file descriptors: our select_file */
static const char *const fs30[] = { "fs_create_0k", "fs_delete_0k", "fs_create_10k",
	"fs_delete_10k", "mmap_lat", "prot_fault", "page_fault", "select_file", NULL };
static const char *const bw[] = { "bw_pipe", "bw_unix", "bw_tcp", "bw_file_reread",
	"bw_mmap_reread", "bw_bcopy_libc", "bw_bcopy_hand", "bw_mem_read", "bw_mem_write", NULL };
static const char *const mem20[] = { "mhz", "lat_l1", "lat_l2", "lat_mem", FREE, NULL };
/* 3.0 (later alphas) adds Rand mem, which we do not measure */
static const char *const mem30[] = { "mhz", "lat_l1", "lat_l2", "lat_mem", "", FREE, NULL };

struct spec {
	const char *title;              /* how the title line starts */
	const char *const *layout[2];   /* told apart by their number of columns */
};

static const struct spec specs[] = {
	{ "Basic system parameters", { basic20, basic30 } },
	{ "Processor, Processes", { proc, NULL } },
	{ "Context switching", { ctx, NULL } },
	{ "*Local* Communication latencies", { ipc, NULL } },
	{ "File & VM system latencies", { fs20, fs30 } },
	{ "*Local* Communication bandwidths", { bw, NULL } },
	{ "Memory latencies", { mem20, mem30 } },
};

/* ---- what was read ---- */

struct cell {
	const char *metric;
	double v;
	char text[24];
	int line;
};

struct row {
	char host[64], os[128], desc[128], guesses[160];
	int occ;               /* this is the occ-th row with this host and OS */
	struct cell c[64];
	size_t nc;
	int lines[16];
	size_t nl;
};

struct summary {
	char version[8];       /* "2.0", "3.0" */
	struct row *rows;
	size_t n;
};

struct text {
	char *raw;
	size_t len;
	char **line;           /* tabs expanded, no line end */
	size_t n;
};

/* ---- small helpers ---- */

int ib_import_cell(const char *tok, double *v)
{
	const char *p = tok + (*tok == '-');
	char *end;
	double mult = 1;

	if (!strcmp(tok, "-"))
		return 0;
	if (!(isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) ||
	    strpbrk(tok, "xX"))
		return -1;
	double d = strtod(tok, &end);
	if (end == tok)
		return -1;
	if (*end == 'K')
		mult = 1e3, end++;
	else if (*end == 'M')
		mult = 1e6, end++;
	if (*end || !isfinite(d))
		return -1;
	if (d < 0)
		return 0;
	*v = d * mult;
	return 1;
}

int ib_import_label_ok(const char *label)
{
	size_t n = strlen(label);
	if (!n || n > 64 || label[0] == '.')
		return 0;
	return strspn(label, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == n;
}

static void sanitise(char *out, size_t cap, const char *in)
{
	size_t o = 0;
	for (; *in && o + 1 < cap && o < 64; in++)
		out[o++] = isalnum((unsigned char)*in) || strchr("._-", *in) ? *in : '_';
	out[o] = 0;
	if (!o)
		snprintf(out, cap, "import");
	else if (out[0] == '.')
		out[0] = '_';
}

static void trimcpy(char *out, size_t cap, const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(out, s, n);
	out[n] = 0;
}

/* the bytes of line from a to b inclusive, clipped to the line */
static void field(char *out, size_t cap, const char *line, size_t a, size_t b)
{
	size_t len = strlen(line);
	if (a >= len || b < a) {
		out[0] = 0;
		return;
	}
	trimcpy(out, cap, line + a, (b < len ? b + 1 : len) - a);
}

static int read_text(const char *path, struct text *t)
{
	FILE *f = fopen(path, "rb");
	memset(t, 0, sizeof(*t));
	if (!f)
		return -1;
	t->raw = malloc(MAX_FILE + 1);
	if (t->raw)
		t->len = fread(t->raw, 1, MAX_FILE + 1, f);
	int err = ferror(f);
	fclose(f);
	if (!t->raw || err || t->len > MAX_FILE) {
		errno = t->raw && !err ? EFBIG : errno ? errno : ENOMEM;
		return -1;
	}
	t->raw[t->len] = 0;
	for (const char *p = t->raw; p < t->raw + t->len;) {
		const char *e = memchr(p, '\n', (size_t)(t->raw + t->len - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(t->raw + t->len - p), o = 0;
		char *l = malloc(n * 8 + 1), **a = realloc(t->line, (t->n + 1) * sizeof(*a));
		if (!l || !a) {
			free(l);
			if (a)
				t->line = a;
			errno = ENOMEM;
			return -1;
		}
		for (size_t i = 0; i < n; i++) {
			if (p[i] == '\t')
				do l[o++] = ' '; while (o % 8);
			else if (p[i] != '\r')
				l[o++] = p[i] ? p[i] : '?';
		}
		while (o && l[o - 1] == ' ')
			o--;
		l[o] = 0;
		t->line = a;
		t->line[t->n++] = l;
		p += n + 1;
	}
	return 0;
}

static void free_text(struct text *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->line[i]);
	free(t->line);
	free(t->raw);
}

/* ---- the lmbench summary ---- */

struct group { size_t start, end; };

/* a column rule: only dashes and blanks, at least three runs of dashes, the first at 0 */
static size_t groups(const char *line, struct group *g)
{
	size_t n = 0, i = 0;
	if (line[0] != '-' || strspn(line, "- ") != strlen(line))
		return 0;
	while (line[i]) {
		while (line[i] == ' ')
			i++;
		if (!line[i])
			break;
		if (n == MAX_GROUPS)
			return 0;
		g[n].start = i;
		while (line[i] == '-')
			i++;
		g[n++].end = i - 1;
	}
	return n >= 3 ? n : 0;
}

static int refuse(const char *file, int line, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "initbench import: %s:%d: ", file, line);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return -1;
}

static struct row *find_row(struct summary *s, const char *host, const char *os, int occ)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->rows[i].host, host) && !strcmp(s->rows[i].os, os) && s->rows[i].occ == occ)
			return &s->rows[i];
	struct row *r = realloc(s->rows, (s->n + 1) * sizeof(*r));
	if (!r)
		return NULL;
	s->rows = r;
	r = &s->rows[s->n++];
	memset(r, 0, sizeof(*r));
	snprintf(r->host, sizeof(r->host), "%s", host);
	snprintf(r->os, sizeof(r->os), "%s", os);
	r->occ = occ;
	return r;
}

/* a metric printed twice (Mhz, 2p/0K) keeps its first figure */
static void add_cell(struct row *r, const char *metric, double v, const char *text, int line)
{
	for (size_t i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].metric, metric))
			return;
	if (r->nc == sizeof(r->c) / sizeof(r->c[0]))
		return;
	struct cell *c = &r->c[r->nc++];
	c->metric = metric;
	c->v = v;
	snprintf(c->text, sizeof(c->text), "%s", text);
	c->line = line;
}

/* one data row of a section; -1 (message printed) when it does not fit the column rule */
static int parse_row(struct summary *s, const char *file, int ln, const char *line,
		     const struct group *g, size_t ng, const char *const *layout)
{
	char host[64], os[128], desc[128] = "", tok[64];
	size_t shift = 0, hl = strcspn(line, " "), p, last = 1;
	struct row *r;

	/* lmbench cuts Host to 9; a longer one (an edited post) moves the whole row right */
	if (hl > g[0].end + 1)
		shift = hl - g[0].end - 1;
	trimcpy(host, sizeof(host), line, hl);
	field(os, sizeof(os), line, g[1].start + shift, g[1].end + shift);
	if (!*os)
		return refuse(file, ln, "no OS in row '%s'%s", host, "");
	int occ = 0;
	for (size_t i = 0; i < s->n; i++)   /* rows already seen in this section */
		if (!strcmp(s->rows[i].host, host) && !strcmp(s->rows[i].os, os) &&
		    s->rows[i].nl && s->rows[i].lines[s->rows[i].nl - 1] < 0)
			occ++;
	if (!(r = find_row(s, host, os, occ)))
		return refuse(file, ln, "out of memory%s%s", "", "");
	if (r->nl < sizeof(r->lines) / sizeof(r->lines[0]))
		r->lines[r->nl++] = -ln;   /* negative: seen in the current section */
	if (layout[0] == DESC) {
		field(desc, sizeof(desc), line, g[2].start + shift, g[2].end + shift);
		if (!*r->desc)
			snprintf(r->desc, sizeof(r->desc), "%s", desc);
		last = 2;
	}
	p = g[last].end + 1 + shift;
	while (line[p]) {
		while (line[p] == ' ')
			p++;
		if (!line[p])
			break;
		size_t a = p, c;
		while (line[p] && line[p] != ' ')
			p++;
		double v = NAN;
		snprintf(tok, sizeof(tok), "%.*s", (int)(p - a), line + a);
		int k = ib_import_cell(tok, &v);
		for (c = last + 1; c < ng && g[c].end < p - 1 - shift; c++)
			;
		const char *m = c < ng ? layout[c - 2] : NULL;
		if ((m == FREE || (k < 0 && layout[ng - 3] == FREE)) && !*r->guesses) {
			trimcpy(r->guesses, sizeof(r->guesses), line + a, strlen(line + a));
			break;
		}
		if (!m)
			return refuse(file, ln, "'%s' lies past the last column%s", tok, "");
		if (a - shift <= g[c - 1].end)
			return refuse(file, ln, "'%s' does not line up with the column rule (%s)", tok,
				      *m ? m : "an unused column");
		if (k < 0)
			return refuse(file, ln, "cannot read '%s' as a figure (%s)", tok,
				      *m ? m : "an unused column");
		if (k > 0 && *m)
			add_cell(r, m, v, tok, ln);
		last = c;
	}
	return 0;
}

static int parse_section(struct summary *s, const char *file, const struct text *t, size_t *i,
			 const struct spec *sp)
{
	struct group g[MAX_GROUPS];
	size_t ng = 0, j, k;
	const char *const *layout = NULL;

	for (j = *i + 1; j < t->n && j <= *i + 8 && !(ng = groups(t->line[j], g)); j++)
		;
	if (!ng)
		return refuse(file, (int)*i + 1, "no column rule under '%s'%s", sp->title, "");
	for (k = 0; k < 2 && !layout; k++) {
		size_t n = 0;
		while (sp->layout[k] && sp->layout[k][n])
			n++;
		if (sp->layout[k] && n == ng - 2)
			layout = sp->layout[k];
	}
	if (!layout) {
		char n[16];
		snprintf(n, sizeof(n), "%zu", ng - 2);
		return refuse(file, (int)j + 1, "%s: %s columns, not a layout lmbench 2.0 or 3.0 prints",
			      sp->title, n);
	}
	for (k = j + 1; k < t->n && t->line[k][0]; k++) {
		if (t->line[k][0] == ' ')      /* make percent's ~~~ marks and other notes */
			continue;
		if (parse_row(s, file, (int)k + 1, t->line[k], g, ng, layout))
			return -1;
	}
	for (size_t r = 0; r < s->n; r++)      /* close the section: line numbers positive */
		for (size_t l = 0; l < s->rows[r].nl; l++)
			if (s->rows[r].lines[l] < 0)
				s->rows[r].lines[l] = -s->rows[r].lines[l];
	*i = k;
	return 0;
}

/* "L M B E N C H  2 . 0   S U M M A R Y" -> "2.0"; 0 if the line is no such title */
static int title_version(const char *line, char *ver, size_t cap)
{
	char sq[128];
	size_t o = 0;
	for (; *line && o + 1 < sizeof(sq); line++)
		if (*line != ' ')
			sq[o++] = *line;
	sq[o] = 0;
	const char *p = strstr(sq, "LMBENCH");
	if (!p || !strstr(p, "SUMMARY"))
		return 0;
	p += 7;
	size_t n = strspn(p, "0123456789.");
	snprintf(ver, cap, "%.*s", n ? (int)n : 3, n ? p : "2.0");
	return 1;
}

static const struct spec *section_at(const char *line)
{
	for (size_t k = 0; k < sizeof(specs) / sizeof(specs[0]); k++)
		if (!strncmp(line, specs[k].title, strlen(specs[k].title)))
			return &specs[k];
	return NULL;
}

/* 1: it is a summary, parsed into s; 0: not a summary; -1: a summary that is refused */
static int parse_summary(const char *file, const struct text *t, struct summary *s)
{
	int titled = 0, any = 0;
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < t->n && !titled; i++)
		titled = title_version(t->line[i], s->version, sizeof(s->version));
	for (size_t i = 0; i < t->n; i++) {
		const struct spec *sp = section_at(t->line[i]);
		if (!sp)
			continue;
		if (!titled && !any)   /* no title: 3.0 says "slct" where 2.0 says "selct" */
			snprintf(s->version, sizeof(s->version), "2.0");
		any = 1;
		if (parse_section(s, file, t, &i, sp))
			return -1;
		if (!titled && strstr(t->line[i < t->n ? i : t->n - 1], " slct "))
			snprintf(s->version, sizeof(s->version), "3.0");
	}
	if (!titled && !any)
		return 0;
	for (size_t i = 0; i < t->n; i++)
		if (!titled && strstr(t->line[i], " slct ") && strstr(t->line[i], "open"))
			snprintf(s->version, sizeof(s->version), "3.0");
	if (!s->n)
		return refuse(file, 1, "an lmbench summary without a row we can read%s%s", "", "");
	return 1;
}

/* ---- the store ---- */

static int write_json(json_t *root, const char *path)
{
	char *tmp = NULL;
	int rc = -1;
	if (asprintf(&tmp, "%s.tmp.%ld", path, (long)getpid()) < 0)
		return -1;
	FILE *f = fopen(tmp, "w");
	if (f) {
		rc = json_dumpf(root, f, JSON_INDENT(1) | JSON_REAL_PRECISION(9));
		if (fputc('\n', f) == EOF || fflush(f) || fsync(fileno(f)))
			rc = -1;
		if (fclose(f))
			rc = -1;
		if (!rc && rename(tmp, path))
			rc = -1;
		if (rc)
			unlink(tmp);
	}
	if (rc)
		fprintf(stderr, "initbench import: cannot write %s: %s\n", path, strerror(errno));
	free(tmp);
	return rc;
}

static int write_raw(const char *path, const char *raw, size_t len)
{
	FILE *f = fopen(path, "wbx");
	int ok = f && fwrite(raw, 1, len, f) == len;
	if (f && fclose(f))
		ok = 0;
	if (!ok)
		fprintf(stderr, "initbench import: cannot write %s: %s\n", path, strerror(errno));
	return ok ? 0 : -1;
}

/* a new boot directory RESULTS/label/N after the label's highest N; its path, or NULL */
static char *new_boot(const char *results, const char *label, unsigned long *num)
{
	char *d = NULL, *b = NULL;
	unsigned long max = 0;
	if (asprintf(&d, "%s/%s", results, label) < 0)
		return NULL;
	if ((mkdir(results, 0777) && errno != EEXIST) || (mkdir(d, 0777) && errno != EEXIST)) {
		fprintf(stderr, "initbench import: cannot create %s: %s\n", d, strerror(errno));
		free(d);
		return NULL;
	}
	for (unsigned long n = 1; n < 1000000000UL; n++) {
		struct stat sb;
		free(b);
		if (asprintf(&b, "%s/%lu", d, n) < 0) {
			b = NULL;
			break;
		}
		if (!stat(b, &sb))
			max = n;
		else if (n > max + 64)  /* numbers need not be dense; 64 past the last is enough */
			break;
	}
	free(b);
	b = NULL;
	for (unsigned long n = max + 1; !b || errno == EEXIST; n++) {
		free(b);
		if (asprintf(&b, "%s/%lu", d, n) < 0) {
			b = NULL;
			break;
		}
		if (!mkdir(b, 0777)) {
			*num = n;
			break;
		}
		if (errno != EEXIST) {
			fprintf(stderr, "initbench import: cannot create %s: %s\n", b, strerror(errno));
			free(b);
			b = NULL;
			break;
		}
	}
	free(d);
	return b;
}

static const char *bench_of(const char *m)
{
	if (!strncmp(m, "fs_", 3))
		return strstr(m, "_10k") ? "fs_10k" : "fs_0k";
	if (!strcmp(m, "lat_l1") || !strcmp(m, "lat_l2"))
		return "lat_mem";
	return m;
}

static const char *unit_of(const char *m)
{
	if (!strcmp(m, "mhz"))
		return "MHz";
	if (!strncmp(m, "bw_", 3))
		return "MB/s";
	if (!strcmp(m, "lat_l1") || !strcmp(m, "lat_l2") || !strcmp(m, "lat_mem"))
		return "ns";
	return "us";
}

static json_t *row_json(const struct row *r, const char *ver, const char *src)
{
	char imported[16], summary[512];
	size_t o;
	json_t *env = json_object(), *ms = json_array(), *os = json_array(), *lines = json_array();
	const char *sp = strchr(r->os, ' ');

	snprintf(imported, sizeof(imported), "lmbench-%s", ver);
	json_object_set_new(env, "uname_s", json_stringn(r->os, sp ? (size_t)(sp - r->os) : strlen(r->os)));
	json_object_set_new(env, "uname_r", json_string(sp ? sp + 1 : ""));
	if (*r->desc)
		json_object_set_new(env, "cpu_model", json_string(r->desc));
	for (size_t i = 0; i < r->nc; i++) {
		const struct cell *c = &r->c[i];
		const char *b = bench_of(c->metric);
		json_array_append_new(ms, json_pack("{s:s,s:s,s:s,s:i,s:f,s:i,s:{s:s,s:s,s:i},s:[f],s:[],s:f,s:f}",
			"bench", b, "metric", c->metric, "unit", unit_of(c->metric), "iters", 0,
			"overhead", 0.0, "cpu", -1, "params", "imported", imported, "cell", c->text,
			"line", c->line, "samples", c->v, "raw_ns", "median", c->v, "min", c->v));
		size_t k = 0;
		while (k < i && strcmp(bench_of(r->c[k].metric), b))
			k++;
		if (k == i)
			json_array_append_new(os, json_pack("{s:s,s:s,s:s,s:i}", "bench", b, "status",
							    "ok", "reason", "", "wall_ms", 0));
	}
	o = (size_t)snprintf(summary, sizeof(summary), "lmbench %s summary %s, line", ver, src);
	for (size_t i = 0; i < r->nl; i++) {
		json_array_append_new(lines, json_integer(r->lines[i]));
		if (o < sizeof(summary))
			o += (size_t)snprintf(summary + o, sizeof(summary) - o, "%s %d",
					      i ? "," : r->nl > 1 ? "s" : "", r->lines[i]);
	}
	return json_pack("{s:i,s:{s:s,s:s,s:n,s:i,s:i,s:[],s:i,s:[],s:i,s:i,s:s,s:[],s:[],s:[]},"
			 "s:o,s:{s:n,s:[]},s:o,s:o,s:{s:s,s:s},s:{s:s,s:s,s:s,s:s,s:s,s:i,s:o,s:s}}",
		"format", 1,
		"integrity", "status", "imported", "summary", summary, "expected", "found", 0,
		"corrupt", 0, "corrupt_lines", "missing", 0, "missing_ranges", "duplicates", 0,
		"unknown", 0, "digest", "no end", "no_outcome", "problems", "notes",
		"env", env, "plan", "count", "benches", "measurements", ms, "outcomes", os,
		"launch", "launcher", "import", "source", src,
		"import", "source", src, "format", imported, "host", r->host, "os", r->os,
		"description", r->desc, "row", r->occ + 1, "lines", lines, "guesses", r->guesses);
}

static int store_summary(const struct summary *s, const struct text *t, const char *src,
			 const char *results, const char *label)
{
	int rc = 0;
	for (size_t i = 0; i < s->n && !rc; i++) {
		const struct row *r = &s->rows[i];
		char lab[80], *dir, *path = NULL;
		unsigned long num = 0;
		sanitise(lab, sizeof(lab), label ? label : r->host);
		if (!(dir = new_boot(results, lab, &num)))
			return -1;
		json_t *root = row_json(r, s->version, src);
		if (!root || asprintf(&path, "%s/lmbench-summary.txt", dir) < 0 ||
		    write_raw(path, t->raw, t->len))
			rc = -1;
		free(path);
		path = NULL;
		if (!rc && (asprintf(&path, "%s/results.json", dir) < 0 || write_json(root, path)))
			rc = -1;
		if (!rc)
			printf("%s/%lu: %s %s, %zu cells (lmbench %s, line %d)\n", lab, num, r->host,
			       r->os, r->nc, s->version, r->lines[0]);
		json_decref(root);
		free(path);
		free(dir);
	}
	return rc;
}

static int store_console(const struct text *t, const char *file, const char *src,
			 const char *results, const char *label)
{
	char lab[80], *dir, *log = NULL, *json = NULL;
	unsigned long num = 0;
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	int rc = -1;

	if (label)
		sanitise(lab, sizeof(lab), label);
	else {
		char stem[80];
		snprintf(stem, sizeof(stem), "%.*s", (int)strcspn(base, "."), base);
		sanitise(lab, sizeof(lab), stem);
	}
	if (!(dir = new_boot(results, lab, &num)))
		return -1;
	json_t *launch = json_pack("{s:s,s:s}", "launcher", "import", "source", src);
	if (asprintf(&log, "%s/console.log", dir) >= 0 && asprintf(&json, "%s/results.json", dir) >= 0 &&
	    !write_raw(log, t->raw, t->len)) {
		int st = ib_results_from_log(log, json, launch);
		static const char *const what[] = { "complete", "incomplete", "no records" };
		if (st >= 0)
			printf("%s/%lu: console capture, %s\n", lab, num, what[st]);
		rc = st < 0 ? -1 : st == IB_LOG_COMPLETE ? 0 : 1;
	}
	json_decref(launch);
	free(log);
	free(json);
	free(dir);
	return rc;
}

/* ---- the command ---- */

int ib_cmd_import(int argc, char **argv)
{
	const char *file = NULL, *label = NULL, *results = "out/results";
	struct text t;
	struct summary s;
	int rc;

	for (int i = 1; i < argc; i++) {
		const char **dst = !strcmp(argv[i], "--label") ? &label
				   : !strcmp(argv[i], "--results") ? &results : NULL;
		if (dst && i + 1 < argc) {
			*dst = argv[++i];
		} else if (!strncmp(argv[i], "--label=", 8)) {
			label = argv[i] + 8;
		} else if (!strncmp(argv[i], "--results=", 10)) {
			results = argv[i] + 10;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			printf("usage: initbench import FILE [--label NAME] [--results DIR]\n");
			return 0;
		} else if (dst || (argv[i][0] == '-' && argv[i][1]) || file) {
			fprintf(stderr, "initbench import: %s %s\n", dst ? "no value for" :
				file && argv[i][0] != '-' ? "one FILE only, not" : "unknown option", argv[i]);
			return 2;
		} else {
			file = argv[i];
		}
	}
	if (!file || !*results) {
		fprintf(stderr, "usage: initbench import FILE [--label NAME] [--results DIR]\n");
		return 2;
	}
	if (label && !ib_import_label_ok(label)) {
		fprintf(stderr, "initbench import: label '%s' is not 1-64 of [A-Za-z0-9._-] "
			"(not starting with '.')\n", label);
		return 2;
	}
	if (read_text(file, &t)) {
		fprintf(stderr, "initbench import: cannot read %s: %s\n", file, strerror(errno));
		free_text(&t);
		return 1;
	}
	char *abs = realpath(file, NULL);
	const char *src = abs ? abs : file;
	int kind = parse_summary(file, &t, &s);
	if (kind > 0)
		rc = store_summary(&s, &t, src, results, label) ? 1 : 0;
	else if (kind < 0)
		rc = 1;
	else if (memmem(t.raw, t.len, "# IB ", 5))
		rc = store_console(&t, file, src, results, label) < 0 ? 1 : 0;
	else {
		fprintf(stderr, "initbench import: %s: neither an lmbench summary (no 'L M B E N C H' "
			"title or table) nor a console capture (no '# IB ' record)\n", file);
		rc = 1;
	}
	free(s.rows);
	free(abs);
	free_text(&t);
	return rc;
}
