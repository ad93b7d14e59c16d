/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.c - `initbench import FILE [--label NAME] [--results DIR]` (results.h, import.h,
 * docs/import.md). An lmbench summary becomes one boot per row (the file stored once); a
 * console capture with initbench records becomes one boot parsed like a launched one. Inputs
 * are regular files of at most --log-max MiB (host/lib/safeio.h). Nothing is written until
 * the whole file has been read, so a refused file leaves the store as it was.
 *
 * The summary itself is read by import-lmbench.c.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "config.h"

#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "host/lib/argv.h"
#include "host/lib/exitcode.h"
#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"
#include "initramfs/blkid.h"
#include "report/import/diskdump.h"
#include "report/log/capsplit.h"
#include "report/import/import.h"
#include "report/store/store.h"
#include "report/results.h"
#include "report/lava/lava.h"

#define IB_STR_(x) #x
#define IB_STR(x) IB_STR_(x)
/* ---- small helpers ---- */

static void sanitise(char *out, size_t cap, const char *in)
{
	size_t o = 0;
	for (; *in && o + 1 < cap && o < 64; in++)
		out[o++] = isalnum((unsigned char)*in) || strchr("._-", *in) ? *in : '_';
	out[o] = 0;
	if (!o)
		snprintf(out, cap, "import");
	else if (out[0] == '.' || out[0] == '-')
		out[0] = '_';   /* the one label rule (cli-paths.h): not hidden, not an option */
}

static int split_lines(struct ib_text *t);

/* A summary's lines are short and few (10,000 rows of seven tables: 70,000 lines), but a
 * whole summary flattened onto one line (as mail and web pages leave it: docs/import.md) is a
 * few KB per host: a longer line than 64 KiB is cut here before its tabs are expanded, and
 * lines past the last are not split (a summary that long is refused), so a hostile input
 * costs memory in proportion to its size */
#define LINE_MAX_READ 65536
#define LINES_MAX 1000000

/* the whole input, at most max bytes (safeio.h): 0, -1 unreadable, -2 too long */
static int read_text(const char *path, size_t max, struct ib_text *t, char *err, size_t errlen)
{
	int rc;

	memset(t, 0, sizeof(*t));
	if ((rc = ib_input_read(path, max, 0, &t->raw, &t->len, err, errlen)))
		return rc;
	return split_lines(t);
}

/* t->raw (NUL-terminated) into t->line: tabs expanded, '\r' and trailing blanks dropped */
static int split_lines(struct ib_text *t)
{
	for (const char *p = t->raw; p < t->raw + t->len && t->n < LINES_MAX;) {
		const char *e = memchr(p, '\n', (size_t)(t->raw + t->len - p));
		size_t whole = e ? (size_t)(e - p) : (size_t)(t->raw + t->len - p), o = 0;
		size_t n = whole > LINE_MAX_READ ? LINE_MAX_READ : whole;
		/* the array grows by doubling: n is a power of two when it is full */
		char *l = malloc(n * 8 + 1), **a = t->n < 16 || (t->n & (t->n - 1)) ?
			t->line : realloc(t->line, 2 * t->n * sizeof(*a));

		if (!t->line && l)
			a = t->line = malloc(16 * sizeof(*a));
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
		p += whole + 1;
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

char *ib_source(const char *file)
{
	char *abs = realpath(file, NULL), *src = ib_xstrdup(abs ? abs : file);

	free(abs);
	ib_text_clean(src, NULL);   /* a file name is any bytes; JSON holds UTF-8 */
	return src;
}


static const char *bench_of(const char *m)
{
	if (!strncmp(m, "fs_", 3))
		return strstr(m, "_10k") ? "fs_10k" : "fs_0k";
	if (!strncmp(m, "lat_mem_rd_", 11))
		return "lat_mem";
	return m;
}

static const char *unit_of(const char *m)
{
	if (!strcmp(m, "mhz"))
		return "MHz";
	if (!strncmp(m, "bw_", 3))
		return "MB/s";
	if (!strncmp(m, "lat_mem_rd_", 11))
		return "ns";
	return "us";
}

static json_t *row_json(const struct ib_lmb_row *raw, const char *ver, const char *src)
{
	char imported[16], summary[512];
	size_t o;
	json_t *env = json_object(), *ms = json_array(), *os = json_array(), *lines = json_array();
	/* a summary's free text (Host, OS, Description, Guesses) as printable UTF-8: JSON holds
	 * nothing else, and the store's checks refuse control characters (host/lib/hostutil.h) */
	struct ib_lmb_row *r = ib_xmalloc(sizeof(*r));

	*r = *raw;
	ib_text_clean(r->host, NULL);
	ib_text_clean(r->os, NULL);
	ib_text_clean(r->desc, NULL);
	ib_text_clean(r->guesses, NULL);
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
	ib_text_clean(summary, NULL);   /* cut at 511 bytes: maybe inside a UTF-8 sequence */
	json_t *root = json_pack("{s:i,s:{s:s,s:s,s:n,s:i,s:i,s:[],s:i,s:[],s:i,s:i,s:s,s:[],s:[]},"
			 "s:o,s:{s:n,s:[]},s:o,s:o,s:{s:s,s:s},s:{s:s,s:s,s:s,s:s,s:s,s:i,s:o,s:s}}",
		"format", 1,
		"integrity", "status", "imported", "summary", summary, "expected", "found", 0,
		"corrupt", 0, "corrupt_lines", "missing", 0, "missing_ranges", "duplicates", 0,
		"unknown", 0, "digest", "no end", "no_outcome", "problems",
		"env", env, "plan", "count", "benches", "measurements", ms, "outcomes", os,
		"launch", "launcher", "import", "source", src,
		"import", "source", src, "format", imported, "host", r->host, "os", r->os,
		"description", r->desc, "row", r->occ + 1, "lines", lines, "guesses", r->guesses);
	free(r);
	return root;
}

/* the next boot number of each label an import writes, so that each is looked up once */
struct next {
	char label[80];
	unsigned long num;
};

/*
 * One boot per row; the summary itself is stored once, in the first boot's directory, and
 * every row's results.json names that copy (import.copy, relative to RESULTS). The files are
 * synced once at the end (syncfs), not one by one: 10,000 rows are 10,000 boots.
 */
static int store_summary(const struct ib_lmb_summary *s, const struct ib_text *t, const char *src,
			 const char *results, const char *label)
{
	struct next *next = NULL;
	size_t nnext = 0;
	char *copy = NULL;
	int rc = 0;

	for (size_t i = 0; i < s->n && !rc; i++) {
		const struct ib_lmb_row *r = &s->rows[i];
		char lab[80], *dir, *path = NULL;
		size_t k = 0;

		sanitise(lab, sizeof(lab), label ? label : r->host);
		while (k < nnext && strcmp(next[k].label, lab))
			k++;
		if (k == nnext) {
			next = ib_xrealloc(next, ++nnext * sizeof(*next));
			snprintf(next[k].label, sizeof(next[k].label), "%s", lab);
			next[k].num = 0;
		}
		if (!(dir = ib_store_new_boot(results, lab, &next[k].num, "import"))) {
			rc = -1;
			break;
		}
		if (!copy) {
			copy = ib_strf("%s/%lu/lmbench-summary.txt", lab, next[k].num);
			path = ib_strf("%s/%s", results, copy);
			rc = ib_store_write_new(path, t->raw, t->len, "import");
			free(path);
		}
		json_t *root = row_json(r, s->version, src);
		if (!root)
			ib_oom();
		json_object_set_new(json_object_get(root, "import"), "copy", json_string(copy));
		path = ib_strf("%s/results.json", dir);
		if (!rc && ib_json_write_atomic(root, path, IB_OUT_NOSYNC))
			rc = -1;
		if (!rc)
			printf("%s/%lu: %s %s, %zu cells (lmbench %s, line %d)\n", lab, next[k].num,
			       r->host, r->os, r->nc, s->version, r->lines[0]);
		next[k].num++;
		json_decref(root);
		free(path);
		free(dir);
	}
	int fd = open(results, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || syncfs(fd)) {
		fprintf(stderr, "initbench import: syncing %s: %s\n", results, strerror(errno));
		rc = -1;
	}
	if (fd >= 0)
		close(fd);
	free(copy);
	free(next);
	return rc;
}

/* the exit code of a capture stored as lab/num: the same verdicts as a boot's (exitcode.h) */
static int capture_verdict(int st, const char *file, const char *lab, unsigned long num)
{
	if (st == IB_LOG_COMPLETE)
		return IB_EXIT_DONE;
	fprintf(stderr, "initbench import: %s: %s: stored as %s/%lu all the same\n", file,
		st == IB_LOG_NORECORDS ? "no record is whole" :
		"the records are incomplete (the problems above)", lab, num);
	return st == IB_LOG_NORECORDS ? IB_EXIT_NORECORDS : IB_EXIT_INCOMPLETE;
}

/* one boot's bytes as LAB's next boot, parsed like a launched one; its line on stdout */
static int store_boot(const char *raw, size_t len, const char *file, const char *src,
		      const char *results, const char *lab, const char *key, json_t *extra,
		      json_t *piece)
{
	char *dir, *log = NULL, *json = NULL;
	unsigned long num = 0;
	int rc = IB_EXIT_HOSTIO;

	if (!(dir = ib_store_new_boot(results, lab, &num, "import")))
		return IB_EXIT_HOSTIO;
	json_t *launch = json_pack("{s:s,s:s}", "launcher", "import", "source", src);
	if (extra)
		json_object_set(launch, key, extra);
	if (piece)
		json_object_set(launch, "capture", piece);
	log = ib_strf("%s/console.log", dir);
	json = ib_strf("%s/results.json", dir);
	if (!ib_store_write_new(log, raw, len, "import")) {
		int st = ib_results_from_log(log, json, launch);
		static const char *const what[] = { "complete", "incomplete", "no records" };
		if (st >= 0) {
			printf("%s/%lu: console capture, %s\n", lab, num, what[st]);
			rc = capture_verdict(st, file, lab, num);
		}
	}
	json_decref(launch);
	free(log);
	free(json);
	free(dir);
	return rc;
}

/* the worse of two exit codes of boots: the store failing ends it, else the higher */
static int worse(int a, int b)
{
	return a == IB_EXIT_HOSTIO || b == IB_EXIT_HOSTIO ? IB_EXIT_HOSTIO : a > b ? a : b;
}

int ib_import_capture(const struct ib_text *t, const char *file, const char *src,
		      const char *results, const char *label, const char *key, json_t *extra)
{
	static size_t start[IB_CAPTURE_BOOTS_MAX + 1];
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t n = ib_capture_boots(t->raw, t->len, start, IB_CAPTURE_BOOTS_MAX);
	char lab[80];
	int rc = 0;

	if (n > IB_CAPTURE_BOOTS_MAX) {
		fprintf(stderr, "initbench import: %s: more than %d boots in one capture: not read "
			"(split it)\n", file, IB_CAPTURE_BOOTS_MAX);
		return IB_EXIT_BADDATA;
	}
	if (label)
		sanitise(lab, sizeof(lab), label);
	else {
		char stem[80];
		snprintf(stem, sizeof(stem), "%.*s", (int)strcspn(base, "."), base);
		sanitise(lab, sizeof(lab), stem);
	}
	if (n > 1)
		fprintf(stderr, "initbench import: %s: %zu boots in one capture (a begin record "
			"starts each): stored one by one\n", file, n);
	for (size_t i = 0; i < n && rc != IB_EXIT_HOSTIO; i++) {
		size_t end = i + 1 < n ? start[i + 1] : t->len;
		json_t *piece = n > 1 ? json_pack("{s:I,s:I,s:I,s:I}", "boot", (json_int_t)i + 1,
						  "boots", (json_int_t)n, "offset",
						  (json_int_t)start[i], "bytes",
						  (json_int_t)(end - start[i])) : NULL;

		rc = worse(rc, store_boot(t->raw + start[i], end - start[i], file, src, results,
					  lab, key, extra, piece));
		json_decref(piece);
	}
	return rc;
}

/* a raw dump's data are a console capture; the header's facts go along in launch.dump */
static int import_dump(const char *file, char *data, size_t len, const struct ib_dump_hdr *h,
		       int data_ok, const char *results, const char *label)
{
	struct ib_text t = { 0 };
	char *abs = ib_source(file);
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
	if (!memmem(t.raw, t.len, "# IB ", 5)) {
		fprintf(stderr, "initbench import: %s: the dump holds no '# IB ' record\n", file);
		rc = IB_EXIT_NORECORDS;
	} else {
		rc = ib_import_capture(&t, file, abs, results, label, "dump", dump);
		/* a damaged dump is never done, whatever its records say */
		if (!data_ok && rc < IB_EXIT_BADDATA) {
			fprintf(stderr, "initbench import: %s: the dump's data CRC does not match\n", file);
			rc = IB_EXIT_BADDATA;
		}
	}
	json_decref(dump);
	free(abs);
	free(t.raw);
	return rc;
}

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	return pread(*(int *)ctx, buf, len, (off_t)off) == (ssize_t)len ? 0 : -1;
}

/* ---- the command ---- */

static const char import_usage[] =
	"usage: initbench import FILE|DEV [--label NAME] [--results DIR] [--log-max MiB]\n"
	"       initbench import --lava LOG [--label NAME] [--results DIR] [--log-max MiB]\n"
	"  reads, and stores as a new boot of LABEL: an lmbench summary (the table `make see`\n"
	"  prints), a console capture holding initbench records, a raw disk dump written by\n"
	"  initbench.out= (a file or the device itself), or a LAVA job log (--lava, or found\n"
	"  so by its content). FILE must be a regular file (a dump: or a block device) of at\n"
	"  most --log-max MiB (default " IB_STR(CONFIG_IB_LOG_MAX_MB) ", as `initbench run` keeps a console log).\n"
	"  Exit: 0 stored and whole; 5 a capture without a whole record; 6 a capture incomplete\n"
	"  (stored all the same) or a file refused; 1 the store cannot be written; 2 usage, or\n"
	"  FILE missing or not a regular file.\n" IB_RESULTS_HELP;

enum { K_LABEL = 2, K_RESULTS, K_LAVA, K_LOG_MAX, K_HELP };

static int import_into(const char *results, const char *file, const char *label,
		       const char *lava, size_t max);

int ib_cmd_import(int argc, char **argv)
{
	static const struct ib_optdef defs[] = {
		{ "label", required_argument, K_LABEL, 0 },
		{ "results", required_argument, K_RESULTS, 0 },
		{ "lava", required_argument, K_LAVA, 0 },
		{ "log-max", required_argument, K_LOG_MAX, 0 },
		{ "help", no_argument, K_HELP, 'h' },
	};
	const char *file = NULL, *label = NULL, *given = NULL, *v;
	const char *lava = NULL;   /* --lava LOG: a LAVA job log (report/import/import-lava.c) */
	const struct ib_optdef *def;
	struct ib_getopt g;
	char err[256], *results, *end;
	unsigned long mib = CONFIG_IB_LOG_MAX_MB;
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
			return IB_EXIT_USAGE;
		}
		if (key == K_LABEL) {
			label = v;
		} else if (key == K_RESULTS) {
			given = v;
		} else if (key == K_LAVA) {
			lava = v;
		} else if (key == K_LOG_MAX) {
			errno = 0;
			mib = strtoul(v, &end, 10);
			if (errno || !*v || *end || *v == '-' || mib < 1 || mib > 1048576) {
				fprintf(stderr, "initbench import: bad argument '--log-max %s': use "
					"1..1048576 (MiB)\n", v);
				return IB_EXIT_USAGE;
			}
		} else {
			file = v;
		}
	}
	if (label && !ib_label_ok(label)) {
		fprintf(stderr, "initbench import: bad argument '--label %s': %s\n", label,
			IB_LABEL_RULE);
		return IB_EXIT_USAGE;
	}
	if (!(results = ib_results_dir(given)))
		return IB_EXIT_HOSTIO;
	ib_cleanup_on_signals();
	rc = import_into(results, file, label, lava, (size_t)mib << 20);
	free(results);
	return rc;
}

/* one line for an input that is too long: it names the file, the cap and how to raise it */
static int too_long(const char *file, size_t len, size_t max)
{
	fprintf(stderr, "initbench import: %s: %s%.0f MiB, more than --log-max %zu MiB (what "
		"`initbench run` keeps of one console): not read (a larger --log-max reads it)\n",
		file, len > max + 1 ? "" : "more than ", (double)len / (1 << 20), max >> 20);
	return IB_EXIT_BADDATA;
}

/* what `import` does once the store is known */
static int import_into(const char *results, const char *file, const char *label,
		       const char *lava, size_t max)
{
	struct ib_text t;
	struct ib_lmb_summary s = { 0 };
	char err[512];
	int rc;

	if (lava) {
		if (!file)
			return ib_import_lava(lava, results, label, max);
		fprintf(stderr, "initbench import: --lava LOG takes no other FILE\n");
		return IB_EXIT_USAGE;
	}
	if (!file) {
		fputs(import_usage, stderr);
		return IB_EXIT_USAGE;
	}
	{
		char *data;
		size_t len;
		struct ib_dump_hdr h;
		int data_ok, d = ib_dump_read(file, max, &data, &len, &h, &data_ok, err, sizeof(err));

		if (d < 0) {
			fprintf(stderr, "initbench import: %s\n", err);
			return d == -1 ? ib_input_exit(errno) : IB_EXIT_BADDATA;
		}
		if (d > 0)
			return import_dump(file, data, len, &h, data_ok, results, label);
	}
	{
		/* a disk (a partition table) or a FAT file system: the results files on it */
		struct ib_blk_info info;
		int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC), probed = -1;

		if (fd >= 0) {
			probed = ib_blk_probe(fd_read, &fd, &info);
			close(fd);
		}
		if (!probed && (!strcmp(info.type, "gpt") || !strcmp(info.type, "mbr") ||
				!strcmp(info.type, "vfat")))
			return ib_import_disk(file, info.type, results, label, max);
	}
	struct stat st;

	if (!stat(file, &st) && S_ISBLK(st.st_mode)) {
		fprintf(stderr, "initbench import: %s: no initbench dump header, no partition table "
			"and no FAT file system (a raw dump starts with \"IBDUMP\"; for an ext4 "
			"device mount it and import the file)\n", file);
		return IB_EXIT_USAGE;
	}
	if ((rc = read_text(file, max, &t, err, sizeof(err)))) {
		if (rc == -2)
			rc = too_long(file, t.len, max);
		else {
			fprintf(stderr, "initbench import: cannot read %s\n", err);
			rc = errno == ENOMEM ? IB_EXIT_HOSTIO : ib_input_exit(errno);
		}
		free_text(&t);
		return rc;
	}
	/* a LAVA job log holds the console in "target" entries, with \" for every quote: its
	 * records would all fail their CRC if read as a capture */
	static const char lava_target[] = "\"lvl\": \"target\"";

	if (memmem(t.raw, t.len, lava_target, sizeof(lava_target) - 1)) {
		free_text(&t);
		fprintf(stderr, "initbench import: %s is a LAVA job log: reading it as --lava\n", file);
		return ib_import_lava(file, results, label, max);
	}
	char *abs = ib_source(file);
	const char *src = abs;
	int kind = ib_lmb_parse(file, &t, &s);
	if (kind > 0 && t.n >= LINES_MAX) {
		fprintf(stderr, "initbench import: %s: more than %d lines: too long for an lmbench "
			"summary\n", file, LINES_MAX);
		rc = IB_EXIT_BADDATA;
	} else if (kind > 0) {
		rc = store_summary(&s, &t, src, results, label) ? IB_EXIT_HOSTIO : 0;
	} else if (kind < 0) {
		rc = IB_EXIT_BADDATA;
	} else if (memmem(t.raw, t.len, "# IB ", 5)) {
		rc = ib_import_capture(&t, file, src, results, label, NULL, NULL);
	} else {
		fprintf(stderr, "initbench import: %s: neither an lmbench summary (no 'L M B E N C H' "
			"title or table) nor a console capture (no '# IB ' record)\n", file);
		rc = IB_EXIT_BADDATA;
	}
	free(s.rows);
	free(abs);
	free_text(&t);
	return rc;
}
