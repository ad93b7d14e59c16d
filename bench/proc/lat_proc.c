/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_proc.c - process creation ("fork proc", "exec proc", "sh proc").
 *
 * Contract (bench/lib/bench.h): one operation is one child created and reaped:
 *  - fork_proc: fork(); the child _exit(0)s; the parent waitpid()s for it.
 *  - exec_proc: fork(); the child execve()s opts->hello (argv = { path }, empty environment);
 *    the parent waitpid()s.
 *  - sh_proc:   fork(); the child execl(opts->sh, "sh", "-c", opts->hello); the parent waits.
 * Every exit status is checked: anything but a normal exit 0 fails the benchmark with the
 * status in the reason (so a missing binary can never pass as a cheap fork + exit, as it
 * does in lmbench). exec_proc and sh_proc check their binaries (regular file, executable)
 * before anything is timed and fail loudly if they are not there.
 * Children use _exit() only: they must never flush the suite's stdio buffers.
 */

//bench: 100 fork_proc IB_BENCH_FORK_PROC processes
//bench: 110 exec_proc IB_BENCH_EXEC_PROC processes
//bench: 120 sh_proc IB_BENCH_SH_PROC processes
//
//config:config IB_BENCH_FORK_PROC
//config:	bool "fork proc: fork() + _exit() + wait"
//config:	default y
//
//config:config IB_BENCH_EXEC_PROC
//config:	bool "exec proc: fork() + execve() of a tiny static binary + wait"
//config:	default y
//
//config:config IB_BENCH_SH_PROC
//config:	bool "sh proc: fork() + /bin/sh -c binary + wait"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#define EXEC_FAILED 127 /* the child's status when execve() itself failed */

enum proc_kind { PROC_FORK, PROC_EXEC, PROC_SH };

struct proc_arg {
	enum proc_kind kind;
	const char *hello;
	const char *sh;
	int bad_status;   /* the first status that was not a clean exit 0, or -1 */
};

static void child(const struct proc_arg *a)
{
	static char *const envp[] = { NULL };

	switch (a->kind) {
	case PROC_FORK:
		break;
	case PROC_EXEC: {
		char *const argv[] = { (char *)a->hello, NULL };

		execve(a->hello, argv, envp);
		_exit(EXEC_FAILED);
	}
	case PROC_SH: {
		char *const argv[] = { "sh", "-c", (char *)a->hello, NULL };

		execve(a->sh, argv, envp);
		_exit(EXEC_FAILED);
	}
	}
	_exit(0);
}

static int proc_loop(void *p, uint64_t n)
{
	struct proc_arg *a = p;

	for (uint64_t i = 0; i < n; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0)
			return -errno;
		if (pid == 0)
			child(a);
		while (waitpid(pid, &status, 0) < 0)
			if (errno != EINTR)
				return -errno;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			a->bad_status = status;
			return -ECHILD;
		}
	}
	return 0;
}

/* a regular, executable file, or fail with a reason naming it */
static int check_binary(const char *what, const char *path)
{
	struct stat st;

	if (!path || !*path) {
		ib_reason("%s binary not set", what);
		return -1;
	}
	if (stat(path, &st) < 0) {
		ib_reason("%s binary %s: %s", what, path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		ib_reason("%s binary %s: not a regular file", what, path);
		return -1;
	}
	if (access(path, X_OK) < 0) {
		ib_reason("%s binary %s: not executable (%s)", what, path, strerror(errno));
		return -1;
	}
	return 0;
}

static void status_reason(const char *name, int status)
{
	if (WIFSIGNALED(status))
		ib_reason("%s: child killed by signal %d", name, WTERMSIG(status));
	else if (WIFEXITED(status) && WEXITSTATUS(status) == EXEC_FAILED)
		ib_reason("%s: child exit %d (exec failed?)", name, EXEC_FAILED);
	else if (WIFEXITED(status))
		ib_reason("%s: child exit %d", name, WEXITSTATUS(status));
	else
		ib_reason("%s: child status 0x%x", name, (unsigned)status);
}

static int run_proc(const struct ib_metric *m, enum proc_kind kind)
{
	struct proc_arg a = { kind, NULL, NULL, -1 };
	struct ib_result r;
	int err;

	if (kind != PROC_FORK) {
		a.hello = ib_opts ? ib_opts->hello : NULL;
		if (check_binary("hello", a.hello)) {
			fprintf(stderr, "ibsuite: %s: hello binary missing or not executable\n",
				m->name);
			return IB_FAIL;
		}
	}
	if (kind == PROC_SH) {
		a.sh = ib_opts ? ib_opts->sh : NULL;
		if (check_binary("sh", a.sh)) {
			fprintf(stderr, "ibsuite: %s: shell missing or not executable\n", m->name);
			return IB_FAIL;
		}
	}
	err = ib_measure(m, proc_loop, &a, &r);
	if (err) {
		if (err == -ECHILD && a.bad_status != -1)
			status_reason(m->name, a.bad_status);
		else
			ib_reason("%s: %s", m->name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_fork_proc(void)
{
	static const struct ib_metric m = { "fork_proc", "us", 0.0, NULL, 0 };

	return run_proc(&m, PROC_FORK);
}

int ib_run_exec_proc(void)
{
	static const struct ib_metric m = { "exec_proc", "us", 0.0, NULL, 0 };

	return run_proc(&m, PROC_EXEC);
}

int ib_run_sh_proc(void)
{
	static const struct ib_metric m = { "sh_proc", "us", 0.0, NULL, 0 };

	return run_proc(&m, PROC_SH);
}
