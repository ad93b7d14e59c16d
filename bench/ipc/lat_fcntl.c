/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_fcntl.c - a POSIX record-lock ping-pong between two processes (lmbench 3's lat_fcntl,
 * "Fcntl lock latency", which lmbench 2.0 lacks).
 *
 * Contract (bench/lib/bench.h): ib_run_lat_fcntl(), metric lat_fcntl, us per operation,
 * half of lmbench 3's procA(). Two files, each with a 1-byte write lock at offset 0 (fcntl
 * F_SETLKW to take it, F_SETLK F_UNLCK to release it), both taken by the benchmark process
 * before the fork. The partner child loops over lmbench 3's procB(): release lock 1, take
 * lock 2, release lock 2, take lock 1. The benchmark process makes lmbench 3's procA() (take
 * 1, release 2, take 2, release 1) in two halves, alternating: take 1 and release 2, then
 * take 2 and release 1. One half is one operation, lmbench 3's unit: it prints procA()'s
 * time divided by two (micro(..., 2 * get_n())). We make two fcntl() per operation and the
 * partner up to two. The operation is meant as a round trip (a lock handed over, one handed
 * back); but lmbench's order releases each lock and retakes it back to back (release 2,
 * take 2; release 1, the next take 1), so a woken partner that has not yet taken it loses
 * it again, and who blocks depends on the scheduler: natively, a copy of this loop blocked
 * the benchmark process about twice per 1000 operations and the partner about once per two
 * (bench/README.md). We keep lmbench's order, so the figure is lmbench's.
 * Nothing is subtracted but the clock read.
 *
 * The files are made with mkstemp() in tmpdir and unlinked at once: the locks need only the
 * open descriptors, so no name is left on any path. A kernel without file locking
 * (CONFIG_FILE_LOCKING off) answers the first F_SETLK on our fresh private file with EACCES
 * (the stub's error): a skip "no file locking". The partner dies with its parent
 * (PR_SET_PDEATHSIG); on every path the parent SIGKILLs and reaps it (ib_kill_child) and
 * closes the files. A partner that dies frees its lock, so no wait would ever block again:
 * its SIGCHLD sets a flag that every operation checks, and the benchmark fails with "lock
 * partner died" instead of timing uncontended locks.
 */

//bench: 780 lat_fcntl IB_BENCH_LAT_FCNTL lat_local
//
//config:config IB_BENCH_LAT_FCNTL
//config:	bool "fcntl lock: record-lock ping-pong between two processes (lmbench 3)"
//config:	default y
//config:	help
//config:	  lmbench 3's lat_fcntl: two processes hand two POSIX record
//config:	  locks (fcntl F_SETLKW / F_UNLCK) back and forth. Microseconds
//config:	  per half of lmbench 3's procA() (two fcntl() calls), its
//config:	  "Fcntl lock latency". Skipped without CONFIG_FILE_LOCKING.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

#include "bench/lib/bench.h"

struct locks {
	int fd[2];      /* lmbench 3's fd1, fd2 */
	unsigned half;  /* which half of procA() comes next: 0 or 1 */
};

static volatile sig_atomic_t partner_gone;

static void on_sigchld(int sig)
{
	(void)sig;
	partner_gone = 1;
}

/* F_SETLKW (take) or F_SETLK of F_UNLCK (release) on byte 0; retried after a signal */
static int lock_op(int fd, int take)
{
	struct flock l = { .l_type = take ? F_WRLCK : F_UNLCK, .l_whence = SEEK_SET,
			   .l_start = 0, .l_len = 1 };

	while (fcntl(fd, take ? F_SETLKW : F_SETLK, &l) < 0) {
		if (errno != EINTR)
			return -errno;
		if (partner_gone)
			return -ECHILD;
	}
	return 0;
}

static void __attribute__((noreturn)) partner(const struct locks *k, pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	for (;;) {   /* lmbench 3's procB(); the first release frees a lock it does not hold */
		if (lock_op(k->fd[0], 0) || lock_op(k->fd[1], 1) || lock_op(k->fd[1], 0) ||
		    lock_op(k->fd[0], 1))
			_exit(1);
	}
}

static int round_trips(void *arg, uint64_t n)
{
	struct locks *k = arg;

	for (uint64_t i = 0; i < n; i++) {
		/* half 0: take 1, release 2; half 1: take 2, release 1 */
		int err = lock_op(k->fd[k->half], 1);

		if (!err)
			err = lock_op(k->fd[!k->half], 0);
		if (err)
			return err;
		if (partner_gone)
			return -ECHILD;
		k->half = !k->half;
	}
	return 0;
}

/* an unlinked file in tmp, or -1 with the reason set */
static int private_file(const char *tmp)
{
	char path[PATH_MAX];
	int fd;

	if (snprintf(path, sizeof(path), "%s/ib-fcntl.XXXXXX", tmp) >= (int)sizeof(path)) {
		ib_reason("tmpdir path too long");
		return -1;
	}
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0) {
		ib_reason("make a file in %s: %s", tmp, strerror(errno));
		return -1;
	}
	unlink(path);
	return fd;
}

/* both locks held by us, as lmbench 3's initialize() leaves them; reason set on failure */
static int take_both(struct locks *k)
{
	for (int i = 0; i < 2; i++) {
		struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0,
				   .l_len = 1 };

		/* nobody else has the file: only the !CONFIG_FILE_LOCKING stub refuses */
		if (fcntl(k->fd[i], F_SETLK, &l) < 0) {
			int err = errno;

			ib_reason("%s: fcntl(F_SETLK): %s",
				  err == EACCES ? "no file locking" : "lat_fcntl", strerror(err));
			return err == EACCES ? IB_SKIP : IB_FAIL;
		}
	}
	return IB_OK;
}

static int measure_locks(struct locks *k)
{
	static const struct ib_metric m = { "lat_fcntl", "us", 0.0,
					    "files=2 lock_bytes=1 fcntl_per_side=2", 0 };
	struct sigaction act, saved;
	struct ib_result r;
	pid_t self = getpid(), pid;
	int err;

	partner_gone = 0;
	memset(&act, 0, sizeof(act));
	act.sa_handler = on_sigchld;
	sigaction(SIGCHLD, &act, &saved);
	pid = fork();
	if (pid == 0)
		partner(k, self);
	if (pid < 0) {
		ib_reason("fork: %s", strerror(errno));
		sigaction(SIGCHLD, &saved, NULL);
		return IB_FAIL;
	}
	err = ib_measure(&m, round_trips, k, &r);
	ib_kill_child(&pid);
	sigaction(SIGCHLD, &saved, NULL);
	if (!err)
		return IB_OK;
	if (err == -ECHILD)
		ib_reason("lat_fcntl: lock partner died");
	else
		ib_reason("lat_fcntl: fcntl: %s", strerror(-err));
	return IB_FAIL;
}

int ib_run_lat_fcntl(void)
{
	const char *tmp = ib_opts && ib_opts->tmpdir && *ib_opts->tmpdir ? ib_opts->tmpdir : "/tmp";
	struct locks k = { { -1, -1 }, 0 };
	int ret = IB_FAIL;

	k.fd[0] = private_file(tmp);
	if (k.fd[0] >= 0)
		k.fd[1] = private_file(tmp);
	if (k.fd[1] >= 0) {
		ret = take_both(&k);
		if (ret == IB_OK)
			ret = measure_locks(&k);
	}
	for (int i = 0; i < 2; i++)
		if (k.fd[i] >= 0)
			close(k.fd[i]);
	return ret;
}
