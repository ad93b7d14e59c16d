/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_knob_kconfig.c - bench/Kconfig and the knob table of bench/lib/knobs.c say the same:
 * every knob with a symbol has its entry there with the same type, range and default, and
 * its prompt names it "(knob)"; every prompted entry of bench/Kconfig is a knob. Without
 * this a range changed in one place only would let menuconfig accept what the suite then
 * refuses at boot (or the reverse), and the host's --KNOB checks would follow the table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/lib/knobs.h"

struct entry {
	char sym[64], type[16], prompt[160], def[160];
	long min, max;
	int has_range;
	unsigned line;
};

static struct entry ents[64];
static unsigned nents;
static char path[512];

static void unquote(char *dst, size_t cap, const char *src)
{
	size_t n = strcspn(src, "\n");

	if (n >= 2 && src[0] == '"' && src[n - 1] == '"') {
		src++;
		n -= 2;
	}
	snprintf(dst, cap, "%.*s", (int)n, src);
}

static int load(void **state)
{
	const char *top = getenv("srctree");
	char line[512];
	unsigned no = 0;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/bench/Kconfig", top ? top : ".");
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open (srctree=%s)\n", path, top ? top : "unset");
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct entry *e = nents ? &ents[nents - 1] : NULL;
		const char *p = line;
		char kw[16];
		int n = 0;

		no++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (sscanf(p, "%15s %n", kw, &n) != 1)
			continue;
		if (!strcmp(kw, "config")) {
			if (nents == sizeof(ents) / sizeof(ents[0]))
				break;
			e = &ents[nents++];
			memset(e, 0, sizeof(*e));
			sscanf(p + n, "%63s", e->sym);
			e->line = no;
		} else if (!e || line[0] != '\t') {
			continue;   /* comment, menu, source: not inside an entry */
		} else if (!strcmp(kw, "int") || !strcmp(kw, "bool") || !strcmp(kw, "string") ||
			   !strcmp(kw, "hex") || !strcmp(kw, "tristate")) {
			snprintf(e->type, sizeof(e->type), "%s", kw);
			unquote(e->prompt, sizeof(e->prompt), p + n);
		} else if (!strcmp(kw, "range")) {
			e->has_range = sscanf(p + n, "%ld %ld", &e->min, &e->max) == 2;
		} else if (!strcmp(kw, "default")) {
			unquote(e->def, sizeof(e->def), p + n);
		}
	}
	fclose(f);
	return nents ? 0 : -1;
}

static const struct entry *find(const char *sym)
{
	for (unsigned i = 0; i < nents; i++)
		if (!strcmp(ents[i].sym, sym))
			return &ents[i];
	return NULL;
}

static void every_knob_matches_its_entry(void **state)
{
	unsigned checked = 0;

	(void)state;
	for (unsigned id = 0; id < IB_NKNOBS; id++) {
		struct ib_knob_kconfig kc;
		const char *name = ib_knob_name(id);
		char tail[80];

		if (ib_knob_kconfig(id, &kc))
			continue;
		const struct entry *e = find(kc.sym);
		if (!e)
			fail_msg("knob %s: no config %s in %s", name, kc.sym, path);
		if (strcmp(e->type, kc.type))
			fail_msg("%s:%u: %s is %s, knobs.c's %s is %s", path, e->line, kc.sym, e->type,
				 name, kc.type);
		if (!strcmp(kc.type, "int") &&
		    (!e->has_range || e->min != kc.min || e->max != kc.max))
			fail_msg("%s:%u: %s range %ld %ld, knobs.c's %s %ld..%ld", path, e->line,
				 kc.sym, e->min, e->max, name, kc.min, kc.max);
		if (strcmp(e->def, kc.def))
			fail_msg("%s:%u: %s default \"%s\", knobs.c's %s \"%s\"", path, e->line,
				 kc.sym, e->def, name, kc.def);
		snprintf(tail, sizeof(tail), "(%s)", name);
		size_t lp = strlen(e->prompt), lt = strlen(tail);
		if (lp < lt || strcmp(e->prompt + lp - lt, tail))
			fail_msg("%s:%u: %s's prompt \"%s\" does not end in \"%s\"", path, e->line,
				 kc.sym, e->prompt, tail);
		checked++;
	}
	assert_true(checked >= 11);
}

static void every_prompted_entry_is_a_knob(void **state)
{
	(void)state;
	for (unsigned i = 0; i < nents; i++) {
		unsigned id;
		struct ib_knob_kconfig kc;

		if (!ents[i].prompt[0])
			continue;   /* no prompt: not a setting (IB_BENCHES_KCONFIG) */
		for (id = 0; id < IB_NKNOBS; id++)
			if (!ib_knob_kconfig(id, &kc) && !strcmp(kc.sym, ents[i].sym))
				break;
		if (id == IB_NKNOBS)
			fail_msg("%s:%u: %s is not in knobs.c's table", path, ents[i].line,
				 ents[i].sym);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_knob_matches_its_entry),
		cmocka_unit_test(every_prompted_entry_is_a_knob),
	};
	return cmocka_run_group_tests(tests, load, NULL);
}
