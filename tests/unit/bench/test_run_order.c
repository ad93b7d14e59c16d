/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_run_order.c - the suite's benchmark order (ib_run_order in bench/lib/knobs.c) and the
 * seed knob: 0 keeps registry order, another seed a reproducible permutation.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "bench/lib/knobs.h"

static void fill(unsigned *a, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		a[i] = i;
}

static void seed_zero_is_registry_order(void **state)
{
	unsigned a[41], b[41];
	(void)state;
	fill(a, 41);
	fill(b, 41);
	ib_run_order(a, 41, 0);
	assert_memory_equal(a, b, sizeof(a));
}

static void a_permutation_reproducible_from_the_seed(void **state)
{
	unsigned a[41], b[41], moved = 0;
	(void)state;
	for (unsigned long s = 1; s < 200; s++) {
		unsigned seen[41] = { 0 };

		fill(a, 41);
		fill(b, 41);
		ib_run_order(a, 41, s);
		ib_run_order(b, 41, s);
		assert_memory_equal(a, b, sizeof(a));
		for (unsigned i = 0; i < 41; i++)
			seen[a[i]]++;
		for (unsigned i = 0; i < 41; i++)
			assert_int_equal(seen[i], 1);
		moved += a[0] != 0;
	}
	assert_true(moved > 150);
	/* different seeds, different orders */
	fill(a, 41);
	fill(b, 41);
	ib_run_order(a, 41, 1);
	ib_run_order(b, 41, 2);
	assert_true(memcmp(a, b, sizeof(a)) != 0);
	/* tiny lists */
	fill(a, 1);
	ib_run_order(a, 1, 5);
	assert_int_equal(a[0], 0);
	ib_run_order(a, 0, 5);
}

static void seed_knob(void **state)
{
	static struct ib_knobs k;
	char v[64];
	(void)state;
	ib_knobs_init(&k);
	assert_int_equal(k.seed, 0);
	assert_string_equal(ib_knob_value(&k, IB_K_SEED, v, sizeof(v)), "0");
	assert_string_equal(ib_knob_name(IB_K_SEED), "seed");
	assert_int_equal(ib_knobs_from_cmdline(&k, "quiet initbench.seed=4294967295"), 0);
	assert_int_equal(k.seed, 4294967295UL);
	assert_string_equal(ib_knob_value(&k, IB_K_SEED, v, sizeof(v)), "4294967295");
	assert_int_equal(k.src[IB_K_SEED], IB_SRC_CMDLINE);
	assert_int_equal(ib_knob_arg(&k, "--seed=4294967296"), -1);
	assert_int_equal(k.seed, 4294967295UL);
	assert_int_equal(ib_knob_arg(&k, "--seed=-1"), -1);
	assert_int_equal(ib_knob_arg(&k, "--seed=17"), 0);
	assert_int_equal(k.seed, 17);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_zero_is_registry_order),
		cmocka_unit_test(a_permutation_reproducible_from_the_seed),
		cmocka_unit_test(seed_knob),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
