/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_fifo.c - round trip of one byte between two processes over two named FIFOs (lmbench's
 * lat_fifo, an lmbench 3 benchmark that lmbench 2.0's summary lacks).
 *
 * Contract (bench/lib/bench.h): ib_run_lat_fifo(), metric lat_fifo, us per round trip.
 * One operation: the benchmark process writes one byte into the "down" FIFO, the echo child
 * reads it there and writes it into the "up" FIFO, the benchmark process reads it back and
 * checks it is the byte it sent: two writes, two reads, two wake-ups, as lat_pipe but through
 * FIFOs that each process opens by name. Nothing is subtracted but the clock read.
 *
 * The FIFOs live in a private directory <tmpdir>/ib-fifo.XXXXXX. The benchmark process opens
 * its ends without blocking (up for reading; down for writing, which a reader it holds until
 * the fork makes possible), so no open() waits on a child that may never come; the child
 * opens its ends by name, which cannot block since the other ends are open, and sends one
 * byte to say so (lmbench's "one time around"). Then both names and the directory are
 * removed: the open FIFOs need no name, and nothing is left behind later whatever happens.
 *
 * The child dies with its parent (PR_SET_PDEATHSIG) and on EOF; on every path the parent
 * closes its ends, SIGKILLs and reaps it (ib_kill_child) and removes what is left of the
 * directory. A child that dies shows as EOF or EPIPE (SIGPIPE is ignored during the run) and
 * fails the benchmark with "echo child died"; one that never says it is ready within 10 s
 * fails it with "echo child did not open the FIFOs".
 */

//bench: 760 lat_fifo IB_BENCH_LAT_FIFO lat_local
//
//config:config IB_BENCH_LAT_FIFO
//config:	bool "FIFO: 1-byte hot potato over two named FIFOs (lmbench 3)"
//config:	default y
//config:	help
//config:	  lmbench's lat_fifo: two processes pass one byte back and forth
//config:	  through two FIFOs made with mkfifo() in tmpdir and opened by
//config:	  name. Microseconds per round trip (two writes, two reads).

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/ipc/lat_ipc.h"

#define READY_WAIT_MS 10000

struct fifos {
	char dir[PATH_MAX - 16];
	char up[PATH_MAX], down[PATH_MAX];  /* child -> benchmark, benchmark -> child */
	int named;      /* how many of dir, down, up exist (removed in reverse order) */
	int rd, wr;     /* the benchmark process's ends: up for reading, down for writing */
	pid_t pid;
};

/* remove the names still there: the FIFOs, then their directory */
static void fifos_unname(struct fifos *f)
{
	if (f->named >= 3)
		unlink(f->up);
	if (f->named >= 2)
		unlink(f->down);
	if (f->named >= 1)
		rmdir(f->dir);
	f->named = 0;
}

static void fifos_stop(struct fifos *f)
{
	ib_close_ends(&f->wr, &f->rd);
	ib_kill_child(&f->pid);
	fifos_unname(f);
}

/* the echo child: open both FIFOs by name, say "ready", then echo every byte */
static void __attribute__((noreturn)) fifo_child(const struct fifos *f, pid_t parent)
{
	char c = 'r';
	int in, out;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
	out = open(f->up, O_WRONLY);
	in = open(f->down, O_RDONLY);
	/* the inherited ends go: EOF on down must mean the benchmark process is gone */
	close(f->rd);
	close(f->wr);
	if (out < 0 || in < 0 || write(out, &c, 1) != 1)
		_exit(1);
	for (;;) {
		ssize_t got = read(in, &c, 1);

		if (got == 1 && write(out, &c, 1) == 1)
			continue;
		if (got < 0 && errno == EINTR)
			continue;
		_exit(0);
	}
}

/* make the directory and the FIFOs, open the benchmark's ends; reason set on failure */
static int fifos_make(struct fifos *f)
{
	const char *tmp = ib_opts && ib_opts->tmpdir && *ib_opts->tmpdir ? ib_opts->tmpdir : "/tmp";
	int hold;

	if (snprintf(f->dir, sizeof(f->dir), "%s/ib-fifo.XXXXXX", tmp) >= (int)sizeof(f->dir)) {
		ib_reason("tmpdir path too long");
		return -1;
	}
	if (!mkdtemp(f->dir)) {
		ib_reason("make a directory in %s: %s", tmp, strerror(errno));
		return -1;
	}
	f->named = 1;
	snprintf(f->down, sizeof(f->down), "%s/down", f->dir);
	snprintf(f->up, sizeof(f->up), "%s/up", f->dir);
	if (mkfifo(f->down, 0600) < 0 || (f->named = 2, mkfifo(f->up, 0600) < 0)) {
		ib_reason("mkfifo in %s: %s", f->dir, strerror(errno));
		return -1;
	}
	f->named = 3;
	f->rd = open(f->up, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	/* a write end opens without blocking only while a read end is open: hold one */
	hold = open(f->down, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	f->wr = hold < 0 ? -1 : open(f->down, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (hold >= 0)
		close(hold);
	if (f->rd < 0 || f->wr < 0) {
		ib_reason("open a FIFO in %s: %s", f->dir, strerror(errno));
		return -1;
	}
	/* the round trips block, as lmbench's */
	if (fcntl(f->rd, F_SETFL, 0) < 0 || fcntl(f->wr, F_SETFL, 0) < 0) {
		ib_reason("fcntl(F_SETFL): %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* wait for the child's "ready" byte; reason set on failure */
static int fifos_ready(struct fifos *f)
{
	struct pollfd p = { f->rd, POLLIN, 0 };
	char c;
	int r;

	do
		r = poll(&p, 1, READY_WAIT_MS);
	while (r < 0 && errno == EINTR);
	if (r == 0) {
		ib_reason("echo child did not open the FIFOs");
		return -1;
	}
	if (r < 0 || read(f->rd, &c, 1) != 1 || c != 'r') {
		ib_reason("echo child died");
		return -1;
	}
	return 0;
}

static int round_trips(void *arg, uint64_t n)
{
	const struct fifos *f = arg;

	return ib_echo_round_trips(f->wr, f->rd, n);
}

static int measure_fifos(struct fifos *f)
{
	static const struct ib_metric m = { "lat_fifo", "us", 0.0, "msg_bytes=1", 0 };
	struct ib_result r;
	int err;

	err = ib_measure(&m, round_trips, f, &r);
	if (!err)
		return IB_OK;
	if (err == -EPIPE)
		ib_reason("lat_fifo: echo child died");
	else if (err == -EPROTO)
		ib_reason("lat_fifo: echoed byte differs");
	else
		ib_reason("lat_fifo: %s", strerror(-err));
	return IB_FAIL;
}

int ib_run_lat_fifo(void)
{
	struct fifos f = { .rd = -1, .wr = -1 };
	struct sigaction ign, saved;
	pid_t self = getpid();
	int ret = IB_FAIL;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &saved);
	if (fifos_make(&f))
		goto out;
	f.pid = fork();
	if (f.pid == 0)
		fifo_child(&f, self);
	if (f.pid < 0) {
		f.pid = 0;
		ib_reason("fork: %s", strerror(errno));
		goto out;
	}
	if (fifos_ready(&f))
		goto out;
	fifos_unname(&f);
	ret = measure_fifos(&f);
out:
	fifos_stop(&f);
	sigaction(SIGPIPE, &saved, NULL);
	return ret;
}
