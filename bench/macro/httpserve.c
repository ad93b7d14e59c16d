/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * httpserve.c - the listener in front of busybox httpd -i (contract in httpserve.h).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/macro/httpserve.h"

/* one connection: the child's stdin and stdout are the connection */
static void serve_one(int conn, int listener, char *const argv[], const char *errlog)
{
	static char *const envp[] = { NULL };
	int err = open(errlog, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

	close(listener);
	signal(SIGCHLD, SIG_DFL);
	if (err < 0 || dup2(conn, 0) < 0 || dup2(conn, 1) < 0 || dup2(err, 2) < 0)
		_exit(126);
	execve(argv[0], argv, envp);
	dprintf(2, "exec %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static void server(int listener, char *const argv[], const char *errlog)
{
	signal(SIGCHLD, SIG_IGN);
	for (;;) {
		int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
		pid_t pid;

		if (conn < 0) {
			if (errno == EINTR || errno == ECONNABORTED || errno == EMFILE ||
			    errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
				continue;
			_exit(1);
		}
		pid = fork();
		if (pid == 0)
			serve_one(conn, listener, argv, errlog);
		close(conn);
	}
}

int ib_http_serve_start(struct ib_http_server *sv, char *const argv[], const char *errlog,
			int *skip, char *why, size_t cap)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	pid_t parent = getpid();
	int fd, trunc;

	sv->pid = 0;
	*skip = 0;
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		*skip = errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT;
		snprintf(why, cap, *skip ? "no AF_INET" : "socket: %s", strerror(errno));
		return -1;
	}
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, IB_HTTP_LISTEN_BACKLOG) ||
	    getsockname(fd, (struct sockaddr *)&a, &len)) {
		*skip = errno == EADDRNOTAVAIL || errno == EADDRINUSE;
		snprintf(why, cap, errno == EADDRINUSE ? "port in use: no free port on 127.0.0.1 (%s)" :
			 errno == EADDRNOTAVAIL ? "no loopback (127.0.0.1: %s)" : "listen on 127.0.0.1: %s",
			 strerror(errno));
		close(fd);
		return -1;
	}
	trunc = open(errlog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (trunc >= 0)
		close(trunc);
	sv->port = ntohs(a.sin_port);
	sv->pid = fork();
	if (sv->pid < 0) {
		snprintf(why, cap, "fork: %s", strerror(errno));
		sv->pid = 0;
		close(fd);
		return -1;
	}
	if (sv->pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(0);
		server(fd, argv, errlog);
	}
	close(fd);
	return 0;
}

void ib_http_serve_stop(struct ib_http_server *sv)
{
	if (sv->pid > 0) {
		kill(sv->pid, SIGKILL);
		waitpid(sv->pid, NULL, 0);
	}
	sv->pid = 0;
}
