/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpulock.c - the host CPU lock of a run (contract in cpulock.h).
 */
#define _GNU_SOURCE
#include "host/launch/cpulock.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "host/lib/hostutil.h"

#define CPU_MAX 4096

static int dir_usable(const char *dir)
{
	struct stat st;

	if (ib_mkdir_p(dir, 0755) < 0 || stat(dir, &st) < 0)
		return 0;
	/* the first run makes it; any user's run must be able to add a CPU's file to it */
	if (st.st_uid == geteuid() && (st.st_mode & 07777) != 01777)
		chmod(dir, 01777);
	return access(dir, W_OK | X_OK) == 0;
}

int ib_cpulock_dir(char *buf, size_t len)
{
	const char *env = getenv("INITBENCH_LOCK_DIR"), *tmp = getenv("TMPDIR");

	if (env && *env) {
		snprintf(buf, len, "%s", env);
		return dir_usable(buf) ? 0 : -1;
	}
	if (access("/run/lock", W_OK | X_OK) == 0) {
		snprintf(buf, len, "/run/lock/initbench");
		if (dir_usable(buf))
			return 0;
	}
	snprintf(buf, len, "%s/initbench-lock", tmp && *tmp ? tmp : "/tmp");
	return dir_usable(buf) ? 0 : -1;
}

int ib_cpulock_parse(const char *line, struct ib_cpulock_holder *h)
{
	char *end;
	long pid;

	memset(h, 0, sizeof(*h));
	pid = strtol(line, &end, 10);
	if (end == line || pid <= 0)
		return -1;
	h->pid = (pid_t)pid;
	line = end;
	h->since = strtoll(line, &end, 10);
	if (end == line)
		return 0;
	line = end + strspn(end, " ");
	snprintf(h->cmd, sizeof(h->cmd), "%.*s", (int)strcspn(line, "\n"), line);
	return 0;
}

void ib_cpulock_say(char *buf, size_t len, int cpu, const struct ib_cpulock_holder *h)
{
	char when[16] = "";
	time_t t = (time_t)h->since;
	struct tm tm;

	if (h->since > 0 && localtime_r(&t, &tm))
		strftime(when, sizeof(when), "%H:%M:%S", &tm);
	if (!h->pid)
		snprintf(buf, len, "host CPU %d is held by another run (its lock file names nobody "
			 "yet)", cpu);
	else
		snprintf(buf, len, "host CPU %d is held by pid %ld (%s%s%s)", cpu, (long)h->pid,
			 h->cmd[0] ? h->cmd : "?", when[0] ? ", since " : "", when);
}

/* our own command line, words joined by spaces, for the lock file; a long one ends in "..." */
static void self_command(char *out, size_t len)
{
	char buf[4096];
	int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0) {
		snprintf(out, len, "initbench");
		return;
	}
	buf[n] = '\0';
	for (ssize_t i = 0; i < n; i++)
		if (buf[i] == '\0' || buf[i] == '\n')
			buf[i] = ' ';
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
	/* argv[0] as a path says little to the one waiting: its name is enough */
	char *sp = strchr(buf, ' '), *slash = memrchr(buf, '/', sp ? (size_t)(sp - buf) : (size_t)n);

	if (slash)
		memmove(buf, slash + 1, strlen(slash + 1) + 1);
	if (strlen(buf) < len)
		snprintf(out, len, "%s", buf);
	else
		snprintf(out, len, "%.*s...", (int)len - 4, buf);
}

static void read_holder(int fd, struct ib_cpulock_holder *h)
{
	char line[256];
	ssize_t n = pread(fd, line, sizeof(line) - 1, 0);

	line[n > 0 ? n : 0] = '\0';
	if (ib_cpulock_parse(line, h) < 0)
		memset(h, 0, sizeof(*h));
}

static int open_lock(const char *dir, int cpu, char *path, size_t len)
{
	int fd;

	snprintf(path, len, "%s/cpu%d.lock", dir, cpu);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);   /* another user's file */
	if (fd >= 0) {
		struct stat st;

		if (fstat(fd, &st) == 0 && st.st_uid == geteuid() && (st.st_mode & 0777) != 0666)
			fchmod(fd, 0666);   /* the umask took bits another user's run needs */
	}
	return fd;
}

/* the lock is ours: say who has it, for the next one */
static void write_holder(int fd)
{
	char cmd[160], line[200];
	int n;

	self_command(cmd, sizeof(cmd));
	n = snprintf(line, sizeof(line), "%ld %lld %s\n", (long)getpid(),
		     (long long)time(NULL), cmd);
	if (ftruncate(fd, 0) == 0 && pwrite(fd, line, (size_t)n, 0) < 0)
		return;   /* a read-only file (another user's): the lock itself still holds */
}

int ib_cpulock_try(const char *dir, int cpu, struct ib_cpulock *l, struct ib_cpulock_holder *h)
{
	int fd;

	memset(h, 0, sizeof(*h));
	l->fd = -1;
	l->cpu = -1;
	fd = open_lock(dir, cpu, l->path, sizeof(l->path));
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		write_holder(fd);
		l->fd = fd;
		l->cpu = cpu;
		return 0;
	}
	if (errno != EWOULDBLOCK) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	read_holder(fd, h);
	close(fd);
	return 1;
}

size_t ib_cpulock_any_order(const cpu_set_t *allowed, int preferred, int *out, size_t max)
{
	size_t n = 0;

	if (preferred >= 0 && preferred < CPU_SETSIZE && CPU_ISSET(preferred, allowed) && n < max)
		out[n++] = preferred;
	for (int c = 0; c < CPU_SETSIZE && n < max; c++)
		if (c != preferred && CPU_ISSET(c, allowed))
			out[n++] = c;
	return n;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void holder_words(char *buf, size_t len, const struct ib_cpulock_holder *h)
{
	if (h->pid)
		snprintf(buf, len, "pid %ld (%s)", (long)h->pid, h->cmd[0] ? h->cmd : "?");
	else
		snprintf(buf, len, "another run");
}

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

static int take_any(const char *dir, int how, struct ib_cpulock *l, FILE *msg, char *err,
		    size_t errlen)
{
	static int order[CPU_MAX];
	struct ib_cpulock_holder h, first = { 0 };
	cpu_set_t allowed;
	size_t n;
	double t0 = now_s();
	int said = 0;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) < 0)
		BAD("--host-cpu any: sched_getaffinity: %s", strerror(errno));
	n = ib_cpulock_any_order(&allowed, CONFIG_IB_HOST_CPU, order, CPU_MAX);
	for (;;) {
		for (size_t i = 0; i < n; i++) {
			int rc = ib_cpulock_try(dir, order[i], l, &h);

			if (rc < 0)
				BAD("host CPU lock %s: %s", l->path, strerror(errno));
			if (rc == 0) {
				l->waited_s = said ? now_s() - t0 : 0;
				if (said)
					holder_words(l->waited_for, sizeof(l->waited_for), &first);
				return 0;
			}
			if (i == 0 && !said)
				first = h;
		}
		if (!said) {
			char line[300];

			ib_cpulock_say(line, sizeof(line), order[0], &first);
			if (how & IB_CPULOCK_NOWAIT) {
				fprintf(msg, "initbench: every host CPU this run may use is held by "
					"another run (%s); refused (--no-wait)\n", line);
				return 1;
			}
			fprintf(msg, "initbench: every host CPU this run may use is held by another "
				"run (%s); waiting for the first to be free\n", line);
			said = 1;
		}
		usleep(200000);
	}
}

int ib_cpulock_take(const char *dir, int cpu, int how, struct ib_cpulock *l, FILE *msg,
		    char *err, size_t errlen)
{
	struct ib_cpulock_holder h;
	char line[300];
	double t0;
	int rc;

	memset(l, 0, sizeof(*l));
	l->fd = -1;
	l->cpu = -1;
	if (cpu == -1)
		return 0;
	if (cpu == IB_CPU_ANY)
		return take_any(dir, how, l, msg, err, errlen);
	rc = ib_cpulock_try(dir, cpu, l, &h);
	if (rc < 0)
		BAD("host CPU lock %s: %s", l->path, strerror(errno));
	if (rc == 0)
		return 0;
	ib_cpulock_say(line, sizeof(line), cpu, &h);
	if (how & IB_CPULOCK_NOWAIT) {
		fprintf(msg, "initbench: %s; refused (--no-wait; --host-cpu any picks a free "
			"CPU)\n", line);
		return 1;
	}
	fprintf(msg, "initbench: %s; waiting (--no-wait refuses, --host-cpu any picks a free "
		"CPU)\n", line);
	fflush(msg);
	t0 = now_s();
	l->fd = open_lock(dir, cpu, l->path, sizeof(l->path));
	if (l->fd < 0)
		BAD("host CPU lock %s: %s", l->path, strerror(errno));
	while (flock(l->fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			int e = errno;

			close(l->fd);
			l->fd = -1;
			BAD("host CPU lock %s: %s", l->path, strerror(e));
		}
	}
	write_holder(l->fd);
	l->cpu = cpu;
	l->waited_s = now_s() - t0;
	holder_words(l->waited_for, sizeof(l->waited_for), &h);
	return 0;
}

void ib_cpulock_release(struct ib_cpulock *l)
{
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
}

size_t ib_cpuset_from(const cpu_set_t *allowed, int first, size_t n, int *out)
{
	size_t k = 0;

	if (!n || first < 0 || first >= CPU_SETSIZE)
		return 0;
	out[k++] = first;
	for (int step = 1; step < CPU_SETSIZE && k < n; step++) {
		int c = (first + step) % CPU_SETSIZE;

		if (CPU_ISSET(c, allowed))
			out[k++] = c;
	}
	return k;
}

int ib_cpulock_take_set(const char *dir, const int *cpu, size_t n, int how, struct ib_cpulock *l,
			FILE *msg, char *err, size_t errlen)
{
	int rc = 0, last = INT_MIN;

	for (size_t i = 0; i < n; i++) {
		l[i].fd = -1;
		l[i].cpu = -1;
	}
	for (size_t done = 0; done < n && !rc; done++) {
		size_t next = n;

		/* the lowest CPU above the last one taken (the CPUs are distinct) */
		for (size_t i = 0; i < n; i++)
			if (cpu[i] > last && (next == n || cpu[i] < cpu[next]))
				next = i;
		if (next == n)
			break;
		last = cpu[next];
		rc = ib_cpulock_take(dir, cpu[next], how, &l[next], msg, err, errlen);
	}
	if (rc)
		for (size_t i = 0; i < n; i++)
			ib_cpulock_release(&l[i]);
	return rc;
}
