/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * http-serve.c - the HTTP workload's server on its own, for setting ib-ab against Apache's ab
 * on the very server the suite loads (tests/integration/tool/ab-cross-check.sh).
 *
 *   http-serve BUSYBOX DOCROOT ERRLOG
 *
 * Starts bench/macro/httpserve.h's listener on 127.0.0.1 (a port the kernel picks) in front
 * of `BUSYBOX httpd -i -h DOCROOT -c /dev/null`, prints "port N" on stdout, and serves until
 * its stdin reaches end of file or it gets SIGTERM; then it stops the server. Exit 1 when
 * the server cannot start (the reason on stderr), 2 for bad arguments.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench/macro/httpserve.h"

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	struct ib_http_server sv;
	char why[256], buf[64];
	int skip;

	if (argc != 4) {
		fprintf(stderr, "usage: http-serve BUSYBOX DOCROOT ERRLOG\n");
		return 2;
	}
	char *av[] = { argv[1], "httpd", "-i", "-h", argv[2], "-c", "/dev/null", NULL };
	/* without SA_RESTART, so that SIGTERM ends the read below */
	struct sigaction sa = { .sa_handler = on_term };
	sigaction(SIGTERM, &sa, NULL);
	if (ib_http_serve_start(&sv, av, argv[3], &skip, why, sizeof(why))) {
		fprintf(stderr, "http-serve: %s\n", why);
		return 1;
	}
	printf("port %u\n", sv.port);
	fflush(stdout);
	while (!stop && read(0, buf, sizeof(buf)) > 0)
		;
	ib_http_serve_stop(&sv);
	return 0;
}
