/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_place.c - the Placement benchmarks' CPUs (bench/lib/place.c): which CPUs are picked,
 * the kernel's CPU lists, and, on this machine, that a placement is checked from inside: a
 * peer that says it ran elsewhere, or never says, fails the benchmark with the reason.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench/lib/bench.h"
#include "bench/lib/measure.h"
#include "bench/lib/place.h"

static cpu_set_t set_of(const int *cpus, int n)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	for (int i = 0; i < n; i++)
		CPU_SET(cpus[i], &s);
	return s;
}

/* ib_place_pick() on set returns ret and, when 0, picks c0 then c1 */
static void pick(const cpu_set_t *set, int prefer, int cross, int ret, int c0, int c1)
{
	int c[2] = { -9, -9 };

	assert_int_equal(ib_place_pick(set, prefer, cross, c), ret);
	if (ret)
		return;
	assert_int_equal(c[0], c0);
	assert_int_equal(c[1], c1);
}

static void test_pick(void **state)
{
	static const int four[] = { 0, 1, 2, 3 }, odd[] = { 3, 5, 7 }, one[] = { 6 };
	cpu_set_t s;
	(void)state;
	s = set_of(four, 4);
	pick(&s, 0, 0, 0, 0, 0);
	pick(&s, 0, 1, 0, 0, 1);
	/* the preferred CPU first; its next one, wrapping round */
	pick(&s, 3, 1, 0, 3, 0);
	/* a preferred CPU outside the set: the lowest of the set instead */
	s = set_of(odd, 3);
	pick(&s, 0, 1, 0, 3, 5);
	pick(&s, 7, 1, 0, 7, 3);
	pick(&s, -1, 0, 0, 3, 3);
	/* one CPU: same works, cross cannot; nothing at all is an error */
	s = set_of(one, 1);
	pick(&s, 0, 0, 0, 6, 6);
	pick(&s, 0, 1, -2, 0, 0);
	CPU_ZERO(&s);
	pick(&s, 0, 0, -1, 0, 0);
}

static void test_count_list(void **state)
{
	(void)state;
	assert_int_equal(ib_place_count_list("0\n"), 1);
	assert_int_equal(ib_place_count_list("0-1\n"), 2);
	assert_int_equal(ib_place_count_list("0-3,6,8-9"), 7);
	assert_int_equal(ib_place_count_list(""), 0);
	assert_int_equal(ib_place_count_list("3-1"), -1);
	assert_int_equal(ib_place_count_list("0;1"), -1);
	assert_int_equal(ib_place_count_list("x"), -1);
}

/* the peer: pins itself as who 1, or writes a CPU it did not run on, or nothing */
static pid_t peer(struct ib_place *p, int how)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (how == 0)
			_exit(ib_place_enter(p, 1) ? 1 : 0);
		if (how == 1)
			p->seen[1] = p->cpu[1] + 1000;
		_exit(0);
	}
	return pid;
}

static int run(struct ib_place *p, int how)
{
	pid_t pid = peer(p, how);
	int status;

	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return ib_place_check(p);
}

static void test_checked(void **state)
{
	struct ib_place p;
	cpu_set_t mine;
	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(mine), &mine), 0);
	for (int cross = 0; cross < 2; cross++) {
		int r = ib_place_init(&p, cross);

		if (r == IB_SKIP) {
			/* one CPU for this test: cross only, with the reason */
			assert_int_equal(cross, 1);
			assert_true(!strcmp(ib_reason_text(), "one CPU online") ||
				    !strcmp(ib_reason_text(), "one CPU allowed"));
			continue;
		}
		assert_int_equal(r, IB_OK);
		assert_int_equal(ib_place_enter(&p, 0), 0);
		assert_int_equal(sched_getcpu(), p.cpu[0]);
		assert_int_equal(ib_harness_placed_cpu, p.cpu[0]);
		assert_int_equal(run(&p, 0), IB_OK);
		assert_int_equal(p.seen[1], p.cpu[1]);
		assert_true(cross ? p.cpu[0] != p.cpu[1] : p.cpu[0] == p.cpu[1]);
		/* a peer elsewhere, a peer that never said: failed, with why */
		assert_int_equal(run(&p, 1), IB_FAIL);
		assert_non_null(strstr(ib_reason_text(), "the peer ran on CPU"));
		p.seen[1] = IB_PLACE_UNSEEN;
		assert_int_equal(run(&p, 2), IB_FAIL);
		assert_non_null(strstr(ib_reason_text(), "the peer never said where it ran"));
		ib_place_free(&p);
		assert_null(p.seen);
		ib_harness_placed_cpu = -1;
		assert_int_equal(sched_setaffinity(0, sizeof(mine), &mine), 0);
	}
	/* this process on one CPU: cross has no second CPU to use */
	ib_place_remember();
	{
		cpu_set_t one;
		int c[2];
		assert_int_equal(ib_place_pick(&mine, -1, 0, c), 0);
		CPU_ZERO(&one);
		CPU_SET(c[0], &one);
		assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
		ib_place_remember();
		assert_int_equal(ib_place_init(&p, 1), IB_SKIP);
		assert_int_equal(ib_place_init(&p, 0), IB_OK);
		ib_place_free(&p);
		assert_int_equal(sched_setaffinity(0, sizeof(mine), &mine), 0);
		ib_place_remember();
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pick),
		cmocka_unit_test(test_count_list),
		cmocka_unit_test(test_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
