/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * campaign.h - a comparison campaign: several variants (kernel + command line + label),
 * booted interleaved in randomised blocks (docs/methods.md "Comparing kernels").
 *
 * A variant is given as NAME:KERNEL[:APPEND]. NAME is the store label (ib_label_ok), KERNEL
 * is `uml` (IB_UML_DEFAULT) or a path without ':', APPEND the rest of the word (it may hold
 * ':'), added after the shared --append words. ib_variant_parse() returns 0, or -1 with a
 * one-line reason naming the variant in err.
 *
 * Order: B blocks, each a permutation of all N variants, drawn with a Fisher-Yates shuffle
 * from splitmix64 seeded by the campaign seed (block after block from one stream). So every
 * block holds each variant once, the same seed gives the same order on any machine, and a
 * drift over the campaign hits every variant alike. ib_campaign_order() fills
 * order[b * N + i] with the variant index at position b * N + i (0-based); it is a pure
 * function. With N = 1 every block is {0}.
 *
 * Boot seed: the guest's initbench.seed for the boot at 1-based position p is
 * ib_campaign_boot_seed(seed, p): 1..4294967295 (never 0, which would mean registry order),
 * a pure function of both, so a boot's benchmark order can be replayed.
 *
 * The campaign file RESULTS/campaigns/<id>.json (id = UTC start "20250102T030405Z", "-2"...
 * added if taken) holds the plan and, as boots end, where each was stored and its verdict;
 * ib_campaign_write() rewrites it whole (via a temporary file and rename).
 */
#ifndef IB_CAMPAIGN_H
#define IB_CAMPAIGN_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define IB_MAX_VARIANTS 16
#define IB_CAMPAIGN_RUNS 5   /* boots per variant when --runs is not given (docs/methods.md) */
#define IB_UNTIL_MDE_MAX_RUNS 20 /* blocks --until-mde may boot when --max-runs is not given */

struct ib_variant {
	char name[65];
	char kernel[4096];
	char append[1024];
};

int ib_variant_parse(const char *spec, struct ib_variant *v, char *err, size_t errlen);

void ib_campaign_order(unsigned nvariants, unsigned blocks, uint64_t seed, unsigned *order);
uint32_t ib_campaign_boot_seed(uint64_t seed, unsigned position);

struct ib_campaign_boot {
	unsigned variant;     /* index into v[] */
	unsigned block;       /* 1-based */
	unsigned boot;        /* 1-based: the how-manyth boot of this variant */
	uint32_t boot_seed;
	unsigned stored;      /* RESULTS/<name>/<stored>, 0 while not booted */
	int verdict;          /* exit code of the boot, -1 while not booted */
};

struct ib_campaign {
	char id[40];
	char path[4200];      /* the campaign file */
	uint64_t seed;
	int seed_given;       /* --seed, else drawn from the clock */
	time_t started;
	unsigned nvariants, blocks, nboots;
	struct ib_variant v[IB_MAX_VARIANTS];
	struct ib_campaign_boot *boot; /* nboots = nvariants * blocks, in run order */
	double until_mde_pct;  /* --until-mde, 0 off; then blocks is --max-runs */
	unsigned stopped_after; /* the block after which --until-mde stopped it, 0 while not */
	double stop_mde_pct;   /* the largest row stop MDE after the last check, NaN before */
	char stop_row[160];    /* that row: "metric (variant)" */
};

struct ib_run_opts;
/*
 * From parsed run options with variants: c filled and planned (seed from --seed, else from
 * the clock), vo[i] a copy of o with variant i's kernel (absolute), label and command line
 * (o->append, then the variant's), kind[i] its IB_KERNEL_*. Returns 0; -1 with a line naming
 * the bad variant in err; -2 out of memory.
 */
int ib_campaign_setup(struct ib_campaign *c, const struct ib_run_opts *o,
		      struct ib_run_opts *vo, int *kind, char *err, size_t errlen);
/* adds campaign, position, block, variant, variant_boot, seed (the campaign's) and
 * boot_seed (the guest's initbench.seed) to a boot's launch facts */
struct json_t;
void ib_campaign_launch_facts(const struct ib_campaign *c, unsigned pos, struct json_t *j);
/* order and boot seeds from c->seed, c->nvariants and c->blocks; -1 if out of memory */
int ib_campaign_plan(struct ib_campaign *c);
/* picks c->id and c->path under results/campaigns (created) and writes the file */
int ib_campaign_create(struct ib_campaign *c, const char *results);
int ib_campaign_write(const struct ib_campaign *c);
void ib_campaign_free(struct ib_campaign *c);

#endif
