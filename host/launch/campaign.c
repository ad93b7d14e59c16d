/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * campaign.c - variants, their interleaved order and the campaign file (contract in
 * campaign.h).
 */
#define _GNU_SOURCE
#include "host/launch/campaign.h"
#include "host/boot/kernel.h"
#include "host/lib/cli-paths.h"
#include "host/lib/safeio.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "host/launch/runopts.h"
#include "host/boot/uml.h"

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

int ib_variant_parse(const char *spec, struct ib_variant *v, char *err, size_t errlen)
{
	const char *c1 = strchr(spec, ':'), *c2;
	size_t nl, kl;

	memset(v, 0, sizeof(*v));
	if (!c1)
		BAD("bad variant '%s': expected NAME:KERNEL[:APPEND]", spec);
	nl = (size_t)(c1 - spec);
	if (nl >= sizeof(v->name))
		BAD("bad variant '%.40s...': name too long", spec);
	memcpy(v->name, spec, nl);
	if (!ib_label_ok(v->name))
		BAD("bad variant '%s': name '%s': %s", spec, v->name, IB_LABEL_RULE);
	c2 = strchr(c1 + 1, ':');
	kl = c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1);
	if (!kl)
		BAD("bad variant '%s': no kernel (a path or uml)", spec);
	if (kl >= sizeof(v->kernel))
		BAD("bad variant '%s': kernel path too long", v->name);
	memcpy(v->kernel, c1 + 1, kl);
	if (!strcmp(v->kernel, "uml"))
		snprintf(v->kernel, sizeof(v->kernel), "%s", IB_UML_DEFAULT);
	if (c2) {
		if (strlen(c2 + 1) >= sizeof(v->append))
			BAD("bad variant '%s': command line too long", v->name);
		snprintf(v->append, sizeof(v->append), "%s", c2 + 1);
	}
	return 0;
}

/* splitmix64: tiny, full period, and the same numbers everywhere */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void ib_campaign_order(unsigned nvariants, unsigned blocks, uint64_t seed, unsigned *order)
{
	uint64_t state = seed;

	for (unsigned b = 0; b < blocks; b++) {
		unsigned *blk = order + (size_t)b * nvariants;

		for (unsigned i = 0; i < nvariants; i++)
			blk[i] = i;
		for (unsigned i = nvariants; i > 1; i--) {
			unsigned j = (unsigned)(next(&state) % i), t = blk[i - 1];

			blk[i - 1] = blk[j];
			blk[j] = t;
		}
	}
}

uint32_t ib_campaign_boot_seed(uint64_t seed, unsigned position)
{
	/* a separate stream from the order's: mix the position into the seed, then hash */
	uint64_t state = seed ^ ((uint64_t)position * 0xd1b54a32d192ed03ULL);
	uint32_t s;

	do
		s = (uint32_t)(next(&state) >> 32);
	while (!s);
	return s;
}

int ib_campaign_plan(struct ib_campaign *c)
{
	unsigned *order, count[IB_MAX_VARIANTS] = { 0 };

	c->nboots = c->nvariants * c->blocks;
	order = malloc((c->nboots ? c->nboots : 1) * sizeof(*order));
	free(c->boot);
	c->boot = calloc(c->nboots ? c->nboots : 1, sizeof(*c->boot));
	if (!order || !c->boot) {
		free(order);
		return -1;
	}
	ib_campaign_order(c->nvariants, c->blocks, c->seed, order);
	for (unsigned p = 0; p < c->nboots; p++) {
		struct ib_campaign_boot *b = &c->boot[p];

		b->variant = order[p];
		b->block = p / c->nvariants + 1;
		b->boot = ++count[order[p]];
		b->boot_seed = ib_campaign_boot_seed(c->seed, p + 1);
		b->verdict = -1;
	}
	free(order);
	return 0;
}

static json_t *campaign_json(const struct ib_campaign *c)
{
	json_t *j = json_object(), *vs = json_array(), *bs = json_array(), *blocks = json_array();
	char when[32];

	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&c->started));
	json_object_set_new(j, "campaign", json_string(c->id));
	json_object_set_new(j, "started_utc", json_string(when));
	json_object_set_new(j, "seed", json_integer((json_int_t)c->seed));
	json_object_set_new(j, "seed_source", json_string(c->seed_given ? "--seed" : "clock"));
	json_object_set_new(j, "blocks", json_integer(c->blocks));
	for (unsigned i = 0; i < c->nvariants; i++) {
		json_t *v = json_object();

		json_object_set_new(v, "variant", json_string(c->v[i].name));
		json_object_set_new(v, "label", json_string(c->v[i].name));
		json_object_set_new(v, "kernel", json_string(c->v[i].kernel));
		json_object_set_new(v, "append", json_string(c->v[i].append));
		json_array_append_new(vs, v);
	}
	json_object_set_new(j, "variants", vs);
	for (unsigned b = 0; b < c->blocks; b++) {
		json_t *blk = json_array();

		for (unsigned i = 0; i < c->nvariants; i++)
			json_array_append_new(blk, json_string(
				c->v[c->boot[b * c->nvariants + i].variant].name));
		json_array_append_new(blocks, blk);
	}
	json_object_set_new(j, "order", blocks);
	if (c->until_mde_pct > 0)
		json_object_set_new(j, "until_mde", json_pack("{s:f,s:I,s:o,s:o,s:s}",
			"target_pct", c->until_mde_pct, "max_blocks", (json_int_t)c->blocks,
			"stopped_after_block", c->stopped_after ? json_integer(c->stopped_after) : json_null(),
			"worst_stop_mde_pct", isnan(c->stop_mde_pct) || isinf(c->stop_mde_pct) ?
				json_null() : json_real(c->stop_mde_pct), "worst_row", c->stop_row));
	for (unsigned p = 0; p < c->nboots; p++) {
		const struct ib_campaign_boot *b = &c->boot[p];
		const struct ib_variant *v = &c->v[b->variant];
		json_t *o = json_object();

		json_object_set_new(o, "position", json_integer(p + 1));
		json_object_set_new(o, "block", json_integer(b->block));
		json_object_set_new(o, "variant", json_string(v->name));
		json_object_set_new(o, "label", json_string(v->name));
		json_object_set_new(o, "boot", json_integer(b->boot));
		json_object_set_new(o, "kernel", json_string(v->kernel));
		json_object_set_new(o, "append", json_string(v->append));
		json_object_set_new(o, "boot_seed", json_integer(b->boot_seed));
		json_object_set_new(o, "stored", b->stored ? json_sprintf("%s/%u", v->name,
									      b->stored)
							   : json_null());
		json_object_set_new(o, "verdict", b->verdict >= 0 ? json_integer(b->verdict)
								  : json_null());
		json_array_append_new(bs, o);
	}
	json_object_set_new(j, "boots", bs);
	return j;
}

int ib_campaign_write(const struct ib_campaign *c)
{
	char err[512];
	json_t *j = campaign_json(c);
	struct ib_out o;

	/* whole or not at all, never through a link (host/lib/safeio.h) */
	if (!j || ib_out_open(&o, c->path, 0, err, sizeof(err))) {
		fprintf(stderr, "initbench: %s\n", j ? err : "out of memory");
		json_decref(j);
		return -1;
	}
	if (json_dumpf(j, o.f, JSON_INDENT(2) | JSON_PRESERVE_ORDER)) {
		snprintf(err, sizeof(err), "cannot write %.400s: %s", c->path, strerror(errno));
		ib_out_abort(&o);
	} else if (!ib_out_commit(&o, err, sizeof(err))) {
		json_decref(j);
		return 0;
	}
	json_decref(j);
	fprintf(stderr, "initbench: %s\n", err);
	return -1;
}

int ib_campaign_create(struct ib_campaign *c, const char *results)
{
	char dir[4096], stamp[24];
	int fd = -1;

	char err[512];
	int rfd, cfd;

	snprintf(dir, sizeof(dir), "%s/campaigns", results);
	if (mkdir(results, 0755) < 0 && errno != EEXIST)
		goto fail;
	/* the store may be a link the user chose; campaigns/ in it never is */
	if ((rfd = open(results, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		goto fail;
	cfd = ib_subdir_open(rfd, results, "campaigns", 1, err, sizeof(err));
	close(rfd);
	if (cfd < 0) {
		fprintf(stderr, "initbench: %s\n", err);
		return -1;
	}
	close(cfd);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime(&c->started));
	/* two campaigns started in the same second get -2, -3, ... */
	for (unsigned n = 1; n < 100 && fd < 0; n++) {
		if (n == 1)
			snprintf(c->id, sizeof(c->id), "%s", stamp);
		else
			snprintf(c->id, sizeof(c->id), "%s-%u", stamp, n);
		snprintf(c->path, sizeof(c->path), "%s/%s.json", dir, c->id);
		fd = open(c->path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0 && errno != EEXIST)
			goto fail;
	}
	if (fd < 0)
		goto fail;
	close(fd);
	return ib_campaign_write(c);
fail:
	fprintf(stderr, "initbench: cannot create a campaign file in %s: %s\n", dir,
		strerror(errno));
	return -1;
}

int ib_campaign_setup(struct ib_campaign *c, const struct ib_run_opts *o,
		      struct ib_run_opts *vo, int *kind, char *err, size_t errlen)
{
	memset(c, 0, sizeof(*c));
	c->nvariants = o->nvariants;
	c->blocks = o->runs;
	c->until_mde_pct = o->until_mde_pct;
	c->stop_mde_pct = NAN;
	c->started = time(NULL);
	c->seed_given = o->seed_set;
	if (o->seed_set) {
		c->seed = o->seed;
	} else {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		c->seed = ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
			   (uint64_t)getpid() << 16) & 0xffffffffu;
	}
	for (unsigned i = 0; i < c->nvariants; i++) {
		struct ib_variant *v = &c->v[i];
		char *abs;

		if (ib_variant_parse(o->variant[i], v, err, errlen) < 0)
			return -1;
		{
			char why[300];
			char *k = ib_kernel_path(v->kernel, why, sizeof(why));

			if (k && strlen(k) >= sizeof(v->kernel))
				snprintf(why, sizeof(why), "kernel path too long");
			if (!k || strlen(k) >= sizeof(v->kernel)) {
				free(k);
				BAD("variant %s: %s", v->name, why);
			}
			snprintf(v->kernel, sizeof(v->kernel), "%s", k);
			free(k);
		}
		kind[i] = ib_kernel_kind(v->kernel, err, errlen);
		if (kind[i] == IB_KERNEL_BAD) {
			char why[512];

			snprintf(why, sizeof(why), "%s", err);
			BAD("variant %s: %s", v->name, why);
		}
		abs = realpath(v->kernel, NULL);
		if (abs && strlen(abs) < sizeof(v->kernel))
			strcpy(v->kernel, abs);
		free(abs);
		if (strlen(o->append) + strlen(v->append) + 2 > sizeof(v->append))
			BAD("variant %s: command line too long", v->name);
		vo[i] = *o;
		vo[i].kernel = v->kernel;
		vo[i].label = v->name;
		/* the variant's words after the shared ones: the kernel lets the last one win */
		if (o->append[0] && v->append[0]) {
			memmove(v->append + strlen(o->append) + 1, v->append, strlen(v->append) + 1);
			memcpy(v->append, o->append, strlen(o->append));
			v->append[strlen(o->append)] = ' ';
		} else if (o->append[0]) {
			strcpy(v->append, o->append);
		}
		strcpy(vo[i].append, v->append);
	}
	return ib_campaign_plan(c) < 0 ? -2 : 0;
}

void ib_campaign_launch_facts(const struct ib_campaign *c, unsigned pos, json_t *j)
{
	const struct ib_campaign_boot *b = &c->boot[pos - 1];

	json_object_set_new(j, "campaign", json_string(c->id));
	json_object_set_new(j, "position", json_integer(pos));
	json_object_set_new(j, "block", json_integer(b->block));
	json_object_set_new(j, "variant", json_string(c->v[b->variant].name));
	json_object_set_new(j, "variant_boot", json_integer(b->boot));
	json_object_set_new(j, "seed", json_integer((json_int_t)c->seed));
	json_object_set_new(j, "boot_seed", json_integer(b->boot_seed));
}

void ib_campaign_free(struct ib_campaign *c)
{
	free(c->boot);
	c->boot = NULL;
}
