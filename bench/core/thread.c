/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * thread.c - creating a thread and waiting for it: LEBench's thread create, next to
 * lmbench's fork proc.
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per operation:
 *  - thread_create: pthread_create() of a thread that returns at once, then pthread_join().
 *    musl's pthread_create maps the new thread's stack and guard (mmap, mprotect) and makes
 *    one clone(CLONE_VM | CLONE_THREAD | ...); the thread's exit wakes the joiner through the
 *    kernel's clear-child-tid futex, and musl unmaps the stack. So one operation is a clone,
 *    the new task's first schedule and exit, and the stack's map and unmap: what a
 *    thread-per-request server pays per thread. Default attributes (musl's 128 KB stack).
 * Counts, checked with strace -f -c (tests/integration/counts/check-core.sh): one clone per
 * operation.
 */

//bench: 960 thread_create IB_BENCH_THREAD_CREATE core
//
//config:config IB_BENCH_THREAD_CREATE
//config:	bool "thread create: pthread_create() + pthread_join()"
//config:	default y
//config:	help
//config:	  One thread created with default attributes, returning at once,
//config:	  and joined. Microseconds per thread.

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>

#include "bench/lib/bench.h"

static void *nothing(void *arg)
{
	return arg;
}

static int create_join(void *arg, uint64_t n)
{
	uint64_t acc = 0;

	(void)arg;
	for (uint64_t i = 0; i < n; i++) {
		pthread_t t;
		void *ret;
		int err = pthread_create(&t, NULL, nothing, (void *)(uintptr_t)i);

		if (err)
			return -err;
		err = pthread_join(t, &ret);
		if (err)
			return -err;
		acc += (uintptr_t)ret;
	}
	ib_sink = acc;
	return 0;
}

int ib_run_thread_create(void)
{
	static const struct ib_metric m = { "thread_create", "us", 0.0, NULL, 0 };

	return ib_measure_run(&m, create_join, NULL);
}
