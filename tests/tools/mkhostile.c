/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mkhostile - writes the hostile guest captures and broken stores of issue 15 into a
 * directory, for tests/integration/fault/fault-hostile-store.sh (docs/faults.md). Generated at
 * test time, never committed: the amplifying capture and the 10,000-row summary are large.
 *
 * Usage: mkhostile DIR     writes into DIR (which must not exist yet):
 *   amp.log          a valid capture (good CRCs, complete) whose begin record holds a
 *                    5000-byte uname_r, hypervisor and clocksource, and 200 measurements of
 *                    1500 samples each (about 660 KB): per-boot strings repeated per sample
 *                    made a 4.6 GB CSV of it;
 *   formula.log      a complete capture whose uname_r, hypervisor, clocksource, metric and
 *                    unit start with = + @ -: formula cells for a spreadsheet;
 *   cut.log          a capture cut in its middle (incomplete);
 *   summary-10k.txt  an lmbench 2.0 summary of 10,000 rows (Basic and Processor tables,
 *                    about 1.3 MB): every imported boot kept a copy of it (13 GB);
 *   store/           a result store: base/1, base/2 good; broken/1, broken/2 results.json
 *                    cut short; negsample/1 a time sample below -overhead; negcount/1
 *                    integrity.found -4; format99/1 format 99; bigstr/1 a 10 MB uname_r;
 *                    fifo/1/results.json and fifolog/1/console.log FIFOs; -x/1 a good boot
 *                    under a name that is no label; base/007 no boot number; .hidden/1 and
 *                    notes.txt, which are not labels (nothing to say); linked -> ../outside,
 *                    a label directory that is a symbolic link; secret/1 mode 0700 (read it
 *                    as another user).
 * mkhostile --bounds       prints the longest row of each CSV table, "samples N", ...
 * Exit 0, or 1 with a line saying what failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "bench/base/record.h"
#include "report/export/export.h"
#include "report/log/logparse.h"
#include "report/store/store.h"

static const char *top;

static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("mkhostile: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(errno));
	exit(1);
}

static char *path(const char *rel)
{
	static char buf[8][4096];
	static unsigned k;
	char *b = buf[k++ % 8];

	snprintf(b, sizeof(buf[0]), "%s/%s", top, rel);
	return b;
}

static void mkdirs(const char *rel)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s", path(rel));
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, 0755) && errno != EEXIST)
				die("mkdir %s", p);
			*s = '/';
		}
	if (mkdir(p, 0755) && errno != EEXIST)
		die("mkdir %s", p);
}

/* a capture: records framed as the protocol says (CRC per line, digest in the end record) */
struct cap {
	FILE *f;
	unsigned long seq;
	uint32_t digest;
};

static void rec(struct cap *c, const char *fmt, ...)
{
	char *payload, *line;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&payload, fmt, ap);
	va_end(ap);
	if (n < 0 || asprintf(&line, "# IB %lu %s", c->seq++, payload) < 0)
		die("out of memory");
	n = (int)strlen(line);
	fprintf(c->f, "%s *%08x\n", line, ib_crc32(0, line, (size_t)n));
	/* the digest covers each line up to its CRC digits, and a newline */
	char crc[16];
	snprintf(crc, sizeof(crc), " *%08x", ib_crc32(0, line, (size_t)n));
	c->digest = ib_crc32(c->digest, line, (size_t)n);
	c->digest = ib_crc32(c->digest, crc, strlen(crc));
	c->digest = ib_crc32(c->digest, "\n", 1);
	free(payload);
	free(line);
}

static void end(struct cap *c)
{
	unsigned long n = c->seq;

	rec(c, "end records=%lu digest=%08x", n, c->digest);
	if (fclose(c->f))
		die("write");
}

static struct cap open_cap(const char *rel)
{
	struct cap c = { fopen(path(rel), "wx"), 0, 0 };

	if (!c.f)
		die("%s", path(rel));
	return c;
}

/* a value escaped as the protocol says: bytes <= 0x20, >= 0x7f and '%' as %XX */
static const char *esc(const char *s)
{
	static char buf[4][1024];
	static unsigned k;
	char *b = buf[k++ % 4], *o = b;

	for (; *s && o < b + sizeof(buf[0]) - 4; s++) {
		unsigned char c = (unsigned char)*s;

		if (c <= 0x20 || c >= 0x7f || c == '%')
			o += sprintf(o, "%%%02X", c);
		else
			*o++ = (char)c;
	}
	*o = '\0';
	return b;
}

static void begin(struct cap *c, const char *uname_r, const char *hyp, const char *cs)
{
	rec(c, "begin proto=1 suite=hostile mode=native uname_s=Linux uname_r=%s uname_m=x86_64 "
	    "cpu_model=test ncpu=2 clocksource=%s hypervisor=%s timer_cost_ns=20 timer_res_ns=1",
	    uname_r, cs, hyp);
}

static void amp(void)
{
	struct cap c = open_cap("amp.log");
	char *big = malloc(5001), *samples = malloc(1500 * 2);

	memset(big, 'A', 5000);
	big[5000] = '\0';
	for (int i = 0; i < 1500; i++)   /* "1,1,...,1": the last comma becomes the end */
		memcpy(samples + 2 * i, "1,", 2);
	samples[2 * 1500 - 1] = '\0';
	begin(&c, big, big, big);
	rec(&c, "plan count=1 benches=null_call");
	for (int i = 0; i < 200; i++)
		rec(&c, "m bench=null_call metric=null_call unit=us iters=1 overhead=0 samples=%s "
		    "cpu=0 point=%d", samples, i);
	rec(&c, "outcome bench=null_call status=ok reason= wall_ms=1");
	end(&c);
	free(big);
	free(samples);
}

static void good(const char *rel, const char *sample)
{
	struct cap c = open_cap(rel);

	begin(&c, "6.1.0-hostile", "TCG", "tsc");
	rec(&c, "plan count=2 benches=null_call,stat");
	rec(&c, "m bench=null_call metric=null_call unit=us iters=1000 overhead=0.01 "
	    "samples=%s,0.62,0.61 raw_ns=630000,630000,620000 cpu=0", sample);
	rec(&c, "outcome bench=null_call status=ok reason= wall_ms=3");
	rec(&c, "m bench=stat metric=stat unit=us iters=100 overhead=0.01 samples=1.5,1.6,1.4 "
	    "raw_ns=151000,161000,141000 cpu=0");
	rec(&c, "outcome bench=stat status=ok reason= wall_ms=3");
	end(&c);
}

static void formula(void)
{
	struct cap c = open_cap("formula.log");

	begin(&c, esc("=cmd|' /C calc'!A0"), esc("+HYPERLINK(\"http://x\",\"y\")"), esc("@SUM(1)"));
	rec(&c, "plan count=1 benches=null_call");
	rec(&c, "m bench=null_call metric=%s unit=%s iters=1 overhead=0 samples=-0.5,2,3 cpu=0",
	    esc("-2+3"), esc("=1"));
	rec(&c, "outcome bench=null_call status=ok reason= wall_ms=1");
	end(&c);
}

/* the first half of a good capture */
static void cut(void)
{
	char *buf;
	size_t n = 0;
	FILE *f, *m = open_memstream(&buf, &n);

	good("cut.full", "0.6");
	if (!(f = fopen(path("cut.full"), "r")))
		die("%s", path("cut.full"));
	for (int ch; (ch = getc(f)) != EOF;)
		putc(ch, m);
	fclose(f);
	fclose(m);
	unlink(path("cut.full"));
	if (!(f = fopen(path("cut.log"), "wx")) || fwrite(buf, 1, n / 2, f) != n / 2 || fclose(f))
		die("%s", path("cut.log"));
	free(buf);
}

static void summary(void)
{
	FILE *f = fopen(path("summary-10k.txt"), "wx");

	if (!f)
		die("%s", path("summary-10k.txt"));
	fputs("\n                 L M B E N C H  2 . 0   S U M M A R Y\n"
	      "                 ------------------------------------\n\n"
	      "Basic system parameters\n"
	      "----------------------------------------------------\n"
	      "Host                 OS Description              Mhz\n"
	      "                                                    \n"
	      "--------- ------------- ----------------------- ----\n", f);
	for (int i = 0; i < 10000; i++)
		fputs("frodo      Linux 2.4.18       i686-pc-linux-gnu  797\n", f);
	fputs("\nProcessor, Processes - times in microseconds - smaller is better\n"
	      "----------------------------------------------------------------\n"
	      "Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  \n"
	      "                             call  I/O stat clos TCP   inst hndl proc proc proc\n"
	      "--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----\n", f);
	for (int i = 0; i < 10000; i++)
		fputs("frodo      Linux 2.4.18  797 0.40 0.56 3.18 3.97       1.00 3.18 115. 1231 13.K\n", f);
	if (fclose(f))
		die("%s", path("summary-10k.txt"));
}

/* store/LABEL/N/results.json from a good capture, changed by fn */
static void boot(const char *label, int n, void (*fn)(json_t *))
{
	char rel[256], log[300];
	struct ib_log l;
	json_t *res;

	snprintf(rel, sizeof(rel), "store/%s/%d", label, n);
	mkdirs(rel);
	snprintf(log, sizeof(log), "%s/console.log", rel);
	good(log, "0.6");
	if (ib_log_parse_file(path(log), &l, rel, sizeof(rel)) != 0)
		die("the good capture %s is not complete", path(log));
	res = ib_results_build(&l, NULL);
	ib_log_free(&l);
	if (fn)
		fn(res);
	snprintf(log, sizeof(log), "store/%s/%d/results.json", label, n);
	if (json_dump_file(res, path(log), JSON_INDENT(1)))
		die("%s", path(log));
	json_decref(res);
}

static json_t *first_measurement(json_t *res)
{
	return json_array_get(json_object_get(res, "measurements"), 0);
}

static void neg_sample(json_t *res)
{
	json_t *m = first_measurement(res);

	json_array_set_new(json_object_get(m, "samples"), 0, json_real(-5));
	json_object_set_new(m, "min", json_real(-5));
}

static void neg_count(json_t *res)
{
	json_object_set_new(json_object_get(res, "integrity"), "found", json_integer(-4));
}

static void format99(json_t *res)
{
	json_object_set_new(res, "format", json_integer(99));
}

static void big_string(json_t *res)
{
	size_t n = 10 << 20;
	char *s = malloc(n + 1);

	memset(s, 'U', n);
	s[n] = '\0';
	json_object_set_new(json_object_get(res, "env"), "uname_r", json_string(s));
	free(s);
}

static void cut_file(const char *rel, long keep)
{
	if (truncate(path(rel), keep))
		die("truncate %s", path(rel));
}

static void store(void)
{
	FILE *f;

	boot("base", 1, NULL);
	boot("base", 2, NULL);
	boot("broken", 1, NULL);
	boot("broken", 2, NULL);
	cut_file("store/broken/1/results.json", 500);
	cut_file("store/broken/2/results.json", 20);
	boot("negsample", 1, neg_sample);
	boot("negcount", 1, neg_count);
	boot("format99", 1, format99);
	boot("bigstr", 1, big_string);
	boot("-x", 1, NULL);
	boot(".hidden", 1, NULL);
	boot("secret", 1, NULL);
	mkdirs("store/base/007");
	mkdirs("store/fifo/1");
	mkdirs("store/fifolog/1");
	mkdirs("outside");
	if (mkfifo(path("store/fifo/1/results.json"), 0644) ||
	    mkfifo(path("store/fifolog/1/console.log"), 0644))
		die("mkfifo");
	if (symlink("../outside", path("store/linked")))
		die("symlink");
	if (!(f = fopen(path("store/notes.txt"), "wx")) || fputs("not a label\n", f) < 0 || fclose(f))
		die("notes.txt");
	if (chmod(path("store/secret"), 0700))
		die("chmod");
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--bounds")) {
		printf("samples %zu\nmeasurements %zu\nboots %zu\n", ib_csv_row_max(IB_CSV_SAMPLES),
		       ib_csv_row_max(IB_CSV_MEASUREMENTS), ib_csv_row_max(IB_CSV_BOOTS));
		return 0;
	}
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: mkhostile DIR | mkhostile --bounds\n");
		return 1;
	}
	top = argv[1];
	if (mkdir(top, 0755))
		die("mkdir %s", top);
	amp();
	formula();
	cut();
	summary();
	store();
	return 0;
}
