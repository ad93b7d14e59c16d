/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * summary.c - lmbench 2.0 summary text (summary.h). Headings, rules and column widths are
 * lmbench 2.0's as posted (docs/summary-format.md); only the title line is ours.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/summary/format.h"
#include "report/summary/rowtext.h"
#include "report/summary/summary.h"
#include "report/store/bootdata.h"

#define TITLE "I N I T B E N C H  -  L M B E N C H  2 . 0   S U M M A R Y"
#define SUBTITLE "(initbench: lmbench 2.0 layout, median of the samples of each boot)"

struct column {
	const char *metric;
	int width;
	const char *bench;      /* the registry entry that measures it, when not the metric's name */
};

/* the free text after a row's last cell (struct section's `text`; rowtext.h) */
enum row_text {
	NO_TEXT,
	GUESSES_2_0,   /* Memory latencies: Main mem's size, then lmbench's own notes */
	HIERARCHY,     /* Memory hierarchy: the cache levels found, buffer, page size, THP */
};

/*
 * One table: lmbench 2.0's six, then ours (docs/summary-format.md). A row is the key
 * ("%-9.9s %13.13s "), then `lead`, then the Mhz cell if `mhz`, then the cells, one blank
 * between cells, then the free text `text` selects.
 */
struct section {
	const char *title;
	const char *warning;    /* a line between the title and its rule, or NULL */
	const char *rule;       /* lmbench's rule under the title */
	const char *head1, *head2, *cols;  /* head2 NULL: one heading line */
	const char *lead;
	int mhz;
	enum row_text text;
	struct column col[12];
};

/* the tables under which each boot's file system (fs_notes) and bandwidth size (bw_notes)
 * are noted */
#define FILE_VM_TITLE "File & VM system latencies in microseconds - smaller is better"
#define BW_TITLE "*Local* Communication bandwidths in MB/s - bigger is better"

/* headings byte for byte as lmbench 2.0 prints them, trailing blanks and the tab after
 * "Page" included (docs/summary-format.md) */
static const struct section sections[] = {
	{
		"Processor, Processes - times in microseconds - smaller is better", NULL,
		"----------------------------------------------------------------",
		"Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  ",
		"                             call  I/O stat clos TCP   inst hndl proc proc proc",
		"--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----",
		"", 1, 0,
		/* selct TCP, exec proc and sh proc read metrics no suite before lmbench 2.0's
		 * definitions emitted (bench/README.md): an old boot's other quantity stays out */
		{ { "null_call", 4, NULL }, { "null_io", 4, NULL }, { "stat", 4, NULL },
		  { "open_close", 4, NULL }, { "select_tcp_wr", 5, NULL }, { "sig_inst", 4, NULL },
		  { "sig_hndl", 4, NULL }, { "fork_proc", 4, NULL }, { "exec_proc_dyn", 4, NULL },
		  { "sh_proc_dyn", 4, NULL }, { NULL, 0, NULL } },
	},
	{
		"Context switching - times in microseconds - smaller is better", NULL,
		"-------------------------------------------------------------",
		"Host                 OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K",
		"                        ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw",
		"--------- ------------- ----- ------ ------ ------ ------ ------- -------",
		"", 0, 0,
		{ { "ctx_2p_0k", 5, NULL }, { "ctx_2p_16k", 6, NULL },
		  { "ctx_2p_64k", 6, NULL }, { "ctx_8p_16k", 6, NULL },
		  { "ctx_8p_64k", 6, NULL }, { "ctx_16p_16k", 7, NULL },
		  { "ctx_16p_64k", 7, NULL }, { NULL, 0, NULL } },
	},
	{
		"*Local* Communication latencies in microseconds - smaller is better", NULL,
		"-------------------------------------------------------------------",
		"Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP",
		"                        ctxsw       UNIX         UDP         TCP conn",
		"--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----",
		"", 0, 0,
		/* RPC with lmbench's poll(): metrics of their own, as above */
		{ { "ctx_2p_0k", 5, NULL }, { "lat_pipe", 5, NULL }, { "lat_unix", 4, NULL },
		  { "lat_udp", 5, NULL }, { "lat_rpc_udp_poll", 5, NULL }, { "lat_tcp", 5, NULL },
		  { "lat_rpc_tcp_poll", 5, NULL }, { "lat_tcp_conn", 4, NULL }, { NULL, 0, NULL } },
	},
	{
		FILE_VM_TITLE, NULL,
		"--------------------------------------------------------------",
		"Host                 OS   0K File      10K File      Mmap    Prot    Page\t",
		"                        Create Delete Create Delete  Latency Fault   Fault ",
		"--------- ------------- ------ ------ ------ ------  ------- -----   ----- ",
		"", 0, 0,
		/* Mmap is 8 wide and Page Fault 7, wider than their dashes, as lmbench prints.
		 * File Create/Delete: lmbench 2.0's best 1000-file round (bench/lat_fs.c).
		 * Page Fault is lmbench 2.0's per fault; the per page figure earlier suites
		 * showed here (page_fault) is in "Page faults" */
		{ { "fs_flat_create_0k_best", 6, "fs_0k" }, { "fs_flat_delete_0k_best", 6, "fs_0k" },
		  { "fs_flat_create_10k_best", 6, "fs_10k" },
		  { "fs_flat_delete_10k_best", 6, "fs_10k" },
		  { "mmap_lat", 8, NULL }, { "prot_fault", 5, NULL }, { "pf_per_fault", 7, NULL },
		  { NULL, 0, NULL } },
	},
	{
		BW_TITLE, NULL,
		"-----------------------------------------------------------",
		"Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem",
		"                             UNIX      reread reread (libc) (hand) read write",
		"--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----",
		"", 0, 0,
		/* File reread .. Mem write: lmbench 2.0's loops, sizes and placement (bench/fs/
		 * bw_file.c, bench/mem/bw_mem.c); their size under the rows (bw_notes) */
		{ { "bw_pipe", 4, NULL }, { "bw_unix", 4, NULL }, { "bw_tcp", 4, NULL },
		  { "bw_file_rd", 6, NULL }, { "bw_mmap_rd", 6, NULL },
		  { "bw_mem_bcopy", 6, NULL }, { "bw_mem_fcp", 6, NULL },
		  { "bw_mem_frd", 4, NULL }, { "bw_mem_fwr", 5, NULL }, { NULL, 0, NULL } },
	},
	{
		"Memory latencies in nanoseconds - smaller is better",
		"    (WARNING - may not be correct, check graphs)",
		"---------------------------------------------------",
		"Host                 OS   Mhz  L1 $   L2 $    Main mem    Guesses",
		NULL,
		"--------- -------------  ---- ----- ------    --------    -------",
		/* lmbench's cells here do not sit under their dashes: Main mem starts 3 to the left.
		 * lmbench 2.0's stride-128 points; the random chase earlier suites showed here
		 * (lat_l1, lat_l2, lat_mem) is in "Memory hierarchy" */
		" ", 1, GUESSES_2_0,
		{ { "lat_mem_rd_l1", 5, "lat_mem" }, { "lat_mem_rd_l2", 6, "lat_mem" },
		  { "lat_mem_rd_main", 6, "lat_mem" }, { NULL, 0, NULL } },
	},
	/* ours from here on: the same style, our titles and headings */
	{
		"Memory hierarchy (random chase) in nanoseconds - smaller is better", NULL,
		"------------------------------------------------------------------",
		"Host                 OS  L1 $   L2 $ Main mem Caches found; Main mem at; pages, THP",
		NULL,
		"--------- ------------- ----- ------ -------- ------------------------------------",
		"", 0, HIERARCHY,
		{ { "lat_l1", 5, "lat_mem" }, { "lat_l2", 6, "lat_mem" },
		  { "lat_mem", 8, NULL }, { NULL, 0, NULL } },
	},
	{
		"Page faults in microseconds - smaller is better", NULL,
		"-----------------------------------------------",
		"Host                 OS    Per    Per   Anon   Anon   File   File",
		"                         fault   page   read  write   read  write",
		"--------- ------------- ------ ------ ------ ------ ------ ------",
		"", 0, NO_TEXT,
		{ { "pf_per_fault", 6, NULL }, { "page_fault", 6, NULL },
		  { "pf_anon_read", 6, NULL }, { "pf_anon_write", 6, NULL },
		  { "pf_file_read", 6, NULL }, { "pf_file_write", 6, NULL }, { NULL, 0, NULL } },
	},
	{
		"Placement - times in microseconds, bandwidth in MB/s", NULL,
		"----------------------------------------------------",
		"Host                 OS 2p/0K ctxsw        Pipe     AF UNIX         TCP   Pipe MB/s",
		"                         same cross  same cross  same cross  same cross  same cross",
		"--------- ------------- ----- ----- ----- ----- ----- ----- ----- ----- ----- -----",
		"", 0, 0,
		{ { "ctx_2p_0k_same", 5, NULL }, { "ctx_2p_0k_cross", 5, NULL },
		  { "lat_pipe_same", 5, NULL }, { "lat_pipe_cross", 5, NULL },
		  { "lat_unix_same", 5, NULL }, { "lat_unix_cross", 5, NULL },
		  { "lat_tcp_same", 5, NULL }, { "lat_tcp_cross", 5, NULL },
		  { "bw_pipe_same", 5, NULL }, { "bw_pipe_cross", 5, NULL }, { NULL, 0, NULL } },
	},
	{
		"Process and IPC variants - times in microseconds - smaller is better", NULL,
		"--------------------------------------------------------------------",
		"Host                 OS   exec     sh  selct  selct RPC/UDP RPC/TCP",
		"                        static static TCP rd   file  nopoll  nopoll",
		"--------- ------------- ------ ------ ------ ------ ------- -------",
		"", 0, 0,
		{ { "exec_proc", 6, NULL }, { "sh_proc", 6, NULL }, { "select_tcp", 6, NULL },
		  { "select_file_wr", 6, NULL }, { "lat_rpc_udp", 7, NULL },
		  { "lat_rpc_tcp", 7, NULL }, { NULL, 0, NULL } },
	},
	{
		/* the median round of lmbench 2.0's flat directory (whose best round is the 2.0
		 * column) and lmbench 3.0's tree of directories (bench/fs/lat_fs_tree.c) */
		"File system variants - medians in microseconds - smaller is better", NULL,
		"------------------------------------------------------------------",
		"Host                 OS    0K flat      10K flat       0K tree      10K tree",
		"                        Create Delete Create Delete Create Delete Create Delete",
		"--------- ------------- ------ ------ ------ ------ ------ ------ ------ ------",
		"", 0, 0,
		{ { "fs_flat_create_0k", 6, "fs_0k" }, { "fs_flat_delete_0k", 6, "fs_0k" },
		  { "fs_flat_create_10k", 6, "fs_10k" }, { "fs_flat_delete_10k", 6, "fs_10k" },
		  { "fs_create_0k", 6, "fs_tree_0k" }, { "fs_delete_0k", 6, "fs_tree_0k" },
		  { "fs_create_10k", 6, "fs_tree_10k" }, { "fs_delete_10k", 6, "fs_tree_10k" },
		  { NULL, 0, NULL } },
	},
	{
		/* the reads and the write of the bandwidth table on 64-bit words, four
		 * accumulators for the sums: less bound by the loop than lmbench's chain of
		 * 4-byte adds (the metrics these columns had before lmbench's loops) */
		"Bandwidth variants - 64-bit words, in MB/s - bigger is better", NULL,
		"-------------------------------------------------------------",
		"Host                 OS File   Mmap   Mem    Mem",
		"                        reread reread read   write",
		"--------- ------------- ------ ------ ------ ------",
		"", 0, 0,
		{ { "bw_file_reread", 6, NULL }, { "bw_mmap_reread", 6, NULL },
		  { "bw_mem_read", 6, NULL }, { "bw_mem_write", 6, NULL }, { NULL, 0, NULL } },
	},
	{
		/* lmbench 3's benchmarks that 2.0 lacks (bench/ipc/lat_fifo.c, lat_sem.c,
		 * lat_fcntl.c, lat_unix_connect.c), each lmbench 3's quantity: the FIFO's and
		 * the record lock's round trip, the semaphore's hand-off, one connection */
		"lmbench 3 additions - times in microseconds - smaller is better", NULL,
		"---------------------------------------------------------------",
		"Host                 OS   FIFO   SysV  fcntl   UNIX",
		"                                  sem   lock   conn",
		"--------- ------------- ------ ------ ------ ------",
		"", 0, 0,
		{ { "lat_fifo", 6, NULL }, { "lat_sem", 6, NULL }, { "lat_fcntl", 6, NULL },
		  { "lat_unix_connect", 6, NULL }, { NULL, 0, NULL } },
	},
	{
		/* lmbench 3's bandwidth that 2.0 lacks (bench/ipc/bw_udp.c): a table of its
		 * own, as lmbench keeps times and bandwidths apart */
		"lmbench 3 additions - bandwidths in MB/s - bigger is better", NULL,
		"-----------------------------------------------------------",
		"Host                 OS    UDP",
		NULL,
		"--------- ------------- ------",
		"", 0, 0,
		{ { "bw_udp", 6, NULL }, { NULL, 0, NULL } },
	},
	/* initbench's: the whole-system workloads (bench/macro/, docs/macro.md), laid out as
	 * kernel comparisons report them: the best of three builds as real/user/sys, then ab's
	 * requests per second and time per request at -c 100 and -c 10 */
	{
		"Macro workloads - compile in seconds, HTTP in requests/s and ms/request", NULL,
		"-----------------------------------------------------------------------",
		"Host                 OS compile best of 3     ab -c 100      ab -c 10",
		"                         real  user   sys  req/s ms/req  req/s ms/req",
		"--------- ------------- ----- ----- ----- ------ ------ ------ ------",
		"", 0, 0,
		{ { "compile_real", 5, "compile" }, { "compile_user", 5, "compile" },
		  { "compile_sys", 5, "compile" }, { "http_c100_rps", 6, "http_c100" },
		  { "http_c100_ms", 6, "http_c100" }, { "http_c10_rps", 6, "http_c10" },
		  { "http_c10_ms", 6, "http_c10" }, { NULL, 0, NULL } },
	},
};

_Static_assert(sizeof(sections) / sizeof(sections[0]) * (sizeof(sections[0].col) /
	       sizeof(sections[0].col[0])) < IB_SUMMARY_MAX_METRICS,
	       "the tables outgrow IB_SUMMARY_MAX_METRICS (summary.h)");

/* sections[0..NLMBENCH) are lmbench 2.0's six tables; the rest are ours */
#define NLMBENCH 6

/* a string member, "" when absent */
static const char *str(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

static const char *env(const json_t *res, const char *key)
{
	return str(json_object_get(res, "env"), key);
}

/* bench's outcome: the first ok round if there is one, else the first round's */
static const json_t *outcome(const json_t *res, const char *bench)
{
	size_t i;
	json_t *o;
	const json_t *first = NULL;
	json_array_foreach(json_object_get(res, "outcomes"), i, o) {
		if (strcmp(str(o, "bench"), bench))
			continue;
		if (!strcmp(str(o, "status"), "ok"))
			return o;
		if (!first)
			first = o;
	}
	return first;
}

static double value(const json_t *res, const char *metric)
{
	return ib_boot_value(res, metric);
}

static void key(FILE *f, const struct ib_boot *b)
{
	char os[128];
	snprintf(os, sizeof(os), "%s %s", env(b->res, "uname_s"), env(b->res, "uname_r"));
	if (!strcmp(os, " "))
		os[0] = 0;
	fprintf(f, "%-9.9s %13.13s ", b->label, os);
}

/*
 * "<uname -m> <hypervisor> <cpu model>" with the (R)/(TM) noise and repeated blanks taken
 * out. The architecture comes first, where lmbench's Description put its target triplet.
 * A guest without CPUID (arm64) cannot name its hypervisor: the launcher's accel says it.
 */
static void description(const json_t *res, char *out, size_t cap)
{
	char in[256];
	const char *hv = env(res, "hypervisor"), *cpu = env(res, "cpu_model");
	const char *accel = str(json_object_get(res, "launch"), "accel");
	size_t o = 0;
	if (!strcmp(hv, "none") && !strcmp(str(json_object_get(res, "launch"), "launcher"), "qemu"))
		hv = !strcmp(accel, "tcg") ? "TCG" : !strcmp(accel, "kvm") ? "KVM" : hv;
	/* no hypervisor, or the CPU model names it already (UML's "UML") */
	if (!strcmp(hv, "none") || !strncmp(cpu, hv, strlen(hv)))
		hv = "";
	ib_summary_inject(res, in, sizeof(in));
	/* an injected boot must not pass for a normal one, even in a row read alone */
	snprintf(in, sizeof(in), "%s%s %s %s", *in ? "INJECTED " : "", env(res, "uname_m"), hv,
		 cpu);
	for (const char *p = in; *p && o + 1 < cap; p++) {
		if (!strncmp(p, "(R)", 3) || !strncmp(p, "(TM)", 4)) {
			p += p[1] == 'R' ? 2 : 3;
			continue;
		}
		if (*p == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = *p;
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = 0;
}

static void basic(FILE *f, const struct ib_set *set)
{
	char d[256], c[IB_CELL_MAX];
	fputs("Basic system parameters\n"
	      "----------------------------------------------------\n"
	      "Host                 OS Description              Mhz\n"
	      "                                                    \n"
	      "--------- ------------- ----------------------- ----\n", f);
	for (size_t i = 0; i < set->n; i++) {
		key(f, &set->boots[i]);
		description(set->boots[i].res, d, sizeof(d));
		fprintf(f, "%23.23s %s\n", d, ib_fmt_int(c, sizeof(c), value(set->boots[i].res, "mhz"), 4));
	}
}

/* under File & VM: the file system each boot's file benchmarks ran on */
static void fs_notes(FILE *f, const struct ib_set *set)
{
	ib_summary_notes(f, set, "fsdir", ib_summary_fsdir);
}

/* under the bandwidths: the size of lmbench's columns */
static void bw_notes(FILE *f, const struct ib_set *set)
{
	ib_summary_notes(f, set, "bw size", ib_summary_bwsize);
}

/* a row of an lmbench table read back by `initbench import`: it has no figure of ours */
static int imported(const struct ib_boot *b)
{
	return !strcmp(str(json_object_get(b->res, "integrity"), "status"), "imported");
}

/* ours: one of our own sections, which imported rows are left out of (and a section that
 * has no other row is not printed at all) */
static void section(FILE *f, const struct section *s, const struct ib_set *set, int ours)
{
	char c[IB_CELL_MAX], g[256];
	size_t rows = 0;

	for (size_t i = 0; i < set->n; i++)
		rows += !ours || !imported(&set->boots[i]);
	if (!rows)
		return;
	fprintf(f, "\n%s\n", s->title);
	if (s->warning)
		fprintf(f, "%s\n", s->warning);
	fprintf(f, "%s\n%s\n", s->rule, s->head1);
	if (s->head2)
		fprintf(f, "%s\n", s->head2);
	fprintf(f, "%s\n", s->cols);
	for (size_t i = 0; i < set->n; i++) {
		const json_t *res = set->boots[i].res;
		if (ours && imported(&set->boots[i]))
			continue;
		key(f, &set->boots[i]);
		fputs(s->lead, f);
		if (s->mhz)
			fprintf(f, "%s ", ib_fmt_int(c, sizeof(c), value(res, "mhz"), 4));
		for (const struct column *col = s->col; col->metric; col++)
			fprintf(f, "%s%s", col == s->col ? "" : " ",
				ib_fmt_cell(c, sizeof(c), value(res, col->metric), col->width));
		if (s->text == GUESSES_2_0) {
			ib_summary_guesses_2_0(res, g, sizeof(g));
			if (*g)
				fprintf(f, "    %s", g);
		} else if (s->text == HIERARCHY) {
			ib_summary_hierarchy(res, g, sizeof(g));
			if (*g)
				fprintf(f, " %s", g);
		}
		fputc('\n', f);
	}
	if (!strcmp(s->title, FILE_VM_TITLE)) {
		fs_notes(f, set);
		ib_summary_mmap_note(f, set);
	} else if (!strcmp(s->title, BW_TITLE)) {
		bw_notes(f, set);
	}
}

/* name in a plan or no_outcome list, as itself or as a round of it ("name#2") */
static int listed(const json_t *list, const char *name)
{
	size_t i, nl = strlen(name);
	json_t *v;
	json_array_foreach(list, i, v) {
		const char *e = json_string_value(v);
		if (e && !strncmp(e, name, nl) && (!e[nl] || e[nl] == '#'))
			return 1;
	}
	return 0;
}

/* a blank that an outcome or a missing outcome already explains */
static int explained(const json_t *res, const char *bench)
{
	const json_t *o = outcome(res, bench);
	return (o && strcmp(str(o, "status"), "ok")) ||
	       listed(json_object_get(json_object_get(res, "integrity"), "no_outcome"), bench);
}

/*
 * The other blanks: a benchmark that ended ok without its column's measurement, and, in one
 * line, the benchmarks of the tables that were not in the plan (a --bench subset).
 */
static void unexplained(FILE *f, const struct ib_boot *b, int *any)
{
	static const struct column mhz = { "mhz", 4, NULL };
	const struct column *cols[IB_SUMMARY_MAX_METRICS];
	const char *notrun[IB_SUMMARY_MAX_METRICS];
	size_t nc = 0, nn = 0;
	const json_t *plan = json_object_get(json_object_get(b->res, "plan"), "benches");

	cols[nc++] = &mhz;
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		for (const struct column *c = sections[i].col; c->metric; c++) {
			size_t k = 0;
			while (k < nc && strcmp(cols[k]->metric, c->metric))
				k++;
			if (k == nc)    /* ctx_2p_0k is in two tables */
				cols[nc++] = c;
		}
	for (size_t i = 0; i < nc; i++) {
		const char *bench = cols[i]->bench ? cols[i]->bench : cols[i]->metric;
		size_t k = 0;
		if (!isnan(value(b->res, cols[i]->metric)) || explained(b->res, bench))
			continue;
		if (outcome(b->res, bench) || listed(plan, bench)) {
			fprintf(f, "%s%s/%lu: %s: no %s measurement\n", (*any)++ ? "" : "\n",
				b->label, b->num, bench, cols[i]->metric);
			continue;
		}
		while (k < nn && strcmp(notrun[k], bench))
			k++;
		if (k == nn)
			notrun[nn++] = bench;
	}
	if (!nn)
		return;
	fprintf(f, "%s%s/%lu: not run:", (*any)++ ? "" : "\n", b->label, b->num);
	for (size_t k = 0; k < nn; k++)
		fprintf(f, " %s%s", notrun[k], k + 1 < nn ? "," : "");
	fputc('\n', f);
}

/*
 * pin=1 makes the lmbench columns same-CPU figures (lmbench pins nothing): one line per boot
 * whose measurements of those tables say they ran pinned (cpu >= 0), naming the CPUs. The
 * Placement benchmarks pin themselves whatever pin says, so they do not count.
 */
static void pinned(FILE *f, const struct ib_boot *b, int *any)
{
	json_int_t cpu[16];
	size_t i, n = 0;
	json_t *m;

	json_array_foreach(json_object_get(b->res, "measurements"), i, m) {
		const json_t *c = json_object_get(m, "cpu");
		const char *metric = str(m, "metric");
		int lmbench = 0;
		size_t k = 0;

		if (!json_is_integer(c) || json_integer_value(c) < 0)
			continue;
		for (size_t s = 0; s < NLMBENCH && !lmbench; s++)
			for (const struct column *col = sections[s].col; col->metric && !lmbench; col++)
				lmbench = !strcmp(col->metric, metric);
		while (k < n && cpu[k] != json_integer_value(c))
			k++;
		if (lmbench && k == n && n < 16)
			cpu[n++] = json_integer_value(c);
	}
	if (!n)
		return;
	fprintf(f, "%s%s/%lu: pinned (pin=1): the lmbench columns ran on CPU", (*any)++ ? "" : "\n",
		b->label, b->num);
	for (size_t k = 0; k < n; k++)
		fprintf(f, "%s%lld", k ? "," : " ", (long long)cpu[k]);
	fputs(", as same-CPU figures (lmbench pins nothing)\n", f);
}

static void notes(FILE *f, const struct ib_set *set)
{
	int any = 0;
	for (size_t i = 0; i < set->n; i++) {
		const struct ib_boot *b = &set->boots[i];
		const json_t *in = json_object_get(b->res, "integrity"), *o;
		const char *st = json_string_value(json_object_get(in, "status"));
		/* what the launcher saw (a panic, a hang) says more than "no records" */
		const char *verdict = json_string_value(
			json_object_get(json_object_get(b->res, "launch"), "verdict"));
		size_t k;
		if (verdict && strcmp(verdict, "complete"))
			fprintf(f, "%s%s/%lu: %s\n", any++ ? "" : "\n", b->label, b->num, verdict);
		if (!st || strcmp(st, "complete")) {
			fprintf(f, "%s%s/%lu: %s: %s\n", any++ ? "" : "\n", b->label, b->num,
				st ? st : "no integrity",
				str(in, "summary"));
		}
		json_array_foreach(json_object_get(b->res, "outcomes"), k, o) {
			const char *bench = str(o, "bench"), *status = str(o, "status");
			const char *why = str(o, "reason");
			size_t sl = strlen(status);
			if (!strcmp(status, "ok"))
				continue;
			if (ib_round_of(o))
				fprintf(f, "%s%s/%lu: %s#%ld ", any++ ? "" : "\n", b->label, b->num,
					bench, ib_round_of(o));
			else
				fprintf(f, "%s%s/%lu: %s ", any++ ? "" : "\n", b->label, b->num,
					bench);
			if (!*why)
				fprintf(f, "%s\n", status);
			else if (!strncmp(why, status, sl) && why[sl] == ':')
				fprintf(f, "%s\n", why);
			else
				fprintf(f, "%s: %s\n", status, why);
		}
		json_array_foreach(json_object_get(in, "no_outcome"), k, o)
			fprintf(f, "%s%s/%lu: %s: no outcome\n", any++ ? "" : "\n", b->label, b->num,
				json_string_value(o) ? json_string_value(o) : "?");
		pinned(f, b, &any);
		/* an imported row's blanks are the source's: nothing to explain */
		if (!st || strcmp(st, "imported"))
			unexplained(f, b, &any);
	}
}

void ib_summary_print(FILE *f, const struct ib_set *set)
{
	char rule[sizeof(TITLE)];
	memset(rule, '-', sizeof(rule) - 1);
	rule[sizeof(rule) - 1] = 0;
	fprintf(f, "\n%17s%s\n%17s%s\n\t\t %s\n\n", "", TITLE, "", rule, SUBTITLE);
	ib_summary_notes(f, set, "INJECTED", ib_summary_inject);
	for (size_t i = 0, any = 0; i < set->n && !any; i++) {
		char t[8];
		ib_summary_inject(set->boots[i].res, t, sizeof(t));
		if ((any = *t != 0))
			fputc('\n', f);
	}
	basic(f, set);
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		section(f, &sections[i], set, i >= NLMBENCH);
	notes(f, set);
}

const char *ib_summary_metric(size_t i, const char **section)
{
	for (size_t s = 0, k = 0; s < sizeof(sections) / sizeof(sections[0]); s++)
		for (const struct column *c = sections[s].col; c->metric; c++) {
			int seen = 0;
			/* a metric in two tables (ctx_2p_0k) counts once, in the first */
			for (size_t t = 0; t < s && !seen; t++)
				for (const struct column *d = sections[t].col; d->metric && !seen; d++)
					seen = !strcmp(d->metric, c->metric);
			if (seen || k++ != i)
				continue;
			if (section)
				*section = sections[s].title;
			return c->metric;
		}
	return NULL;
}
