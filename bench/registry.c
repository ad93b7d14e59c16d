/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * registry.c - the one table of benchmarks, in lmbench summary order.
 *
 * Adding a benchmark: write its run function in the family's file in bench/, declare it
 * here, add a row, and a CONFIG_IB_BENCH_<NAME> entry in bench/Kconfig. The row's order is
 * the default run order and the KTAP test number. Mhz runs first: other figures are read
 * against it.
 */
#include "config.h"
#include "bench.h"

#define ENABLED(sym) (sym + 0)

int ib_run_mhz(void);
int ib_run_null_call(void);
int ib_run_null_io(void);
int ib_run_stat(void);
int ib_run_open_close(void);
int ib_run_select_tcp(void);
int ib_run_select_file(void);
int ib_run_sig_inst(void);
int ib_run_sig_hndl(void);
int ib_run_fork_proc(void);
int ib_run_exec_proc(void);
int ib_run_sh_proc(void);
int ib_run_ctx_2p_0k(void);
int ib_run_ctx_2p_16k(void);
int ib_run_ctx_2p_64k(void);
int ib_run_ctx_8p_16k(void);
int ib_run_ctx_8p_64k(void);
int ib_run_ctx_16p_16k(void);
int ib_run_ctx_16p_64k(void);
int ib_run_lat_pipe(void);
int ib_run_lat_unix(void);
int ib_run_lat_udp(void);
int ib_run_lat_rpc_udp(void);
int ib_run_lat_tcp(void);
int ib_run_lat_rpc_tcp(void);
int ib_run_lat_tcp_conn(void);
int ib_run_fs_0k(void);
int ib_run_fs_10k(void);
int ib_run_mmap_lat(void);
int ib_run_prot_fault(void);
int ib_run_page_fault(void);
int ib_run_bw_pipe(void);
int ib_run_bw_unix(void);
int ib_run_bw_tcp(void);
int ib_run_bw_file_reread(void);
int ib_run_bw_mmap_reread(void);
int ib_run_bw_bcopy_libc(void);
int ib_run_bw_bcopy_hand(void);
int ib_run_bw_mem_read(void);
int ib_run_bw_mem_write(void);
int ib_run_lat_mem(void);
int ib_run_selftest_segv(void);
int ib_run_selftest_exit(void);
int ib_run_selftest_hang(void);
int ib_run_selftest_oom(void);

#ifndef CONFIG_IB_BENCH_MHZ
#define CONFIG_IB_BENCH_MHZ 0
#endif
#ifndef CONFIG_IB_BENCH_NULL_CALL
#define CONFIG_IB_BENCH_NULL_CALL 0
#endif
#ifndef CONFIG_IB_BENCH_NULL_IO
#define CONFIG_IB_BENCH_NULL_IO 0
#endif
#ifndef CONFIG_IB_BENCH_STAT
#define CONFIG_IB_BENCH_STAT 0
#endif
#ifndef CONFIG_IB_BENCH_OPEN_CLOSE
#define CONFIG_IB_BENCH_OPEN_CLOSE 0
#endif
#ifndef CONFIG_IB_BENCH_SELECT_TCP
#define CONFIG_IB_BENCH_SELECT_TCP 0
#endif
#ifndef CONFIG_IB_BENCH_SELECT_FILE
#define CONFIG_IB_BENCH_SELECT_FILE 0
#endif
#ifndef CONFIG_IB_BENCH_SIG_INST
#define CONFIG_IB_BENCH_SIG_INST 0
#endif
#ifndef CONFIG_IB_BENCH_SIG_HNDL
#define CONFIG_IB_BENCH_SIG_HNDL 0
#endif
#ifndef CONFIG_IB_BENCH_FORK_PROC
#define CONFIG_IB_BENCH_FORK_PROC 0
#endif
#ifndef CONFIG_IB_BENCH_EXEC_PROC
#define CONFIG_IB_BENCH_EXEC_PROC 0
#endif
#ifndef CONFIG_IB_BENCH_SH_PROC
#define CONFIG_IB_BENCH_SH_PROC 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_2P_0K
#define CONFIG_IB_BENCH_CTX_2P_0K 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_2P_16K
#define CONFIG_IB_BENCH_CTX_2P_16K 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_2P_64K
#define CONFIG_IB_BENCH_CTX_2P_64K 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_8P_16K
#define CONFIG_IB_BENCH_CTX_8P_16K 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_8P_64K
#define CONFIG_IB_BENCH_CTX_8P_64K 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_16P_16K
#define CONFIG_IB_BENCH_CTX_16P_16K 0
#endif
#ifndef CONFIG_IB_BENCH_CTX_16P_64K
#define CONFIG_IB_BENCH_CTX_16P_64K 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_PIPE
#define CONFIG_IB_BENCH_LAT_PIPE 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_UNIX
#define CONFIG_IB_BENCH_LAT_UNIX 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_UDP
#define CONFIG_IB_BENCH_LAT_UDP 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_RPC_UDP
#define CONFIG_IB_BENCH_LAT_RPC_UDP 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_TCP
#define CONFIG_IB_BENCH_LAT_TCP 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_RPC_TCP
#define CONFIG_IB_BENCH_LAT_RPC_TCP 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_TCP_CONN
#define CONFIG_IB_BENCH_LAT_TCP_CONN 0
#endif
#ifndef CONFIG_IB_BENCH_FS_0K
#define CONFIG_IB_BENCH_FS_0K 0
#endif
#ifndef CONFIG_IB_BENCH_FS_10K
#define CONFIG_IB_BENCH_FS_10K 0
#endif
#ifndef CONFIG_IB_BENCH_MMAP_LAT
#define CONFIG_IB_BENCH_MMAP_LAT 0
#endif
#ifndef CONFIG_IB_BENCH_PROT_FAULT
#define CONFIG_IB_BENCH_PROT_FAULT 0
#endif
#ifndef CONFIG_IB_BENCH_PAGE_FAULT
#define CONFIG_IB_BENCH_PAGE_FAULT 0
#endif
#ifndef CONFIG_IB_BENCH_BW_PIPE
#define CONFIG_IB_BENCH_BW_PIPE 0
#endif
#ifndef CONFIG_IB_BENCH_BW_UNIX
#define CONFIG_IB_BENCH_BW_UNIX 0
#endif
#ifndef CONFIG_IB_BENCH_BW_TCP
#define CONFIG_IB_BENCH_BW_TCP 0
#endif
#ifndef CONFIG_IB_BENCH_BW_FILE_REREAD
#define CONFIG_IB_BENCH_BW_FILE_REREAD 0
#endif
#ifndef CONFIG_IB_BENCH_BW_MMAP_REREAD
#define CONFIG_IB_BENCH_BW_MMAP_REREAD 0
#endif
#ifndef CONFIG_IB_BENCH_BW_BCOPY_LIBC
#define CONFIG_IB_BENCH_BW_BCOPY_LIBC 0
#endif
#ifndef CONFIG_IB_BENCH_BW_BCOPY_HAND
#define CONFIG_IB_BENCH_BW_BCOPY_HAND 0
#endif
#ifndef CONFIG_IB_BENCH_BW_MEM_READ
#define CONFIG_IB_BENCH_BW_MEM_READ 0
#endif
#ifndef CONFIG_IB_BENCH_BW_MEM_WRITE
#define CONFIG_IB_BENCH_BW_MEM_WRITE 0
#endif
#ifndef CONFIG_IB_BENCH_LAT_MEM
#define CONFIG_IB_BENCH_LAT_MEM 0
#endif

const struct ib_bench ib_benches[] = {
	{ "mhz", "mhz", ib_run_mhz, ENABLED(CONFIG_IB_BENCH_MHZ) },
	{ "null_call", "lat_syscall", ib_run_null_call, ENABLED(CONFIG_IB_BENCH_NULL_CALL) },
	{ "null_io", "lat_syscall", ib_run_null_io, ENABLED(CONFIG_IB_BENCH_NULL_IO) },
	{ "stat", "lat_syscall", ib_run_stat, ENABLED(CONFIG_IB_BENCH_STAT) },
	{ "open_close", "lat_syscall", ib_run_open_close, ENABLED(CONFIG_IB_BENCH_OPEN_CLOSE) },
	{ "select_tcp", "lat_select", ib_run_select_tcp, ENABLED(CONFIG_IB_BENCH_SELECT_TCP) },
	{ "select_file", "lat_select", ib_run_select_file, ENABLED(CONFIG_IB_BENCH_SELECT_FILE) },
	{ "sig_inst", "lat_sig", ib_run_sig_inst, ENABLED(CONFIG_IB_BENCH_SIG_INST) },
	{ "sig_hndl", "lat_sig", ib_run_sig_hndl, ENABLED(CONFIG_IB_BENCH_SIG_HNDL) },
	{ "fork_proc", "lat_proc", ib_run_fork_proc, ENABLED(CONFIG_IB_BENCH_FORK_PROC) },
	{ "exec_proc", "lat_proc", ib_run_exec_proc, ENABLED(CONFIG_IB_BENCH_EXEC_PROC) },
	{ "sh_proc", "lat_proc", ib_run_sh_proc, ENABLED(CONFIG_IB_BENCH_SH_PROC) },
	{ "ctx_2p_0k", "lat_ctx", ib_run_ctx_2p_0k, ENABLED(CONFIG_IB_BENCH_CTX_2P_0K) },
	{ "ctx_2p_16k", "lat_ctx", ib_run_ctx_2p_16k, ENABLED(CONFIG_IB_BENCH_CTX_2P_16K) },
	{ "ctx_2p_64k", "lat_ctx", ib_run_ctx_2p_64k, ENABLED(CONFIG_IB_BENCH_CTX_2P_64K) },
	{ "ctx_8p_16k", "lat_ctx", ib_run_ctx_8p_16k, ENABLED(CONFIG_IB_BENCH_CTX_8P_16K) },
	{ "ctx_8p_64k", "lat_ctx", ib_run_ctx_8p_64k, ENABLED(CONFIG_IB_BENCH_CTX_8P_64K) },
	{ "ctx_16p_16k", "lat_ctx", ib_run_ctx_16p_16k, ENABLED(CONFIG_IB_BENCH_CTX_16P_16K) },
	{ "ctx_16p_64k", "lat_ctx", ib_run_ctx_16p_64k, ENABLED(CONFIG_IB_BENCH_CTX_16P_64K) },
	{ "lat_pipe", "lat_ipc", ib_run_lat_pipe, ENABLED(CONFIG_IB_BENCH_LAT_PIPE) },
	{ "lat_unix", "lat_ipc", ib_run_lat_unix, ENABLED(CONFIG_IB_BENCH_LAT_UNIX) },
	{ "lat_udp", "lat_inet", ib_run_lat_udp, ENABLED(CONFIG_IB_BENCH_LAT_UDP) },
	{ "lat_rpc_udp", "lat_rpc", ib_run_lat_rpc_udp, ENABLED(CONFIG_IB_BENCH_LAT_RPC_UDP) },
	{ "lat_tcp", "lat_inet", ib_run_lat_tcp, ENABLED(CONFIG_IB_BENCH_LAT_TCP) },
	{ "lat_rpc_tcp", "lat_rpc", ib_run_lat_rpc_tcp, ENABLED(CONFIG_IB_BENCH_LAT_RPC_TCP) },
	{ "lat_tcp_conn", "lat_inet", ib_run_lat_tcp_conn, ENABLED(CONFIG_IB_BENCH_LAT_TCP_CONN) },
	{ "fs_0k", "lat_fs", ib_run_fs_0k, ENABLED(CONFIG_IB_BENCH_FS_0K) },
	{ "fs_10k", "lat_fs", ib_run_fs_10k, ENABLED(CONFIG_IB_BENCH_FS_10K) },
	{ "mmap_lat", "lat_vm", ib_run_mmap_lat, ENABLED(CONFIG_IB_BENCH_MMAP_LAT) },
	{ "prot_fault", "lat_vm", ib_run_prot_fault, ENABLED(CONFIG_IB_BENCH_PROT_FAULT) },
	{ "page_fault", "lat_vm", ib_run_page_fault, ENABLED(CONFIG_IB_BENCH_PAGE_FAULT) },
	{ "bw_pipe", "bw_ipc", ib_run_bw_pipe, ENABLED(CONFIG_IB_BENCH_BW_PIPE) },
	{ "bw_unix", "bw_ipc", ib_run_bw_unix, ENABLED(CONFIG_IB_BENCH_BW_UNIX) },
	{ "bw_tcp", "bw_ipc", ib_run_bw_tcp, ENABLED(CONFIG_IB_BENCH_BW_TCP) },
	{ "bw_file_reread", "bw_file", ib_run_bw_file_reread, ENABLED(CONFIG_IB_BENCH_BW_FILE_REREAD) },
	{ "bw_mmap_reread", "bw_file", ib_run_bw_mmap_reread, ENABLED(CONFIG_IB_BENCH_BW_MMAP_REREAD) },
	{ "bw_bcopy_libc", "bw_mem", ib_run_bw_bcopy_libc, ENABLED(CONFIG_IB_BENCH_BW_BCOPY_LIBC) },
	{ "bw_bcopy_hand", "bw_mem", ib_run_bw_bcopy_hand, ENABLED(CONFIG_IB_BENCH_BW_BCOPY_HAND) },
	{ "bw_mem_read", "bw_mem", ib_run_bw_mem_read, ENABLED(CONFIG_IB_BENCH_BW_MEM_READ) },
	{ "bw_mem_write", "bw_mem", ib_run_bw_mem_write, ENABLED(CONFIG_IB_BENCH_BW_MEM_WRITE) },
	{ "lat_mem", "lat_mem", ib_run_lat_mem, ENABLED(CONFIG_IB_BENCH_LAT_MEM) },
#ifdef CONFIG_IB_BENCH_SELFTEST
	/* bench/selftest.c: they misbehave on purpose; never in `all`, run only when named */
	{ "selftest_segv", "selftest", ib_run_selftest_segv, 0 },
	{ "selftest_exit", "selftest", ib_run_selftest_exit, 0 },
	{ "selftest_hang", "selftest", ib_run_selftest_hang, 0 },
	{ "selftest_oom", "selftest", ib_run_selftest_oom, 0 },
#endif
};

const unsigned ib_nbenches = sizeof(ib_benches) / sizeof(ib_benches[0]);
