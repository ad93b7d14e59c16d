/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * host/lib/runprog.h: a program's exit status, its stdout kept whole, its stderr's last line
 * in the reason, stdin fed, an output over the bound killed, a missing program and a signal
 * each said.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "host/lib/runprog.h"

static void test_status_and_output(void **state)
{
	char *argv[] = { "sh", "-c", "echo one; echo two; echo oops >&2; echo why >&2; exit 3", NULL };
	char *ok[] = { "sh", "-c", "printf 'a\\nb'; echo noise >&2", NULL };
	struct ib_prog_result r;
	char *out;

	(void)state;
	assert_int_equal(ib_prog_run(argv, NULL, 0, &out, 1000, &r), -1);
	assert_null(out);
	assert_int_equal(r.status, 3);
	assert_string_equal(r.why, "sh failed: why");
	assert_string_equal(r.err, "oops\nwhy\n");
	assert_int_equal(ib_prog_run(ok, NULL, 0, &out, 1000, &r), 0);
	assert_string_equal(out, "a\nb");
	assert_int_equal(r.outlen, 3);
	assert_string_equal(r.err, "noise\n");
	free(out);
	/* output not wanted: dropped */
	assert_int_equal(ib_prog_run(ok, NULL, 0, NULL, 0, &r), 0);
}

static void test_input(void **state)
{
	char *argv[] = { "cat", NULL };
	struct ib_prog_result r;
	char *out, big[IB_PROG_IN_MAX + 1];

	(void)state;
	assert_int_equal(ib_prog_run(argv, "label: gpt\n", 11, &out, 100, &r), 0);
	assert_string_equal(out, "label: gpt\n");
	free(out);
	memset(big, 'x', sizeof(big));
	assert_int_equal(ib_prog_run(argv, big, sizeof(big), &out, 1 << 20, &r), -1);
	assert_non_null(strstr(r.why, "input too long"));
}

static void test_bounds_and_faults(void **state)
{
	char *yes[] = { "sh", "-c", "while :; do echo yyyyyyyyyyyyyyyyyyyy; done", NULL };
	char *none[] = { "initbench-no-such-program", NULL };
	char *sig[] = { "sh", "-c", "kill -9 $$", NULL };
	struct ib_prog_result r;
	char *out, path[4096];

	(void)state;
	assert_int_equal(ib_prog_run(yes, NULL, 0, &out, 100000, &r), -1);
	assert_null(out);
	assert_string_equal(r.why, "sh: printed more than it may");
	assert_int_equal(ib_prog_run(none, NULL, 0, &out, 100, &r), -1);
	assert_string_equal(r.why, "initbench-no-such-program: no such program");
	assert_int_equal(ib_prog_run(sig, NULL, 0, NULL, 0, &r), -1);
	assert_int_equal(r.status, 128 + 9);
	assert_string_equal(r.why, "sh was killed");
	/* sbin is searched too, where a normal user's PATH does not look */
	setenv("PATH", "/nonexistent", 1);
	assert_int_equal(ib_prog_find("sh", path, sizeof(path)), -1);
	if (!ib_prog_find("sfdisk", path, sizeof(path)))
		assert_non_null(strstr(path, "sbin/sfdisk"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status_and_output),
		cmocka_unit_test(test_input),
		cmocka_unit_test(test_bounds_and_faults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
