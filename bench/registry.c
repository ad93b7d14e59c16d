/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * registry.c - the one table of benchmarks, in lmbench summary order.
 *
 * Adding a benchmark: write its run function in the family's file in bench/, declare it
 * here, add a row, and a CONFIG_IB_BENCH_<NAME> entry in bench/Kconfig. The row's order is
 * the default run order and the KTAP test number.
 */
#include "config.h"
#include "bench.h"

#define ENABLED(sym) (sym + 0)

int ib_run_null_call(void);
int ib_run_null_io(void);
int ib_run_stat(void);
int ib_run_open_close(void);
int ib_run_select_tcp(void);
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

const struct ib_bench ib_benches[] = {
	{ "null_call", "lat_syscall", ib_run_null_call, ENABLED(CONFIG_IB_BENCH_NULL_CALL) },
	{ "null_io", "lat_syscall", ib_run_null_io, ENABLED(CONFIG_IB_BENCH_NULL_IO) },
	{ "stat", "lat_syscall", ib_run_stat, ENABLED(CONFIG_IB_BENCH_STAT) },
	{ "open_close", "lat_syscall", ib_run_open_close, ENABLED(CONFIG_IB_BENCH_OPEN_CLOSE) },
	{ "select_tcp", "lat_select", ib_run_select_tcp, ENABLED(CONFIG_IB_BENCH_SELECT_TCP) },
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
};

const unsigned ib_nbenches = sizeof(ib_benches) / sizeof(ib_benches[0]);
