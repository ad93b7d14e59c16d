/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.c - `initbench import FILE [--label NAME] [--results DIR]` (results.h, import.h,
 * docs/import.md). An lmbench summary becomes one boot per row; a console capture with
 * initbench records becomes one boot parsed like a launched one. Nothing is written until the
 * whole file has been read, so a refused file leaves the store as it was.
 *
 * The summary itself is read by import-lmbench.c.
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

#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "report/import/diskdump.h"
#include "report/import/import.h"
#include "report/store/store.h"
#include "report/results.h"
#include "report/lava/lava.h"

#define MAX_FILE (64u << 20)
/* ---- small helpers ---- */

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

static int split_lines(struct ib_text *t);

static int read_text(const char *path, struct ib_text *t)
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
	return split_lines(t);
}

/* t->raw (NUL-terminated) into t->line: tabs expanded, '\r' and trailing blanks dropped */
static int split_lines(struct ib_text *t)
{
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

static void free_text(struct ib_text *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->line[i]);
	free(t->line);
	free(t->raw);
}

/* ---- the store ---- */


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

static json_t *row_json(const struct ib_lmb_row *r, const char *ver, const char *src)
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
		const struct ib_lmb_cell *c = &r->c[i];
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
	return json_pack("{s:i,s:{s:s,s:s,s:n,s:i,s:i,s:[],s:i,s:[],s:i,s:i,s:s,s:[],s:[]},"
			 "s:o,s:{s:n,s:[]},s:o,s:o,s:{s:s,s:s},s:{s:s,s:s,s:s,s:s,s:s,s:i,s:o,s:s}}",
		"format", 1,
		"integrity", "status", "imported", "summary", summary, "expected", "found", 0,
		"corrupt", 0, "corrupt_lines", "missing", 0, "missing_ranges", "duplicates", 0,
		"unknown", 0, "digest", "no end", "no_outcome", "problems",
		"env", env, "plan", "count", "benches", "measurements", ms, "outcomes", os,
		"launch", "launcher", "import", "source", src,
		"import", "source", src, "format", imported, "host", r->host, "os", r->os,
		"description", r->desc, "row", r->occ + 1, "lines", lines, "guesses", r->guesses);
}

static int store_summary(const struct ib_lmb_summary *s, const struct ib_text *t, const char *src,
			 const char *results, const char *label)
{
	int rc = 0;
	for (size_t i = 0; i < s->n && !rc; i++) {
		const struct ib_lmb_row *r = &s->rows[i];
		char lab[80], *dir, *path = NULL;
		unsigned long num = 0;
		sanitise(lab, sizeof(lab), label ? label : r->host);
		if (!(dir = ib_store_new_boot(results, lab, &num, "import")))
			return -1;
		json_t *root = row_json(r, s->version, src);
		if (!root || asprintf(&path, "%s/lmbench-summary.txt", dir) < 0 ||
		    ib_store_write_new(path, t->raw, t->len, "import"))
			rc = -1;
		free(path);
		path = NULL;
		if (!rc && (asprintf(&path, "%s/results.json", dir) < 0 || ib_json_write_atomic(root, path)))
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

static int store_console(const struct ib_text *t, const char *file, const char *src,
			 const char *results, const char *label, json_t *dump)
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
	if (!(dir = ib_store_new_boot(results, lab, &num, "import")))
		return -1;
	json_t *launch = json_pack("{s:s,s:s}", "launcher", "import", "source", src);
	if (dump)
		json_object_set(launch, "dump", dump);
	if (asprintf(&log, "%s/console.log", dir) >= 0 && asprintf(&json, "%s/results.json", dir) >= 0 &&
	    !ib_store_write_new(log, t->raw, t->len, "import")) {
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

static int is_block_device(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISBLK(st.st_mode);
}

/* a raw dump's data are a console capture; the header's facts go along in launch.dump */
static int import_dump(const char *file, char *data, size_t len, const struct ib_dump_hdr *h,
		       int data_ok, const char *results, const char *label)
{
	struct ib_text t = { 0 };
	char *abs = realpath(file, NULL);
	json_t *dump;
	int rc;

	fprintf(stderr, "initbench import: %s: raw dump v%u, %zu bytes from kernel %s, data CRC %s%s%s\n",
		file, (unsigned)h->version, len, h->release[0] ? h->release : "?",
		data_ok ? "ok" : "MISMATCH (damaged: only records whose own CRC verifies are kept)",
		h->flags & IB_DUMP_COMPLETE ? "" : ", the suite did not end normally",
		h->flags & IB_DUMP_TRUNCATED ? ", TRUNCATED (the device was too small)" : "");
	t.raw = data;
	t.len = len;
	dump = json_pack("{s:i,s:I,s:b,s:b,s:b,s:s}", "version", (int)h->version,
			 "bytes", (json_int_t)len, "crc_ok", data_ok, "complete",
			 (h->flags & IB_DUMP_COMPLETE) != 0, "truncated",
			 (h->flags & IB_DUMP_TRUNCATED) != 0, "release", h->release);
	if (split_lines(&t))
		rc = 1;
	else if (!memmem(t.raw, t.len, "# IB ", 5)) {
		fprintf(stderr, "initbench import: %s: the dump holds no '# IB ' record\n", file);
		rc = 1;
	} else
		rc = store_console(&t, file, abs ? abs : file, results, label, dump) < 0 ? 1 : 0;
	json_decref(dump);
	free(abs);
	free_text(&t);
	return rc;
}

/* ---- the command ---- */

static const char import_usage[] =
	"usage: initbench import FILE|DEV [--label NAME] [--results DIR]\n"
	"       initbench import --lava LOG [--label NAME] [--results DIR]\n"
	"  reads, and stores as a new boot of LABEL: an lmbench summary (the table `make see`\n"
	"  prints), a console capture holding initbench records, a raw disk dump written by\n"
	"  initbench.out= (a file or the device itself), or a LAVA job log (--lava, or found\n"
	"  so by its content).\n" IB_RESULTS_HELP;

enum { K_LABEL = 2, K_RESULTS, K_LAVA, K_HELP };

static int import_into(const char *results, const char *file, const char *label,
		       const char *lava);

int ib_cmd_import(int argc, char **argv)
{
	static const struct ib_optdef defs[] = {
		{ "label", required_argument, K_LABEL, 0 },
		{ "results", required_argument, K_RESULTS, 0 },
		{ "lava", required_argument, K_LAVA, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	const char *file = NULL, *label = NULL, *given = NULL, *v;
	const char *lava = NULL;   /* --lava LOG: a LAVA job log (report/import/import-lava.c) */
	const struct ib_optdef *def;
	struct ib_getopt g;
	char err[256], *results;
	int key, rc;

	ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0]));
	while ((key = ib_getopt_next(&g, argc, argv, &v, &def, err, sizeof(err))) != 0) {
		if (key == K_HELP) {
			fputs(import_usage, stdout);
			return 0;
		}
		if (key < 0 || (key == IB_OPT_OPERAND && file)) {
			if (key < 0)
				fprintf(stderr, "initbench import: %s\n", err);
			else
				fprintf(stderr, "initbench import: one FILE only, not %s\n", v);
			return 2;
		}
		if (key == K_LABEL)
			label = v;
		else if (key == K_RESULTS)
			given = v;
		else if (key == K_LAVA)
			lava = v;
		else
			file = v;
	}
	if (!(results = ib_results_dir(given)))
		return 1;
	rc = import_into(results, file, label, lava);
	free(results);
	return rc;
}

/* what `import` does once the store is known */
static int import_into(const char *results, const char *file, const char *label,
		       const char *lava)
{
	struct ib_text t;
	struct ib_lmb_summary s;
	int rc;

	if (lava) {
		if (!file)
			return ib_import_lava(lava, results, label);
		fprintf(stderr, "initbench import: --lava LOG takes no other FILE\n");
		return 2;
	}
	if (!file) {
		fputs(import_usage, stderr);
		return 2;
	}
	if (label && !ib_import_label_ok(label)) {
		fprintf(stderr, "initbench import: label '%s' is not 1-64 of [A-Za-z0-9._-] "
			"(not starting with '.')\n", label);
		return 2;
	}
	{
		char err[256], *data;
		size_t len;
		struct ib_dump_hdr h;
		int data_ok, d = ib_dump_read(file, &data, &len, &h, &data_ok, err, sizeof(err));

		if (d < 0) {
			fprintf(stderr, "initbench import: %s: %s\n", file, err);
			return 1;
		}
		if (d > 0)
			return import_dump(file, data, len, &h, data_ok, results, label);
	}
	if (is_block_device(file)) {
		fprintf(stderr, "initbench import: %s: no initbench dump header (a raw dump starts "
			"with \"IBDUMP\"; for a vfat or ext4 device mount it and import the file)\n", file);
		return 1;
	}
	if (read_text(file, &t)) {
		fprintf(stderr, "initbench import: cannot read %s: %s\n", file, strerror(errno));
		free_text(&t);
		return 1;
	}
	/* a LAVA job log holds the console in "target" entries, with \" for every quote: its
	 * records would all fail their CRC if read as a capture */
	static const char lava_target[] = "\"lvl\": \"target\"";

	if (memmem(t.raw, t.len, lava_target, sizeof(lava_target) - 1)) {
		free_text(&t);
		fprintf(stderr, "initbench import: %s is a LAVA job log: reading it as --lava\n", file);
		return ib_import_lava(file, results, label);
	}
	char *abs = realpath(file, NULL);
	const char *src = abs ? abs : file;
	int kind = ib_lmb_parse(file, &t, &s);
	if (kind > 0)
		rc = store_summary(&s, &t, src, results, label) ? 1 : 0;
	else if (kind < 0)
		rc = 1;
	else if (memmem(t.raw, t.len, "# IB ", 5))
		rc = store_console(&t, file, src, results, label, NULL) < 0 ? 1 : 0;
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
