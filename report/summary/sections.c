/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sections.c - the one table of the summary's tables (sections.h): lmbench 2.0's six, then
 * ours. Everything that lists metrics (the summary, compare, every export) walks it.
 */
#include "report/summary/sections.h"
#include "report/summary/summary.h"

/* headings byte for byte as lmbench 2.0 prints them, trailing blanks and the tab after
 * "Page" included (docs/summary-format.md) */
const struct section ib_summary_sections[] = {
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
		/* lmbench 3's tlb (bench/mem/tlb.c): the first jump of a chase over one line per
		 * 4 KB page, and a load on either side of it */
		"TLB (4 KB pages) - reach in pages, loads in nanoseconds", NULL,
		"-------------------------------------------------------",
		"Host                 OS reach  load  load",
		"                        pages    in   out",
		"--------- ------------- ----- ----- -----",
		"", 0, 0,
		{ { "tlb_reach_pages", 5, "tlb" }, { "tlb_lat_in", 5, "tlb" },
		  { "tlb_lat_out", 5, "tlb" }, { NULL, 0, NULL } },
	},
	{
		"Page faults in microseconds - smaller is better", NULL,
		"-----------------------------------------------",
		"Host                 OS    Per    Per   Anon   Anon   File   File    COW THP 2M",
		"                         fault   page   read  write   read  write  write  write",
		"--------- ------------- ------ ------ ------ ------ ------ ------ ------ ------",
		"", 0, NO_TEXT,
		/* COW: a private write to a cached file page; THP: one 2 MB page per fault
		 * (bench/fs/lat_fault_more.c) */
		{ { "pf_per_fault", 6, NULL }, { "page_fault", 6, NULL },
		  { "pf_anon_read", 6, NULL }, { "pf_anon_write", 6, NULL },
		  { "pf_file_read", 6, NULL }, { "pf_file_write", 6, NULL },
		  { "pf_cow", 6, NULL }, { "pf_thp", 6, NULL }, { NULL, 0, NULL } },
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
		/* perf bench sched messaging (hackbench: seconds for the run's fixed amount of
		 * messages, processes or threads over sockets or pipes; its groups and loops are
		 * in the records' params) and sched pipe (a round trip) (bench/sched/) */
		"Scheduler - hackbench in seconds, sched pipe in microseconds - smaller is better",
		NULL,
		"--------------------------------------------------------------------------------",
		"Host                 OS   proc   proc thread  sched  sched",
		"                          sock   pipe   sock   pipe thread",
		"--------- ------------- ------ ------ ------ ------ ------",
		"", 0, 0,
		{ { "hackbench_proc_sock", 6, NULL }, { "hackbench_proc_pipe", 6, NULL },
		  { "hackbench_thread_sock", 6, NULL }, { "sched_pipe", 6, NULL },
		  { "sched_pipe_thread", 6, NULL }, { NULL, 0, NULL } },
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
		"Host                 OS    UDP   File",
		"                                write",
		"--------- ------------- ------ ------",
		"", 0, 0,
		/* File write: lmbench 3's lmdd fsync=1, 8 KB writes (bench/fs/bw_lmdd.c) */
		{ { "bw_udp", 6, NULL }, { "bw_file_wr_fsync", 6, NULL }, { NULL, 0, NULL } },
	},
	{
		/* the core operations of LEBench (Ren et al., SOSP 2019) that kernel releases
		 * regress in (bench/core/): time and randomness reads, yielding, waking, threads */
		"Core operations - times in microseconds - smaller is better", NULL,
		"-----------------------------------------------------------",
		"Host                 OS  clock  clock getrnd  sched eventfd   futex thread",
		"                          vDSO    sys   16 B  yield  r trip  r trip create",
		"--------- ------------- ------ ------ ------ ------ ------- ------- ------",
		"", 0, 0,
		{ { "clock_vdso", 6, NULL }, { "clock_sys", 6, NULL }, { "getrandom", 6, NULL },
		  { "sched_yield", 6, NULL }, { "eventfd_pp", 7, NULL }, { "futex_pp", 7, NULL },
		  { "thread_create", 6, NULL }, { NULL, 0, NULL } },
	},
	{
		/* poll and select scan the whole set, epoll_wait reads its ready list
		 * (bench/core/poll.c) */
		"Core operations - N fds, one ready, in microseconds - smaller is better", NULL,
		"-----------------------------------------------------------------------",
		"Host                 OS   poll   poll   poll  selct  selct  selct  epoll  epoll  epoll",
		"                            10    100   1000     10    100   1000     10    100   1000",
		"--------- ------------- ------ ------ ------ ------ ------ ------ ------ ------ ------",
		"", 0, 0,
		{ { "poll_10", 6, NULL }, { "poll_100", 6, NULL }, { "poll_1000", 6, NULL },
		  { "select_10", 6, NULL }, { "select_100", 6, NULL }, { "select_1000", 6, NULL },
		  { "epoll_10", 6, NULL }, { "epoll_100", 6, NULL }, { "epoll_1000", 6, NULL },
		  { NULL, 0, NULL } },
	},
	{
		/* read and write of LEBench's three sizes on a cached file (pread/pwrite at
		 * offset 0) and through a pipe (write then read by one process) (bench/core/rw.c) */
		"Core operations - read and write of N bytes, in microseconds - smaller is better",
		NULL,
		"--------------------------------------------------------------------------------",
		"Host                 OS   read   read   read  write  write  write   pipe   pipe   pipe",
		"                           1 B   4 KB  64 KB    1 B   4 KB  64 KB    1 B   4 KB  64 KB",
		"--------- ------------- ------ ------ ------ ------ ------ ------ ------ ------ ------",
		"", 0, 0,
		{ { "read_1", 6, NULL }, { "read_4k", 6, NULL }, { "read_64k", 6, NULL },
		  { "write_1", 6, NULL }, { "write_4k", 6, NULL }, { "write_64k", 6, NULL },
		  { "pipe_rw_1", 6, NULL }, { "pipe_rw_4k", 6, NULL }, { "pipe_rw_64k", 6, NULL },
		  { NULL, 0, NULL } },
	},
	{
		/* page-cache pages moved without a copy in user space, and io_uring's own cost
		 * (bench/core/rw.c, uring.c) */
		"Core operations - sendfile, splice, io_uring, in microseconds - smaller is better",
		NULL,
		"---------------------------------------------------------------------------------",
		"Host                 OS sendfile splice  uring",
		"                           64 KB  64 KB    NOP",
		"--------- ------------- -------- ------ ------",
		"", 0, 0,
		{ { "sendfile_64k", 8, NULL }, { "splice_64k", 6, NULL }, { "uring_nop", 6, NULL },
		  { NULL, 0, NULL } },

	},
	{
		/* LEBench's process and address-space operations (bench/core/vm.c): a fork
		 * by a parent holding 256 MB touched, a child's exit and reap without its
		 * fork, mmap + munmap of anonymous memory (untouched, and one store per
		 * page), one mprotect of 16 KB */
		"Core operations - processes and memory in microseconds - smaller is better", NULL,
		"--------------------------------------------------------------------------",
		"Host                 OS    big   exit   mmap   mmap   mmap    mmap mprot",
		"                          fork   wait     4K  4K wr   256M 256M wr   16K",
		"--------- ------------- ------ ------ ------ ------ ------ ------- -----",
		"", 0, 0,
		{ { "big_fork", 6, NULL }, { "exit_wait", 6, NULL }, { "mmap_4k", 6, NULL },
		  { "mmap_4k_touch", 6, NULL }, { "mmap_256m", 6, NULL },
		  { "mmap_256m_touch", 7, NULL }, { "mprotect", 5, NULL }, { NULL, 0, NULL } },
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

#define NSECTIONS (sizeof(ib_summary_sections) / sizeof(ib_summary_sections[0]))
const size_t ib_summary_nsections = NSECTIONS;

_Static_assert(NSECTIONS * (sizeof(ib_summary_sections[0].col) /
	       sizeof(ib_summary_sections[0].col[0])) < IB_SUMMARY_MAX_METRICS,
	       "the tables outgrow IB_SUMMARY_MAX_METRICS (summary.h)");
