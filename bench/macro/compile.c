/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compile.c - the compile workload: a real compiler building a real code base, timed as
 * `time make -jN` would time it, three times.
 *
 * Contract (bench/lib/bench.h; method in docs/macro.md). The tree is opts->macro_dir
 * (/opt/macro, the macro cpio of CONFIG_IB_MACRO; natively out/macro/tree): its build.list
 * (bench/macro/buildlist.h) says what one build runs. Skipped, with the reason, when
 * MemAvailable is under MIN_AVAIL_MB, when the tree or its list is missing (an image
 * without the macro cpio), or when fsdir is not a writable directory. In `all` only when
 * the image is built with the cpio (its Kconfig entry depends on CONFIG_IB_MACRO).
 *  - Unpinned (bench/macro/workload.h): jobs = the CPUs the process may use, as make -jN
 *    with N = CPUs.
 *  - One build = every job of the list, phase by phase, at most `jobs` at a time (a phase
 *    starts when the one before has ended: the links wait for the compiles), each job a
 *    fork + execv of its words with an empty environment, stdin /dev/null, its output in a
 *    log file in the run's scratch directory <fsdir>/ib-compile.XXXXXX (made fresh for each
 *    build and removed after it). real = from the first fork to the last job reaped
 *    (CLOCK_MONOTONIC); user and sys = the sums of the jobs' own rusage (wait4), as `time`
 *    reports them for make's children.
 *  - After each build, untimed, the list's checks: the compiler just built must compile a
 *    file to the same bytes as the shipped one (a build that produced nothing usable fails
 *    the benchmark instead of passing as fast).
 *  - RUNS builds. Metrics, unit s, iters 1: compile_real, compile_user, compile_sys, one
 *    sample each: the build with the least real time, its real, user and sys (best of
 *    three, as kernel comparisons report it); compile_real_runs, compile_user_runs,
 *    compile_sys_runs: every build, in order. params: corpus, lines (of C the compiles
 *    read), units (jobs in the list), jobs (parallel), best (which build, from 1), fs.
 *  - A job that fails (exit status, signal, exec) ends the build at once: the jobs still
 *    running are killed and reaped, and the benchmark fails naming the job's line, its
 *    status and the first line of its output.
 *  - Time: the first build runs under opts->timeout_s; then the benchmark's own limit
 *    (ib_time_limit) becomes timeout_s plus three times that build's wall time for each of
 *    the builds left, so a build that hangs is killed and a slow machine is not.
 */

//bench: 800 compile IB_BENCH_COMPILE macro
//
//config:config IB_BENCH_COMPILE
//config:	bool "Compile: a parallel build of tcc by tcc, best of 3"
//config:	depends on IB_MACRO
//config:	default y
//config:	help
//config:	  Times three builds of the code base in the macro cpio
//config:	  (CONFIG_IB_MACRO: tcc compiling its own sources, about 35,000
//config:	  lines) with as many parallel jobs as CPUs, and reports the best
//config:	  one as real, user and sys seconds. Offered with the cpio
//config:	  (CONFIG_IB_MACRO); named without it (initbench.bench=compile),
//config:	  it is skipped with the reason.

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/bench.h"
#include "bench/base/sysinfo.h"
#include "bench/macro/buildlist.h"
#include "bench/macro/workload.h"

#define RUNS 3
#define MIN_AVAIL_MB 64
#define LIST_MAX (256 * 1024)
#define MAX_JOBS 256

struct build_time {
	double real, user, sys;   /* seconds */
};

static double tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* the build list's text, or NULL with *skip set when it is not there */
static char *read_list(const char *path, int *skip)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *buf;
	ssize_t n;
	size_t have = 0;

	*skip = fd < 0 && errno == ENOENT;
	if (fd < 0) {
		ib_reason("%s: %s", path, *skip ?
			  "missing (an image without the macro cpio: build with CONFIG_IB_MACRO=y)" :
			  strerror(errno));
		return NULL;
	}
	buf = malloc(LIST_MAX + 1);
	while (buf && (n = read(fd, buf + have, LIST_MAX - have)) > 0)
		have += (size_t)n;
	close(fd);
	if (!buf || have == LIST_MAX) {
		ib_reason("%s: %s", path, buf ? "too long" : "out of memory");
		free(buf);
		return NULL;
	}
	buf[have] = 0;
	return buf;
}

static pid_t spawn(const struct ib_bl_step *st, const char *work)
{
	static char *const envp[] = { NULL };
	char log[PATH_MAX];
	pid_t pid;

	snprintf(log, sizeof(log), "%s/job-%u.log", work, st->line);
	pid = fork();
	if (pid == 0) {
		int in = open("/dev/null", O_RDONLY);
		int out = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
			_exit(126);
		execve(st->argv[0], st->argv, envp);
		_exit(127);
	}
	return pid;
}

/* why a job ended badly, for the reason; 0 if it exited 0 */
static int judge(const struct ib_bl_step *st, int status, const char *work, const char *what)
{
	char log[PATH_MAX], line[160];

	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	snprintf(log, sizeof(log), "%s/job-%u.log", work, st->line);
	ib_macro_first_line(log, line, sizeof(line));
	if (WIFSIGNALED(status))
		ib_reason("%s at build.list line %u (%s) killed by signal %d", what, st->line,
			  st->argv[0], WTERMSIG(status));
	else
		ib_reason("%s at build.list line %u (%s) exit %d%s%s%s", what, st->line, st->argv[0],
			  WEXITSTATUS(status), WEXITSTATUS(status) == 127 ? " (exec failed)" : "",
			  *line ? ": " : "", line);
	return -1;
}

/*
 * The timed part: every job, phase by phase, at most jobs at a time. On a failure the jobs
 * still running are killed and reaped. Returns 0 or -1 (reason set).
 */
static int build(const struct ib_buildlist *bl, unsigned jobs, const char *work,
		 struct build_time *t)
{
	pid_t pid[MAX_JOBS];
	unsigned step_of[MAX_JOBS], running = 0, next = 0;
	uint64_t t0 = ib_now_ns();
	int failed = 0;

	if (jobs > MAX_JOBS)
		jobs = MAX_JOBS;
	t->user = t->sys = 0;
	for (;;) {
		struct rusage ru;
		int status;
		pid_t p;

		/* start what this phase may start */
		while (!failed && running < jobs && next < bl->nsteps &&
		       bl->step[next].kind == IB_BL_JOB) {
			pid[running] = spawn(&bl->step[next], work);
			if (pid[running] < 0) {
				ib_reason("fork: %s", strerror(errno));
				failed = 1;
				break;
			}
			step_of[running++] = next++;
		}
		if (!running) {
			if (failed || next == bl->nsteps || bl->step[next].kind != IB_BL_WAIT)
				break;
			next++;         /* a wait with nothing running: the next phase */
			continue;
		}
		p = wait4(-1, &status, 0, &ru);
		if (p < 0) {
			if (errno == EINTR)
				continue;
			ib_reason("wait4: %s", strerror(errno));
			return -1;
		}
		for (unsigned i = 0; i < running; i++) {
			if (pid[i] != p)
				continue;
			t->user += tv_s(&ru.ru_utime);
			t->sys += tv_s(&ru.ru_stime);
			if (!failed && judge(&bl->step[step_of[i]], status, work, "job")) {
				failed = 1;
				for (unsigned k = 0; k < running; k++)
					if (k != i)
						kill(pid[k], SIGKILL);
			}
			pid[i] = pid[running - 1];
			step_of[i] = step_of[--running];
			break;
		}
	}
	t->real = (double)(ib_now_ns() - t0) / 1e9;
	return failed ? -1 : 0;
}

static int same_file(const char *a, const char *b)
{
	char x[8192], y[8192];
	int fa = open(a, O_RDONLY | O_CLOEXEC), fb = open(b, O_RDONLY | O_CLOEXEC), eq = 1;
	ssize_t na, nb;

	if (fa < 0 || fb < 0)
		eq = 0;
	while (eq && (na = read(fa, x, sizeof(x))) >= 0) {
		nb = read(fb, y, (size_t)na ? (size_t)na : 1);
		if (nb != na || memcmp(x, y, (size_t)na))
			eq = 0;
		if (!na)
			break;
	}
	if (fa >= 0)
		close(fa);
	if (fb >= 0)
		close(fb);
	return eq;
}

/* the untimed checks after a build; 0 or -1 (reason set) */
static int checks(const struct ib_buildlist *bl, const char *work)
{
	for (unsigned i = 0; i < bl->nsteps; i++) {
		const struct ib_bl_step *st = &bl->step[i];
		int status;
		pid_t p;

		if (st->kind == IB_BL_SAME && !same_file(st->argv[0], st->argv[1])) {
			ib_reason("check at build.list line %u: %s and %s differ: the build's compiler "
				  "does not work", st->line, st->argv[0], st->argv[1]);
			return -1;
		}
		if (st->kind != IB_BL_CHECK)
			continue;
		if ((p = spawn(st, work)) < 0 || waitpid(p, &status, 0) != p) {
			ib_reason("check: fork or wait: %s", strerror(errno));
			return -1;
		}
		if (judge(st, status, work, "check"))
			return -1;
	}
	return 0;
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[PATH_MAX + 256];

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* one build and its checks in a fresh scratch directory; 0 or -1 (reason set) */
static int one_run(const char *text, unsigned jobs, struct build_time *t,
		   struct ib_buildlist *bl)
{
	char work[PATH_MAX];
	int rc;

	snprintf(work, sizeof(work), "%s/ib-compile.XXXXXX", ib_opts->fsdir);
	if (!mkdtemp(work)) {
		ib_reason("mkdtemp in fsdir %s: %s", ib_opts->fsdir, strerror(errno));
		return -1;
	}
	if (ib_bl_parse(bl, text, ib_opts->macro_dir, work)) {
		ib_reason("%s/build.list: %s", ib_opts->macro_dir, bl->err);
		rc = -1;
	} else {
		rc = build(bl, jobs, work, t);
		if (!rc)
			rc = checks(bl, work);
	}
	ib_bl_free(bl);
	remove_tree(work);
	return rc;
}

static int emit(const char *name, const double *v, unsigned n, const char *params)
{
	struct ib_metric m = { name, "s", 0, params, 0 };
	struct ib_result r = { .iters = 1, .nsamples = n };

	for (unsigned i = 0; i < n; i++)
		r.samples[i] = v[i];
	r.median = r.min = v[0];
	return ib_emit_result(&m, &r) ? -1 : 0;
}

int ib_run_compile(void)
{
	static struct ib_buildlist bl;
	struct build_time t[RUNS] = { { 0, 0, 0 } };
	double real[RUNS], user[RUNS], sys[RUNS];
	char path[PATH_MAX], params[512], fs[24];
	unsigned jobs = ib_macro_unpin(), best = 0;
	long avail = ib_mem_available_kb();
	int skip, rc = IB_OK;
	char *text;

	if (avail >= 0 && avail < MIN_AVAIL_MB * 1024L) {
		ib_reason("MemAvailable %ld MB is under the %d MB a build needs", avail / 1024,
			  MIN_AVAIL_MB);
		return IB_SKIP;
	}
	snprintf(path, sizeof(path), "%s/build.list", ib_opts->macro_dir);
	if (!(text = read_list(path, &skip)))
		return skip ? IB_SKIP : IB_FAIL;
	if (access(ib_opts->fsdir, W_OK | X_OK)) {
		ib_reason("fsdir %s: %s", ib_opts->fsdir, strerror(errno));
		free(text);
		return IB_SKIP;
	}
	for (unsigned i = 0; i < RUNS && rc == IB_OK; i++) {
		uint64_t t0 = ib_now_ns();

		if (one_run(text, jobs, &t[i], &bl))
			rc = IB_FAIL;
		/* the first build sets the limit of the others: three times as long each */
		if (!i)
			ib_time_limit(ib_opts->timeout_s +
				      (unsigned)((ib_now_ns() - t0) * 3 * (RUNS - 1) / 1000000000u));
		real[i] = t[i].real, user[i] = t[i].user, sys[i] = t[i].sys;
		if (t[i].real < t[best].real)
			best = i;
	}
	free(text);
	if (rc != IB_OK)
		return rc;
	snprintf(params, sizeof(params), "corpus=%s lines=%lu units=%u jobs=%u best=%u fs=%s",
		 bl.corpus, bl.lines, bl.njobs, jobs, best + 1, ib_fs_type(ib_opts->fsdir, fs, sizeof(fs)));
	if (emit("compile_real", &t[best].real, 1, params) ||
	    emit("compile_user", &t[best].user, 1, params) ||
	    emit("compile_sys", &t[best].sys, 1, params) ||
	    emit("compile_real_runs", real, RUNS, params) ||
	    emit("compile_user_runs", user, RUNS, params) ||
	    emit("compile_sys_runs", sys, RUNS, params))
		return IB_FAIL;
	return IB_OK;
}
