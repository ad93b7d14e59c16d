/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uring.c - the fixed cost of io_uring: one NOP submitted and its completion reaped.
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per operation:
 *  - uring_nop: one IORING_OP_NOP entry written into the submission ring, then
 *    io_uring_enter(fd, to_submit=1, min_complete=1, IORING_ENTER_GETEVENTS), then its
 *    completion taken off the completion ring (its user_data must be the operation's number
 *    and its result 0, else the benchmark fails: -EPROTO). The NOP completes inline, so
 *    the figure is one kernel entry, the submission, the completion posting and the rings'
 *    bookkeeping: what io_uring adds to any request it carries, with no worker thread and
 *    no polling thread (plain io_uring_setup, 8 entries, no flags).
 * Raw system calls and our own mapping of the rings (no liburing in the guest; the guest is
 * built without kernel headers, so the structures below follow the kernel's uapi
 * <linux/io_uring.h>, whose layout is ABI): the submission ring, the completion ring and
 * the entries are mapped at their three fixed offsets, which every kernel since 5.1
 * accepts (with IORING_FEAT_SINGLE_MMAP the two rings are the same pages).
 * Skips, with the reason: ENOSYS (a kernel without CONFIG_IO_URING), EPERM (sysctl
 * kernel.io_uring_disabled, Linux 6.6), any other failure of io_uring_setup() or of the
 * mappings (a memlock limit before Linux 5.12, say). Everything is unmapped and closed on
 * every path.
 * Counts, checked with strace -c (tests/integration/counts/check-core.sh): one
 * io_uring_enter per operation.
 */

//bench: 995 uring_nop IB_BENCH_URING_NOP core
//
//config:config IB_BENCH_URING_NOP
//config:	bool "io_uring: one NOP submitted and reaped"
//config:	default y
//config:	help
//config:	  One no-op request through io_uring: written into the
//config:	  submission ring, io_uring_enter() submits it and waits for
//config:	  its completion. Skipped without io_uring. Microseconds per NOP.

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#ifndef SYS_io_uring_setup   /* the same numbers on every architecture (Linux 5.1) */
#define SYS_io_uring_setup 425
#define SYS_io_uring_enter 426
#endif

#define ENTRIES 8
#define OP_NOP 0                       /* IORING_OP_NOP */
#define ENTER_GETEVENTS 1u             /* IORING_ENTER_GETEVENTS */
#define OFF_SQ_RING 0ull               /* IORING_OFF_SQ_RING */
#define OFF_CQ_RING 0x8000000ull       /* IORING_OFF_CQ_RING */
#define OFF_SQES 0x10000000ull         /* IORING_OFF_SQES */

struct sq_offsets {   /* struct io_sqring_offsets */
	uint32_t head, tail, ring_mask, ring_entries, flags, dropped, array, resv1;
	uint64_t user_addr;
};

struct cq_offsets {   /* struct io_cqring_offsets */
	uint32_t head, tail, ring_mask, ring_entries, overflow, cqes, flags, resv1;
	uint64_t user_addr;
};

struct uring_params {   /* struct io_uring_params */
	uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle, features, wq_fd;
	uint32_t resv[3];
	struct sq_offsets sq_off;
	struct cq_offsets cq_off;
};

struct sqe {   /* struct io_uring_sqe: the fields a NOP sets, the rest zero */
	uint8_t opcode, flags;
	uint16_t ioprio;
	int32_t fd;
	uint64_t off, addr;
	uint32_t len, op_flags;
	uint64_t user_data;
	uint64_t rest[3];
};

struct cqe {   /* struct io_uring_cqe */
	uint64_t user_data;
	int32_t res;
	uint32_t flags;
};

_Static_assert(sizeof(struct uring_params) == 120, "io_uring_params is 120 bytes");
_Static_assert(sizeof(struct sqe) == 64, "an SQE is 64 bytes");
_Static_assert(sizeof(struct cqe) == 16, "a CQE is 16 bytes");

struct ring {
	int fd;
	void *sq_map, *cq_map;
	struct sqe *sqes;
	size_t sq_len, cq_len, sqes_len;
	uint32_t *sq_tail, *sq_mask, *sq_array;
	uint32_t *cq_head, *cq_tail, *cq_mask;
	struct cqe *cqes;
	uint64_t seq;   /* user_data of the next NOP */
};

static void *ring_map(int fd, size_t len, unsigned long long off)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, (off_t)off);
}

static void ring_close(struct ring *r)
{
	if (r->sqes && r->sqes != MAP_FAILED)
		munmap(r->sqes, r->sqes_len);
	if (r->cq_map && r->cq_map != MAP_FAILED)
		munmap(r->cq_map, r->cq_len);
	if (r->sq_map && r->sq_map != MAP_FAILED)
		munmap(r->sq_map, r->sq_len);
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	r->sq_map = r->cq_map = NULL;
	r->sqes = NULL;
}

/* IB_OK, or a skip with the reason: every way io_uring can be missing is a skip */
static int ring_open(struct ring *r)
{
	struct uring_params p;

	memset(&p, 0, sizeof(p));
	r->fd = (int)syscall(SYS_io_uring_setup, (long)ENTRIES, &p);
	if (r->fd < 0) {
		int e = errno;

		if (e == ENOSYS)
			ib_reason("no io_uring (CONFIG_IO_URING): %s", strerror(e));
		else if (e == EPERM)
			ib_reason("io_uring disabled (kernel.io_uring_disabled): %s", strerror(e));
		else
			ib_reason("io_uring_setup: %s", strerror(e));
		r->fd = -1;
		return IB_SKIP;
	}
	r->sq_len = p.sq_off.array + p.sq_entries * sizeof(uint32_t);
	r->cq_len = p.cq_off.cqes + p.cq_entries * sizeof(struct cqe);
	r->sqes_len = p.sq_entries * sizeof(struct sqe);
	r->sq_map = ring_map(r->fd, r->sq_len, OFF_SQ_RING);
	r->cq_map = ring_map(r->fd, r->cq_len, OFF_CQ_RING);
	r->sqes = ring_map(r->fd, r->sqes_len, OFF_SQES);
	if (r->sq_map == MAP_FAILED || r->cq_map == MAP_FAILED || r->sqes == MAP_FAILED) {
		ib_reason("io_uring ring mmap: %s", strerror(errno));
		ring_close(r);
		return IB_SKIP;
	}
	r->sq_tail = (uint32_t *)((char *)r->sq_map + p.sq_off.tail);
	r->sq_mask = (uint32_t *)((char *)r->sq_map + p.sq_off.ring_mask);
	r->sq_array = (uint32_t *)((char *)r->sq_map + p.sq_off.array);
	r->cq_head = (uint32_t *)((char *)r->cq_map + p.cq_off.head);
	r->cq_tail = (uint32_t *)((char *)r->cq_map + p.cq_off.tail);
	r->cq_mask = (uint32_t *)((char *)r->cq_map + p.cq_off.ring_mask);
	r->cqes = (struct cqe *)((char *)r->cq_map + p.cq_off.cqes);
	return IB_OK;
}

/* one NOP in, one completion out; 0 or -errno, -EPROTO for a completion not ours */
static int nop(struct ring *r)
{
	uint32_t tail = *r->sq_tail;   /* only we move the submission tail */
	uint32_t slot = tail & *r->sq_mask, head;
	struct sqe *e = &r->sqes[slot];
	struct cqe *c;
	long got;

	memset(e, 0, sizeof(*e));
	e->opcode = OP_NOP;
	e->fd = -1;
	e->user_data = ++r->seq;
	r->sq_array[slot] = slot;
	/* the entry must be visible before the tail that hands it to the kernel */
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	/* every argument as a long: syscall() reads six of them whatever their C types */
	got = syscall(SYS_io_uring_enter, (long)r->fd, 1L, 1L, (long)ENTER_GETEVENTS, 0L, 0L);
	if (got != 1)
		return got < 0 ? -errno : -EPROTO;
	head = *r->cq_head;
	if (__atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE) == head)
		return -EPROTO;
	c = &r->cqes[head & *r->cq_mask];
	if (c->user_data != r->seq || c->res != 0)
		return -EPROTO;
	__atomic_store_n(r->cq_head, head + 1, __ATOMIC_RELEASE);
	return 0;
}

static int nop_loop(void *arg, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		int err = nop(arg);

		if (err)
			return err;
	}
	return 0;
}

int ib_run_uring_nop(void)
{
	static const struct ib_metric m = { "uring_nop", "us", 0.0, "entries=8", 0 };
	struct ring r = { .fd = -1 };
	struct ib_result res;
	int ret = ring_open(&r), err;

	if (ret != IB_OK)
		return ret;
	err = ib_measure(&m, nop_loop, &r, &res);
	ring_close(&r);
	if (err == -EPROTO) {
		ib_reason("uring_nop: a NOP was not submitted or its completion was not its own");
		return IB_FAIL;
	}
	if (err) {
		ib_reason("uring_nop: %s", strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}
