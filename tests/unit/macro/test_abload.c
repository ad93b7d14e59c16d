/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_abload.c - the load generator's event loop (bench/macro/abload.c) against small
 * servers forked here on 127.0.0.1: one that closes after each response, one that keeps
 * connections alive, one that answers nothing, one whose lengths differ, one that stalls,
 * and none at all. The servers count the connections they accept, so keep-alive is proved
 * by the connections it saved, not by the client's word.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench/macro/abload.h"

enum mode { M_CLOSE, M_KEEP, M_NORESP, M_LENGTH, M_SILENT };

struct srv {
	pid_t pid;
	int count_fd;            /* one byte per accepted connection */
	struct sockaddr_in addr;
};

static void handle(int fd, enum mode m, unsigned idx)
{
	char req[4096], head[256], body[128];
	size_t have = 0;

	memset(body, 'b', sizeof(body));
	for (;;) {
		ssize_t n = read(fd, req + have, sizeof(req) - 1 - have);
		unsigned len = m == M_LENGTH && idx % 2 ? 101 : 100;
		int keep;

		if (n <= 0)
			break;
		have += (size_t)n;
		req[have] = 0;
		if (!strstr(req, "\r\n\r\n"))
			continue;
		if (m == M_NORESP)
			break;
		if (m == M_SILENT) {
			sleep(30);
			break;
		}
		keep = m == M_KEEP && strstr(req, "Connection: Keep-Alive\r\n");
		n = snprintf(head, sizeof(head), "HTTP/1.1 200 OK\r\nServer: test/1\r\nConnection: %s\r\n"
			     "Content-Length: %u\r\n\r\n", keep ? "keep-alive" : "close", len);
		if (write(fd, head, (size_t)n) != n || write(fd, body, len) != (ssize_t)len || !keep)
			break;
		have = 0;
	}
	close(fd);
	_exit(0);
}

static struct srv start(enum mode m)
{
	struct srv s = { .addr = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) } };
	socklen_t len = sizeof(s.addr);
	int lfd = socket(AF_INET, SOCK_STREAM, 0), p[2];

	assert_true(lfd >= 0);
	assert_int_equal(bind(lfd, (struct sockaddr *)&s.addr, sizeof(s.addr)), 0);
	assert_int_equal(listen(lfd, 128), 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&s.addr, &len), 0);
	assert_int_equal(pipe(p), 0);
	s.pid = fork();
	assert_true(s.pid >= 0);
	if (s.pid == 0) {
		setpgid(0, 0);
		signal(SIGCHLD, SIG_IGN);
		close(p[0]);
		for (unsigned idx = 0;; idx++) {
			int fd = accept(lfd, NULL, NULL);
			if (fd < 0)
				continue;
			if (write(p[1], "c", 1) != 1)
				_exit(1);
			if (fork() == 0)
				handle(fd, m, idx);
			close(fd);
		}
	}
	setpgid(s.pid, s.pid);
	close(lfd);
	close(p[1]);
	s.count_fd = p[0];
	return s;
}

/* stops the server and its children; returns the connections it accepted */
static unsigned stop(struct srv *s)
{
	char buf[4096];
	unsigned n = 0;
	ssize_t r;

	kill(-s->pid, SIGKILL);
	waitpid(s->pid, NULL, 0);
	while ((r = read(s->count_fd, buf, sizeof(buf))) > 0)
		n += (unsigned)r;
	close(s->count_fd);
	return n;
}

/* n requests, c at a time, against a fresh server of mode m (none: a closed port), stopped
 * after; *conns (if not NULL) gets the connections the server accepted */
struct load {
	enum mode m;
	int no_server;
	unsigned n, c;
	int keepalive, stop_on_failure;
	unsigned timeout_ms;
};

static struct ib_ab_result run(struct load l, unsigned *conns)
{
	struct srv s = start(l.m);
	struct ib_ab_cfg cfg = { s.addr, "127.0.0.1", "/index.html", l.n, l.c, l.keepalive,
				 l.stop_on_failure, l.timeout_ms };
	struct ib_ab_result res;
	unsigned accepted = 0;

	if (l.no_server)
		stop(&s);       /* its port is closed now: connections are refused */
	assert_int_equal(ib_ab_run(&cfg, &res), 0);
	if (!l.no_server)
		accepted = stop(&s);
	if (conns)
		*conns = accepted;
	return res;
}

/* what both sides counted, and every request's moments in order */
static void expect_run(struct load l, unsigned want_conns, unsigned want_complete,
		       unsigned want_kept)
{
	unsigned conns;
	struct ib_ab_result res = run(l, &conns);

	if (conns != want_conns || res.complete != want_complete || res.failed ||
	    res.keepalive_reqs != want_kept)
		fail_msg("mode %d, -n %u -c %u%s: %u connections, %u complete, %u failed, %u kept; "
			 "want %u, %u, 0, %u", l.m, l.n, l.c, l.keepalive ? " -k" : "", conns,
			 res.complete, res.failed, res.keepalive_reqs, want_conns, want_complete,
			 want_kept);
	for (unsigned i = 0; i < res.complete; i++) {
		const struct ib_ab_times *t = &res.t[i];
		assert_true(t->start <= t->connected && t->connected <= t->written &&
			    t->written <= t->first && t->first <= t->done && t->start);
	}
	free(res.t);
}

static void test_close(void **state)
{
	struct ib_ab_result res = run((struct load){ M_CLOSE, 0, 50, 5, 0, 0, 5000 }, NULL);
	(void)state;
	assert_int_equal(res.doc_len, 100);
	assert_int_equal(res.html_bytes, 5000);
	/* every byte of every response: head + body */
	assert_int_equal(res.total_bytes, 50 * (strlen("HTTP/1.1 200 OK\r\nServer: test/1\r\n"
			 "Connection: close\r\nContent-Length: 100\r\n\r\n") + 100));
	assert_string_equal(res.server, "test/1");
	assert_true(res.elapsed_ns > 0);
	free(res.t);
	expect_run((struct load){ M_CLOSE, 0, 50, 5, 0, 0, 5000 }, 50, 50, 0);
}

/* -k: 40 requests over the 4 connections the server kept open; without -k one per request;
 * -k against a server that closes (busybox httpd): it reconnects for every request */
static void test_keepalive(void **state)
{
	(void)state;
	expect_run((struct load){ M_KEEP, 0, 40, 4, 1, 0, 5000 }, 4, 40, 40);
	expect_run((struct load){ M_KEEP, 0, 12, 4, 0, 0, 5000 }, 12, 12, 0);
	expect_run((struct load){ M_CLOSE, 0, 20, 3, 1, 0, 5000 }, 20, 20, 0);
}

/* each failure counted as what it is; the run's first failure in words */
static void test_failures(void **state)
{
	static const struct {
		struct load l;
		unsigned complete, failed;
		const char *why;
	} cases[] = {
		{ { M_NORESP, 0, 10, 2, 0, 0, 5000 }, 0, 10, "closed without a response" },
		/* lengths that differ from the first response's (100) */
		{ { M_LENGTH, 0, 20, 1, 0, 0, 5000 }, 10, 10, "a body length differs from the first response's" },
		{ { M_CLOSE, 1, 10, 2, 0, 0, 5000 }, 0, 10, "connect: Connection refused" },
		/* a server that reads the request and never answers: two rounds of 0.3 s */
		{ { M_SILENT, 0, 4, 2, 0, 0, 300 }, 0, 4, "no progress within the timeout" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct timespec a, b;
		struct ib_ab_result res;

		clock_gettime(CLOCK_MONOTONIC, &a);
		res = run(cases[i].l, NULL);
		clock_gettime(CLOCK_MONOTONIC, &b);
		if (res.complete != cases[i].complete || res.failed != cases[i].failed ||
		    strcmp(res.why, cases[i].why) || b.tv_sec - a.tv_sec > 5)
			fail_msg("case %zu: %u complete, %u failed, \"%s\", %ld s", i, res.complete,
				 res.failed, res.why, (long)(b.tv_sec - a.tv_sec));
		/* and in the right counter */
		assert_int_equal(i == 0 ? res.f_receive : i == 1 ? res.f_length :
				 i == 2 ? res.f_connect : res.f_exceptions, cases[i].failed);
		free(res.t);
	}
}

/* stop at the first failure: what was in flight is not counted */
static void test_stop_on_failure(void **state)
{
	struct ib_ab_result res = run((struct load){ M_NORESP, 0, 100, 2, 0, 1, 5000 }, NULL);
	(void)state;
	assert_true(res.failed >= 1 && res.failed <= 2);
	free(res.t);
}

static void test_bad_params(void **state)
{
	struct ib_ab_cfg cfg = { { .sin_family = AF_INET }, "h", "/", 0, 1, 0, 0, 1000 };
	struct ib_ab_result res;
	(void)state;
	assert_int_equal(ib_ab_run(&cfg, &res), -EINVAL);
	cfg.n = 1, cfg.c = IB_AB_MAX_C + 1;
	assert_int_equal(ib_ab_run(&cfg, &res), -EINVAL);
	cfg.c = 1, cfg.path = "index.html";
	assert_int_equal(ib_ab_run(&cfg, &res), -EINVAL);
	assert_non_null(strstr(res.why, "bad parameters"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_close),
		cmocka_unit_test(test_keepalive),
		cmocka_unit_test(test_failures),
		cmocka_unit_test(test_stop_on_failure),
		cmocka_unit_test(test_bad_params),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
