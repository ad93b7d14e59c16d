/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_summary.c - the result store and the lmbench 2.0 summary: the fixture boots under
 * tests/data/summary (written by tests/data/mkfixtures.c) must print exactly
 * tests/data/summary-golden.txt, whose layout was compared with lmbench 2.0's posted output;
 * test_layout checks titles, rules and column ends of the same output on its own.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/testdata.h"

#include "bench/base/record.h"
#include "report/results.h"
#include "report/store/store.h"
#include "report/summary/summary.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	char *s = malloc(1 << 20);
	assert_non_null(s);
	*len = fread(s, 1, (1 << 20) - 1, f);
	s[*len] = 0;
	fclose(f);
	return s;
}

/* the summary of the fixture boots, as ib_summary_print() writes it */
static char *print_fixtures(size_t *len)
{
	char *const labels[] = { "orig", "uml" };
	struct ib_set set;
	char *out = NULL;
	assert_int_equal(ib_store_load(data("summary"), labels, 2, &set, "test"), 0);
	assert_int_equal(set.n, 4);
	FILE *f = open_memstream(&out, len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	return out;
}

static void test_golden(void **state)
{
	size_t len = 0, glen;
	(void)state;
	char *out = print_fixtures(&len);
	char *golden = slurp(data("summary-golden.txt"), &glen);
	if (len != glen || memcmp(out, golden, len)) {
		/* a file of its own: two worktrees' tests at once must not swap their outputs */
		char actual[] = "/tmp/summary-actual.XXXXXX";
		int fd = mkstemp(actual);
		FILE *g = fd >= 0 ? fdopen(fd, "w") : NULL;

		if (g) {
			fwrite(out, 1, len, g);
			fclose(g);
		}
		fail_msg("summary differs from summary-golden.txt (actual in %s)",
			 g ? actual : "no file: mkstemp failed");
	}
	free(out);
	free(golden);
}

/* lmbench 2.0's tables in its order, then ours; each title's rule is as long as the title */
static const char *const titles[] = {
	"Basic system parameters",
	"Processor, Processes - times in microseconds - smaller is better",
	"Context switching - times in microseconds - smaller is better",
	"*Local* Communication latencies in microseconds - smaller is better",
	"File & VM system latencies in microseconds - smaller is better",
	"*Local* Communication bandwidths in MB/s - bigger is better",
	"Memory latencies in nanoseconds - smaller is better",
	/* ours, after lmbench's */
	"Memory hierarchy (random chase) in nanoseconds - smaller is better",
	"Page faults in microseconds - smaller is better",
	"Placement - times in microseconds, bandwidth in MB/s",
	"Process and IPC variants - times in microseconds - smaller is better",
	"File system variants - medians in microseconds - smaller is better",
	"Bandwidth variants - 64-bit words, in MB/s - bigger is better",
	"lmbench 3 additions - times in microseconds - smaller is better",
	"lmbench 3 additions - bandwidths in MB/s - bigger is better",
	"Macro workloads - compile in seconds, HTTP in requests/s and ms/request",
};
#define NSECT (sizeof(titles) / sizeof(titles[0]))
#define MEM_SECT 7   /* the Memory latencies table, counted from 1 as sect below */
#define HIERARCHY_SECT 8   /* Memory hierarchy: its last dash run is free text */

static int dashes(const char *l, size_t n)
{
	return n > 0 && strspn(l, "-") == n;
}

/* ends (last column) of the runs of non-blanks of l from column `from` */
static size_t run_ends(const char *l, size_t n, size_t from, size_t *end, size_t cap)
{
	size_t k = 0;
	for (size_t i = from; i < n && k < cap; i++)
		if (l[i] != ' ' && l[i] != '\t' && (i + 1 == n || l[i + 1] == ' ' || l[i + 1] == '\t'))
			end[k++] = i;
	return k;
}

/*
 * Independent of the golden file: the titles come in lmbench's order, then ours, with rules
 * of their length, and in every row each cell ends where its column's dashes end (a cell one
 * too wide or too narrow moves its end). In "Memory latencies" lmbench's cells do not sit
 * under the dashes: Mhz, L1 $, L2 $, Main mem end at columns 28, 34, 41, 48, then free text;
 * in "Memory hierarchy" the last dash run is free text.
 */
static void test_layout(void **state)
{
	static const size_t mem_ends[] = { 28, 34, 41, 48 };
	size_t len = 0, sect = 0;
	(void)state;
	char *out = print_fixtures(&len);
	char *lines[400];
	size_t nl = 0;
	for (char *p = out, *e; *p && nl < 400; p = e + 1) {
		e = strchr(p, '\n');
		assert_non_null(e);
		*e = 0;
		lines[nl++] = p;
	}
	for (size_t i = 0; i + 2 < nl; i++) {
		if (sect < NSECT && !strcmp(lines[i], titles[sect])) {
			size_t r = i + 1 + (sect == MEM_SECT - 1);  /* the WARNING line comes first */
			if (sect == MEM_SECT - 1)
				assert_string_equal(lines[i + 1], "    (WARNING - may not be correct, check graphs)");
			if (sect > 0 && strlen(lines[r]) != strlen(titles[sect]))
				fail_msg("rule under \"%s\" is %zu long", titles[sect], strlen(lines[r]));
			assert_true(dashes(lines[r], strlen(lines[r])));
			sect++;
			continue;
		}
		if (strncmp(lines[i], "--------- -------------", 23))
			continue;
		if (sect == 1)
			continue;  /* Basic: the Description is free text */
		/* a column rule: the dash runs' ends, then every row up to the blank line */
		const char *rule = lines[i];
		size_t want[16], nw = run_ends(rule, strlen(rule), 24, want, 16), rows = 0;
		int mem = sect == MEM_SECT;
		size_t text_at = (size_t)-1;   /* where free text starts */
		if (mem) {
			memcpy(want, mem_ends, sizeof(mem_ends));
			nw = 4;
			text_at = 49;  /* Guesses */
		} else if (sect == HIERARCHY_SECT) {
			text_at = (size_t)(strrchr(rule, ' ') - rule);
			nw--;
		}
		for (size_t j = i + 1; j < nl && *lines[j]; j++, rows++) {
			size_t n = strlen(lines[j]), got[16];
			if (lines[j][0] == ' ') {   /* a note under the rows (fsdir:), not a row */
				rows--;
				continue;
			}
			if (n > text_at)
				n = text_at;
			size_t ng = run_ends(lines[j], n, 24, got, 16);
			for (size_t g = 0; g < ng; g++) {
				size_t w = 0;
				while (w < nw && want[w] != got[g])
					w++;
				if (w == nw)
					fail_msg("section %zu, row %zu: a cell ends at column %zu, off its column\n%s\n%s",
						 sect, rows + 1, got[g], rule, lines[j]);
			}
			/* orig/1 measured everything: every column holds a cell */
			if (rows == 0 && ng != nw)
				fail_msg("section %zu: the first row has %zu cells, want %zu\n%s", sect, ng, nw, lines[j]);
		}
		assert_int_equal(rows, 4);
	}
	assert_int_equal(sect, NSECT);
	free(out);
}

/*
 * pin=1 is shown: the uml boots ran their lmbench benchmarks pinned (cpu=0 in their records),
 * the orig boots did not (cpu=-1), though their Placement records say cpu=0: those pin
 * themselves and must not make a boot look pinned.
 */
static void test_pinned_note(void **state)
{
	size_t len = 0;
	(void)state;
	char *out = print_fixtures(&len);
	assert_non_null(strstr(out, "\numl/1: pinned (pin=1): the lmbench columns ran on CPU 0, "
				    "as same-CPU figures (lmbench pins nothing)\n"));
	assert_non_null(strstr(out, "\numl/2: pinned (pin=1)"));
	assert_null(strstr(out, "orig/1: pinned"));
	assert_null(strstr(out, "orig/2: pinned"));
	free(out);
}

/* the size Mmap Latency mapped: one line naming no boots when they all mapped one size */
static void test_mmap_note(void **state)
{
	char *const labels[] = { "orig" };
	struct ib_set set;
	char *out = NULL;
	size_t len = 0;
	(void)state;
	assert_int_equal(ib_store_load(data("summary"), labels, 1, &set, "test"), 0);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	assert_non_null(strstr(out, "\n  Mmap Latency maps a file of 8M: mmap, a store every 16K over its "
				    "first tenth, munmap\n\n*Local* Communication bandwidths"));
	assert_null(strstr(out, "(orig/"));
	free(out);
}

/*
 * Imported lmbench rows fill lmbench's tables only: our sections leave them out, and are not
 * printed at all when no boot of ours is in the set.
 */
static void test_imported_rows(void **state)
{
	char dir[] = "/tmp/ib-imported-XXXXXX", p[512], *out = NULL;
	char *argv[] = { "import", strdup(data("lmbench/summary-2.0.txt")), "--results", dir, NULL };
	struct ib_set set;
	size_t len = 0;
	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(ib_cmd_import(4, argv), 0);
	assert_int_equal(ib_store_load(dir, NULL, 0, &set, "test"), 0);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	assert_non_null(strstr(out, "\nMemory latencies in nanoseconds - smaller is better\n"));
	assert_non_null(strstr(out, "\nsam        Linux 2.5.33  1002 3.996  233.0  238.0    No L2 cache?\n"));
	assert_null(strstr(out, "Memory hierarchy"));
	assert_null(strstr(out, "Page faults"));
	free(out);
	/* with a boot of ours beside them, only its row is in our sections */
	snprintf(p, sizeof(p), "mkdir -p '%s/orig/1' && cp '%s' '%s/orig/1/'", dir,
		 data("summary/orig/1/console.log"), dir);
	assert_int_equal(system(p), 0);
	assert_int_equal(ib_store_load(dir, NULL, 0, &set, "test"), 0);
	f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	const char *pf = strstr(out, "\nPage faults in microseconds - smaller is better\n");
	assert_non_null(pf);
	assert_non_null(strstr(pf, "\norig      Linux 6.1.0-5 6.1040 1.7033"));
	assert_null(strstr(pf, "\nsam "));
	assert_null(strstr(strstr(out, "\nMemory hierarchy"), "\nsam "));
	assert_non_null(strstr(out, "\nsam        Linux 2.5.33   46.8"));   /* File & VM keeps it */
	free(out);
	free(argv[1]);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

static void copy(const char *from, const char *to)
{
	size_t len;
	char *s = slurp(from, &len);
	FILE *f = fopen(to, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(s, 1, len, f), len);
	fclose(f);
	free(s);
}

/* labels in the order of their first boot; boots in numeric order (2 before 10) */
static void test_default_order(void **state)
{
	char dir[] = "/tmp/ib-store-XXXXXX", p[256];
	static const char *const boots[] = { "zeta/1", "zeta/10", "zeta/2", "alpha/1" };
	struct ib_set set;
	(void)state;
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 4; i++) {
		snprintf(p, sizeof(p), "%s/%.*s", dir, (int)(strchr(boots[i], '/') - boots[i]), boots[i]);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/%s", dir, boots[i]);
		mkdir(p, 0755);
		snprintf(p, sizeof(p), "%s/%s/console.log", dir, boots[i]);
		copy(data("small.log"), p);
		/* zeta was measured first */
		struct timespec t[2] = { { 1000000 + i * 10, 0 }, { 1000000 + i * 10, 0 } };
		if (i == 3)
			t[0].tv_sec = t[1].tv_sec = 2000000;
		assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	}
	snprintf(p, sizeof(p), "%s/zeta/notaboot", dir);
	mkdir(p, 0755);
	assert_int_equal(ib_store_load(dir, NULL, 0, &set, "test"), 0);
	assert_int_equal(set.n, 4);
	assert_string_equal(set.boots[0].label, "zeta");
	assert_int_equal(set.boots[0].num, 1);
	assert_int_equal(set.boots[1].num, 2);
	assert_int_equal(set.boots[2].num, 10);
	assert_string_equal(set.boots[3].label, "alpha");
	ib_set_free(&set);
	/* a label asked for that is not there is an error, the others still load */
	char *const want[] = { "alpha", "nope" };
	assert_int_equal(ib_store_load(dir, want, 2, &set, "test"), 2);   /* usage: not stored */
	assert_int_equal(set.n, 1);
	ib_set_free(&set);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

static json_t *metric(json_t *r, const char *id)
{
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(r, "measurements"), i, m)
		if (!strcmp(json_string_value(json_object_get(m, "metric")), id))
			return m;
	fail_msg("no %s measurement", id);
	return NULL;
}

/* the summary of every boot stored under dir, as `initbench report` prints it */
static char *summary_of(const char *dir)
{
	struct ib_set set;
	char *out = NULL;
	size_t len = 0;
	assert_int_equal(ib_store_load(dir, NULL, 0, &set, "test"), 0);
	FILE *f = open_memstream(&out, &len);
	ib_summary_print(f, &set);
	fclose(f);
	ib_set_free(&set);
	return out;
}

/* a boot that ran two benchmarks says which of the tables' benchmarks it did not run */
static void test_not_run(void **state)
{
	char dir[] = "/tmp/ib-notrun-XXXXXX", p[256], *out;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/x", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/x/1", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/x/1/console.log", dir);
	copy(data("small.log"), p);
	out = summary_of(dir);
	const char *note = strstr(out, "\nx/1: not run: mhz, null_io, open_close, select_tcp_wr,");
	assert_non_null(note);
	assert_non_null(strstr(note, ", exec_proc_dyn, sh_proc_dyn, ctx_2p_0k,"));
	assert_non_null(strstr(note, ", lat_pipe, lat_unix,"));
	assert_non_null(strstr(note, ", lat_rpc_udp_poll, lat_tcp, lat_rpc_tcp_poll,"));
	assert_non_null(strstr(note, ", lat_tcp_conn, fs_0k, fs_10k, mmap_lat, prot_fault, pf_per_fault,"));
	/* then the benchmarks of our sections that lmbench's do not show */
	assert_non_null(strstr(note, ", bw_mem_fwr, lat_mem, tlb, page_fault, pf_anon_read, pf_anon_write, "
			       "pf_file_read, pf_file_write, pf_cow, pf_thp, ctx_2p_0k_same,"));
	assert_non_null(strstr(note, ", bw_pipe_cross, hackbench_proc_sock, hackbench_proc_pipe, "
			       "hackbench_thread_sock, sched_pipe, sched_pipe_thread, exec_proc, sh_proc, "
			       "select_tcp,"));
	assert_non_null(strstr(note, ", lat_rpc_udp, lat_rpc_tcp, fs_tree_0k, fs_tree_10k, bw_file_reread,"));
	assert_non_null(strstr(note, ", bw_mem_read, bw_mem_write, lat_fifo, lat_sem, lat_fcntl, "
			       "lat_unix_connect, bw_udp, bw_file_wr_fsync, clock_vdso, clock_sys, getrandom, sched_yield, "
			       "eventfd_pp, futex_pp, thread_create, poll_10, poll_100, poll_1000, "
			       "select_10, select_100, select_1000, epoll_10, epoll_100, epoll_1000, "
			       "read_1, read_4k, read_64k, write_1, write_4k, write_64k, pipe_rw_1, "
			       "pipe_rw_4k, pipe_rw_64k, sendfile_64k, splice_64k, uring_nop, "
			       			       "big_fork, exit_wait, mmap_4k, mmap_4k_touch, mmap_256m, mmap_256m_touch, "
			       "mprotect, compile, http_c100, http_c10\n"));
	assert_null(strstr(note, "null_call"));
	assert_null(strstr(note, " stat,"));
	assert_null(strstr(note, "ctx_2p_0k, ctx_2p_0k"));  /* two tables, one name */
	free(out);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

/* the record lines of payloads[] framed as the suite frames them, then the end record */
static void write_log(const char *path, const char *const *payloads)
{
	char line[4096], end[64];
	unsigned long seq = 0;
	uint32_t digest = 0;
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (size_t i = 0; payloads[i]; i++) {
		size_t n = ib_frame(line, sizeof(line), seq++, payloads[i], strlen(payloads[i]));
		assert_true(n > 0);
		digest = ib_crc32(digest, line, n);
		fwrite(line, 1, n, f);
	}
	snprintf(end, sizeof(end), "end records=%lu digest=%08x", seq, (unsigned)digest);
	fwrite(line, 1, ib_frame(line, sizeof(line), seq, end, strlen(end)), f);
	fclose(f);
}

/*
 * A boot of an earlier suite, whose fs_0k timed lmbench 3.0's tree under fs_create_0k: that
 * figure must never land under lmbench 2.0's 0K File column (a blank there, said in a note),
 * but in File system variants, which reads that name; and its fsdir line comes from the
 * records' fs= when the begin record has no fsdir.type.
 */
static void test_old_fs_metrics(void **state)
{
	static const char *const log[] = {
		"begin proto=1 mode=init uname_s=Linux uname_r=6.1.0 hypervisor=TCG cpu_model=Test "
		"timer_cost_ns=20 timer_res_ns=1",
		"plan count=1 benches=fs_0k",
		"m bench=fs_0k metric=fs_create_0k unit=us iters=400 overhead=0 samples=51.5,52.5,52 "
		"raw_ns=1,1,1 cpu=0 size_kb=0 files_per_dir=100 fs=tmpfs",
		"m bench=fs_0k metric=fs_delete_0k unit=us iters=400 overhead=0 samples=21,22,23 "
		"raw_ns= cpu=0 size_kb=0 files_per_dir=100 fs=tmpfs",
		"outcome bench=fs_0k status=ok reason= wall_ms=300",
		NULL,
	};
	char dir[] = "/tmp/ib-oldfs-XXXXXX", p[256], *out;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "mkdir -p '%s/old/1'", dir);
	assert_int_equal(system(p), 0);
	snprintf(p, sizeof(p), "%s/old/1/console.log", dir);
	write_log(p, log);
	out = summary_of(dir);
	const char *fsvm = strstr(out, "File & VM system latencies"), *var, *row;
	char cells[128];
	assert_non_null(fsvm);
	/* the row: its key, then nothing but blanks where the File cells would be */
	assert_non_null(row = strstr(fsvm, "\nold         Linux 6.1.0 "));
	snprintf(cells, sizeof(cells), "%.*s", (int)strcspn(row + 25, "\n"), row + 25);
	assert_int_equal(strspn(cells, " "), strlen(cells));
	assert_true(strlen(cells) > 20);
	assert_non_null(strstr(fsvm, "\n  fsdir: old/1 tmpfs\n"));
	assert_non_null(var = strstr(out, "File system variants"));
	assert_non_null(row = strstr(var, "\nold         Linux 6.1.0 "));
	snprintf(cells, sizeof(cells), "%.*s", (int)strcspn(row + 25, "\n"), row + 25);
	assert_string_equal(cells, "                              52.0   22.0              ");
	assert_non_null(strstr(out, "\nold/1: fs_0k: no fs_flat_create_0k_best measurement\n"));
	free(out);
	snprintf(p, sizeof(p), "rm -rf '%s'", dir);
	assert_int_equal(system(p), 0);
}

static void test_results_json(void **state)
{
	char dir[] = "/tmp/ib-json-XXXXXX", p[256];
	json_error_t err;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/results.json", dir);
	json_t *launch = json_pack("{s:s}", "launcher", "qemu");
	assert_int_equal(ib_results_from_log(data("summary/orig/2/console.log"), p, launch),
			 IB_LOG_COMPLETE);
	json_decref(launch);
	json_t *r = json_load_file(p, 0, &err);
	assert_non_null(r);
	assert_int_equal(json_integer_value(json_object_get(r, "format")), 1);
	json_t *in = json_object_get(r, "integrity");
	assert_string_equal(json_string_value(json_object_get(in, "status")), "complete");
	assert_int_equal(json_integer_value(json_object_get(in, "duplicates")), 1);
	assert_string_equal(json_string_value(json_object_get(in, "digest")), "ok");
	assert_string_equal(json_string_value(json_object_get(json_object_get(r, "env"), "uname_v")),
			    "#1 SMP PREEMPT_DYNAMIC Debian 6.1.158-1 (2025-11-01)");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(r, "plan"), "count")), 119);
	json_t *m0 = json_array_get(json_object_get(r, "measurements"), 0);
	assert_string_equal(json_string_value(json_object_get(m0, "metric")), "mhz");
	assert_string_equal(json_string_value(json_object_get(m0, "unit")), "MHz");
	json_t *m = metric(r, "null_call");
	assert_true(json_real_value(json_object_get(m, "median")) == 0.63);
	assert_true(json_real_value(json_object_get(m, "min")) == 0.6174);
	assert_int_equal(json_array_size(json_object_get(m, "samples")), 5);
	assert_int_equal(json_array_size(json_object_get(m, "raw_ns")), 5);
	json_t *pr = json_object_get(metric(r, "ctx_8p_16k"), "params");
	assert_int_equal(json_integer_value(json_object_get(pr, "procs")), 8);
	assert_int_equal(json_integer_value(json_object_get(pr, "size_kb")), 16);
	/* the memory plateaus the Guesses column prints stay one string */
	pr = json_object_get(metric(r, "lat_mem"), "params");
	assert_string_equal(json_string_value(json_object_get(pr, "guesses")), "L1:32K,L2:512K,L3:32M");
	assert_string_equal(json_string_value(json_object_get(metric(r, "bw_mem_write"), "unit")), "MB/s");
	assert_string_equal(json_string_value(json_object_get(json_object_get(r, "launch"), "launcher")),
			    "qemu");
	json_decref(r);
	/* an incomplete log says so, and nothing but results.json is left behind */
	assert_int_equal(ib_results_from_log(data("summary/uml/2/console.log"), p, NULL),
			 IB_LOG_INCOMPLETE);
	r = json_load_file(p, 0, &err);
	assert_non_null(r);
	in = json_object_get(r, "integrity");
	assert_string_equal(json_string_value(json_object_get(in, "status")), "incomplete");
	assert_true(json_is_null(json_object_get(in, "expected")));
	assert_true(json_is_null(json_object_get(r, "launch")));
	json_decref(r);
	assert_int_equal(ib_results_from_log("/nonexistent/console.log", p, NULL), -1);
	snprintf(p, sizeof(p), "test $(ls '%s' | wc -l) -eq 1 && rm -rf '%s'", dir, dir);
	assert_int_equal(system(p), 0);
}

/* the exit classes of host/lib/exitcode.h: done 0, usage 2, bad or incomplete data 5/6 */
static void test_cmd_exit_codes(void **state)
{
	char p[] = "parse", r[] = "report", res[] = "--results", uml[] = "uml", orig[] = "orig";
	char dn[] = "/dev/null", dash[] = "--", dashx[] = "-x", none_log[] = "/tmp/ib-test-none-XXXXXX";
	int fd = mkstemp(none_log);
	char *ok[] = { p, strdup(data("small.log")), NULL };
	char *inc[] = { p, strdup(data("summary/uml/2/console.log")), NULL };
	char *dev[] = { p, dn, NULL };
	char *none[] = { p, none_log, NULL };
	char *bad[] = { p, NULL };
	char *rep_inc[] = { r, res, strdup(data("summary")), uml, NULL };
	char *rep_ok[] = { r, res, strdup(data("summary")), dash, orig, NULL };
	char *rep_bad[] = { r, res, strdup(data("summary")), dash, dashx, NULL };
	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "no record here\n", 15), 15);
	close(fd);
	assert_int_equal(ib_cmd_parse(2, ok), 0);
	assert_int_equal(ib_cmd_parse(2, inc), 6);    /* incomplete, as `run` says it */
	assert_int_equal(ib_cmd_parse(2, none), 5);   /* no record */
	assert_int_equal(ib_cmd_parse(2, dev), 2);    /* a device, not a regular file */
	assert_int_equal(ib_cmd_parse(1, bad), 2);
	assert_int_equal(ib_cmd_report(4, rep_inc), 6);   /* printed, never done */
	assert_int_equal(ib_cmd_report(5, rep_ok), 0);    /* `--` before the labels */
	assert_int_equal(ib_cmd_report(5, rep_bad), 2);   /* a label never starts with '-' */
	unlink(none_log);
	free(ok[1]), free(inc[1]), free(rep_inc[2]), free(rep_ok[2]), free(rep_bad[2]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_pinned_note),
		cmocka_unit_test(test_mmap_note),
		cmocka_unit_test(test_imported_rows),
		cmocka_unit_test(test_default_order),
		cmocka_unit_test(test_not_run),
		cmocka_unit_test(test_old_fs_metrics),
		cmocka_unit_test(test_results_json),
		cmocka_unit_test(test_cmd_exit_codes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
