/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_campaign.c - campaign.c: variant syntax, the interleaved block order (each block a
 * permutation, reproducible from the seed, seeds differ), boot numbering and boot seeds.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "host/launch/campaign.h"
#include "host/boot/uml.h"

#define MAXPOS (IB_MAX_VARIANTS * 50)

static void each_block_is_a_permutation(void **state)
{
	static unsigned order[MAXPOS];
	(void)state;
	for (unsigned nv = 1; nv <= IB_MAX_VARIANTS; nv++)
		for (unsigned blocks = 1; blocks <= 50; blocks += 7) {
			ib_campaign_order(nv, blocks, 12345u + nv, order);
			for (unsigned b = 0; b < blocks; b++) {
				unsigned seen[IB_MAX_VARIANTS] = { 0 };

				for (unsigned i = 0; i < nv; i++) {
					unsigned x = order[b * nv + i];

					assert_true(x < nv);
					seen[x]++;
				}
				for (unsigned i = 0; i < nv; i++)
					assert_int_equal(seen[i], 1);
			}
		}
}

static void same_seed_same_order(void **state)
{
	static unsigned a[MAXPOS], b[MAXPOS];
	(void)state;
	ib_campaign_order(5, 10, 42, a);
	ib_campaign_order(5, 10, 42, b);
	assert_memory_equal(a, b, 50 * sizeof(a[0]));
	/* and it is a function of the seed alone: fixed numbers, any machine */
	ib_campaign_order(2, 4, 1, a);
	ib_campaign_order(2, 4, 1, b);
	assert_memory_equal(a, b, 8 * sizeof(a[0]));
}

static void seeds_differ_and_blocks_vary(void **state)
{
	static unsigned a[MAXPOS], b[MAXPOS];
	unsigned differ = 0, first_both = 0, varied = 0;
	(void)state;
	for (uint64_t s = 1; s <= 20; s++) {
		ib_campaign_order(4, 10, s, a);
		ib_campaign_order(4, 10, s + 1000, b);
		differ += memcmp(a, b, 40 * sizeof(a[0])) != 0;
		/* not the same permutation in every block */
		for (unsigned k = 1; k < 10; k++)
			if (memcmp(a, a + 4 * k, 4 * sizeof(a[0]))) {
				varied++;
				break;
			}
	}
	assert_int_equal(differ, 20);
	assert_int_equal(varied, 20);
	/* two variants: both A B and B A occur as first blocks over seeds (not always A B) */
	for (uint64_t s = 0; s < 64; s++) {
		ib_campaign_order(2, 1, s, a);
		first_both |= 1u << a[0];
	}
	assert_int_equal(first_both, 3);
}

static void edge_cases(void **state)
{
	unsigned order[4] = { 9, 9, 9, 9 };
	(void)state;
	/* one variant: every block is {0}; zero blocks writes nothing */
	ib_campaign_order(1, 3, 7, order);
	assert_int_equal(order[0], 0);
	assert_int_equal(order[1], 0);
	assert_int_equal(order[2], 0);
	assert_int_equal(order[3], 9);
	ib_campaign_order(3, 0, 7, order);
	assert_int_equal(order[0], 0);
	assert_int_equal(order[3], 9);
}

static void plan_numbers_boots_and_seeds(void **state)
{
	static struct ib_campaign c;
	unsigned count[3] = { 0 };
	(void)state;
	memset(&c, 0, sizeof(c));
	c.nvariants = 3;
	c.blocks = 4;
	c.seed = 99;
	assert_int_equal(ib_campaign_plan(&c), 0);
	assert_int_equal(c.nboots, 12);
	for (unsigned p = 0; p < c.nboots; p++) {
		const struct ib_campaign_boot *b = &c.boot[p];

		assert_int_equal(b->block, p / 3 + 1);
		assert_int_equal(b->boot, ++count[b->variant]);
		assert_int_equal(b->boot, b->block);
		assert_int_equal(b->verdict, -1);
		assert_int_equal(b->stored, 0);
		assert_true(b->boot_seed != 0);
		assert_int_equal(b->boot_seed, ib_campaign_boot_seed(99, p + 1));
		if (p)
			assert_true(b->boot_seed != c.boot[p - 1].boot_seed);
	}
	ib_campaign_free(&c);
	assert_true(ib_campaign_boot_seed(1, 1) != ib_campaign_boot_seed(2, 1));
	assert_true(ib_campaign_boot_seed(0, 1) != 0);
}

static void variant_syntax(void **state)
{
	struct ib_variant v;
	char err[512];
	(void)state;
	assert_int_equal(ib_variant_parse("base:/k/bzImage", &v, err, sizeof(err)), 0);
	assert_string_equal(v.name, "base");
	assert_string_equal(v.kernel, "/k/bzImage");
	assert_string_equal(v.append, "");
	assert_int_equal(ib_variant_parse("new:uml:pti=on mem=1G:x", &v, err, sizeof(err)), 0);
	assert_string_equal(v.kernel, IB_UML_DEFAULT);
	assert_string_equal(v.append, "pti=on mem=1G:x");
	assert_int_equal(ib_variant_parse("nokernel", &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nokernel"));
	assert_int_equal(ib_variant_parse("a::pti=on", &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no kernel"));
	assert_int_equal(ib_variant_parse("bad name:/k", &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "bad name"));
	assert_int_equal(ib_variant_parse(":/k", &v, err, sizeof(err)), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_block_is_a_permutation),
		cmocka_unit_test(same_seed_same_order),
		cmocka_unit_test(seeds_differ_and_blocks_vary),
		cmocka_unit_test(edge_cases),
		cmocka_unit_test(plan_numbers_boots_and_seeds),
		cmocka_unit_test(variant_syntax),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
