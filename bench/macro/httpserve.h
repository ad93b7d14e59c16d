/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * httpserve.h - the HTTP workload's server: busybox httpd, one process per connection,
 * started by a listener of ours (the inetd way busybox documents for httpd -i).
 *
 * Why not `httpd -f`, busybox's own listener: it calls listen() with a backlog of 9, so
 * under ab -c 100 the accept queue overflows and the kernel drops SYNs, which clients
 * retransmit after 1, 2, 4 ... s. Measured natively with Apache's own ab -n 2000 -c 100:
 * 2336 listen overflows in the run, the longest request 27.4 s (another run: 16 failed,
 * one of 62 s); the figure then times TCP's retransmission timer, not the kernel. Our listener asks for a backlog of LISTEN_BACKLOG
 * (the kernel caps it at net.core.somaxconn).
 *
 * ib_http_serve_start(): a TCP socket bound to 127.0.0.1 on a port the kernel picks (port
 * 0), listening, then a forked server process that accepts connections for ever; each one
 * is served by a child that has the connection as stdin and stdout, errlog (created,
 * truncated) as stderr, and runs execve(argv[0], argv) with an empty environment. The
 * server ignores SIGCHLD (its children are reaped by the kernel) and dies with the caller
 * (PR_SET_PDEATHSIG). Returns 0 with sv->pid and sv->port set; -1 with why, and *skip
 * set when the reason is the machine's (no AF_INET, no loopback, no port free: EADDRINUSE).
 * ib_http_serve_stop() kills and reaps the server (connections still being served end on
 * their own: they are plain children of a dead process by then).
 */
#ifndef IB_HTTPSERVE_H
#define IB_HTTPSERVE_H

#include <stddef.h>
#include <sys/types.h>

#define IB_HTTP_LISTEN_BACKLOG 4096

struct ib_http_server {
	pid_t pid;
	unsigned port;
};

int ib_http_serve_start(struct ib_http_server *sv, char *const argv[], const char *errlog,
			int *skip, char *why, size_t cap);
void ib_http_serve_stop(struct ib_http_server *sv);

#endif
