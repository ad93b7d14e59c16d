/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * procstat.c - the guest's disturbance counters (contract in procstat.h).
 */
#define _GNU_SOURCE
#include "bench/base/procstat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* the number after "name " at the start of a line of buf, or -1 */
static int64_t line_num(const char *buf, const char *name, const char **line)
{
	size_t n = strlen(name);

	for (const char *p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, n) && p[n] == ' ') {
			char *e;
			long long v = strtoll(p + n, &e, 10);

			if (line)
				*line = p;
			return e == p + n || v < 0 ? -1 : (int64_t)v;
		}
	return -1;
}

int ib_procstat_cpu(const char *buf, const char *name, struct ib_procstat *s)
{
	const char *cpu = NULL;
	int64_t f[8];
	int nf = 0;

	s->cpu_ticks = s->steal = s->irq = s->softirq = -1;
	line_num(buf, name, &cpu);
	if (!cpu)
		return -1;
	/* "cpu  user nice system idle iowait irq softirq steal guest guest_nice": guest time is
	 * already inside user, so the first eight are the whole */
	for (const char *p = cpu + strlen(name); nf < 8 && *p && *p != '\n';) {
		char *e;
		long long v;

		while (*p == ' ')
			p++;
		v = strtoll(p, &e, 10);
		if (e == p || v < 0)
			break;
		f[nf++] = v;
		p = e;
	}
	if (nf < 4)
		return -1;
	s->cpu_ticks = 0;
	for (int i = 0; i < nf; i++)
		s->cpu_ticks += f[i];
	if (nf >= 7) {
		s->irq = f[5];
		s->softirq = f[6];
	}
	if (nf >= 8)
		s->steal = f[7];
	return 0;
}

int ib_procstat_parse(const char *buf, struct ib_procstat *s)
{
	s->intr = line_num(buf, "intr", NULL);
	s->softirqs = line_num(buf, "softirq", NULL);
	s->ctxt = line_num(buf, "ctxt", NULL);
	s->processes = line_num(buf, "processes", NULL);
	return ib_procstat_cpu(buf, "cpu", s);
}

void ib_procstat_read(struct ib_procstat *s)
{
	/* the intr line lists every interrupt line: a few KB, more on big machines */
	static char buf[65536];
	struct rusage self, kids;
	struct timespec ts;
	ssize_t n = -1, got = 0;
	int fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);

	memset(s, 0, sizeof(*s));
	s->cpu_ticks = s->steal = s->irq = s->softirq = -1;
	s->intr = s->softirqs = s->ctxt = s->processes = -1;
	s->nvcsw = s->nivcsw = -1;
	if (fd >= 0) {
		while ((size_t)got < sizeof(buf) - 1 &&
		       (n = read(fd, buf + got, sizeof(buf) - 1 - (size_t)got)) > 0)
			got += n;
		close(fd);
	}
	if (fd < 0 || n < 0 || !got) {
		const char *e = fd < 0 && errno == ENOENT ? "ENOENT" : fd < 0 && errno == EACCES ?
				"EACCES" : "unreadable";
		strcpy(s->why, "/proc/stat: ");
		strcat(s->why, e);
	} else {
		buf[got] = '\0';
		if (ib_procstat_parse(buf, s))
			strcpy(s->why, "/proc/stat: no cpu line");
	}
	if (!getrusage(RUSAGE_SELF, &self) && !getrusage(RUSAGE_CHILDREN, &kids)) {
		s->nvcsw = (int64_t)self.ru_nvcsw + kids.ru_nvcsw;
		s->nivcsw = (int64_t)self.ru_nivcsw + kids.ru_nivcsw;
	}
	clock_gettime(CLOCK_MONOTONIC, &ts);
	s->t_ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void put(struct ib_rec *r, const char *key, int64_t v)
{
	if (v >= 0)
		ib_rec_i64(r, key, v);
}

void ib_procstat_rec(struct ib_rec *r, const struct ib_procstat *s)
{
	put(r, "dist.t_ns", s->t_ns);
	put(r, "dist.nvcsw", s->nvcsw);
	put(r, "dist.nivcsw", s->nivcsw);
	if (s->why[0]) {
		ib_rec_str(r, "dist.missing", s->why);
		return;
	}
	put(r, "dist.cpu_ticks", s->cpu_ticks);
	put(r, "dist.steal", s->steal);
	put(r, "dist.irq", s->irq);
	put(r, "dist.softirq", s->softirq);
	put(r, "dist.intr", s->intr);
	put(r, "dist.softirqs", s->softirqs);
	put(r, "dist.ctxt", s->ctxt);
	put(r, "dist.processes", s->processes);
}
