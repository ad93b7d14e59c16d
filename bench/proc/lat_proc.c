/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_proc.c - process creation ("fork proc", "exec proc", "sh proc" and their static
 * variants).
 *
 * Contract (bench/lib/bench.h): one operation is one child created and reaped:
 *  - fork_proc: fork(); the child _exit(0)s; the parent waitpid()s for it.
 *  - exec_proc_dyn: fork(); the child closes its stdout and execve()s opts->hello_dyn
 *    (argv = { path }, empty environment); the parent waitpid()s. This is lmbench 2.0's
 *    do_forkexec(): its hello is dynamically linked and writes a greeting to the closed
 *    stdout, so the dynamic loader's work and one failed write are in the figure.
 *  - sh_proc_dyn: fork(); the child closes its stdout and execve()s opts->sh with
 *    { "sh", "-c", opts->hello_dyn }; the parent waits (lmbench 2.0's do_shell()).
 *  - exec_proc, sh_proc: the same with opts->hello, a statically linked hello: no loader.
 * Every exit status is checked: anything but a normal exit 0 fails the benchmark with the
 * status in the reason (so a missing binary can never pass as a cheap fork + exit, as it
 * does in lmbench). Before anything is timed the binaries are checked (regular file,
 * executable) and so is how the hello is linked: the _dyn ones must name a program
 * interpreter (PT_INTERP) that exists and is executable, the static ones must name none;
 * anything else fails loudly with the path. The records say which (params hello, linked,
 * interp).
 * Children use _exit() only: they must never flush the suite's stdio buffers.
 */

//bench: 100 fork_proc IB_BENCH_FORK_PROC processes
//bench: 110 exec_proc_dyn IB_BENCH_EXEC_PROC_DYN processes
//bench: 120 sh_proc_dyn IB_BENCH_SH_PROC_DYN processes
//bench: 700 exec_proc IB_BENCH_EXEC_PROC variants
//bench: 710 sh_proc IB_BENCH_SH_PROC variants
//
//config:config IB_BENCH_FORK_PROC
//config:	bool "fork proc: fork() + _exit() + wait"
//config:	default y
//
//config:config IB_BENCH_EXEC_PROC_DYN
//config:	bool "exec proc: fork() + execve() of a dynamically linked hello + wait"
//config:	default y
//
//config:config IB_BENCH_SH_PROC_DYN
//config:	bool "sh proc: fork() + /bin/sh -c dynamically linked hello + wait"
//config:	default y
//
//config:config IB_BENCH_EXEC_PROC
//config:	bool "exec static: fork() + execve() of a static hello + wait"
//config:	default y
//
//config:config IB_BENCH_SH_PROC
//config:	bool "sh static: fork() + /bin/sh -c static hello + wait"
//config:	default y

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/proc/elfinterp.h"
#include "bench/lib/measure.h"

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

	/* lmbench's children close stdout: the hello's greeting fails, reaching no console */
	if (a->kind != PROC_FORK)
		close(1);
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

/* a regular, executable file, or fail with a reason naming it: "hello /bin/x: ..." */
static int check_binary(const char *what, const char *path)
{
	struct stat st;

	if (!path || !*path) {
		ib_reason("%s binary not set", what);
		return -1;
	}
	if (stat(path, &st) < 0) {
		ib_reason("%s %s: %s", what, path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		ib_reason("%s %s: not a regular file", what, path);
		return -1;
	}
	if (access(path, X_OK) < 0) {
		ib_reason("%s %s: not executable (%s)", what, path, strerror(errno));
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

/*
 * hello must be linked as the metric says: dynamically, with an interpreter that exists
 * (lmbench's), or statically; else fail with the path. *interp gets the interpreter.
 */
static int check_linking(const char *hello, int dynamic, char *interp, size_t cap)
{
	int r = ib_elf_interp(hello, interp, cap);

	if (r < 0) {
		ib_reason("hello %s: %s", hello, r == IB_ELF_NOTELF ? "not an ELF executable" :
			  r == IB_ELF_BAD ? "malformed ELF program headers" : strerror(-r));
		return -1;
	}
	if (!dynamic && r == 1) {
		ib_reason("hello %s is dynamically linked (interpreter %s): the static variant "
			  "needs a static one", hello, interp);
		return -1;
	}
	if (dynamic && r == 0) {
		ib_reason("hello_dyn %s is statically linked: exec proc needs a dynamically "
			  "linked hello, as lmbench's", hello);
		return -1;
	}
	if (dynamic && check_binary("dynamic loader", interp)) {
		char why[512];

		snprintf(why, sizeof(why), "%s (named by hello_dyn %s)", ib_reason_text(), hello);
		ib_reason("%s", why);
		return -1;
	}
	if (!dynamic)
		snprintf(interp, cap, "none");
	return 0;
}

static int run_proc(const char *name, enum proc_kind kind, int dynamic)
{
	char params[2 * PATH_MAX + 64], interp[PATH_MAX];
	struct ib_metric m = { name, "us", 0.0, NULL, 0 };
	struct proc_arg a = { kind, NULL, NULL, -1 };
	struct ib_result r;
	int err;

	if (kind != PROC_FORK) {
		a.hello = ib_opts ? (dynamic ? ib_opts->hello_dyn : ib_opts->hello) : NULL;
		if (check_binary(dynamic ? "hello_dyn" : "hello", a.hello) ||
		    check_linking(a.hello, dynamic, interp, sizeof(interp))) {
			fprintf(stderr, "ibsuite: %s: %s\n", name, ib_reason_text());
			return IB_FAIL;
		}
		/* a path with a blank cannot be a record field: the check above still ran */
		if (!strchr(a.hello, ' ') && !strchr(interp, ' ')) {
			snprintf(params, sizeof(params), "hello=%s linked=%s interp=%s", a.hello,
				 dynamic ? "dynamic" : "static", interp);
			m.params = params;
		}
	}
	if (kind == PROC_SH) {
		a.sh = ib_opts ? ib_opts->sh : NULL;
		if (check_binary("sh", a.sh)) {
			fprintf(stderr, "ibsuite: %s: shell missing or not executable\n", name);
			return IB_FAIL;
		}
	}
	err = ib_measure(&m, proc_loop, &a, &r);
	if (err) {
		if (err == -ECHILD && a.bad_status != -1)
			status_reason(name, a.bad_status);
		else
			ib_reason("%s: %s", name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_fork_proc(void) { return run_proc("fork_proc", PROC_FORK, 0); }
int ib_run_exec_proc_dyn(void) { return run_proc("exec_proc_dyn", PROC_EXEC, 1); }
int ib_run_sh_proc_dyn(void) { return run_proc("sh_proc_dyn", PROC_SH, 1); }
int ib_run_exec_proc(void) { return run_proc("exec_proc", PROC_EXEC, 0); }
int ib_run_sh_proc(void) { return run_proc("sh_proc", PROC_SH, 0); }
