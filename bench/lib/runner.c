/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runner.c - one benchmark in its own child, watched by the suite (contract in runner.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lib/measure.h"
#include "bench/lib/runner.h"
#include "bench/base/stats.h"
#include "bench/base/sysinfo.h"

#define CTL_RET "!ret "
#define CTL_LIMIT "!limit "

static int sigchld_pipe[2] = { -1, -1 };

/* ---- names ---- */

const char *ib_status_name(int status)
{
	static const char *const names[] = { "ok", "skipped", "failed", "timeout" };

	return status >= 0 && status < 4 ? names[status] : "failed";
}

const char *ib_signal_name(int sig, char *buf, size_t cap)
{
	static const struct { int sig; const char *name; } t[] = {
		{ SIGHUP, "SIGHUP" }, { SIGINT, "SIGINT" }, { SIGQUIT, "SIGQUIT" },
		{ SIGILL, "SIGILL" }, { SIGTRAP, "SIGTRAP" }, { SIGABRT, "SIGABRT" },
		{ SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" }, { SIGKILL, "SIGKILL" },
		{ SIGUSR1, "SIGUSR1" }, { SIGSEGV, "SIGSEGV" }, { SIGUSR2, "SIGUSR2" },
		{ SIGPIPE, "SIGPIPE" }, { SIGALRM, "SIGALRM" }, { SIGTERM, "SIGTERM" },
		{ SIGCHLD, "SIGCHLD" }, { SIGCONT, "SIGCONT" }, { SIGSTOP, "SIGSTOP" },
		{ SIGTSTP, "SIGTSTP" }, { SIGTTIN, "SIGTTIN" }, { SIGTTOU, "SIGTTOU" },
		{ SIGURG, "SIGURG" }, { SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" },
		{ SIGVTALRM, "SIGVTALRM" }, { SIGPROF, "SIGPROF" }, { SIGWINCH, "SIGWINCH" },
		{ SIGIO, "SIGIO" }, { SIGPWR, "SIGPWR" }, { SIGSYS, "SIGSYS" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].sig == sig) {
			snprintf(buf, cap, "%s", t[i].name);
			return buf;
		}
	snprintf(buf, cap, "SIG%d", sig);
	return buf;
}

const char *ib_run_name(const struct ib_bench *b, unsigned round, char *buf, size_t cap)
{
	if (round)
		snprintf(buf, cap, "%s#%u", b->name, round);
	else
		snprintf(buf, cap, "%s", b->name);
	return buf;
}

/* ---- parent set-up ---- */

static void on_sigchld(int sig)
{
	int e = errno;
	char c = (char)sig;

	if (write(sigchld_pipe[1], &c, 1) < 0) {
		/* full pipe: a wake-up is already pending */
	}
	errno = e;
}

int ib_runner_init(void)
{
	struct sigaction sa;

	if (pipe2(sigchld_pipe, O_CLOEXEC | O_NONBLOCK))
		return -errno;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigchld;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGCHLD, &sa, NULL))
		return -errno;
	signal(SIGPIPE, SIG_IGN);
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))
		fprintf(stderr, "ibsuite: PR_SET_CHILD_SUBREAPER: %s\n", strerror(errno));
	return 0;
}

/* ---- the child ---- */

static void child_send_ret(int code, const char *reason)
{
	static struct ib_rec ctl;
	char esc[sizeof(ctl.buf)];

	ib_escape(esc, sizeof(esc) - 16, reason);
	ctl.len = (size_t)snprintf(ctl.buf, sizeof(ctl.buf), CTL_RET "%d %s", code, esc);
	ctl.overflow = 0;
	ib_send_payload(&ctl);
}

int ib_runner_drop_caches;

const char *ib_runner_fs_prep(void)
{
	return ib_runner_drop_caches ? "sync+drop_caches" : "sync";
}

static int uses_files(const struct ib_bench *b)
{
	return !strcmp(b->family, "lat_fs") || !strcmp(b->family, "lat_fs_tree") ||
	       !strcmp(b->family, "lat_vm") || !strcmp(b->family, "lat_fault") ||
	       !strcmp(b->family, "bw_file");
}

static void prepare_files(void)
{
	int fd;

	sync();
	if (!ib_runner_drop_caches)
		return;
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, "3\n", 2) != 2) {
			/* a kernel without it: sync alone is still done */
		}
		close(fd);
	}
}

static void child_main(const struct ib_bench *b, int fd)
{
	struct sigaction sa;
	int e, ret;

	setpgid(0, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(SIGCHLD, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	close(sigchld_pipe[0]);
	close(sigchld_pipe[1]);
	dup2(2, 1);
	ib_harness_begin(fd, b->name);
	e = ib_pin_self();
	if (e) {
		ib_reason("pin to cpu %d: %s", ib_opts->cpu, strerror(-e));
		child_send_ret(IB_FAIL, ib_reason_text());
		_exit(0);
	}
	ret = b->run();
	fflush(NULL);
	child_send_ret(ret, ib_reason_text());
	_exit(0);
}

/* ---- the parent ---- */

struct watch {
	const struct ib_bench *b;
	unsigned round;
	struct ib_out *o;
	struct ib_run_stats *st;
	char acc[IB_REC_MAX + 2];
	size_t len;
	int skipping;        /* inside an over-long line: drop up to its newline */
	int bad;             /* lines dropped */
	int have_ret, ret;
	unsigned limit_s;    /* asked for by ib_time_limit(), 0: none */
	char reason[512];
};

static int key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

/* "type key=value ..." with printable bytes only and no parent-only type */
static int payload_ok(const char *s, size_t len)
{
	size_t i = 0, tl;

	for (size_t j = 0; j < len; j++)
		if ((unsigned char)s[j] < 0x20 || (unsigned char)s[j] >= 0x7f)
			return 0;
	while (i < len && s[i] >= 'a' && s[i] <= 'z')
		i++;
	tl = i;
	if (!tl || (i < len && s[i] != ' '))
		return 0;
	if ((tl == 5 && !strncmp(s, "begin", 5)) || (tl == 4 && !strncmp(s, "plan", 4)) ||
	    (tl == 7 && !strncmp(s, "outcome", 7)) || (tl == 3 && !strncmp(s, "end", 3)))
		return 0;
	while (i < len) {
		size_t k = ++i; /* past the space */
		while (i < len && key_char(s[i]))
			i++;
		if (i == k || i >= len || s[i] != '=')
			return 0;
		while (i < len && s[i] != ' ')
			i++;
	}
	return 1;
}

/* one field of a payload, unescaped into buf; 0 if absent */
static int payload_field(const char *s, const char *key, char *buf, size_t cap)
{
	size_t kl = strlen(key);

	for (const char *p = strchr(s, ' '); p; p = strchr(p + 1, ' ')) {
		if (strncmp(p + 1, key, kl) || p[1 + kl] != '=')
			continue;
		const char *v = p + 2 + kl;
		size_t vl = strcspn(v, " ");
		if (vl >= cap)
			vl = cap - 1;
		memcpy(buf, v, vl);
		buf[vl] = '\0';
		long n = ib_unescape(buf, vl);
		if (n < 0)
			return 0;
		buf[n] = '\0';
		return 1;
	}
	return 0;
}

static void summarise(struct watch *w, const char *payload)
{
	static char samples[IB_REC_MAX];
	struct ib_summary_row *row;
	double v[IB_MAX_REPS];
	unsigned n = 0;

	if (strncmp(payload, "m ", 2) || w->st->nrows >= IB_SUMMARY_MAX)
		return;
	row = &w->st->rows[w->st->nrows];
	ib_run_name(w->b, w->round, row->bench, sizeof(row->bench));
	if (!payload_field(payload, "metric", row->metric, sizeof(row->metric)) ||
	    !payload_field(payload, "unit", row->unit, sizeof(row->unit)) ||
	    !payload_field(payload, "samples", samples, sizeof(samples)))
		return;
	for (char *p = samples; *p && n < IB_MAX_REPS;) {
		char *end;
		v[n] = strtod(p, &end);
		if (end == p)
			break;
		n++;
		p = *end == ',' ? end + 1 : end;
	}
	row->nsamples = n;
	row->median = ib_median(v, n);
	row->min = ib_min(v, n);
	w->st->nrows++;
}

static void take_line(struct watch *w, char *line, size_t len)
{
	while (len && line[len - 1] == '\r')
		len--;
	line[len] = '\0';
	if (!strncmp(line, CTL_RET, sizeof(CTL_RET) - 1)) {
		char *p = line + sizeof(CTL_RET) - 1, *end;
		w->ret = (int)strtol(p, &end, 10);
		w->have_ret = 1;
		if (*end == ' ')
			end++;
		snprintf(w->reason, sizeof(w->reason), "%s", end);
		long n = ib_unescape(w->reason, strlen(w->reason));
		if (n >= 0)
			w->reason[n] = '\0';
		return;
	}
	if (!strncmp(line, CTL_LIMIT, sizeof(CTL_LIMIT) - 1)) {
		unsigned long s = strtoul(line + sizeof(CTL_LIMIT) - 1, NULL, 10);
		w->limit_s = s > IB_TIME_LIMIT_MAX_S ? IB_TIME_LIMIT_MAX_S : (unsigned)s;
		return;
	}
	if (!payload_ok(line, len) || ib_out_payload(w->o, line, len)) {
		fprintf(stderr, "ibsuite: %s: dropped a bad record line (%zu bytes)\n",
			w->b->name, len);
		w->bad++;
		return;
	}
	summarise(w, line);
}

/* returns the bytes read, 0 at end of file, -1 when nothing is there (EAGAIN/EINTR) */
static ssize_t read_pipe(struct watch *w, int fd, int *eof)
{
	char buf[4096];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0) {
		if (errno != EINTR && errno != EAGAIN) {
			*eof = 1;
			return 0;
		}
		return -1;
	}
	if (n == 0) {
		*eof = 1;
		return 0;
	}
	for (ssize_t i = 0; i < n; i++) {
		char c = buf[i];
		if (w->skipping) {
			if (c == '\n')
				w->skipping = 0;
			continue;
		}
		if (c == '\n') {
			take_line(w, w->acc, w->len);
			w->len = 0;
		} else if (w->len + 1 >= sizeof(w->acc)) {
			fprintf(stderr, "ibsuite: %s: dropped an over-long record line\n",
				w->b->name);
			w->bad++;
			w->len = 0;
			w->skipping = 1;
		} else {
			w->acc[w->len++] = c;
		}
	}
	return n;
}

static void drain_sigchld(void)
{
	char buf[64];

	while (read(sigchld_pipe[0], buf, sizeof(buf)) > 0)
		;
}

static void reap_group(pid_t pgid)
{
	int s;

	kill(-pgid, SIGKILL);
	while (waitpid(-pgid, &s, 0) > 0 || errno == EINTR)
		;
	/* strays that left the group and were re-parented to us */
	while (waitpid(-1, &s, WNOHANG) > 0)
		;
}

/* the time limit in force: timeout_s, or more when the benchmark asked for it */
static unsigned limit_s(const struct watch *w)
{
	return w->limit_s > ib_opts->timeout_s ? w->limit_s : ib_opts->timeout_s;
}

static int decide(struct watch *w, int timed_out, int wstatus, char *reason, size_t cap)
{
	char sig[32];

	if (timed_out) {
		snprintf(reason, cap, "after %u s", limit_s(w));
		return IB_ST_TIMEOUT;
	}
	if (WIFSIGNALED(wstatus)) {
		snprintf(reason, cap, "%s", ib_signal_name(WTERMSIG(wstatus), sig, sizeof(sig)));
		return IB_ST_FAILED;
	}
	if (!w->have_ret) {
		snprintf(reason, cap, "exit %d", WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
		return IB_ST_FAILED;
	}
	switch (w->ret) {
	case IB_OK:
		if (w->bad) {
			snprintf(reason, cap, "bad record");
			return IB_ST_FAILED;
		}
		reason[0] = '\0';
		return IB_ST_OK;
	case IB_SKIP:
		snprintf(reason, cap, "%s", w->reason[0] ? w->reason : "no reason given");
		return IB_ST_SKIPPED;
	case IB_FAIL:
		snprintf(reason, cap, "%s", w->reason[0] ? w->reason : "no reason given");
		return IB_ST_FAILED;
	default:
		snprintf(reason, cap, "run() returned %d", w->ret);
		return IB_ST_FAILED;
	}
}

static void finish(struct ib_out *o, const struct ib_bench *b, unsigned round, unsigned ktap_no,
		   int status, const char *reason, uint64_t wall_ms)
{
	static struct ib_rec r;
	char name[96];

	ib_rec_init(&r, "outcome");
	ib_rec_str(&r, "bench", b->name);
	ib_rec_str(&r, "status", ib_status_name(status));
	ib_rec_str(&r, "reason", reason);
	ib_rec_u64(&r, "wall_ms", wall_ms);
	if (round)
		ib_rec_u64(&r, "round", round);
	ib_run_name(b, round, name, sizeof(name));
	if (ib_out_record(o, &r))
		fprintf(stderr, "ibsuite: %s: outcome record refused\n", name);
	switch (status) {
	case IB_ST_OK:
		ib_out_text(o, "ok %u %s", ktap_no, name);
		break;
	case IB_ST_SKIPPED:
		ib_out_text(o, "ok %u %s # SKIP %s", ktap_no, name, reason);
		break;
	case IB_ST_TIMEOUT:
		ib_out_text(o, "not ok %u %s # timeout %s", ktap_no, name, reason);
		break;
	default:
		ib_out_text(o, "not ok %u %s # failed: %s", ktap_no, name, reason);
		break;
	}
}

int ib_run_bench(struct ib_out *o, const struct ib_bench *b, unsigned round, unsigned ktap_no,
		 struct ib_run_stats *st)
{
	static struct watch w;
	int fds[2], eof = 0, exited = 0, timed_out = 0, wstatus = 0, status;
	char reason[600];
	long oom_before, oom_kills;
	uint64_t start = ib_now_ns();
	uint64_t deadline = start + (uint64_t)ib_opts->timeout_s * 1000000000u;
	pid_t pid;

	memset(&w, 0, sizeof(w));
	w.b = b;
	w.round = round;
	w.o = o;
	ib_harness_round = round;
	w.st = st;
	if (pipe2(fds, O_CLOEXEC)) {
		snprintf(reason, sizeof(reason), "pipe: %s", strerror(errno));
		finish(o, b, round, ktap_no, IB_ST_FAILED, reason, 0);
		st->count[IB_ST_FAILED]++;
		return IB_ST_FAILED;
	}
	if (uses_files(b))
		prepare_files();
	oom_before = ib_oom_kills();
	drain_sigchld();
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(reason, sizeof(reason), "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		finish(o, b, round, ktap_no, IB_ST_FAILED, reason, 0);
		st->count[IB_ST_FAILED]++;
		return IB_ST_FAILED;
	}
	if (pid == 0) {
		close(fds[0]);
		child_main(b, fds[1]);
	}
	setpgid(pid, pid);
	close(fds[1]);

	while (!(exited && eof)) {
		uint64_t now = ib_now_ns();
		if (now >= deadline) {
			timed_out = !exited;
			break;
		}
		struct pollfd p[2] = {
			{ .fd = eof ? -1 : fds[0], .events = POLLIN },
			{ .fd = sigchld_pipe[0], .events = POLLIN },
		};
		int ms = (int)((deadline - now + 999999) / 1000000);
		int r = poll(p, 2, ms);
		if (r < 0 && errno != EINTR)
			break;
		if (p[0].revents) {
			read_pipe(&w, fds[0], &eof);
			if (!exited && start + (uint64_t)limit_s(&w) * 1000000000u > deadline)
				deadline = start + (uint64_t)limit_s(&w) * 1000000000u;
		}
		if (p[1].revents || r < 0) {
			drain_sigchld();
			if (!exited && waitpid(pid, &wstatus, WNOHANG) == pid) {
				exited = 1;
				/* leftovers of the group would hold the pipe open; one that left
				 * the group gets a second to let go of it */
				kill(-pid, SIGKILL);
				if (deadline > ib_now_ns() + 1000000000u)
					deadline = ib_now_ns() + 1000000000u;
			}
		}
	}
	if (!exited) {
		kill(-pid, SIGKILL);
		while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
			;
	}
	reap_group(pid);
	/* what is still in the pipe was written before the end */
	if (!eof) {
		fcntl(fds[0], F_SETFL, O_NONBLOCK);
		while (!eof && read_pipe(&w, fds[0], &eof) > 0)
			;
	}
	close(fds[0]);
	if (w.len) {
		fprintf(stderr, "ibsuite: %s: dropped an unterminated record line\n", b->name);
		w.bad++;
	}
	status = decide(&w, timed_out, wstatus, reason, sizeof(reason));
	/* a bare SIGKILL does not say who sent it; the kernel's OOM kill count does */
	oom_kills = oom_before >= 0 ? ib_oom_kills() - oom_before : 0;
	if (status != IB_ST_OK && oom_kills > 0)
		snprintf(reason + strlen(reason), sizeof(reason) - strlen(reason), "%s", !timed_out &&
			 WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL ? " (OOM killer)" :
			 "; the OOM killer killed a process meanwhile");
	finish(o, b, round, ktap_no, status, reason, (ib_now_ns() - start) / 1000000u);
	st->count[status]++;
	return status;
}
