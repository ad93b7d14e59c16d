/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cpulock.c - cpulock.c and cpuwatch.c: two holders of one CPU (a forked child and us),
 * the wait and its line, the --no-wait refusal, "any" picking a free CPU, a stale lock file
 * taken, the holder line, an SMP guest's CPU set and its locks (taken in ascending order,
 * all or none), and the watch finding a qemu-named busy thread on its CPU.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "config.h"
#include "host/launch/cpulock.h"
#include "host/launch/cpuwatch.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_cpulock.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* a child that takes cpu's lock, says so on the pipe, holds it hold_ms, then exits */
static pid_t holder(int cpu, unsigned hold_ms)
{
	int p[2];
	pid_t pid;
	char c;

	if (pipe(p) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		struct ib_cpulock l;
		struct ib_cpulock_holder h;

		close(p[0]);
		if (ib_cpulock_try(dir, cpu, &l, &h) != 0)
			_exit(1);
		if (write(p[1], "x", 1) != 1)
			_exit(1);
		usleep(hold_ms * 1000);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		pid = -1;
	close(p[0]);
	return pid;
}

static void reap(pid_t pid)
{
	int st;

	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
}

static void second_holder_sees_first(void **state)
{
	struct ib_cpulock l;
	struct ib_cpulock_holder h;
	pid_t pid = holder(7, 10000);

	(void)state;
	assert_true(pid > 0);
	assert_int_equal(ib_cpulock_try(dir, 7, &l, &h), 1);
	assert_int_equal(h.pid, pid);
	assert_true(h.since > 0);
	assert_non_null(strstr(h.cmd, "test_cpulock"));
	assert_int_equal(l.fd, -1);
	/* another CPU is another lock */
	assert_int_equal(ib_cpulock_try(dir, 8, &l, &h), 0);
	ib_cpulock_release(&l);
	reap(pid);
	/* the holder gone, its lock went with it */
	assert_int_equal(ib_cpulock_try(dir, 7, &l, &h), 0);
	assert_int_equal(l.cpu, 7);
	ib_cpulock_release(&l);
}

/* --host-cpu C --smp N: C first, then upward, wrapping; too few allowed CPUs: fewer back */
static void smp_cpu_set(void **state)
{
	cpu_set_t s;
	int out[8];

	(void)state;
	CPU_ZERO(&s);
	CPU_SET(0, &s);
	CPU_SET(1, &s);
	assert_int_equal(ib_cpuset_from(&s, 1, 2, out), 2);
	assert_int_equal(out[0], 1);
	assert_int_equal(out[1], 0);
	assert_int_equal(ib_cpuset_from(&s, 0, 2, out), 2);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 1);
	assert_int_equal(ib_cpuset_from(&s, 1, 4, out), 2);
	assert_int_equal(ib_cpuset_from(&s, 1, 1, out), 1);
	CPU_ZERO(&s);
	for (int c = 0; c < 8; c += 2)
		CPU_SET(c, &s);
	assert_int_equal(ib_cpuset_from(&s, 4, 3, out), 3);
	assert_int_equal(out[0], 4);
	assert_int_equal(out[1], 6);
	assert_int_equal(out[2], 0);
	assert_int_equal(ib_cpuset_from(&s, -1, 3, out), 0);
}

/* every CPU of the set locked; one held by another: refused with nothing left held */
static void smp_set_locks(void **state)
{
	struct ib_cpulock l[3], one;
	struct ib_cpulock_holder h;
	int cpus[3] = { 12, 10, 11 };
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *msg = open_memstream(&buf, &len);
	pid_t pid;

	(void)state;
	assert_int_equal(ib_cpulock_take_set(dir, cpus, 3, 0, l, msg, err, sizeof(err)), 0);
	for (int i = 0; i < 3; i++) {
		assert_true(l[i].fd >= 0);
		assert_int_equal(l[i].cpu, cpus[i]);
	}
	for (int i = 0; i < 3; i++)
		ib_cpulock_release(&l[i]);
	pid = holder(12, 10000);
	assert_true(pid > 0);
	assert_int_equal(ib_cpulock_take_set(dir, cpus, 3, IB_CPULOCK_NOWAIT, l, msg, err,
					     sizeof(err)), 1);
	for (int i = 0; i < 3; i++)
		assert_int_equal(l[i].fd, -1);
	/* 10 and 11 (below 12) were taken first and given back */
	assert_int_equal(ib_cpulock_try(dir, 10, &one, &h), 0);
	ib_cpulock_release(&one);
	assert_int_equal(ib_cpulock_try(dir, 11, &one, &h), 0);
	ib_cpulock_release(&one);
	fclose(msg);
	assert_non_null(strstr(buf, "host CPU 12 is held by pid"));
	free(buf);
	reap(pid);
}

static void no_wait_refuses_with_one_line(void **state)
{
	struct ib_cpulock l;
	char *buf = NULL, err[256], want[64];
	size_t len = 0;
	FILE *msg = open_memstream(&buf, &len);
	pid_t pid = holder(3, 10000);

	(void)state;
	assert_true(pid > 0);
	assert_int_equal(ib_cpulock_take(dir, 3, IB_CPULOCK_NOWAIT, &l, msg, err, sizeof(err)), 1);
	fclose(msg);
	snprintf(want, sizeof(want), "host CPU 3 is held by pid %ld (", (long)pid);
	assert_non_null(strstr(buf, want));
	assert_non_null(strstr(buf, "refused (--no-wait"));
	assert_non_null(strstr(buf, ", since "));
	assert_int_equal(strchr(buf, '\n') - buf, (long)strlen(buf) - 1);
	assert_int_equal(l.fd, -1);
	free(buf);
	reap(pid);
}

static void waits_for_the_holder(void **state)
{
	struct ib_cpulock l;
	char *buf = NULL, err[256], want[64];
	size_t len = 0;
	FILE *msg = open_memstream(&buf, &len);
	pid_t pid = holder(4, 600);
	int st;

	(void)state;
	assert_true(pid > 0);
	assert_int_equal(ib_cpulock_take(dir, 4, 0, &l, msg, err, sizeof(err)), 0);
	fclose(msg);
	assert_int_equal(l.cpu, 4);
	assert_true(l.fd >= 0);
	assert_true(l.waited_s > 0.2);
	snprintf(want, sizeof(want), "pid %ld (", (long)pid);
	assert_non_null(strstr(l.waited_for, want));
	assert_non_null(strstr(buf, "; waiting (--no-wait refuses, --host-cpu any picks"));
	waitpid(pid, &st, 0);
	ib_cpulock_release(&l);
	free(buf);
}

static void any_order(void **state)
{
	cpu_set_t s;
	int out[8];

	(void)state;
	CPU_ZERO(&s);
	CPU_SET(0, &s);
	CPU_SET(1, &s);
	CPU_SET(3, &s);
	assert_int_equal(ib_cpulock_any_order(&s, 1, out, 8), 3);
	assert_int_equal(out[0], 1);
	assert_int_equal(out[1], 0);
	assert_int_equal(out[2], 3);
	/* the default CPU not allowed: ascending */
	assert_int_equal(ib_cpulock_any_order(&s, 2, out, 8), 3);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 1);
	assert_int_equal(out[2], 3);
	assert_int_equal(ib_cpulock_any_order(&s, 1, out, 2), 2);
}

static void any_picks_a_free_cpu(void **state)
{
	struct ib_cpulock l;
	cpu_set_t s;
	int order[CPU_SETSIZE];
	size_t n;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *msg = open_memstream(&buf, &len);
	pid_t pid[2];

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(s), &s), 0);
	n = ib_cpulock_any_order(&s, CONFIG_IB_HOST_CPU, order, CPU_SETSIZE);
	assert_int_equal(ib_cpulock_take(dir, IB_CPU_ANY, 0, &l, msg, err, sizeof(err)), 0);
	assert_int_equal(l.cpu, order[0]);
	ib_cpulock_release(&l);
	if (n < 2) {
		/* one CPU: nothing else to pick */
		fclose(msg);
		free(buf);
		return;
	}
	pid[0] = holder(order[0], 10000);
	assert_int_equal(ib_cpulock_take(dir, IB_CPU_ANY, 0, &l, msg, err, sizeof(err)), 0);
	assert_int_equal(l.cpu, order[1]);
	assert_true(l.waited_s == 0);
	ib_cpulock_release(&l);
	/* all held: --no-wait refuses, naming the first */
	if (n == 2) {
		pid[1] = holder(order[1], 10000);
		assert_int_equal(ib_cpulock_take(dir, IB_CPU_ANY, IB_CPULOCK_NOWAIT, &l, msg, err,
						 sizeof(err)), 1);
		fflush(msg);
		assert_non_null(strstr(buf, "every host CPU this run may use is held"));
		reap(pid[1]);
	}
	reap(pid[0]);
	fclose(msg);
	free(buf);
}

static void stale_file_is_taken(void **state)
{
	struct ib_cpulock l;
	struct ib_cpulock_holder h;
	char path[128], line[200], err[256], want[32];
	FILE *f;

	(void)state;
	/* a run that died: its line stays, its flock went with it */
	snprintf(path, sizeof(path), "%s/cpu5.lock", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("2147483646 1700000000 initbench run --kernel uml (long dead)\n", f);
	fclose(f);
	assert_int_equal(ib_cpulock_take(dir, 5, IB_CPULOCK_NOWAIT, &l, stderr, err,
					 sizeof(err)), 0);
	assert_true(l.waited_s == 0);
	assert_string_equal(l.waited_for, "");
	/* and the file now names us, once */
	f = fopen(path, "r");
	assert_non_null(fgets(line, sizeof(line), f));
	assert_null(fgets(line + strlen(line), 10, f));
	fclose(f);
	assert_int_equal(ib_cpulock_parse(line, &h), 0);
	snprintf(want, sizeof(want), "%ld", (long)getpid());
	assert_int_equal(h.pid, getpid());
	assert_null(strstr(line, "long dead"));
	assert_int_equal(strncmp(line, want, strlen(want)), 0);
	ib_cpulock_release(&l);
}

static void unpinned_takes_nothing(void **state)
{
	struct ib_cpulock l;
	char err[64];

	(void)state;
	assert_int_equal(ib_cpulock_take("/nonexistent/dir", -1, 0, &l, stderr, err,
					 sizeof(err)), 0);
	assert_int_equal(l.fd, -1);
	assert_int_equal(l.cpu, -1);
	/* a lock directory that cannot be used is an error, said in one line */
	assert_int_equal(ib_cpulock_take("/nonexistent/dir", 1, 0, &l, stderr, err,
					 sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/dir/cpu1.lock"));
}

static void holder_line(void **state)
{
	struct ib_cpulock_holder h;
	char buf[300];

	(void)state;
	assert_int_equal(ib_cpulock_parse("123 1700000000 initbench run --kernel uml\n", &h), 0);
	assert_int_equal(h.pid, 123);
	assert_true(h.since == 1700000000LL);
	assert_string_equal(h.cmd, "initbench run --kernel uml");
	assert_int_equal(ib_cpulock_parse("", &h), -1);
	assert_int_equal(ib_cpulock_parse("x 1 y", &h), -1);
	assert_int_equal(ib_cpulock_parse("42", &h), 0);
	assert_int_equal(h.pid, 42);
	ib_cpulock_say(buf, sizeof(buf), 1, &h);
	assert_string_equal(buf, "host CPU 1 is held by pid 42 (?)");
	h.pid = 0;
	ib_cpulock_say(buf, sizeof(buf), 1, &h);
	assert_non_null(strstr(buf, "names nobody"));
}

/* a busy child named like QEMU, pinned to cpu */
static pid_t busy_qemu(int cpu)
{
	pid_t pid = fork();

	if (pid == 0) {
		cpu_set_t s;

		CPU_ZERO(&s);
		CPU_SET(cpu, &s);
		sched_setaffinity(0, sizeof(s), &s);
		prctl(PR_SET_NAME, "qemu-system-tst");
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		for (;;)
			;
	}
	return pid;
}

static void watch_finds_another_on_our_cpu(void **state)
{
	struct ib_cpuwatch w;
	cpu_set_t s;
	int cpu = 0, hit = 0;
	pid_t pid;
	json_t *j;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(s), &s), 0);
	while (!CPU_ISSET(cpu, &s))
		cpu++;
	pid = busy_qemu(cpu);
	assert_true(pid > 0);
	usleep(200000);
	/* our own child (ppid us): not another run */
	ib_cpuwatch_start(&w, cpu);
	ib_cpuwatch_sample(&w, 0);
	for (unsigned k = 0; k < w.nothers; k++)
		assert_int_not_equal(w.other[k].pid, pid);
	assert_int_equal(w.samples, 1);
	/* seen from a process that is not its parent (a sibling run would be): found; other
	 * sessions' QEMUs may be found too, so look for this one among them */
	pid_t q = fork();

	if (q == 0) {
		int found = 0, left_out = 1;
		struct ib_cpuwatch w2;

		for (int i = 0; i < 20 && !found; i++, usleep(50000)) {
			ib_cpuwatch_start(&w, cpu);
			if (ib_cpuwatch_sample(&w, 0) == 1)
				for (unsigned k = 0; k < w.nothers; k++)
					found |= w.other[k].pid == pid &&
						 !strcmp(w.other[k].comm, "qemu-system-tst");
		}
		/* as the launcher of our own boot: left out */
		ib_cpuwatch_start(&w2, cpu);
		ib_cpuwatch_sample(&w2, pid);
		for (unsigned k = 0; k < w2.nothers; k++)
			left_out &= w2.other[k].pid != pid;
		_exit(found && left_out ? 0 : 1);
	}
	waitpid(q, &hit, 0);
	assert_true(WIFEXITED(hit) && WEXITSTATUS(hit) == 0);
	reap(pid);
	ib_cpuwatch_start(&w, cpu);
	w.samples = 3;
	w.shared = 1;
	w.nothers = 1;
	w.other[0].pid = 77;
	snprintf(w.other[0].comm, sizeof(w.other[0].comm), "qemu-system-x86");
	j = ib_cpuwatch_json(&w, 0);
	assert_true(json_is_true(json_object_get(j, "cpu_shared")));
	assert_true(json_is_false(json_object_get(j, "unpinned")));
	assert_int_equal(json_integer_value(json_object_get(j, "shared_samples")), 1);
	assert_string_equal(json_string_value(json_array_get(json_object_get(j, "others"), 0)),
			    "77 qemu-system-x86");
	json_decref(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(second_holder_sees_first),
		cmocka_unit_test(no_wait_refuses_with_one_line),
		cmocka_unit_test(waits_for_the_holder),
		cmocka_unit_test(any_order),
		cmocka_unit_test(smp_cpu_set),
		cmocka_unit_test(smp_set_locks),
		cmocka_unit_test(any_picks_a_free_cpu),
		cmocka_unit_test(stale_file_is_taken),
		cmocka_unit_test(unpinned_takes_nothing),
		cmocka_unit_test(holder_line),
		cmocka_unit_test(watch_finds_another_on_our_cpu),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
