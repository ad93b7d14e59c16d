/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runprog.c - running another program and keeping its output (contract in runprog.h).
 */
#define _GNU_SOURCE
#include "host/lib/runprog.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/lib/safeio.h"

int ib_prog_find(const char *name, char *out, size_t cap)
{
	const char *env = getenv("PATH");
	char dirs[8192];

	if (strchr(name, '/'))
		return (size_t)snprintf(out, cap, "%s", name) < cap && !access(out, X_OK) ? 0 : -1;
	snprintf(dirs, sizeof(dirs), "%s:/usr/sbin:/sbin", env && *env ? env : "/usr/bin:/bin");
	for (char *save, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save))
		if (*d == '/' && (size_t)snprintf(out, cap, "%s/%s", d, name) < cap &&
		    !access(out, X_OK))
			return 0;
	return -1;
}

void ib_prog_last_line(const char *text, char *line, size_t cap)
{
	const char *end = text + strlen(text), *start;

	while (end > text && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
		end--;
	start = end;
	while (start > text && start[-1] != '\n')
		start--;
	snprintf(line, cap, "%.*s", (int)(end - start), start);
}

/* the child: stdin, stdout and stderr on the pipes (or /dev/null), then the program */
static void child(const char *prog, char *const argv[], int in, int out, int err)
{
	int null = open("/dev/null", O_RDWR);

	if (null < 0 || dup2(in >= 0 ? in : null, 0) < 0 || dup2(out >= 0 ? out : null, 1) < 0 ||
	    dup2(err, 2) < 0)
		_exit(126);
	signal(SIGPIPE, SIG_DFL);
	execv(prog, argv);
	_exit(127);
}

/* append up to n bytes of buf to the stderr tail kept in r->err */
static void keep_err(struct ib_prog_result *r, const char *buf, size_t n)
{
	size_t have = strlen(r->err);

	if (n >= IB_PROG_ERR_MAX) {
		memcpy(r->err, buf + n - IB_PROG_ERR_MAX, IB_PROG_ERR_MAX);
		r->err[IB_PROG_ERR_MAX] = '\0';
		return;
	}
	if (have + n > IB_PROG_ERR_MAX) {
		memmove(r->err, r->err + (have + n - IB_PROG_ERR_MAX), IB_PROG_ERR_MAX - n);
		have = IB_PROG_ERR_MAX - n;
	}
	memcpy(r->err + have, buf, n);
	r->err[have + n] = '\0';
}

int ib_prog_run(char *const argv[], const char *in, size_t inlen, char **out, size_t max,
		struct ib_prog_result *r)
{
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 }, st = 0, over = 0;
	char prog[4096], buf[65536], *o = NULL;
	size_t olen = 0, ocap = 0;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (out)
		*out = NULL;
	if (ib_prog_find(argv[0], prog, sizeof(prog))) {
		snprintf(r->why, sizeof(r->why), "%s: no such program", argv[0]);
		r->status = 127;
		return -1;
	}
	if (inlen > IB_PROG_IN_MAX || (in && pipe2(pin, O_CLOEXEC)) ||
	    (out && pipe2(pout, O_CLOEXEC)) || pipe2(perr, O_CLOEXEC)) {
		snprintf(r->why, sizeof(r->why), "%s: cannot start: %s", argv[0],
			 inlen > IB_PROG_IN_MAX ? "input too long" : strerror(errno));
		goto fail_pipes;
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		snprintf(r->why, sizeof(r->why), "%s: fork: %s", argv[0], strerror(errno));
		goto fail_pipes;
	}
	if (pid == 0)
		child(prog, argv, pin[0], pout[1], perr[1]);
	ib_cleanup_child(pid);
	close(perr[1]);
	if (out)
		close(pout[1]);
	if (in) {
		close(pin[0]);
		/* at most IB_PROG_IN_MAX bytes: the pipe holds them before the child reads */
		if (inlen && write(pin[1], in, inlen) != (ssize_t)inlen && errno != EPIPE)
			keep_err(r, "initbench: writing its input failed\n", 36);
		close(pin[1]);
	}
	for (int open_fds = out ? 2 : 1; open_fds;) {
		struct pollfd p[2] = { { perr[0], POLLIN, 0 }, { out ? pout[0] : -1, POLLIN, 0 } };

		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			ssize_t n;

			if (p[i].fd < 0 || !(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(p[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(p[i].fd);
				if (i == 0)
					perr[0] = -1;
				else
					pout[0] = -1;
				open_fds--;
				continue;
			}
			if (i == 0) {
				keep_err(r, buf, (size_t)n);
			} else if (!over && olen + (size_t)n > max) {
				over = 1;
				kill(pid, SIGKILL);
			} else if (!over) {
				if (olen + (size_t)n + 1 > ocap) {
					char *g;

					ocap = (olen + (size_t)n + 1) * 2;
					if (!(g = realloc(o, ocap))) {
						over = 2;
						kill(pid, SIGKILL);
						continue;
					}
					o = g;
				}
				memcpy(o + olen, buf, (size_t)n);
				olen += (size_t)n;
			}
		}
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	ib_cleanup_child(0);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (over || r->status) {
		char line[300];

		ib_prog_last_line(r->err, line, sizeof(line));
		if (over)
			snprintf(r->why, sizeof(r->why), "%s: %s", argv[0], over == 2 ?
				 "out of memory for its output" : "printed more than it may");
		else if (r->status == 127 && !*line)
			snprintf(r->why, sizeof(r->why), "%s: cannot run %.300s", argv[0], prog);
		else
			snprintf(r->why, sizeof(r->why), "%s %s%s%s", argv[0], WIFEXITED(st) ?
				 "failed" : "was killed", *line ? ": " : "", line);
		free(o);
		return -1;
	}
	if (out) {
		if (!o && !(o = malloc(1))) {
			snprintf(r->why, sizeof(r->why), "%s: out of memory", argv[0]);
			return -1;
		}
		o[olen] = '\0';
		*out = o;
	}
	r->outlen = olen;
	return 0;
fail_pipes:
	for (int *p = pin; p < pin + 2; p++)
		if (*p >= 0)
			close(*p);
	for (int *p = pout; p < pout + 2; p++)
		if (*p >= 0)
			close(*p);
	for (int *p = perr; p < perr + 2; p++)
		if (*p >= 0)
			close(*p);
	r->status = 126;
	return -1;
}
