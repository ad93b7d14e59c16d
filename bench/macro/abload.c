/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * abload.c - the load generator's event loop (contract in abload.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bench/macro/abload.h"

enum { S_IDLE, S_CONNECTING, S_WRITING, S_READING };

struct slot {
	int fd, state;
	size_t sent;
	uint64_t last;           /* last progress, for the timeout */
	struct ib_ab_times t;
	struct ib_http_resp resp;
};

struct run {
	const struct ib_ab_cfg *cfg;
	struct ib_ab_result *res;
	char req[1024];
	size_t req_len;
	unsigned started;
	uint64_t t0;
};

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void why(struct run *r, const char *fmt, ...)
{
	va_list ap;

	if (r->res->why[0])
		return;
	va_start(ap, fmt);
	vsnprintf(r->res->why, sizeof(r->res->why), fmt, ap);
	va_end(ap);
}

static void drop(struct slot *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	s->state = S_IDLE;
}

static void failed(struct run *r, struct slot *s, unsigned *counter, const char *what, int err)
{
	r->res->failed++;
	(*counter)++;
	if (err)
		why(r, "%s: %s", what, strerror(err));
	else
		why(r, "%s", what);
	drop(s);
}

/* a new request on s: on its open connection (keep-alive) or a new one */
static void begin(struct run *r, struct slot *s, uint64_t now)
{
	memset(&s->t, 0, sizeof(s->t));
	ib_http_resp_init(&s->resp);
	s->t.start = now;
	s->last = now;
	s->sent = 0;
	r->started++;
	if (s->fd >= 0) {
		s->t.connected = now;
		s->state = S_WRITING;
		return;
	}
	s->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (s->fd < 0) {
		failed(r, s, &r->res->f_connect, "socket", errno);
		return;
	}
	if (connect(s->fd, (const struct sockaddr *)&r->cfg->addr, sizeof(r->cfg->addr)) == 0) {
		s->t.connected = now;
		s->state = S_WRITING;
	} else if (errno == EINPROGRESS) {
		s->state = S_CONNECTING;
	} else {
		failed(r, s, &r->res->f_connect, "connect", errno);
	}
}

static void complete(struct run *r, struct slot *s, uint64_t now)
{
	struct ib_ab_result *res = r->res;
	const char *v;

	s->t.done = now;
	if (!res->complete && !res->f_length) {
		res->doc_len = s->resp.body;
		/* the first response's Server header, for the report */
		if ((v = strcasestr(s->resp.head, "\nServer:"))) {
			v += 8;
			v += strspn(v, " \t");
			snprintf(res->server, sizeof(res->server), "%.*s",
				 (int)strcspn(v, "\r\n"), v);
		}
	} else if (s->resp.body != res->doc_len) {
		failed(r, s, &res->f_length, "a body length differs from the first response's", 0);
		return;
	}
	if (s->resp.status < 200 || s->resp.status > 299)
		res->non2xx++;
	res->html_bytes += s->resp.body;
	res->t[res->complete++] = s->t;
	if (s->resp.keepalive)
		res->keepalive_reqs++;
	if (!(r->cfg->keepalive && s->resp.keepalive))
		drop(s);
	else
		s->state = S_IDLE;      /* kept: the next request reuses s->fd */
}

static void on_read(struct run *r, struct slot *s, uint64_t now)
{
	char buf[65536];
	ssize_t n = read(s->fd, buf, sizeof(buf));
	size_t used;
	int rc;

	if (n < 0) {
		if (errno != EAGAIN && errno != EINTR)
			failed(r, s, &r->res->f_receive, "read", errno);
		return;
	}
	s->last = now;
	if (n == 0) {
		if (ib_http_resp_eof(&s->resp))
			failed(r, s, &r->res->f_receive, s->resp.why, 0);
		else
			complete(r, s, now);
		return;
	}
	if (!s->t.first)
		s->t.first = now;
	r->res->total_bytes += (uint64_t)n;
	rc = ib_http_resp_feed(&s->resp, buf, (size_t)n, &used);
	if (rc < 0)
		failed(r, s, &r->res->f_exceptions, s->resp.why, 0);
	else if (rc > 0)
		complete(r, s, now);
}

static void on_write(struct run *r, struct slot *s, uint64_t now)
{
	ssize_t n;

	if (s->state == S_CONNECTING) {
		int err = 0;
		socklen_t len = sizeof(err);

		if (getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
			err = errno;
		if (err) {
			failed(r, s, &r->res->f_connect, "connect", err);
			return;
		}
		s->t.connected = now;
		s->state = S_WRITING;
	}
	n = send(s->fd, r->req + s->sent, r->req_len - s->sent, MSG_NOSIGNAL);
	if (n < 0) {
		if (errno != EAGAIN && errno != EINTR)
			failed(r, s, s->t.written ? &r->res->f_receive : &r->res->f_connect, "write",
			       errno);
		return;
	}
	s->last = now;
	s->sent += (size_t)n;
	if (s->sent == r->req_len) {
		s->t.written = now;
		s->state = S_READING;
	}
}

int ib_ab_run(const struct ib_ab_cfg *cfg, struct ib_ab_result *res)
{
	const uint64_t timeout = (uint64_t)cfg->timeout_ms * 1000000u;
	struct slot *slot;
	struct pollfd *pfd;
	unsigned c = cfg->c < cfg->n ? cfg->c : cfg->n, busy;
	struct run r = { cfg, res, { 0 }, 0, 0, 0 };
	uint64_t last_done = 0;

	memset(res, 0, sizeof(*res));
	if (!cfg->n || !c || cfg->c > IB_AB_MAX_C || cfg->path[0] != '/') {
		snprintf(res->why, sizeof(res->why), "bad parameters: n %u, c %u, path %s", cfg->n,
			 cfg->c, cfg->path);
		return -EINVAL;
	}
	r.req_len = (size_t)snprintf(r.req, sizeof(r.req),
				     "GET %s HTTP/1.0\r\n%sHost: %s\r\nUser-Agent: initbench-ab\r\n"
				     "Accept: */*\r\n\r\n", cfg->path,
				     cfg->keepalive ? "Connection: Keep-Alive\r\n" : "", cfg->host);
	if (r.req_len >= sizeof(r.req)) {
		snprintf(res->why, sizeof(res->why), "request too long (path or host)");
		return -EINVAL;
	}
	res->t = malloc(cfg->n * sizeof(*res->t));
	slot = calloc(c, sizeof(*slot));
	pfd = calloc(c, sizeof(*pfd));
	if (!res->t || !slot || !pfd) {
		free(res->t), free(slot), free(pfd);
		res->t = NULL;
		snprintf(res->why, sizeof(res->why), "out of memory");
		return -ENOMEM;
	}
	for (unsigned i = 0; i < c; i++)
		slot[i].fd = -1;
	r.t0 = now_ns();
	do {
		uint64_t now = now_ns(), next = UINT64_MAX;
		int wait_ms;

		busy = 0;
		for (unsigned i = 0; i < c; i++) {
			struct slot *s = &slot[i];

			if (s->state == S_IDLE && r.started < cfg->n)
				begin(&r, s, now);
			if (s->state != S_IDLE && now - s->last >= timeout)
				failed(&r, s, &res->f_exceptions, "no progress within the timeout", 0);
			if (s->state == S_IDLE) {
				if (s->fd >= 0 && r.started >= cfg->n)
					drop(s);        /* a kept connection nobody needs */
				pfd[i].fd = -1;
				continue;
			}
			busy++;
			if (s->last + timeout < next)
				next = s->last + timeout;
			pfd[i].fd = s->fd;
			pfd[i].events = s->state == S_READING ? POLLIN : POLLOUT;
			pfd[i].revents = 0;
		}
		if (cfg->stop_on_failure && res->failed)
			break;
		if (!busy) {
			if (r.started >= cfg->n)
				break;
			continue;       /* every slot failed at once: start the next requests */
		}
		wait_ms = next <= now ? 0 : (int)((next - now) / 1000000u) + 1;
		if (poll(pfd, c, wait_ms) < 0 && errno != EINTR) {
			why(&r, "poll: %s", strerror(errno));
			break;
		}
		for (unsigned i = 0; i < c; i++) {
			struct slot *s = &slot[i];
			unsigned before = res->complete + res->failed;

			if (pfd[i].fd < 0 || !pfd[i].revents || s->state == S_IDLE)
				continue;
			now = now_ns();         /* each event its own time, as ab takes it */
			if (s->state == S_READING)
				on_read(&r, s, now);
			else
				on_write(&r, s, now);
			if (res->complete + res->failed != before)
				last_done = now;
		}
	} while (1);
	for (unsigned i = 0; i < c; i++)
		drop(&slot[i]);
	res->elapsed_ns = (last_done > r.t0 ? last_done : now_ns()) - r.t0;
	free(slot);
	free(pfd);
	return 0;
}
