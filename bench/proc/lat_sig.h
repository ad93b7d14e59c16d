/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_sig.h - the kill(pid, 0) loop shared by sig_hndl (lat_sig.c) and prot_fault (lat_vm.c).
 *
 * ib_kill0_loop(arg, n) is an ib_loop_fn: arg points to a pid_t (getpid() read once by the
 * caller, so no extra syscall is timed); it calls kill(pid, 0) n times, i.e. the permission
 * check and syscall of a kill without any signal, and returns 0 or the first -errno. Its
 * median is what sig_hndl and prot_fault_base subtract as overhead.
 */
#ifndef IB_LAT_SIG_H
#define IB_LAT_SIG_H

#include <stdint.h>

int ib_kill0_loop(void *arg, uint64_t n);

#endif
