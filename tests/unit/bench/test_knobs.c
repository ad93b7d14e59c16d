/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_knobs.c - knob defaults, overrides and refusals (bench/lib/knobs.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "config.h"
#include "bench/lib/knobs.h"

static struct ib_knobs k;

static int known(const char *name)
{
	return !strcmp(name, "null_call") || !strcmp(name, "ctx_2p_0k");
}

static int setup(void **state)
{
	(void)state;
	ib_knobs_init(&k);
	k.bench_known = known;
	return 0;
}

static void test_defaults(void **state)
{
	char v[64];

	(void)state;
	assert_int_equal(k.opts.reps, CONFIG_IB_REPS);
	assert_int_equal(k.opts.budget_ms, CONFIG_IB_BUDGET_MS);
	assert_int_equal(k.opts.timeout_s, CONFIG_IB_TIMEOUT_S);
	assert_int_equal(k.opts.cpu, CONFIG_IB_CPU);
#ifdef CONFIG_IB_PIN
	assert_int_equal(k.opts.pin, 1);
#else
	assert_int_equal(k.opts.pin, 0);
#endif
	assert_string_equal(k.bench, "all");
	assert_string_equal(k.skip, "");
	assert_string_equal(k.opts.hello, "/bin/ib-hello");
	assert_string_equal(k.opts.sh, "/bin/sh");
	assert_string_equal(k.opts.tmpdir, "/tmp");
	for (unsigned i = 0; i < IB_NKNOBS; i++)
		assert_int_equal(k.src[i], IB_SRC_CONFIG);
	assert_string_equal(k.refused, "");
	assert_int_equal(k.nrefused, 0);
	char want[16];
	snprintf(want, sizeof(want), "%d", CONFIG_IB_REPS);
	assert_string_equal(ib_knob_value(&k, IB_K_REPS, v, sizeof(v)), want);
	assert_string_equal(ib_knob_name(IB_K_BUDGET_MS), "budget_ms");
	assert_string_equal(ib_knob_src_name(IB_SRC_CMDLINE), "cmdline");
}

static void test_args(void **state)
{
	(void)state;
	assert_int_equal(ib_knob_arg(&k, "--reps=3"), 0);
	assert_int_equal(ib_knob_arg(&k, "--budget_ms=20"), 0);
	assert_int_equal(ib_knob_arg(&k, "--pin=0"), 0);
	assert_int_equal(ib_knob_arg(&k, "--hello=/x/y z"), 0);
	assert_int_equal(ib_knob_arg(&k, "--bench=null_call,ctx_2p_0k"), 0);
	assert_int_equal(k.opts.reps, 3);
	assert_int_equal(k.opts.budget_ms, 20);
	assert_int_equal(k.opts.pin, 0);
	assert_string_equal(k.opts.hello, "/x/y z");
	assert_string_equal(k.bench, "null_call,ctx_2p_0k");
	assert_int_equal(k.src[IB_K_REPS], IB_SRC_ARG);
	assert_int_equal(k.src[IB_K_TIMEOUT_S], IB_SRC_CONFIG);
	assert_int_equal(k.nrefused, 0);
	assert_true(ib_list_has(k.bench, "ctx_2p_0k"));
	assert_false(ib_list_has(k.bench, "ctx_2p"));
}

static void test_cmdline(void **state)
{
	int n;

	(void)state;
	n = ib_knobs_from_cmdline(&k, "console=ttyS0 initbench.reps=7 quiet "
				      "initbench.tmpdir=\"/a b\" initbench.shell=1 "
				      "xinitbench.cpu=3 initbench.timeout_s=9\n");
	assert_int_equal(n, 0);
	assert_int_equal(k.opts.reps, 7);
	assert_int_equal(k.opts.timeout_s, 9);
	assert_string_equal(k.opts.tmpdir, "/a b");
	assert_int_equal(k.opts.cpu, CONFIG_IB_CPU);
	assert_int_equal(k.src[IB_K_REPS], IB_SRC_CMDLINE);
	assert_int_equal(k.src[IB_K_CPU], IB_SRC_CONFIG);
	/* an argument given afterwards wins */
	assert_int_equal(ib_knob_arg(&k, "--reps=5"), 0);
	assert_int_equal(k.opts.reps, 5);
	assert_int_equal(k.src[IB_K_REPS], IB_SRC_ARG);
	assert_int_equal(k.nrefused, 0);
}

static void test_bad_values(void **state)
{
	(void)state;
	assert_int_equal(ib_knob_arg(&k, "--reps=0"), -1);
	assert_int_equal(ib_knob_arg(&k, "--reps=102"), -1);
	assert_int_equal(ib_knob_arg(&k, "--reps=abc"), -1);
	assert_int_equal(ib_knob_arg(&k, "--reps=5x"), -1);
	assert_int_equal(ib_knob_arg(&k, "--reps="), -1);
	assert_int_equal(ib_knob_arg(&k, "--budget_ms=-1"), -1);
	assert_int_equal(ib_knob_arg(&k, "--pin=2"), -1);
	assert_int_equal(ib_knob_arg(&k, "--cpu=99999"), -1);
	assert_int_equal(ib_knob_arg(&k, "--hello=relative/path"), -1);
	assert_int_equal(ib_knob_arg(&k, "--bench=nosuch"), -1);
	assert_int_equal(ib_knob_arg(&k, "--bench="), -1);
	assert_int_equal(ib_knob_arg(&k, "--skip=Null_call"), -1);
	assert_int_equal(k.opts.reps, CONFIG_IB_REPS);
	assert_int_equal(k.opts.budget_ms, CONFIG_IB_BUDGET_MS);
	assert_int_equal(k.opts.cpu, CONFIG_IB_CPU);
	assert_string_equal(k.opts.hello, "/bin/ib-hello");
	assert_string_equal(k.bench, "all");
	assert_int_equal(k.src[IB_K_REPS], IB_SRC_CONFIG);
	assert_int_equal(k.nrefused, 12);
	assert_string_equal(k.refused, "reps=0,reps=102,reps=abc,reps=5x,reps=,budget_ms=-1,"
				       "pin=2,cpu=99999,hello=relative/path,bench=nosuch,bench=,"
				       "skip=Null_call");
	/* a valid value still goes through afterwards */
	assert_int_equal(ib_knob_arg(&k, "--reps=101"), 0);
	assert_int_equal(k.opts.reps, 101);
}

static void test_bad_cmdline_keeps_value(void **state)
{
	(void)state;
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.reps=9 initbench.budget_ms=x"), 1);
	/* a refused argument keeps what the command line set */
	assert_int_equal(ib_knob_arg(&k, "--reps=nope"), -1);
	assert_int_equal(k.opts.reps, 9);
	assert_int_equal(k.src[IB_K_REPS], IB_SRC_CMDLINE);
	assert_int_equal(k.opts.budget_ms, CONFIG_IB_BUDGET_MS);
	assert_string_equal(k.refused, "budget_ms=x,reps=nope");
}

static void test_unknown_knob(void **state)
{
	(void)state;
	assert_int_equal(ib_knob_arg(&k, "--frobnicate=1"), -1);
	assert_int_equal(ib_knob_arg(&k, "--reps"), -1);
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.nope=1 initbench.reps"), 2);
	assert_int_equal(k.nrefused, 4);
	assert_string_equal(k.refused, "frobnicate=1,reps=,nope=1,reps=");
	assert_int_equal(k.opts.reps, CONFIG_IB_REPS);
}

static void test_refused_escaping(void **state)
{
	(void)state;
	assert_int_equal(ib_knob_arg(&k, "--sh=a, b%"), -1);
	assert_string_equal(k.refused, "sh=a%2C%20b%25");
	ib_knob_refuse(&k, "cpu", "7", "offline");
	assert_string_equal(k.refused, "sh=a%2C%20b%25,cpu=7");
	assert_int_equal(k.opts.cpu, CONFIG_IB_CPU);
	assert_int_equal(k.src[IB_K_CPU], IB_SRC_CONFIG);
}

/* rounds: 1..20, default from Kconfig, refused outside */
static void test_rounds_knob(void **state)
{
	char v[16];

	(void)state;
	assert_int_equal(k.rounds, CONFIG_IB_ROUNDS);
	assert_int_equal(ib_knob_arg(&k, "--rounds=3"), 0);
	assert_int_equal(k.rounds, 3);
	assert_string_equal(ib_knob_value(&k, IB_K_ROUNDS, v, sizeof(v)), "3");
	assert_string_equal(ib_knob_name(IB_K_ROUNDS), "rounds");
	assert_int_equal(ib_knob_arg(&k, "--rounds=0"), -1);
	assert_int_equal(ib_knob_arg(&k, "--rounds=21"), -1);
	assert_int_equal(k.rounds, 3);
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.rounds=20"), 0);
	assert_int_equal(k.rounds, 20);
	assert_int_equal(k.src[IB_K_ROUNDS], IB_SRC_CMDLINE);
	assert_string_equal(k.refused, "rounds=0,rounds=21");
}

/* fs: empty (none) or one of the four types; anything else refused, the value kept */
static void test_fs_knob(void **state)
{
	char v[32];

	(void)state;
	assert_string_equal(k.opts.fs, "");
	assert_string_equal(ib_knob_form(IB_K_FS, v, sizeof(v)), "tmpfs|ext4|xfs|vfat");
	assert_int_equal(ib_knob_arg(&k, "--fs=xfs"), 0);
	assert_string_equal(k.opts.fs, "xfs");
	assert_int_equal(k.src[IB_K_FS], IB_SRC_ARG);
	assert_int_equal(ib_knob_arg(&k, "--fs=btrfs"), -1);
	assert_int_equal(ib_knob_arg(&k, "--fs=ext"), -1);
	assert_int_equal(ib_knob_arg(&k, "--fs=ext44"), -1);
	assert_int_equal(ib_knob_arg(&k, "--fs=tmpfs|ext4"), -1);
	assert_string_equal(k.opts.fs, "xfs");
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.fs=vfat initbench.fs=XFS"), 1);
	assert_string_equal(k.opts.fs, "vfat");
	assert_string_equal(ib_knob_value(&k, IB_K_FS, v, sizeof(v)), "vfat");
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.fs="), 0);
	assert_string_equal(k.opts.fs, "");
	assert_int_equal(ib_knob_arg(&k, "--fs=tmpfs"), 0);
	assert_int_equal(ib_knob_arg(&k, "--fs=ext4"), 0);
	assert_string_equal(k.opts.fs, "ext4");
	assert_string_equal(k.refused, "fs=btrfs,fs=ext,fs=ext44,fs=tmpfs|ext4,fs=XFS");
}

/* the plan: rounds x selection, round-major with seed 0, shuffled as a whole otherwise */
static void test_plan_build(void **state)
{
	unsigned sel[3] = { 4, 7, 9 }, b[64], r[64], b1[3], r1[3], order[3] = { 4, 7, 9 };
	unsigned seen[3][4];

	(void)state;
	assert_int_equal(ib_plan_build(sel, 3, 3, 0, b, r, 64), 9);
	for (unsigned s = 0; s < 9; s++) {
		assert_int_equal(b[s], sel[s % 3]);
		assert_int_equal(r[s], s / 3 + 1);
	}
	/* one round is the old order, for any seed */
	for (unsigned long seed = 0; seed < 50; seed++) {
		memcpy(order, sel, sizeof(order));
		ib_run_order(order, 3, seed);
		assert_int_equal(ib_plan_build(sel, 3, 1, seed, b1, r1, 3), 3);
		assert_memory_equal(b1, order, sizeof(order));
		for (unsigned s = 0; s < 3; s++)
			assert_int_equal(r1[s], 1);
	}
	/* a seed: every (benchmark, round) exactly once, rounds interleaved, reproducible */
	unsigned interleaved = 0;
	for (unsigned long seed = 1; seed < 100; seed++) {
		unsigned b2[12], r2[12];
		memset(seen, 0, sizeof(seen));
		assert_int_equal(ib_plan_build(sel, 3, 4, seed, b, r, 64), 12);
		ib_plan_build(sel, 3, 4, seed, b2, r2, 12);
		assert_memory_equal(b, b2, sizeof(b2));
		assert_memory_equal(r, r2, sizeof(r2));
		for (unsigned s = 0; s < 12; s++) {
			unsigned i = b[s] == 4 ? 0 : b[s] == 7 ? 1 : 2;
			assert_true(r[s] >= 1 && r[s] <= 4);
			seen[i][r[s] - 1]++;
		}
		for (unsigned i = 0; i < 3; i++)
			for (unsigned j = 0; j < 4; j++)
				assert_int_equal(seen[i][j], 1);
		interleaved += r[0] != 1 || r[3] != 2;
	}
	assert_true(interleaved > 50);
	assert_int_equal(ib_plan_build(sel, 3, 4, 0, b, r, 5), 5);
	assert_int_equal(ib_plan_build(sel, 0, 4, 0, b, r, 5), 0);
}

/* inject_ns: 0..IB_INJECT_NS_MAX, off by default; inject_bench a list of known names; and
 * inject_ns without inject_bench is refused once every source is in, whatever set it */
static void test_inject_knobs(void **state)
{
	char v[64];

	(void)state;
	k.quiet = 1;
	assert_int_equal(k.opts.inject_ns, 0);
	assert_string_equal(k.opts.inject_bench, "");
	assert_int_equal(ib_knobs_check_inject(&k), 0);
	assert_int_equal(ib_knob_set(&k, "inject_ns", "1000001", IB_SRC_ARG), -1);
	assert_int_equal(ib_knob_set(&k, "inject_ns", "-1", IB_SRC_ARG), -1);
	assert_int_equal(ib_knob_set(&k, "inject_bench", "nope", IB_SRC_ARG), -1);
	assert_int_equal(ib_knob_set(&k, "inject_bench", "null_call;", IB_SRC_ARG), -1);
	assert_int_equal(k.opts.inject_ns, 0);
	assert_string_equal(k.opts.inject_bench, "");
	assert_int_equal(k.nrefused, 4);

	/* alone: refused at the end, recorded, back to 0 */
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.inject_ns=1000"), 0);
	assert_int_equal(k.opts.inject_ns, 1000);
	assert_int_equal(ib_knobs_check_inject(&k), -1);
	assert_int_equal(k.opts.inject_ns, 0);
	assert_int_equal(k.src[IB_K_INJECT_NS], IB_SRC_CONFIG);
	assert_non_null(strstr(k.refused, ",inject_ns=1000"));
	assert_non_null(strstr(k.why, "inject_bench"));

	/* with its list, in either order: kept */
	assert_int_equal(ib_knobs_from_cmdline(&k, "initbench.inject_ns=1000000 initbench."
						   "inject_bench=null_call,ctx_2p_0k"), 0);
	assert_int_equal(ib_knobs_check_inject(&k), 0);
	assert_string_equal(ib_knob_value(&k, IB_K_INJECT_NS, v, sizeof(v)), "1000000");
	assert_string_equal(ib_knob_value(&k, IB_K_INJECT_BENCH, v, sizeof(v)),
			    "null_call,ctx_2p_0k");
	assert_int_equal(k.src[IB_K_INJECT_BENCH], IB_SRC_CMDLINE);
	assert_true(ib_list_has(k.opts.inject_bench, "ctx_2p_0k"));
	/* a list without inject_ns injects nothing and is no error */
	assert_int_equal(ib_knob_arg(&k, "--inject_ns=0"), 0);
	assert_int_equal(ib_knobs_check_inject(&k), 0);
	assert_string_equal(ib_knob_name(IB_K_INJECT_BENCH), "inject_bench");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_defaults, setup),
		cmocka_unit_test_setup(test_rounds_knob, setup),
		cmocka_unit_test_setup(test_fs_knob, setup),
		cmocka_unit_test_setup(test_plan_build, setup),
		cmocka_unit_test_setup(test_args, setup),
		cmocka_unit_test_setup(test_cmdline, setup),
		cmocka_unit_test_setup(test_bad_values, setup),
		cmocka_unit_test_setup(test_bad_cmdline_keeps_value, setup),
		cmocka_unit_test_setup(test_unknown_knob, setup),
		cmocka_unit_test_setup(test_refused_escaping, setup),
		cmocka_unit_test_setup(test_inject_knobs, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
