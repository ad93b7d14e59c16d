/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lmbench-columns.c - which metric each column of each lmbench summary layout holds
 * (lmbench-columns.h, docs/import.md). The layouts are those of lmbench's getsummary from
 * 1.0 (1994) to 3.0 (2009), read from its revision history; a column is named by what the
 * script put in it, which is not always what its heading says (lmbench 1.1 and 1.2, below).
 */
#define _GNU_SOURCE
#include <string.h>

#include "report/import/lmbench-columns.h"

const char IB_LMB_DESC[] = "=desc";
const char IB_LMB_FREE[] = "=free";
#define DESC IB_LMB_DESC
#define FREE IB_LMB_FREE

/* ---- Basic system parameters (2.0 on) ---- */
static const char *const basic20[] = { DESC, "mhz", NULL };
/* 3.0 adds tlb pages, cache line bytes, mem par and (later) scal load: no metric of ours */
static const char *const basic30a[] = { DESC, "mhz", "", "", "", NULL };
static const char *const basic30[] = { DESC, "mhz", "", "", "", "", NULL };
/* the first 3.0 alpha: tlb, cacheline, mem par, no Description or Mhz */
static const char *const basic30x[] = { "", "", "", "", NULL };

/* ---- Processor, Processes ---- */
/*
 * 1.0: Null Syscall is lmbench 1.x's null call, a one-byte write to /dev/null (its
 * lat_syscall), which lmbench 2.0's own getsummary files under null I/O; Null, Simple and
 * /bin/sh Process are fork, exec and sh proc; Mmap lat; the 2- and 8-process ctxsw are the
 * 0K ones. Our runs measure no 8-process 0K switch.
 */
static const char *const proc10[] = { "mhz", "null_io", "fork_proc", "exec_proc_dyn", "sh_proc_dyn",
	"mmap_lat", "ctx_2p_0k", "", NULL };
/* 1.1 and 1.2 head "Null call, sig inst, sig hndl" but print signal install, signal handler
 * and the null call (a write, as in 1.0) in that order: the figures go where they belong */
static const char *const proc11[] = { "mhz", "sig_inst", "sig_hndl", "null_io", "fork_proc",
	"exec_proc_dyn", "sh_proc_dyn", NULL };
/* 1.9, 2.0 and 3.0; selct is select on 100 TCP sockets when "TCP" stands under it, before
 * that (1.9, 2.0 alphas, 3.0 alphas) select on 100 file descriptors */
static const char *const proc_tcp[] = { "mhz", "null_call", "null_io", "stat", "open_close",
	"select_tcp_wr", "sig_inst", "sig_hndl", "fork_proc", "exec_proc_dyn", "sh_proc_dyn", NULL };
static const char *const proc_fd[] = { "mhz", "null_call", "null_io", "stat", "open_close",
	"select_file_wr", "sig_inst", "sig_hndl", "fork_proc", "exec_proc_dyn", "sh_proc_dyn", NULL };

/* ---- Context switching (1.1 on) ---- */
static const char *const ctx[] = { "ctx_2p_0k", "ctx_2p_16k", "ctx_2p_64k", "ctx_8p_16k",
	"ctx_8p_64k", "ctx_16p_16k", "ctx_16p_64k", NULL };

/* ---- *Local* Communication latencies ---- */
static const char *const ipc10[] = { "lat_pipe", "lat_udp", "lat_rpc_udp_poll", "lat_tcp",
	"lat_rpc_tcp_poll", NULL };
static const char *const ipc11[] = { "ctx_2p_0k", "lat_pipe", "lat_udp", "lat_rpc_udp_poll",
	"lat_tcp", "lat_rpc_tcp_poll", "lat_tcp_conn", NULL };
static const char *const ipc[] = { "ctx_2p_0k", "lat_pipe", "lat_unix", "lat_udp",
	"lat_rpc_udp_poll", "lat_tcp", "lat_rpc_tcp_poll", "lat_tcp_conn", NULL };

/* ---- File & VM system latencies (1.1 on) ---- */
/* the File Create/Delete columns are the best-round metrics the 2.0 columns read; Page Fault
 * is lmbench 2.0's per fault (pf_per_fault; 3.0's column is lmbench 3's per page figure,
 * stored under the same name so that the row re-renders as printed) */
static const char *const fs20[] = { "fs_flat_create_0k_best", "fs_flat_delete_0k_best",
	"fs_flat_create_10k_best", "fs_flat_delete_10k_best", "mmap_lat", "prot_fault",
	"pf_per_fault", NULL };
/* 3.0's "100fd selct" is lmbench's select on 100 file descriptors: our select_file_wr */
static const char *const fs30[] = { "fs_flat_create_0k_best", "fs_flat_delete_0k_best",
	"fs_flat_create_10k_best", "fs_flat_delete_10k_best", "mmap_lat", "prot_fault",
	"pf_per_fault", "select_file_wr", NULL };

/* ---- *Local* Communication bandwidths ---- */
/* File reread .. Mem write: the metrics of lmbench's own loops the 2.0 columns read (named
 * after its programs: bw_file_rd, bw_mmap_rd, bw_mem bcopy, fcp, frd, fwr) */
static const char *const bw10[] = { "bw_pipe", "bw_tcp", "bw_file_rd", "bw_mmap_rd",
	"bw_mem_bcopy", "bw_mem_fcp", "bw_mem_frd", "bw_mem_fwr", NULL };
static const char *const bw[] = { "bw_pipe", "bw_unix", "bw_tcp", "bw_file_rd", "bw_mmap_rd",
	"bw_mem_bcopy", "bw_mem_fcp", "bw_mem_frd", "bw_mem_fwr", NULL };

/* ---- Memory latencies ---- */
/* lmbench's stride-128 points, never our random chase (lat_l1, lat_l2, lat_mem) */
static const char *const mem20[] = { "mhz", "lat_mem_rd_l1", "lat_mem_rd_l2", "lat_mem_rd_main",
	FREE, NULL };
/* 1.0's TLB (printed blank) or 3.0's Rand mem: neither is ours */
static const char *const mem30[] = { "mhz", "lat_mem_rd_l1", "lat_mem_rd_l2", "lat_mem_rd_main",
	"", FREE, NULL };

#define LAYOUTS(a) a, sizeof(a) / sizeof(a[0])

static const struct ib_lmb_layout basic_l[] = {
	{ NULL, -1, basic20 }, { "3.0", -1, basic30a }, { "3.0", -1, basic30 }, { "3.0", -1, basic30x },
};
static const struct ib_lmb_layout proc_l[] = {
	{ "1.0", -1, proc10 }, { "1.1", -1, proc11 }, { NULL, 1, proc_tcp }, { NULL, 0, proc_fd },
};
static const struct ib_lmb_layout ctx_l[] = { { NULL, -1, ctx } };
static const struct ib_lmb_layout ipc_l[] = {
	{ "1.0", -1, ipc10 }, { "1.1", -1, ipc11 }, { NULL, -1, ipc },
};
static const struct ib_lmb_layout fs_l[] = { { NULL, -1, fs20 }, { "3.0", -1, fs30 } };
static const struct ib_lmb_layout bw_l[] = { { "1.0", -1, bw10 }, { NULL, -1, bw } };
static const struct ib_lmb_layout mem_l[] = { { NULL, -1, mem20 }, { NULL, -1, mem30 } };

static const struct ib_lmb_spec specs[] = {
	{ "Basic system parameters", LAYOUTS(basic_l) },
	{ "Processor, Processes", LAYOUTS(proc_l) },
	{ "Context switching", LAYOUTS(ctx_l) },
	{ "*Local* Communication latencies", LAYOUTS(ipc_l) },
	{ "File & VM system latencies", LAYOUTS(fs_l) },
	{ "*Local* Communication bandwidths", LAYOUTS(bw_l) },
	{ "Memory latencies", LAYOUTS(mem_l) },
	/* 3.0's other tables: skipped, but known, so that a flattened one ends the table before */
	{ "Basic integer operations", NULL, 0 },
	{ "Basic uint64 operations", NULL, 0 },
	{ "Basic float operations", NULL, 0 },
	{ "Basic double operations", NULL, 0 },
	{ "*Remote* Communication latencies", NULL, 0 },
};

const struct ib_lmb_spec *ib_lmb_spec_at(const char *s, int lead)
{
	if (lead)
		s += strspn(s, " ");
	for (size_t k = 0; k < sizeof(specs) / sizeof(specs[0]); k++)
		if (!strncmp(s, specs[k].title, strlen(specs[k].title)))
			return &specs[k];
	return NULL;
}

const char *ib_lmb_find_title(const char *s, size_t n, const struct ib_lmb_spec **spec)
{
	const char *best = NULL;

	for (size_t k = 0; k < sizeof(specs) / sizeof(specs[0]); k++) {
		size_t tl = strlen(specs[k].title);
		const char *p = n >= tl ? memmem(s, n, specs[k].title, tl) : NULL;
		if (p && (!best || p < best)) {
			best = p;
			*spec = &specs[k];
		}
	}
	return best;
}

size_t ib_lmb_ncols(const struct ib_lmb_layout *l)
{
	size_t n = 0;
	while (l->col[n])
		n++;
	return n;
}

const struct ib_lmb_layout *ib_lmb_layout(const struct ib_lmb_spec *sp, size_t ncols, int tcp)
{
	for (size_t k = 0; k < sp->nlayout; k++)
		if (ib_lmb_ncols(&sp->layout[k]) == ncols &&
		    (sp->layout[k].tcp < 0 || sp->layout[k].tcp == tcp))
			return &sp->layout[k];
	return NULL;
}
