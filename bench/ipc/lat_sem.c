/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_sem.c - a SysV semaphore ping-pong between two processes (lmbench 3's lat_sem, which
 * lmbench 2.0 lacks).
 *
 * Contract (bench/lib/bench.h): ib_run_lat_sem(), metrics lat_sem_rt (us per round trip)
 * and lat_sem (us per hand-off: lmbench 3's "Semaphore latency", half the round trip).
 * One set of two semaphores, both 0 (semget(IPC_PRIVATE)). The partner child posts
 * semaphore 1 once, then loops on one semop() of two operations: take 0, post 1. One
 * operation of the benchmark process is one semop() of two operations: take 1, post 0. So
 * a round trip is one semop() in each process, each of which wakes the other: the same
 * pairing of operations as lmbench 3's doit() and writer(). The harness times round trips
 * (lat_sem_rt, as every other IPC latency here); lmbench 3 prints half of one (its
 * "Semaphore latency" divides by twice the count: one hand-off), which is lat_sem, the
 * column under lmbench 3's name: each sample of lat_sem_rt halved, emitted with
 * ib_emit_result(). Nothing is subtracted but the clock read.
 *
 * No SysV IPC in the kernel (CONFIG_SYSVIPC off: semget fails with ENOSYS) is a skip with
 * the kernel's reason. The child dies with its parent (PR_SET_PDEATHSIG) and when the set
 * is removed (its semop fails); on every path the parent SIGKILLs and reaps it
 * (ib_kill_child) and removes the set (IPC_RMID). Only a kill by the runner's time limit
 * can leave the set behind. A child that dies during the run makes the SIGCHLD handler
 * remove the set, so the benchmark process's semop() fails at once whether it was waiting
 * or about to call it (a flag alone would miss a death just before the call and wait for
 * ever), and the benchmark fails with "semaphore partner died".
 */

//bench: 770 lat_sem IB_BENCH_LAT_SEM lat_local
//
//config:config IB_BENCH_LAT_SEM
//config:	bool "SysV semaphore: ping-pong between two processes (lmbench 3)"
//config:	default y
//config:	help
//config:	  lmbench 3's lat_sem: two processes hand a SysV semaphore back
//config:	  and forth, one semop() of two operations each per round trip.
//config:	  Microseconds per hand-off (half a round trip, as lmbench 3
//config:	  prints it). Skipped without CONFIG_SYSVIPC.

#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/types.h>
#include <unistd.h>

#include "bench/lib/bench.h"

/* semctl()'s fourth argument; the caller defines it (POSIX, and neither libc does) */
union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

enum { SEM_CHILD_TAKES, SEM_PARENT_TAKES };

static volatile sig_atomic_t partner_gone;
static volatile sig_atomic_t set_id = -1;   /* what the handler removes */

static void on_sigchld(int sig)
{
	int saved = errno;

	(void)sig;
	partner_gone = 1;
	if (set_id >= 0)
		semctl(set_id, 0, IPC_RMID);
	errno = saved;
}

/* take semaphore `take` and post `post` in one semop(), retried after a signal */
static int hand_over(int id, unsigned short take, unsigned short post)
{
	struct sembuf ops[2] = {
		{ .sem_num = take, .sem_op = -1, .sem_flg = 0 },
		{ .sem_num = post, .sem_op = 1, .sem_flg = 0 },
	};

	while (semop(id, ops, 2) < 0) {
		if (partner_gone)
			return -ECHILD;
		if (errno != EINTR)
			return -errno;
	}
	return 0;
}

static void __attribute__((noreturn)) partner(int id, pid_t parent)
{
	struct sembuf first = { .sem_num = SEM_PARENT_TAKES, .sem_op = 1, .sem_flg = 0 };

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent || semop(id, &first, 1) < 0)
		_exit(1);
	while (!hand_over(id, SEM_CHILD_TAKES, SEM_PARENT_TAKES))
		;
	_exit(0);   /* the set was removed: the benchmark is over */
}

static int ping_pong(void *arg, uint64_t n)
{
	const int *id = arg;

	for (uint64_t i = 0; i < n; i++) {
		int err = hand_over(*id, SEM_PARENT_TAKES, SEM_CHILD_TAKES);

		if (err)
			return err;
	}
	return 0;
}

/* measure over a set of two semaphores at 0; always ends the partner */
static int measure_set(int id)
{
	static const struct ib_metric m = { "lat_sem_rt", "us", 0.0, "sems=2 nsops=2", 0 };
	static const struct ib_metric half = { "lat_sem", "us", 0.0,
					       "sems=2 nsops=2 half_of=lat_sem_rt", 0 };
	struct sigaction act, saved;
	struct ib_result r;
	pid_t self = getpid(), pid;
	int err;

	partner_gone = 0;
	set_id = id;
	memset(&act, 0, sizeof(act));
	act.sa_handler = on_sigchld;
	sigaction(SIGCHLD, &act, &saved);
	pid = fork();
	if (pid == 0)
		partner(id, self);
	if (pid < 0) {
		ib_reason("fork: %s", strerror(errno));
		sigaction(SIGCHLD, &saved, NULL);
		set_id = -1;
		return IB_FAIL;
	}
	err = ib_measure(&m, ping_pong, &id, &r);
	ib_kill_child(&pid);   /* its SIGCHLD removes the set */
	sigaction(SIGCHLD, &saved, NULL);
	set_id = -1;
	if (!err) {
		for (unsigned i = 0; i < r.nsamples; i++)
			r.samples[i] /= 2;
		r.median /= 2;
		r.min /= 2;
		err = ib_emit_result(&half, &r);
		if (!err)
			return IB_OK;
		ib_reason("lat_sem: %s", strerror(-err));
		return IB_FAIL;
	}
	if (err == -ECHILD)
		ib_reason("lat_sem: semaphore partner died");
	else
		ib_reason("lat_sem: semop: %s", strerror(-err));
	return IB_FAIL;
}

int ib_run_lat_sem(void)
{
	unsigned short zero[2] = { 0, 0 };
	union semun arg = { .array = zero };
	int id, ret;

	id = semget(IPC_PRIVATE, 2, IPC_CREAT | IPC_EXCL | 0600);
	if (id < 0) {
		int err = errno;

		ib_reason("%s: semget: %s", err == ENOSYS ? "no SysV IPC" : "lat_sem",
			  strerror(err));
		return err == ENOSYS ? IB_SKIP : IB_FAIL;
	}
	/* Linux starts a new set at 0, POSIX leaves it unspecified: say it */
	if (semctl(id, 0, SETALL, arg) < 0) {
		ib_reason("lat_sem: semctl(SETALL): %s", strerror(errno));
		ret = IB_FAIL;
	} else {
		ret = measure_set(id);
	}
	semctl(id, 0, IPC_RMID);   /* EINVAL when the handler did it: nothing left either way */
	return ret;
}
