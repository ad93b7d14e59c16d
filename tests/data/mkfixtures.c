/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mkfixtures.c - writes the console logs under tests/data/ that the report tests read.
 *
 * The records are framed with bench/base/record.c, so the fixtures stay valid by
 * construction; the logs mix in what a real console holds (kernel messages, KTAP lines, a
 * printk inside a record, \r\n, a duplicate, a truncation). Run it again after changing it:
 *   gcc -std=c11 -I. tests/data/mkfixtures.c bench/base/record.c -o /tmp/mkfixtures
 *   /tmp/mkfixtures tests/data
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/base/record.h"

struct out {
	FILE *f;
	unsigned long seq;
	uint32_t digest;
	int crlf;               /* end lines with \r\n */
	/* 1 + the seq of the record so treated, 0 for none: */
	int split_seq;          /* cut by a printk */
	int dup_seq;            /* written twice */
	int prefix_seq;         /* after a kernel message on the same line */
	const char *stop_metric; /* the log ends inside this metric's measurement */
	int cut_next, stopped;
};

static void line(struct out *o, const char *s)
{
	if (o->stopped)
		return;
	fprintf(o->f, "%s%s", s, o->crlf ? "\r\n" : "\n");
}

static void emit(struct out *o, struct ib_rec *r)
{
	char buf[IB_REC_MAX + 64];
	size_t n = ib_frame(buf, sizeof(buf), o->seq, r->buf, r->len);
	if (!n || r->overflow) {
		fprintf(stderr, "mkfixtures: record %lu does not fit\n", o->seq);
		exit(1);
	}
	if (o->stopped)
		return;
	if (o->cut_next) {
		fwrite(buf, 1, n / 2, o->f);    /* the log ends inside this record */
		o->seq++;
		o->stopped = 1;
		return;
	}
	o->digest = ib_crc32(o->digest, buf, n);   /* the frame ends in "\n" already */
	n--;
	if ((int)o->seq + 1 == o->prefix_seq)
		fputs("[    2.718281] virtio_net virtio0: no newline here", o->f);
	if ((int)o->seq + 1 == o->split_seq) {
		size_t half = n / 2;
		fwrite(buf, 1, half, o->f);
		fprintf(o->f, "[    3.141592] random: crng init done%s", o->crlf ? "\r\n" : "\n");
		fwrite(buf + half, 1, n - half, o->f);
	} else {
		fwrite(buf, 1, n, o->f);
	}
	fputs(o->crlf ? "\r\n" : "\n", o->f);
	if ((int)o->seq + 1 == o->dup_seq) {
		fwrite(buf, 1, n, o->f);
		fputs(o->crlf ? "\r\n" : "\n", o->f);
	}
	o->seq++;
}

struct env {
	const char *uname_r, *hypervisor, *cpu_model;
	const char *fs, *fsdir, *fs_type, *fs_dev, *fs_opts;   /* knob.fs, knob.fsdir, fsdir.* */
	int dist;               /* the disturbance counters (docs/protocol.md): disturb.log's */
};

/* the dist.* counters of a reading k (0 begin, 1 end) of a 2-CPU TCG guest, 1.3 s apart */
static void dist(struct ib_rec *r, int k)
{
	ib_rec_str(r, "dist.t_ns", k ? "2012345678" : "712345678");
	ib_rec_str(r, "dist.nvcsw", k ? "412" : "3");
	ib_rec_str(r, "dist.nivcsw", k ? "37" : "0");
	ib_rec_str(r, "dist.cpu_ticks", k ? "410" : "150");
	ib_rec_str(r, "dist.steal", k ? "2" : "0");
	ib_rec_str(r, "dist.irq", k ? "3" : "1");
	ib_rec_str(r, "dist.softirq", k ? "5" : "2");
	ib_rec_str(r, "dist.intr", k ? "2961" : "1490");
	ib_rec_str(r, "dist.softirqs", k ? "3480" : "1901");
	ib_rec_str(r, "dist.ctxt", k ? "3127" : "2210");
	ib_rec_str(r, "dist.processes", k ? "131" : "118");
	if (k)
		ib_rec_str(r, "dist.read_ns", "61230");
}

static void begin(struct out *o, const struct env *e)
{
	struct ib_rec r;
	ib_rec_init(&r, "begin");
	ib_rec_str(&r, "proto", "1");
	ib_rec_str(&r, "suite", "0.1");
	ib_rec_str(&r, "config", "0123456789abcdef");
	ib_rec_str(&r, "mode", "init");
	ib_rec_str(&r, "uname_s", "Linux");
	ib_rec_str(&r, "uname_r", e->uname_r);
	ib_rec_str(&r, "uname_v", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.158-1 (2025-11-01)");
	ib_rec_str(&r, "uname_m", "x86_64");
	ib_rec_str(&r, "cmdline", "console=ttyS0 quiet initbench.reps=5");
	ib_rec_str(&r, "cpu_model", e->cpu_model);
	ib_rec_str(&r, "cpu_mhz", "2394.454");
	ib_rec_str(&r, "ncpu", "2");
	ib_rec_str(&r, "memtotal_kb", "1010344");
	ib_rec_str(&r, "clocksource", "tsc");
	ib_rec_str(&r, "vdso", "1");
	ib_rec_str(&r, "hypervisor", e->hypervisor);
	ib_rec_str(&r, "timer_cost_ns", "48");
	ib_rec_str(&r, "timer_res_ns", "1");
	ib_rec_str(&r, "vuln.meltdown", "Not affected");
	ib_rec_str(&r, "knob.reps", "5");
	ib_rec_str(&r, "knob_src.reps", "cmdline");
	if (e->fs_type) {
		ib_rec_str(&r, "knob.fsdir", e->fsdir);
		ib_rec_str(&r, "knob.fs", e->fs);
	}
	ib_rec_str(&r, "refused", "");
	if (e->fs_type) {   /* small.log's suite did not write them yet */
		ib_rec_str(&r, "fsdir.type", e->fs_type);
		ib_rec_str(&r, "fsdir.mnt", e->fsdir);
		ib_rec_str(&r, "fsdir.dev", e->fs_dev);
		ib_rec_str(&r, "fsdir.opts", e->fs_opts);
	}
	ib_rec_str(&r, "init.lo", "up");
	if (e->dist)
		dist(&r, 0);
	emit(o, &r);
}

/*
 * Every column of the summary, in registry order, with the medians of the three boots that
 * measure everything (orig/1, orig/2 under TCG; uml/1, but for its cross-CPU Placement runs:
 * one CPU). Rows of one benchmark follow each other; mem_chase is an extra metric the summary
 * does not show. Figures are
 * of the size lmbench prints on such machines (lmbench's reference runs, bench/README.md),
 * chosen so that every cell rule shows up: below 10, from 10, from 10^4 (K) in 4, 5 and 6
 * columns.
 */
struct row {
	const char *bench, *metric, *unit;
	double orig1, orig2, uml1;
	const char *params, *uml_params;   /* uml_params NULL: the same as params */
};

#define HB(ipc, tasks) "groups=1 loops=10 fds=20 msg_bytes=100 ipc=" ipc " tasks=" tasks \
	" tasks_n=40 messages=4000"

static const struct row rows[] = {
	{ "mhz", "mhz", "MHz", 2394.6, 2395.2, 2380.1, NULL, NULL },
	{ "null_call", "null_call", "us", 0.62, 0.63, 7.04, NULL, NULL },
	{ "null_io", "null_io", "us", 0.68, 0.69, 9.995, NULL, NULL },
	{ "stat", "stat", "us", 1.45, 1.47, 18.6, NULL, NULL },
	{ "open_close", "open_close", "us", 2.31, 2.28, 29.9, NULL, NULL },
	{ "select_tcp_wr", "select_tcp_wr", "us", 3.87, 3.91, 99.95, NULL, NULL },
	{ "sig_inst", "sig_inst", "us", 0.74, 0.75, 7.3, NULL, NULL },
	{ "sig_hndl", "sig_hndl", "us", 1.93, 1.95, 21.4, NULL, NULL },
	{ "fork_proc", "fork_proc", "us", 160.35, 158.2, 2405, NULL, NULL },
	{ "exec_proc_dyn", "exec_proc_dyn", "us", 455, 461, 10000, NULL, NULL },
	{ "sh_proc_dyn", "sh_proc_dyn", "us", 1997, 2013, 13200, NULL, NULL },
	{ "ctx_2p_0k", "ctx_2p_0k", "us", 4.21, 4.25, 41.2, NULL, NULL },
	{ "ctx_2p_16k", "ctx_2p_16k", "us", 5.06, 5.11, 44.5, NULL, NULL },
	{ "ctx_2p_64k", "ctx_2p_64k", "us", 9.97, 10.04, 61.7, NULL, NULL },
	{ "ctx_8p_16k", "ctx_8p_16k", "us", 6.13, 6.2, 48.8, NULL, NULL },
	{ "ctx_8p_64k", "ctx_8p_64k", "us", 24.7, 25.3, 77.1, NULL, NULL },
	{ "ctx_16p_16k", "ctx_16p_16k", "us", 7.02, 7.1, 52.3, NULL, NULL },
	{ "ctx_16p_64k", "ctx_16p_64k", "us", 31.5, 32.2, 89.9, NULL, NULL },
	{ "lat_pipe", "lat_pipe", "us", 80.93, 79.6, 175.4, NULL, NULL },
	{ "lat_unix", "lat_unix", "us", 109.7, 111.2, 200.8, NULL, NULL },
	{ "lat_udp", "lat_udp", "us", 172.6, 170.1, 189.3, NULL, NULL },
	{ "lat_rpc_udp_poll", "lat_rpc_udp_poll", "us", 245.3, 249.9, 301.7, NULL, NULL },
	{ "lat_tcp", "lat_tcp", "us", 226.9, 230.4, 195.96, NULL, NULL },
	{ "lat_rpc_tcp_poll", "lat_rpc_tcp_poll", "us", 301.4, 298.8, 388.2, NULL, NULL },
	{ "lat_tcp_conn", "lat_tcp_conn", "us", 1002.25, 987.6, 445.06, NULL, NULL },
	{ "fs_0k", "fs_flat_create_0k", "us", 39.1, 38.6, 175.2,
	  "size_kb=0 files_per_dir=1000 fs=tmpfs", "size_kb=0 files_per_dir=1000 fs=ext4" },
	{ "fs_0k", "fs_flat_delete_0k", "us", 15.02, 14.8, 93.4,
	  "size_kb=0 files_per_dir=1000 fs=tmpfs", "size_kb=0 files_per_dir=1000 fs=ext4" },
	{ "fs_0k", "fs_flat_create_0k_best", "us", 37.3, 36.9, 169.8,
	  "size_kb=0 files_per_dir=1000 fs=tmpfs", "size_kb=0 files_per_dir=1000 fs=ext4" },
	{ "fs_0k", "fs_flat_delete_0k_best", "us", 14.36, 14.1, 90.6,
	  "size_kb=0 files_per_dir=1000 fs=tmpfs", "size_kb=0 files_per_dir=1000 fs=ext4" },
	{ "fs_10k", "fs_flat_create_10k", "us", 93.1, 94.0, 247.7,
	  "size_kb=10 files_per_dir=1000 fs=tmpfs", "size_kb=10 files_per_dir=1000 fs=ext4" },
	{ "fs_10k", "fs_flat_delete_10k", "us", 26.9, 27.3, 95.3,
	  "size_kb=10 files_per_dir=1000 fs=tmpfs", "size_kb=10 files_per_dir=1000 fs=ext4" },
	{ "fs_10k", "fs_flat_create_10k_best", "us", 89.39, 90.2, 239.5,
	  "size_kb=10 files_per_dir=1000 fs=tmpfs", "size_kb=10 files_per_dir=1000 fs=ext4" },
	{ "fs_10k", "fs_flat_delete_10k_best", "us", 25.72, 26.01, 92.1,
	  "size_kb=10 files_per_dir=1000 fs=tmpfs", "size_kb=10 files_per_dir=1000 fs=ext4" },
	{ "fs_tree_0k", "fs_create_0k", "us", 41.2, 40.8, 180.3,
	  "size_kb=0 files_per_dir=100 fs=tmpfs", "size_kb=0 files_per_dir=100 fs=ext4" },
	{ "fs_tree_0k", "fs_delete_0k", "us", 16.6, 16.3, 97.7,
	  "size_kb=0 files_per_dir=100 fs=tmpfs", "size_kb=0 files_per_dir=100 fs=ext4" },
	{ "fs_tree_10k", "fs_create_10k", "us", 97.4, 98.1, 256.1,
	  "size_kb=10 files_per_dir=100 fs=tmpfs", "size_kb=10 files_per_dir=100 fs=ext4" },
	{ "fs_tree_10k", "fs_delete_10k", "us", 28.3, 28.6, 99.2,
	  "size_kb=10 files_per_dir=100 fs=tmpfs", "size_kb=10 files_per_dir=100 fs=ext4" },
	{ "mmap_lat", "mmap_lat", "us", 477, 481.3, 9659, "size_kb=8192", "size_kb=65536" },
	{ "prot_fault", "prot_fault", "us", 0.31, 0.33, 132.3, NULL, NULL },
	{ "pf_per_fault", "pf_per_fault", "us", 6.104, 6.21, 230.51,
	  "size_kb=8192 stride_kb=256 order=backward faults_per_touch=1.000", NULL },
	{ "page_fault", "page_fault", "us", 1.7033, 1.69, 156.01, NULL, NULL },
	{ "pf_anon_read", "pf_anon_read", "us", 2.35, 2.38, 71.3, "faults_per_touch=1.000", NULL },
	{ "pf_anon_write", "pf_anon_write", "us", 3.12, 3.09, 88.94, "faults_per_touch=1.000", NULL },
	{ "pf_file_read", "pf_file_read", "us", 5.87, 5.91, 203.4, "faults_per_touch=1.000", NULL },
	{ "pf_file_write", "pf_file_write", "us", 4.41, 4.45, 15623.7, "faults_per_touch=1.000", NULL },
	{ "pf_cow", "pf_cow", "us", 3.85, 3.81, 95.2, "kind=cow_file faults_per_touch=1.000", NULL },
	{ "pf_thp", "pf_thp", "us", 88.4, 87.9, 1410.6, "kind=anon_thp huge_per_touch=1.000", NULL },
	{ "bw_pipe", "bw_pipe", "MB/s", 385.19, 391.7, 645.74, NULL, NULL },
	{ "bw_unix", "bw_unix", "MB/s", 263.84, 270.02, 652.79, NULL, NULL },
	{ "bw_tcp", "bw_tcp", "MB/s", 1088.4, 1101.9, 1513.2, NULL, NULL },
	{ "bw_file_rd", "bw_file_rd", "MB/s", 2620.37, 2598.1, 13373.44, NULL, NULL },
	{ "bw_mmap_rd", "bw_mmap_rd", "MB/s", 3931.09, 3950.6, 13111.45, NULL, NULL },
	{ "bw_mem_bcopy", "bw_mem_bcopy", "MB/s", 2048.69, 2051.3, 20409.49,
	  "size_kb=32768 mb_kb=65536 llc_kb=16384 llc_src=sysfs",
	  "size_kb=32768 mb_kb=65536 llc_kb=32768 llc_src=guess" },
	{ "bw_mem_fcp", "bw_mem_fcp", "MB/s", 1999.5, 2003.8, 16498.68, NULL, NULL },
	{ "bw_mem_frd", "bw_mem_frd", "MB/s", 5119.74, 5130.2, 13674.1,
	  "size_kb=65536 mb_kb=65536 llc_kb=16384 llc_src=sysfs",
	  "size_kb=65536 mb_kb=65536 llc_kb=32768 llc_src=guess" },
	{ "bw_mem_fwr", "bw_mem_fwr", "MB/s", 13674, 13702.5, 99999.9, NULL, NULL },
	{ "bw_file_reread", "bw_file_reread", "MB/s", 2851.2, 2843.9, 14123.6, NULL, NULL },
	{ "bw_mmap_reread", "bw_mmap_reread", "MB/s", 6012.4, 6088.3, 20511.7, NULL, NULL },
	{ "bw_mem_read", "bw_mem_read", "MB/s", 8231.5, 8190.2, 21804.3, NULL, NULL },
	{ "bw_mem_write", "bw_mem_write", "MB/s", 9.87, 9.91, 15877.2, NULL, NULL },
	{ "lat_mem", "lat_mem_rd_l1", "ns", 4.93, 4.95, 1.14, "size_kb=1 stride=128", NULL },
	{ "lat_mem", "lat_mem_rd_l2", "ns", 9.87, 9.91, 1.28, "size_kb=128 stride=128", NULL },
	{ "lat_mem", "lat_mem_rd_main", "ns", 98.52, 99.1, 120.6,
	  "size_kb=65536 stride=128 llc_kb=16384 llc_src=sysfs",
	  "size_kb=131072 stride=128 llc_kb=32768 llc_src=guess" },
	{ "lat_mem", "mem_chase", "ns", 3.78, 3.79, 1.26, "size_kb=16 stride=0 random=1", NULL },
	{ "lat_mem", "lat_l1", "ns", 3.78, 3.79, 1.26, "size_kb=16 cache_kb=32 stride=0", NULL },
	{ "lat_mem", "lat_l2", "ns", 6.33, 6.35, 3.8, "size_kb=128 cache_kb=256 stride=0", NULL },
	{ "lat_mem", "lat_mem", "ns", 171.9, 165.2, 169.3,
	  "buffer_kb=65536 stride=0 guesses=L1:32K,L2:512K,L3:32M page_kb=4 thp_kb=0",
	  "buffer_kb=131072 stride=0 guesses=L1:32K,L3:32M page_kb=4 thp_kb=-1" },
	/* TLB: under QEMU-TCG the host's 96-entry L1 dTLB less QEMU's own pages; UML native */
	{ "tlb", "tlb_reach_pages", "pages", 91, 92, 96,
	  "max_pages=16384 ratio=1.179 threshold=1.15 page_kb=4 thp=never nohuge=1", NULL },
	{ "tlb", "tlb_lat_in", "ns", 3.53, 3.55, 1.12, "pages=45 line_slots=64 base_ns=3.475",
	  "pages=48 line_slots=64 base_ns=1.151" },
	{ "tlb", "tlb_lat_out", "ns", 5.63, 5.71, 3.1, "pages=182 line_slots=64 base_ns=3.479",
	  "pages=192 line_slots=64 base_ns=1.119" },
	/* Placement: uml boots have one CPU, so their cross runs are skipped (troubles) */
	{ "ctx_2p_0k_same", "ctx_2p_0k_same", "us", 4.18, 4.22, 41.02, "placement=same cpus=0,0", NULL },
	{ "ctx_2p_0k_cross", "ctx_2p_0k_cross", "us", 9.35, 9.41, 0, "placement=cross cpus=0,1", NULL },
	{ "lat_pipe_same", "lat_pipe_same", "us", 79.1, 78.8, 174.8, "placement=same cpus=0,0", NULL },
	{ "lat_pipe_cross", "lat_pipe_cross", "us", 96.4, 97.02, 0, "placement=cross cpus=0,1", NULL },
	{ "lat_unix_same", "lat_unix_same", "us", 108.3, 109.9, 199.6, "placement=same cpus=0,0", NULL },
	{ "lat_unix_cross", "lat_unix_cross", "us", 131.2, 129.8, 0, "placement=cross cpus=0,1", NULL },
	{ "lat_tcp_same", "lat_tcp_same", "us", 224.5, 226.1, 195.1, "placement=same cpus=0,0", NULL },
	{ "lat_tcp_cross", "lat_tcp_cross", "us", 251.7, 249.3, 0, "placement=cross cpus=0,1", NULL },
	{ "bw_pipe_same", "bw_pipe_same", "MB/s", 391.2, 388.4, 648.3, "placement=same cpus=0,0", NULL },
	{ "bw_pipe_cross", "bw_pipe_cross", "MB/s", 212.6, 215.9, 0, "placement=cross cpus=0,1", NULL },
	/* Scheduler: hackbench at the quick profile's size, seconds and messages per second */
	{ "hackbench_proc_sock", "hackbench_proc_sock", "s", 0.512, 0.498, 3.91, HB("socket", "process"),
	  NULL },
	{ "hackbench_proc_sock", "hackbench_proc_sock_mps", "msg/s", 7812, 8032, 1023,
	  HB("socket", "process"), NULL },
	{ "hackbench_proc_pipe", "hackbench_proc_pipe", "s", 0.431, 0.44, 3.52, HB("pipe", "process"),
	  NULL },
	{ "hackbench_proc_pipe", "hackbench_proc_pipe_mps", "msg/s", 9281, 9091, 1136,
	  HB("pipe", "process"), NULL },
	{ "hackbench_thread_sock", "hackbench_thread_sock", "s", 0.47, 0.462, 12.6,
	  HB("socket", "thread"), NULL },
	{ "hackbench_thread_sock", "hackbench_thread_sock_mps", "msg/s", 8511, 8658, 317,
	  HB("socket", "thread"), NULL },
	{ "sched_pipe", "sched_pipe", "us", 80.2, 79.6, 176.3, "tasks=process msg_bytes=4", NULL },
	{ "sched_pipe_thread", "sched_pipe_thread", "us", 61.4, 60.9, 150.2,
	  "tasks=thread msg_bytes=4", NULL },
	/* Process and IPC variants */
	{ "exec_proc", "exec_proc", "us", 402.3, 407.1, 9100, "linked=static", NULL },
	{ "sh_proc", "sh_proc", "us", 1950.2, 1962.7, 12900, "linked=static", NULL },
	{ "select_tcp", "select_tcp", "us", 3.55, 3.6, 98.7, "set=read", NULL },
	{ "select_file_wr", "select_file_wr", "us", 7.13, 7.2, 70.3, "set=write", NULL },
	{ "lat_rpc_udp", "lat_rpc_udp", "us", 238.1, 241.7, 295.2, NULL, NULL },
	{ "lat_rpc_tcp", "lat_rpc_tcp", "us", 290.6, 288.3, 380.1, NULL, NULL },
	/* lmbench 3 additions */
	{ "lat_fifo", "lat_fifo", "us", 83.4, 82.1, 176.9, "msg_bytes=1", NULL },
	{ "lat_sem", "lat_sem", "us", 9.87, 10.02, 142.3, "sems=2 nsops=2", NULL },
	{ "lat_fcntl", "lat_fcntl", "us", 11.42, 11.9, 151.6, "files=2 lock_bytes=1 fcntl_per_side=2",
	  NULL },
	{ "lat_unix_connect", "lat_unix_connect", "us", 18.35, 18.1, 210.4, "backlog=100", NULL },
	{ "bw_udp", "bw_udp", "MB/s", 4644.36, 4830.2, 951.7, "msg_bytes=65507 chunks=16 rcvbuf=8388608",
	  NULL },
	{ "bw_file_wr_fsync", "bw_file_wr_fsync", "MB/s", 589.59, 571.3, 1764.5,
	  "move_kb=8192 bs=8192 blocks=1024 fsync=1 fs=tmpfs", NULL },
	/* Core operations; UML's vDSO makes the system call, so its two clocks are alike */
	{ "clock_vdso", "clock_vdso", "us", 0.0412, 0.0398, 63.1, "clock=monotonic", NULL },
	{ "clock_sys", "clock_sys", "us", 0.724, 0.731, 64.2, "clock=monotonic", NULL },
	{ "getrandom", "getrandom", "us", 1.62, 1.58, 66.9, "len_bytes=16", NULL },
	{ "sched_yield", "sched_yield", "us", 1.13, 1.17, 71.4, NULL, NULL },
	{ "eventfd_pp", "eventfd_pp", "us", 61.2, 60.8, 152.6, "msg_bytes=8", NULL },
	{ "futex_pp", "futex_pp", "us", 55.3, 54.9, 140.2, "shared=1", NULL },
	{ "thread_create", "thread_create", "us", 212.4, 215.0, 1480, NULL, NULL },
	{ "poll_10", "poll_10", "us", 1.21, 1.234, 64.3, "fds=10 ready=1", NULL },
	{ "poll_100", "poll_100", "us", 3.95, 4.029, 69.5, "fds=100 ready=1", NULL },
	{ "poll_1000", "poll_1000", "us", 31.2, 31.824, 121.3, "fds=1000 ready=1", NULL },
	{ "select_10", "select_10", "us", 1.35, 1.377, 64.6, "fds=10 ready=1", NULL },
	{ "select_100", "select_100", "us", 4.61, 4.702, 70.8, "fds=100 ready=1", NULL },
	{ "select_1000", "select_1000", "us", 38.7, 39.474, 135.5, "fds=1000 ready=1", NULL },
	{ "epoll_10", "epoll_10", "us", 0.79, 0.806, 63.5, "fds=10 ready=1", NULL },
	{ "epoll_100", "epoll_100", "us", 0.8, 0.816, 63.5, "fds=100 ready=1", NULL },
	{ "epoll_1000", "epoll_1000", "us", 0.81, 0.826, 63.5, "fds=1000 ready=1", NULL },
	{ "read_1", "read_1", "us", 0.98, 1.01, 66.2, "bytes=1 calls=pread fs=tmpfs", NULL },
	{ "read_4k", "read_4k", "us", 1.41, 1.44, 67.0, "bytes=4096 calls=pread fs=tmpfs", NULL },
	{ "read_64k", "read_64k", "us", 9.82, 10.1, 79.5, "bytes=65536 calls=pread fs=tmpfs", NULL },
	{ "write_1", "write_1", "us", 1.22, 1.25, 67.8, "bytes=1 calls=pwrite fs=tmpfs", NULL },
	{ "write_4k", "write_4k", "us", 1.87, 1.9, 69.3, "bytes=4096 calls=pwrite fs=tmpfs", NULL },
	{ "write_64k", "write_64k", "us", 12.4, 12.7, 88.1, "bytes=65536 calls=pwrite fs=tmpfs",
	  NULL },
	{ "pipe_rw_1", "pipe_rw_1", "us", 2.05, 2.1, 131.6, "bytes=1 calls=write+read", NULL },
	{ "pipe_rw_4k", "pipe_rw_4k", "us", 2.92, 2.98, 134.0, "bytes=4096 calls=write+read", NULL },
	{ "pipe_rw_64k", "pipe_rw_64k", "us", 21.3, 21.8, 162.4, "bytes=65536 calls=write+read",
	  NULL },
	{ "sendfile_64k", "sendfile_64k", "us", 16.2, 16.5, 145.8,
	  "bytes=65536 calls=sendfile+read fs=tmpfs to=unix", NULL },
	{ "splice_64k", "splice_64k", "us", 6.1, 6.2, 139.0,
	  "bytes=65536 calls=splice+splice fs=tmpfs to=null", NULL },
	{ "uring_nop", "uring_nop", "us", 1.35, 1.38, 68.4, "entries=8", NULL },
	{ "big_fork", "big_fork", "us", 4210.5, 4188.2, 38150, "touched_mb=256 pages=65536",
	  "touched_mb=16 pages=4096 trial_kb=1024 trial_ms=103 shrunk_from_mb=256" },
	{ "exit_wait", "exit_wait", "us", 52.3, 51.9, 905.4, "clone=vfork_no_vm", NULL },
	{ "mmap_4k", "mmap_4k", "us", 2.91, 2.95, 128.7, "size_kb=4 touched=0 pages=1", NULL },
	{ "mmap_4k_touch", "mmap_4k_touch", "us", 6.42, 6.38, 210.3, "size_kb=4 touched=1 pages=1",
	  NULL },
	{ "mmap_256m", "mmap_256m", "us", 3.12, 3.09, 131.5, "size_kb=262144 touched=0 pages=65536",
	  NULL },
	{ "mmap_256m_touch", "mmap_256m_touch", "us", 48512, 48760, 103100,
	  "size_kb=262144 touched=1 pages=65536 trial_kb=16384 trial_ms=3",
	  "size_kb=1024 touched=1 pages=256 trial_kb=1024 trial_ms=103 shrunk_from_kb=262144" },
	{ "mprotect", "mprotect", "us", 0.92, 0.94, 64.8, "size_kb=16", NULL },
	/* the macro workloads, as a TCG and a UML boot measured them (docs/macro.md) */
	{ "compile", "compile_real", "s", 2.44, 2.47, 16.3, "lines=34948 jobs=1", NULL },
	{ "compile", "compile_user", "s", 1.39, 1.41, 16.05, "lines=34948 jobs=1", NULL },
	{ "compile", "compile_sys", "s", 0.912, 0.93, 0.07, "lines=34948 jobs=1", NULL },
	{ "http_c100", "http_c100_rps", "req/s", 124.8, 122.3, 11.9, "n=2000 c=100", NULL },
	{ "http_c100", "http_c100_ms", "ms", 801.3, 817.7, 8403, "n=2000 c=100", NULL },
	{ "http_c10", "http_c10_rps", "req/s", 118.5, 120.1, 11.22, "n=500 c=10", NULL },
	{ "http_c10", "http_c10_ms", "ms", 84.41, 83.26, 891.1, "n=500 c=10", NULL },
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

/* what went wrong in uml/1 and uml/2 (uml/2's log also ends inside lat_mem's last measurement) */
struct trouble {
	const char *bench, *status, *reason;
};

/* a one-CPU machine's cross-CPU Placement runs */
#define ONE_CPU \
	{ "ctx_2p_0k_cross", "skipped", "one CPU online" }, \
	{ "lat_pipe_cross", "skipped", "one CPU online" }, \
	{ "lat_unix_cross", "skipped", "one CPU online" }, \
	{ "lat_tcp_cross", "skipped", "one CPU online" }, \
	{ "bw_pipe_cross", "skipped", "one CPU online" }

static const struct trouble uml1_trouble[] = {
	ONE_CPU,
	{ NULL, NULL, NULL },
};

static const struct trouble uml2_trouble[] = {
	{ "mhz", "failed", "exit 2" },
	{ "select_tcp_wr", "skipped", "no AF_INET" },
	{ "fork_proc", "failed", "failed: SIGSEGV" },
	{ "sh_proc_dyn", "timeout", "" },
	{ "lat_udp", "skipped", "no AF_INET" },
	{ "lat_rpc_udp_poll", "skipped", "no AF_INET" },
	{ "lat_tcp", "skipped", "no AF_INET" },
	{ "lat_rpc_tcp_poll", "skipped", "no AF_INET" },
	{ "lat_tcp_conn", "skipped", "no AF_INET" },
	{ "fs_10k", "timeout", "" },
	{ "mmap_lat", "failed", "failed: SIGBUS" },
	{ "bw_tcp", "skipped", "no AF_INET" },
	{ "bw_mem_fwr", "failed", "exit 3" },
	/* the log ends inside lat_mem: nothing after it (Placement, variants) has an outcome */
	{ NULL, NULL, NULL },
};

/* the cpu field: -1 unpinned (the default), else the CPU (pin=1, the old default) */
static int fixture_cpu;

static void measurement(struct out *o, const char *bench, const char *metric, const char *unit,
			double v, const char *params)
{
	static const double spread[5] = { 1.00, 0.99, 1.02, 1.01, 0.98 };
	double s[5];
	int us = !strcmp(unit, "us"), bw = !strcmp(unit, "MB/s"), mhz = !strcmp(unit, "MHz");
	int rate = !strcmp(unit, "req/s");
	double per_ns = !strcmp(unit, "s") ? 1e9 : !strcmp(unit, "ms") ? 1e6 : us ? 1000.0 : 1.0;
	uint64_t raw[5], iters = bw ? 64 : mhz ? 1000000 : v > 100 ? 20 : 10000;
	struct ib_rec r;
	for (int i = 0; i < 5; i++) {
		double ns;
		s[i] = v * spread[i];
		if (bw)         /* 64 KB per operation */
			ns = 65536.0 * (double)iters / s[i] * 1000.0;
		else if (mhz)   /* one cycle per operation */
			ns = (double)iters / s[i] * 1000.0;
		else if (rate)  /* requests per second */
			ns = (double)iters / s[i] * 1e9;
		else
			ns = s[i] * (double)iters * per_ns + 48.0;
		raw[i] = (uint64_t)ns;
	}
	if (o->stop_metric && !strcmp(metric, o->stop_metric))
		o->cut_next = 1;
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "bench", bench);
	ib_rec_str(&r, "metric", metric);
	ib_rec_str(&r, "unit", unit);
	ib_rec_u64(&r, "iters", iters);
	ib_rec_dbl(&r, "overhead", us ? 0.0048 : 0);
	ib_rec_dbls(&r, "samples", s, 5);
	ib_rec_u64s(&r, "raw_ns", raw, 5);
	/* a Placement benchmark pins itself: its cpu is its own first CPU */
	ib_rec_i64(&r, "cpu", params && strstr(params, "cpus=") ? atoi(strstr(params, "cpus=") + 5) :
			      fixture_cpu);
	if (params) {
		char p[256];
		snprintf(p, sizeof(p), "%s", params);
		for (char *k = strtok(p, " "); k; k = strtok(NULL, " ")) {
			char *eq = strchr(k, '=');
			*eq = 0;
			ib_rec_str(&r, k, eq + 1);
		}
	}
	emit(o, &r);
}

/* the benchmark's parts and baselines that come before its column, as the suite writes them */
static void parts(struct out *o, const struct row *w, double v)
{
	const char *b = w->bench;
	if (!strcmp(b, "null_io")) {
		measurement(o, b, "null_read", "us", v * 1.05, NULL);
		measurement(o, b, "null_write", "us", v * 0.95, NULL);
	} else if (!strcmp(b, "sig_hndl")) {
		measurement(o, b, "sig_kill0", "us", 0.31, NULL);
	} else if (!strncmp(b, "ctx_", 4)) {
		char p[64];
		int kb = atoi(strchr(b + 4, '_') + 1);
		snprintf(p, sizeof(p), "size_kb=%d", kb);
		measurement(o, b, "ctx_overhead", "us", 0.9 + kb / 16.0, p);
	}
}

static const struct trouble *trouble(const struct trouble *t, const char *bench)
{
	for (; t && t->bench; t++)
		if (!strcmp(t->bench, bench))
			return t;
	return NULL;
}

/* one boot: column `which` of rows[] (0 orig1, 1 orig2, 2 uml1); t: outcomes not ok */
static void boot(const char *path, const struct env *e, int which, const struct trouble *t,
		 struct out o)
{
	char msg[256], list[4096] = "";
	struct ib_rec r;
	size_t nb = 0;

	for (size_t i = 0; i < NROWS; i++)
		if (!i || strcmp(rows[i].bench, rows[i - 1].bench)) {
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 nb ? "," : "", rows[i].bench);
			nb++;
		}
	o.f = fopen(path, "w");
	if (!o.f) {
		perror(path);
		exit(1);
	}
	snprintf(msg, sizeof(msg), "[    0.000000] Linux version %s (debian-kernel@lists.debian.org)", e->uname_r);
	line(&o, msg);
	line(&o, "[    0.000000] Command line: console=ttyS0 quiet initbench.reps=5");
	line(&o, "[    0.412345] Run /init as init process");
	line(&o, "KTAP version 1");
	begin(&o, e);
	snprintf(msg, sizeof(msg), "1..%zu", nb);
	line(&o, msg);
	ib_rec_init(&r, "plan");
	ib_rec_u64(&r, "count", nb);
	ib_rec_str(&r, "benches", list);
	emit(&o, &r);
	size_t k = 0;
	for (size_t i = 0; i < NROWS; k++) {
		const char *b = rows[i].bench;
		const struct trouble *bad = trouble(t, b);
		size_t end = i;
		while (end < NROWS && !strcmp(rows[end].bench, b))
			end++;
		/* a timeout may come after the measurement was written: still not a value */
		if (!bad || !strcmp(bad->status, "timeout"))
			for (size_t j = i; j < end; j++) {
				const struct row *w = &rows[j];
				double v = which == 0 ? w->orig1 : which == 1 ? w->orig2 : w->uml1;
				const char *p = which == 2 && w->uml_params ? w->uml_params : w->params;
				char cp[128];
				parts(&o, w, v);
				if (!strncmp(b, "ctx_", 4)) {
					snprintf(cp, sizeof(cp), "procs=%d size_kb=%d%s%s", atoi(b + 4),
						 atoi(strchr(b + 4, '_') + 1), p ? " " : "", p ? p : "");
					p = cp;
				}
				measurement(&o, b, w->metric, w->unit, v, p);
			}
		if (k == 3)
			line(&o, "[    5.271828] clocksource: Long readout interval, skipping watchdog check");
		ib_rec_init(&r, "outcome");
		ib_rec_str(&r, "bench", b);
		ib_rec_str(&r, "status", bad ? bad->status : "ok");
		ib_rec_str(&r, "reason", bad ? bad->reason : "");
		ib_rec_u64(&r, "wall_ms", 40 + 3 * k);
		emit(&o, &r);
		if (!bad)
			snprintf(msg, sizeof(msg), "ok %zu %s", k + 1, b);
		else if (!strcmp(bad->status, "skipped"))
			snprintf(msg, sizeof(msg), "ok %zu %s # SKIP %s", k + 1, b, bad->reason);
		else
			snprintf(msg, sizeof(msg), "not ok %zu %s # %s", k + 1, b,
				 *bad->reason ? bad->reason : bad->status);
		line(&o, msg);
		i = end;
	}
	ib_rec_init(&r, "end");
	ib_rec_u64(&r, "records", o.seq);
	char d[16];
	snprintf(d, sizeof(d), "%08x", o.digest);
	ib_rec_str(&r, "digest", d);
	emit(&o, &r);
	snprintf(msg, sizeof(msg), "# initbench: %zu benchmarks, 0 failed", nb);
	line(&o, msg);
	line(&o, "[    9.000001] reboot: Power down");
	fclose(o.f);
}

static void mkdirs(const char *base, const char *label, int n, char *path, size_t cap)
{
	snprintf(path, cap, "%s/summary", base);
	mkdir(path, 0755);
	snprintf(path, cap, "%s/summary/%s", base, label);
	mkdir(path, 0755);
	snprintf(path, cap, "%s/summary/%s/%d", base, label, n);
	mkdir(path, 0755);
	snprintf(path, cap, "%s/summary/%s/%d/console.log", base, label, n);
}

static int small_log(const char *base, const char *name, const struct env *tcg, int with_dist)
{
	char path[512];
	struct out o = { .split_seq = 4 };
	const struct env small = { tcg->uname_r, tcg->hypervisor, tcg->cpu_model, NULL, NULL, NULL,
				   NULL, NULL, with_dist };
	struct ib_rec r;

	snprintf(path, sizeof(path), "%s/%s", base, name);
	if (!(o.f = fopen(path, "w"))) {
		perror(path);
		return 1;
	}
	line(&o, "[    0.000000] Linux version 6.1.0-57-cloud-amd64");
	begin(&o, &small);
	ib_rec_init(&r, "plan");
	ib_rec_u64(&r, "count", 2);
	ib_rec_str(&r, "benches", "null_call,stat");
	emit(&o, &r);
	measurement(&o, "null_call", "null_call", "us", 0.62, NULL);
	line(&o, "[    1.000000] kernel text between records");
	measurement(&o, "stat", "stat", "us", 1.45, NULL);
	for (int i = 0; i < 2; i++) {
		ib_rec_init(&r, "outcome");
		ib_rec_str(&r, "bench", i ? "stat" : "null_call");
		ib_rec_str(&r, "status", "ok");
		ib_rec_str(&r, "reason", "");
		ib_rec_u64(&r, "wall_ms", 12);
		emit(&o, &r);
	}
	ib_rec_init(&r, "end");
	ib_rec_u64(&r, "records", o.seq);
	char d[16];
	snprintf(d, sizeof(d), "%08x", o.digest);
	ib_rec_str(&r, "digest", d);
	if (with_dist)
		dist(&r, 1);
	emit(&o, &r);
	fclose(o.f);
	return 0;
}

int main(int argc, char **argv)
{
	const char *base = argc > 1 ? argv[1] : "tests/data";
	char path[512];
	/* the image's tmpfs (no disk); UML with initbench run --fs ext4 */
	const struct env tcg = { "6.1.0-57-cloud-amd64", "TCG", "QEMU Virtual CPU version 2.5+",
				 "", "/tmp", "tmpfs", "tmpfs", "rw,nosuid,nodev,relatime,mode=1777", 0 };
	const struct env uml = { "6.1.0-uml", "UML", "UML", "ext4", "/mnt/fs", "ext4", "/dev/ubdb",
				 "rw,relatime", 0 };

	/* orig: unpinned (pin=0), two CPUs; uml: pinned to CPU 0 (pin=1), one CPU */
	fixture_cpu = -1;
	mkdirs(base, "orig", 1, path, sizeof(path));
	boot(path, &tcg, 0, NULL, (struct out){ 0 });
	mkdirs(base, "orig", 2, path, sizeof(path));
	boot(path, &tcg, 1, NULL,
	     (struct out){ .crlf = 1, .split_seq = 6, .dup_seq = 10, .prefix_seq = 13 });
	fixture_cpu = 0;
	mkdirs(base, "uml", 1, path, sizeof(path));
	boot(path, &uml, 2, uml1_trouble, (struct out){ 0 });
	mkdirs(base, "uml", 2, path, sizeof(path));
	boot(path, &uml, 2, uml2_trouble, (struct out){ .stop_metric = "lat_mem" });

	/* small: a short complete log for the byte-by-byte truncation test; disturb: the same
	 * with the disturbance counters in begin and end (docs/protocol.md) */
	return small_log(base, "small.log", &tcg, 0) || small_log(base, "disturb.log", &tcg, 1);
}
