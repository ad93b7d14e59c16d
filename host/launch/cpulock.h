/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpulock.h - one run per host CPU: the lock a run holds, for all its boots, on the host CPU
 * it pins its launcher to (docs/usage.md "Two runs at once").
 *
 * The lock is flock(LOCK_EX) on DIR/cpuN.lock. ib_cpulock_dir() picks DIR: $INITBENCH_LOCK_DIR
 * when set, else /run/lock/initbench when /run/lock is writable, else $TMPDIR/initbench-lock
 * ($TMPDIR unset: /tmp); it is created mode 1777 and a lock file 0666, so that runs of
 * different users on one host see each other. The kernel drops a flock when the last
 * descriptor of its file closes, however the holder ends: a lock file left behind by a dead run
 * (a stale file) holds nothing and the next run takes it; no pid is trusted for that. The
 * descriptor is close-on-exec, so a launcher never keeps a lock past initbench.
 * The holder writes one line into the file, "PID EPOCH COMMAND" (its pid, when it took the lock
 * in seconds since 1970, its /proc/self/cmdline words), read back by a run that finds the CPU
 * held, to name who holds it.
 *
 * ib_cpulock_try(dir, cpu, l, holder) takes the lock without waiting: 0 taken (l filled),
 * 1 held by another (holder filled from the file: pid 0 when unreadable), -1 error (errno).
 * ib_cpulock_take(dir, cpu, how, l, msg, err) is a run's decision:
 *  - cpu -1 (unpinned): no lock, l->fd = -1, returns 0;
 *  - cpu IB_CPU_ANY: the first CPU free now, trying the default CPU (CONFIG_IB_HOST_CPU) first,
 *    then the others this process may run on (sched_getaffinity) in ascending order
 *    (ib_cpulock_any_order()); with none free, refused (IB_CPULOCK_NOWAIT) or waits, polling
 *    every 0.2 s, for the first to be free;
 *  - cpu N: taken at once if free; else refused (IB_CPULOCK_NOWAIT) or waits (flock) for it.
 * Before waiting, and when refusing, one line is printed on msg (ib_cpulock_say()). Returns 0
 * with l->cpu the CPU taken and l->waited_s / l->waited_for what the wait was; 1 refused
 * (IB_CPULOCK_NOWAIT, the line printed); -1 error (a one-line reason in err).
 * ib_cpulock_release() closes the descriptor (the lock file stays: removing it would race a
 * waiter that has it open).
 */
#ifndef IB_CPULOCK_H
#define IB_CPULOCK_H

#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define IB_CPU_ANY (-2)          /* --host-cpu any: the first free CPU */
#define IB_CPULOCK_NOWAIT 1      /* refuse rather than wait (--no-wait) */

struct ib_cpulock_holder {
	pid_t pid;                /* 0: the file named nobody */
	long long since;          /* epoch seconds, 0 unknown */
	char cmd[160];            /* "" unknown */
};

struct ib_cpulock {
	int fd;                   /* -1: nothing held */
	int cpu;                  /* the CPU held, -1 none */
	char path[4200];
	double waited_s;          /* how long the run waited for it */
	char waited_for[200];     /* "pid N (COMMAND)" of the run waited for, "" if none */
};

int ib_cpulock_dir(char *buf, size_t len);
int ib_cpulock_try(const char *dir, int cpu, struct ib_cpulock *l, struct ib_cpulock_holder *h);
int ib_cpulock_take(const char *dir, int cpu, int how, struct ib_cpulock *l, FILE *msg,
		    char *err, size_t errlen);
void ib_cpulock_release(struct ib_cpulock *l);
/* the order "any" tries: preferred first when allowed, then the allowed others ascending;
 * returns how many were written to out (at most max) */
size_t ib_cpulock_any_order(const cpu_set_t *allowed, int preferred, int *out, size_t max);
/*
 * The host CPUs an SMP guest of n vCPUs is pinned to: first, then the allowed CPUs above it
 * ascending, then those below it (wrapping), so that --host-cpu 1 --smp 2 on a two-CPU host
 * is {1, 0}. first is kept even when not allowed (pinning then fails, as with one CPU).
 * Returns how many were written to out (at most n: fewer when too few CPUs are allowed).
 */
size_t ib_cpuset_from(const cpu_set_t *allowed, int first, size_t n, int *out);
/*
 * Each CPU of cpu[0..n) locked as ib_cpulock_take() does (waiting or refusing as how says),
 * in ascending CPU order whatever the order of cpu[], so that two SMP runs wanting
 * overlapping sets cannot each hold a part and wait for the other. l[i] is cpu[i]'s lock.
 * Returns as ib_cpulock_take(); on 1 or -1 nothing is held.
 */
int ib_cpulock_take_set(const char *dir, const int *cpu, size_t n, int how, struct ib_cpulock *l,
			FILE *msg, char *err, size_t errlen);
/* "PID EPOCH COMMAND" parsed into h; -1 when it does not start with a pid */
int ib_cpulock_parse(const char *line, struct ib_cpulock_holder *h);
/* "host CPU 1 is held by pid N (COMMAND, since HH:MM:SS)" into buf */
void ib_cpulock_say(char *buf, size_t len, int cpu, const struct ib_cpulock_holder *h);

#endif
