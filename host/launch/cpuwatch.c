/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpuwatch.c - another benchmark run on our host CPU, sampled once a second (cpuwatch.h).
 */
#define _GNU_SOURCE
#include "host/launch/cpuwatch.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const family[] = { "qemu-system", "linux", "vmlinux", "initbench", "ibsuite" };

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void ib_cpuwatch_start(struct ib_cpuwatch *w, int cpu)
{
	memset(w, 0, sizeof(*w));
	w->cpu = cpu;
}

static int read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, len - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* a stat line's state, ppid, pgrp and processor (the fields after the comm's last ')') */
static int stat_fields(const char *path, char *state, long *ppid, long *pgrp, int *cpu)
{
	char buf[1024], *p, *tok, *save;
	int field = 3;

	if (read_small(path, buf, sizeof(buf)) < 0 || !(p = strrchr(buf, ')')))
		return -1;
	*cpu = -1;
	for (tok = strtok_r(p + 1, " ", &save); tok; tok = strtok_r(NULL, " ", &save), field++) {
		if (field == 3)
			*state = tok[0];
		else if (field == 4)
			*ppid = atol(tok);
		else if (field == 5)
			*pgrp = atol(tok);
		else if (field == 39) {
			*cpu = atoi(tok);
			break;
		}
	}
	return *cpu < 0 ? -1 : 0;
}

static int in_family(const char *comm)
{
	for (size_t i = 0; i < sizeof(family) / sizeof(family[0]); i++)
		if (!strncmp(comm, family[i], strlen(family[i])))
			return 1;
	return 0;
}

/* whether a thread of process pid is runnable on cpu */
static int runs_on(const char *pid, int cpu)
{
	char path[600];
	struct dirent *de;
	DIR *d;
	int found = 0;

	snprintf(path, sizeof(path), "/proc/%s/task", pid);
	if (!(d = opendir(path)))
		return 0;
	while (!found && (de = readdir(d))) {
		char state = 0;
		long ppid, pgrp;
		int c;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/task/%.255s/stat", pid, de->d_name);
		found = stat_fields(path, &state, &ppid, &pgrp, &c) == 0 && state == 'R' && c == cpu;
	}
	closedir(d);
	return found;
}

static void note_other(struct ib_cpuwatch *w, pid_t pid, const char *comm)
{
	for (unsigned i = 0; i < w->nothers; i++)
		if (w->other[i].pid == pid)
			return;
	if (w->nothers == IB_CPUWATCH_OTHERS)
		return;
	w->other[w->nothers].pid = pid;
	snprintf(w->other[w->nothers].comm, sizeof(w->other[0].comm), "%.15s", comm);
	w->nothers++;
}

int ib_cpuwatch_sample(struct ib_cpuwatch *w, pid_t launcher)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t self = getpid();
	int hit = 0;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[300], comm[64], state;
		long ppid = 0, pgrp = 0;
		pid_t pid;
		int c;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		pid = (pid_t)atol(de->d_name);
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		if (pid == self || read_small(path, comm, sizeof(comm)) < 0)
			continue;
		comm[strcspn(comm, "\n")] = '\0';
		if (!in_family(comm))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if (stat_fields(path, &state, &ppid, &pgrp, &c) < 0 || ppid == self ||
		    (launcher > 0 && (pid == launcher || pgrp == launcher)))
			continue;
		if (runs_on(de->d_name, w->cpu)) {
			hit = 1;
			note_other(w, pid, comm);
		}
	}
	closedir(d);
	w->samples++;
	w->shared += (unsigned)hit;
	return hit;
}

/* every thread of process pid (a member of the guest's group): its schedstat, kept */
static void task_delays(struct ib_cpuwatch *w, const char *pid)
{
	char path[600], buf[128];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%s/task", pid);
	if (!(d = opendir(path)))
		return;
	while ((de = readdir(d))) {
		unsigned long long run, delay;
		pid_t tid;
		unsigned i;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/task/%.255s/schedstat", pid, de->d_name);
		if (read_small(path, buf, sizeof(buf)) < 0 ||
		    sscanf(buf, "%llu %llu", &run, &delay) != 2)
			continue;
		tid = (pid_t)atol(de->d_name);
		for (i = 0; i < w->ntask && w->task[i].tid != tid; i++)
			;
		if (i == w->ntask) {
			if (w->ntask == IB_CPUWATCH_TASKS)
				continue;
			w->task[w->ntask++].tid = tid;
		}
		w->task[i].run_ns = run;
		w->task[i].delay_ns = delay;
	}
	closedir(d);
}

/* the schedstat of every thread of the launcher's process group */
static void group_delays(struct ib_cpuwatch *w, pid_t launcher)
{
	DIR *d = launcher > 0 ? opendir("/proc") : NULL;
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[300], state;
		long ppid = 0, pgrp = 0;
		int c;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if (stat_fields(path, &state, &ppid, &pgrp, &c) == 0 && pgrp == launcher)
			task_delays(w, de->d_name);
	}
	closedir(d);
}

void ib_cpuwatch_tick(struct ib_cpuwatch *w, pid_t launcher)
{
	double t = now_s();

	if (!w->dlast || t - w->dlast >= 1.0) {
		w->dlast = t;
		group_delays(w, launcher);
	}
	if (w->cpu < 0 || (w->last && t - w->last < 1.0))
		return;
	w->last = t;
	ib_cpuwatch_sample(w, launcher);
}

json_t *ib_cpuwatch_json(const struct ib_cpuwatch *w, int unpinned)
{
	json_t *o = json_array();

	for (unsigned i = 0; i < w->nothers; i++)
		json_array_append_new(o, json_sprintf("%ld %s", (long)w->other[i].pid,
						      w->other[i].comm));
	unsigned long long run = 0, delay = 0;

	for (unsigned i = 0; i < w->ntask; i++) {
		run += w->task[i].run_ns;
		delay += w->task[i].delay_ns;
	}
	return json_pack("{s:b, s:b, s:i, s:i, s:o, s:o, s:o}", "unpinned", unpinned, "cpu_shared",
			 w->shared > 0, "samples", (int)w->samples, "shared_samples",
			 (int)w->shared, "others", o, "guest_run_s",
			 w->ntask ? json_real((double)run / 1e9) : json_null(), "guest_delay_s",
			 w->ntask ? json_real((double)delay / 1e9) : json_null());
}
