/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_buildlist.c - the compile workload's build list (bench/macro/buildlist.c): directives,
 * phases, @R/@W expansion, and every refusal naming its line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bench/macro/buildlist.h"

static struct ib_buildlist bl;

static void test_parse(void **state)
{
	static const char text[] =
		"# a comment\n"
		"corpus tcc-0.9.27\n"
		"\n"
		"lines 34948\r\n"
		"job @R/bin/tcc -B@R/lib/tcc -c @R/src/a.c -o @W/a.o\n"
		"  job\t@R/bin/tcc -c @R/src/b.c -o @W/b.o  \n"
		"wait\n"
		"job @R/bin/tcc -o @W/tcc @W/a.o @W/b.o\n"
		"wait\n"
		"check @W/tcc -v\n"
		"same @W/x.o @W/y.o\n";
	(void)state;
	assert_int_equal(ib_bl_parse(&bl, text, "/opt/macro", "/tmp/w"), 0);
	assert_string_equal(bl.corpus, "tcc-0.9.27");
	assert_int_equal(bl.lines, 34948);
	assert_int_equal(bl.nsteps, 7);
	assert_int_equal(bl.njobs, 3);
	assert_int_equal(bl.nphases, 2);
	assert_int_equal(bl.step[0].kind, IB_BL_JOB);
	assert_int_equal(bl.step[0].line, 5);
	assert_int_equal(bl.step[0].argc, 6);
	assert_string_equal(bl.step[0].argv[0], "/opt/macro/bin/tcc");
	assert_string_equal(bl.step[0].argv[1], "-B/opt/macro/lib/tcc");
	assert_string_equal(bl.step[0].argv[5], "/tmp/w/a.o");
	assert_null(bl.step[0].argv[6]);
	assert_int_equal(bl.step[1].argc, 5);       /* blanks and a tab around the words */
	assert_string_equal(bl.step[1].argv[4], "/tmp/w/b.o");
	assert_int_equal(bl.step[2].kind, IB_BL_WAIT);
	assert_int_equal(bl.step[3].argc, 5);
	assert_int_equal(bl.step[5].kind, IB_BL_CHECK);
	assert_string_equal(bl.step[5].argv[1], "-v");
	assert_int_equal(bl.step[6].kind, IB_BL_SAME);
	assert_string_equal(bl.step[6].argv[1], "/tmp/w/y.o");
	ib_bl_free(&bl);
}

/* every @R and @W in a word, and an @ that is neither */
static void test_expand(void **state)
{
	(void)state;
	assert_int_equal(ib_bl_parse(&bl, "corpus c\nlines 1\njob @R/x @W@R@@W a@b @\n", "/r", "/w"), 0);
	assert_string_equal(bl.step[0].argv[0], "/r/x");
	assert_string_equal(bl.step[0].argv[1], "/w/r@/w");
	assert_string_equal(bl.step[0].argv[2], "a@b");
	assert_string_equal(bl.step[0].argv[3], "@");
	ib_bl_free(&bl);
}

static void refused(const char *text, const char *why)
{
	int rc = ib_bl_parse(&bl, text, "/r", "/w");
	ib_bl_free(&bl);
	if (rc != -1 || strcmp(bl.err, why))
		fail_msg("rc %d, err \"%s\", want \"%s\"", rc, bl.err, why);
}

static void test_refused(void **state)
{
	char big[4 * IB_BL_MAX_WORD], *p = big;
	(void)state;
	refused("corpus c\nlines 1\nmake all\n", "line 3: unknown directive 'make'");
	refused("corpus c\nlines 1\njobs /x\n", "line 3: unknown directive 'jobs'");
	refused("corpus c\nlines 1\njob\n", "line 3: job without a command");
	refused("corpus c\nlines 1\njob tcc -c a.c\n", "line 3: 'tcc' is not an absolute path");
	refused("corpus c\nlines 1\njob @W/tcc\ncheck x\n", "line 4: 'x' is not an absolute path");
	refused("corpus c\nlines 1\njob /x\nwait now\n", "line 4: wait takes no words");
	refused("corpus c\nlines 1\njob /x\nsame /a\n", "line 4: same takes two files");
	refused("corpus c\nlines 1\njob /x\ncheck /x\njob /y\n", "line 5: a job after the checks");
	refused("corpus a b\nlines 1\njob /x\n", "line 1: corpus takes one word");
	refused("corpus c\nlines 12x\njob /x\n", "line 2: lines: '12x' is not a positive number");
	refused("corpus c\nlines -3\njob /x\n", "line 2: lines: '-3' is not a positive number");
	refused("corpus c\nlines 0\njob /x\n", "line 2: lines: '0' is not a positive number");
	refused("lines 1\njob /x\n", "line 2: no corpus line");
	refused("corpus c\njob /x\n", "line 2: no lines line");
	refused("corpus c\nlines 1\nwait\n", "line 3: no job");
	/* a word that grows past IB_BL_MAX_WORD once @R is replaced */
	p += sprintf(p, "corpus c\nlines 1\njob /");
	for (int i = 0; i < IB_BL_MAX_WORD / 2; i++)
		p += sprintf(p, "@R");
	sprintf(p, "\n");
	refused(big, "line 3: a word longer than 1023 bytes");
}

static void test_limits(void **state)
{
	static char text[64 * 1024];
	size_t o;
	(void)state;
	o = (size_t)sprintf(text, "corpus c\nlines 1\njob /x");
	for (int i = 0; i < IB_BL_MAX_WORDS; i++)
		o += (size_t)sprintf(text + o, " w");
	sprintf(text + o, "\n");
	refused(text, "line 3: more than 64 words");
	o = (size_t)sprintf(text, "corpus c\nlines 1\n");
	for (int i = 0; i <= IB_BL_MAX_STEPS; i++)
		o += (size_t)sprintf(text + o, "job /x\n");
	refused(text, "line 259: more than 256 steps");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
