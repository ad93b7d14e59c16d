/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pending.c - TEMPORARY while issue 3's benchmarks are being written in parallel: a weak
 * placeholder per registry entry whose file does not exist yet, so the suite links. Each
 * reports itself as skipped. A benchmark's real (strong) definition replaces it at link time.
 * This file is deleted once every benchmark exists.
 */
#include "bench.h"

__attribute__((weak)) int ib_run_mhz(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_select_file(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_pipe(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_unix(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_udp(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_rpc_udp(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_tcp(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_rpc_tcp(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_tcp_conn(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_fs_0k(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_fs_10k(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_mmap_lat(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_prot_fault(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_page_fault(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_pipe(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_unix(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_tcp(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_file_reread(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_mmap_reread(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_bcopy_libc(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_bcopy_hand(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_mem_read(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_bw_mem_write(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}

__attribute__((weak)) int ib_run_lat_mem(void)
{
	ib_reason("not implemented yet");
	return IB_SKIP;
}
