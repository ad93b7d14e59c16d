/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * console.c - spawn a launcher in its own process group and capture its console
 * (contract in console.h).
 */
#define _GNU_SOURCE
#include "host/boot/console.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/lib/argv.h"
#include "host/lib/hostutil.h"

#define LINE_MAX_KEEP 32768 /* longest stdout line kept for detection */
#define STDERR_HOLD_MAX (1 << 20)
#define PIN_FAILED 0x10000 /* or'ed into the errno the child reports */

static const char panic_text[] = "Kernel panic - not syncing";
/* init/main.c, when the exec of rdinit= (our /init) or init= fails */
static const char noinit_text[] = "Failed to execute ";

/* ---- signals ---- */

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
}

void ib_console_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* a closed stderr (initbench ... | head) must not kill us and orphan the launcher */
	signal(SIGPIPE, SIG_IGN);
}

int ib_console_interrupted(void)
{
	return interrupted != 0;
}

const char *ib_ended_by_name(enum ib_ended_by e)
{
	switch (e) {
	case IB_END_EXIT: return "exit";
	case IB_END_TIMEOUT: return "timeout";
	case IB_END_NOOUTPUT: return "no_output";
	case IB_END_PANIC: return "panic";
	case IB_END_ENDGRACE: return "end_grace";
	case IB_END_SPAWN: return "spawn_failed";
	case IB_END_INTERRUPT: return "interrupted";
	case IB_END_NOINIT: return "no_init";
	case IB_END_FLOOD: return "flood";
	}
	return "?";
}

/* ---- capture ---- */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* "# IB <digits> end " anywhere in the line; the CRC is the parser's business */
static int is_end_record(const char *line, size_t len)
{
	const char *p = memmem(line, len, "# IB ", 5);

	while (p) {
		const char *q = p + 5, *e = line + len;

		if (q < e && isdigit((unsigned char)*q)) {
			while (q < e && isdigit((unsigned char)*q))
				q++;
			if ((size_t)(e - q) >= 5 && !memcmp(q, " end ", 5))
				return 1;
		}
		p = memmem(p + 1, (size_t)(e - p - 1), "# IB ", 5);
	}
	return 0;
}

struct cap {
	const struct ib_console_opts *o;
	struct ib_console_result *r;
	int log_fd, io_error;
	unsigned long long logged;
	int flooded;            /* log_max reached: nothing more is written */
	double t0, panic_at, end_at, noinit_at;
	char *line;             /* current stdout line */
	size_t line_len;
	int mid_line;           /* stdout has bytes after its last newline */
	char *held;             /* stderr bytes waiting for a stdout line boundary */
	size_t held_len, held_cap;
	char errline[256];      /* current stderr line */
	size_t errline_len;
};

static void log_bytes(struct cap *c, const char *p, size_t n)
{
	if (c->o->log_max && c->logged + n >= c->o->log_max) {
		n = c->logged < c->o->log_max ? (size_t)(c->o->log_max - c->logged) : 0;
		c->flooded = 1;
	}
	c->logged += n;
	if (n && !c->io_error && write_all(c->log_fd, p, n) < 0) {
		if (c->o->on_tick)
			c->o->on_tick(c->o->ctx, 1);
		fprintf(stderr, "initbench: %s: write: %s\n", c->o->log_path, strerror(errno));
		c->io_error = 1;
	}
}

static void flush_held(struct cap *c)
{
	if (c->held_len)
		log_bytes(c, c->held, c->held_len);
	c->held_len = 0;
}

static void stdout_line(struct cap *c)
{
	const char *l = c->line, *p;
	size_t n = c->line_len;

	if (!c->r->saw_panic && memmem(l, n, panic_text, sizeof(panic_text) - 1)) {
		c->r->saw_panic = 1;
		c->panic_at = now_s();
	}
	/* once a record came, the init ran: a later such line is some program's, not the kernel's */
	if (!c->r->noinit[0] && c->r->first_record_s < 0 &&
	    (p = memmem(l, n, noinit_text, sizeof(noinit_text) - 1))) {
		size_t k = 0;

		for (; p < l + n && k + 1 < sizeof(c->r->noinit); p++)
			if (isprint((unsigned char)*p))
				c->r->noinit[k++] = *p;
		c->r->noinit[k] = '\0';
		c->noinit_at = now_s();
	}
	if (c->r->first_record_s < 0 && memmem(l, n, "# IB ", 5))
		c->r->first_record_s = now_s() - c->t0;
	if (!c->r->saw_end && is_end_record(l, n)) {
		c->r->saw_end = 1;
		c->end_at = now_s();
	}
	if (c->o->on_line)
		c->o->on_line(c->o->ctx, l, n);
	c->line_len = 0;
}

static void on_stdout(struct cap *c, const char *p, size_t n)
{
	if (c->r->first_byte_s < 0)
		c->r->first_byte_s = now_s() - c->t0;
	c->r->stdout_bytes += n;
	log_bytes(c, p, n);
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\n') {
			stdout_line(c);
			continue;
		}
		if (c->line_len < LINE_MAX_KEEP)
			c->line[c->line_len++] = p[i];
	}
	c->mid_line = p[n - 1] != '\n';
	if (!c->mid_line)
		flush_held(c);
}

static void on_stderr(struct cap *c, const char *p, size_t n)
{
	c->r->stderr_bytes += n;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\n' || p[i] == '\r') {
			if (c->errline_len) {
				memcpy(c->r->last_err, c->errline, c->errline_len);
				c->r->last_err[c->errline_len] = '\0';
			}
			c->errline_len = 0;
		} else if (c->errline_len < sizeof(c->errline) - 1) {
			c->errline[c->errline_len++] = p[i];
		}
	}
	if (c->held_len + n > c->held_cap) {
		c->held_cap = (c->held_len + n) * 2;
		c->held = ib_xrealloc(c->held, c->held_cap);
	}
	memcpy(c->held + c->held_len, p, n);
	c->held_len += n;
	if (!c->mid_line || c->held_len > STDERR_HOLD_MAX)
		flush_held(c);
}

/* read what is there; returns 0 at EOF, 1 otherwise */
static int pump(struct cap *c, int fd, int is_stdout)
{
	char buf[65536];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0)
		return errno == EINTR || errno == EAGAIN;
	if (n == 0)
		return 0;
	if (is_stdout)
		on_stdout(c, buf, (size_t)n);
	else
		on_stderr(c, buf, (size_t)n);
	return 1;
}

/* poll both pipes for up to ms; closes (sets to -1) a pipe at EOF */
static void pump_all(struct cap *c, int *fds, int ms)
{
	struct pollfd pf[2];
	int np = 0;

	for (int i = 0; i < 2; i++) {
		if (fds[i] >= 0) {
			pf[np].fd = fds[i];
			pf[np].events = POLLIN;
			np++;
		}
	}
	if (!np) {
		if (ms > 0)
			usleep((useconds_t)ms * 1000);
		return;
	}
	if (poll(pf, (nfds_t)np, ms) <= 0)
		return;
	for (int j = 0; j < np; j++) {
		if (!(pf[j].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		for (int i = 0; i < 2; i++)
			if (fds[i] == pf[j].fd && !pump(c, fds[i], i == 0)) {
				close(fds[i]);
				fds[i] = -1;
			}
	}
}

static void child_exec(const struct ib_console_opts *o, int out_w, int err_w, int status_w,
		       pid_t parent)
{
	int e, nul;

	setpgid(0, 0);
	/* if initbench dies without cleaning up, the launcher goes with it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	if (o->host_cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(o->host_cpu, &set);
		for (unsigned i = 0; o->host_ncpus > 1 && i < o->host_ncpus; i++)
			CPU_SET(o->host_cpus[i], &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0) {
			e = errno | PIN_FAILED;
			goto report;
		}
	}
	nul = open("/dev/null", O_RDONLY);
	if (nul < 0 || dup2(nul, 0) < 0 || dup2(out_w, 1) < 0 || dup2(err_w, 2) < 0)
		goto fail;
	for (size_t i = 0; o->env && o->env[i]; i++)
		putenv(o->env[i]);
	execvp(o->argv[0], o->argv);
fail:
	e = errno;
report:
	if (write(status_w, &e, sizeof(e)) < 0)
		_exit(126);
	_exit(127);
}

static void stop(pid_t pid, struct cap *c, enum ib_ended_by why, int *stage, double *term_at)
{
	c->r->ended_by = why;
	killpg(pid, SIGTERM);
	*stage = 1;
	*term_at = now_s();
}

int ib_console_run(const struct ib_console_opts *o, struct ib_console_result *r)
{
	int outp[2], errp[2], st[2], fds[2], e = 0, stage = 0, status;
	struct rusage ru0, ru;
	pid_t w;
	double term_at = 0;
	struct cap c;
	pid_t pid, self;
	ssize_t n;

	memset(r, 0, sizeof(*r));
	r->first_byte_s = -1;
	r->first_record_s = -1;
	r->host_cpu = o->host_cpu;
	r->ended_by = IB_END_SPAWN;
	r->child_nvcsw = r->child_nivcsw = r->self_nvcsw = r->self_nivcsw = -1;
	memset(&c, 0, sizeof(c));
	c.o = o;
	c.r = r;
	c.log_fd = open(o->log_path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
	if (c.log_fd < 0) {
		fprintf(stderr, "initbench: %s: %s\n", o->log_path, strerror(errno));
		return -1;
	}
	if (pipe2(outp, O_CLOEXEC) || pipe2(errp, O_CLOEXEC) || pipe2(st, O_CLOEXEC)) {
		fprintf(stderr, "initbench: pipe: %s\n", strerror(errno));
		close(c.log_fd);
		return -1;
	}
	if (o->verbose) {
		char *q = ib_argv_quote(o->argv);

		fprintf(stderr, "initbench: + %s\n", q);
		free(q);
	}
	c.t0 = now_s();
	if (getrusage(RUSAGE_SELF, &ru0))
		ru0.ru_nvcsw = -1;
	self = getpid();
	pid = fork();
	if (pid < 0) {
		r->spawn_errno = errno;
		close(c.log_fd);
		return -1;
	}
	if (pid == 0)
		child_exec(o, outp[1], errp[1], st[1], self);
	r->pid = pid;
	setpgid(pid, pid); /* also here, so killpg works even before the child ran */
	close(outp[1]);
	close(errp[1]);
	close(st[1]);
	do
		n = read(st[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	close(st[0]);
	if (n == sizeof(e)) {
		waitpid(pid, NULL, 0);
		r->spawn_errno = e & ~PIN_FAILED;
		r->pin_failed = !!(e & PIN_FAILED);
		r->wall_s = now_s() - c.t0;
		close(outp[0]);
		close(errp[0]);
		close(c.log_fd);
		return -1;
	}
	r->ended_by = IB_END_EXIT;
	c.line = ib_xrealloc(NULL, LINE_MAX_KEEP);
	fds[0] = outp[0];
	fds[1] = errp[0];
	for (;;) {
		siginfo_t si;
		double t;

		pump_all(&c, fds, 50);
		if (o->on_tick)
			o->on_tick(o->ctx, 0);
		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid == pid)
			break;
		t = now_s();
		if (stage == 0) {
			if (interrupted)
				stop(pid, &c, IB_END_INTERRUPT, &stage, &term_at);
			else if (c.flooded)
				stop(pid, &c, IB_END_FLOOD, &stage, &term_at);
			else if (o->probe_s > 0 && r->first_byte_s < 0 && t - c.t0 >= o->probe_s)
				stop(pid, &c, IB_END_NOOUTPUT, &stage, &term_at);
			else if (t - c.t0 >= o->timeout_s)
				stop(pid, &c, IB_END_TIMEOUT, &stage, &term_at);
			else if (r->saw_panic && t - c.panic_at >= IB_PANIC_GRACE_S)
				stop(pid, &c, IB_END_PANIC, &stage, &term_at);
			else if (r->noinit[0] && r->first_record_s < 0 &&
				 t - c.noinit_at >= IB_PANIC_GRACE_S)
				stop(pid, &c, IB_END_NOINIT, &stage, &term_at);
			else if (r->saw_end && t - c.end_at >= IB_END_GRACE_S)
				stop(pid, &c, IB_END_ENDGRACE, &stage, &term_at);
		} else if (stage == 1 && t - term_at >= 1.0) {
			killpg(pid, SIGKILL);
			stage = 2;
		}
	}
	/* the leader is a zombie and still holds the group id: clear out the rest */
	killpg(pid, SIGKILL);
	while ((w = wait4(pid, &status, 0, &ru)) < 0 && errno == EINTR)
		;
	r->wall_s = now_s() - c.t0;
	if (w == pid) {
		r->child_nvcsw = ru.ru_nvcsw;
		r->child_nivcsw = ru.ru_nivcsw;
	}
	if (ru0.ru_nvcsw >= 0 && !getrusage(RUSAGE_SELF, &ru)) {
		r->self_nvcsw = ru.ru_nvcsw - ru0.ru_nvcsw;
		r->self_nivcsw = ru.ru_nivcsw - ru0.ru_nivcsw;
	}
	if (WIFEXITED(status)) {
		r->exited = 1;
		r->exit_code = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		r->term_signal = WTERMSIG(status);
	}
	/* what is still in the pipes; bounded in case someone outside the group holds them */
	for (double until = now_s() + 1.0; (fds[0] >= 0 || fds[1] >= 0) && now_s() < until;)
		pump_all(&c, fds, 50);
	if (c.line_len)
		stdout_line(&c);
	flush_held(&c);
	if (c.errline_len) {
		memcpy(r->last_err, c.errline, c.errline_len);
		r->last_err[c.errline_len] = '\0';
	}
	for (int i = 0; i < 2; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	if (fsync(c.log_fd) < 0 && errno != EINVAL)
		c.io_error = 1;
	if (close(c.log_fd) < 0)
		c.io_error = 1;
	free(c.line);
	free(c.held);
	if (o->on_tick)
		o->on_tick(o->ctx, 1);
	return c.io_error ? -1 : 0;
}
