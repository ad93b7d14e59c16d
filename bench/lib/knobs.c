/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * knobs.c - knob table, defaults, parsing and refusal (contract in knobs.h).
 *
 * A struct ib_knobs points into itself (opts.hello -> hello[]): never copy one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "bench/lib/knobs.h"
#include "bench/base/pid1knobs.h"

/*
 * The built-in defaults, used when config.h lacks a symbol, are the Kconfig defaults: the
 * table below carries them too, and tests/unit/bench/test_knob_kconfig.c holds both against
 * bench/Kconfig. (A bool set to n is absent from config.h: pin then means 0.)
 */
#define DEF_REPS 11
#define DEF_BUDGET_MS 5
#define DEF_TIMEOUT_S 120
#define DEF_CPU 0
#define DEF_SEED 0
#define DEF_ROUNDS 1
#define DEF_HELLO "/bin/ib-hello"
#define DEF_HELLO_DYN "/bin/ib-hello-dyn"
#define DEF_SH "/bin/sh"
#define DEF_TMPDIR "/tmp"
#define DEF_FSDIR "/tmp"
#define DEF_FS ""
#define DEF_MACRO_DIR "/opt/macro"
#define DEF_HTTP_N 20000
#define DEF_HACKBENCH_GROUPS 10
#define DEF_HACKBENCH_LOOPS 100
#define DEF_INJECT_NS 0
#define DEF_INJECT_BENCH ""
#define STR_(x) #x
#define STR(x) STR_(x)

#ifndef CONFIG_IB_REPS
#define CONFIG_IB_REPS DEF_REPS
#endif
#ifndef CONFIG_IB_BUDGET_MS
#define CONFIG_IB_BUDGET_MS DEF_BUDGET_MS
#endif
#ifndef CONFIG_IB_TIMEOUT_S
#define CONFIG_IB_TIMEOUT_S DEF_TIMEOUT_S
#endif
#ifndef CONFIG_IB_PIN
#define CONFIG_IB_PIN 0
#endif
#ifndef CONFIG_IB_CPU
#define CONFIG_IB_CPU DEF_CPU
#endif
#ifndef CONFIG_IB_SEED
#define CONFIG_IB_SEED DEF_SEED
#endif
#ifndef CONFIG_IB_ROUNDS
#define CONFIG_IB_ROUNDS DEF_ROUNDS
#endif
#ifndef CONFIG_IB_BENCH_LIST
#define CONFIG_IB_BENCH_LIST "all"
#endif
#ifndef CONFIG_IB_SKIP
#define CONFIG_IB_SKIP ""
#endif
#ifndef CONFIG_IB_HELLO
#define CONFIG_IB_HELLO DEF_HELLO
#endif
#ifndef CONFIG_IB_HELLO_DYN
#define CONFIG_IB_HELLO_DYN DEF_HELLO_DYN
#endif
#ifndef CONFIG_IB_SH
#define CONFIG_IB_SH DEF_SH
#endif
#ifndef CONFIG_IB_TMPDIR
#define CONFIG_IB_TMPDIR DEF_TMPDIR
#endif
#ifndef CONFIG_IB_FSDIR
#define CONFIG_IB_FSDIR DEF_FSDIR
#endif
#ifndef CONFIG_IB_FS
#define CONFIG_IB_FS DEF_FS
#endif
#ifndef CONFIG_IB_MACRO_DIR
#define CONFIG_IB_MACRO_DIR DEF_MACRO_DIR
#endif
#ifndef CONFIG_IB_HTTP_N
#define CONFIG_IB_HTTP_N DEF_HTTP_N
#endif
#ifndef CONFIG_IB_HACKBENCH_GROUPS
#define CONFIG_IB_HACKBENCH_GROUPS DEF_HACKBENCH_GROUPS
#endif
#ifndef CONFIG_IB_HACKBENCH_LOOPS
#define CONFIG_IB_HACKBENCH_LOOPS DEF_HACKBENCH_LOOPS
#endif
#ifndef CONFIG_IB_INJECT_NS
#define CONFIG_IB_INJECT_NS DEF_INJECT_NS
#endif
#ifndef CONFIG_IB_INJECT_BENCH
#define CONFIG_IB_INJECT_BENCH DEF_INJECT_BENCH
#endif

enum ktype { KT_UINT, KT_BOOL, KT_LIST, KT_PATH, KT_FS };

struct kdef {
	const char *name;
	enum ktype type;
	long min, max;
	const char *kconfig, *def;   /* bench/Kconfig's symbol and default; NULL: none */
};

/* ranges and defaults as in bench/Kconfig; reps also bounded by what struct ib_result holds */
static const struct kdef kdefs[IB_NKNOBS] = {
	[IB_K_BENCH] = { "bench", KT_LIST, 0, 0, NULL, NULL },
	[IB_K_SKIP] = { "skip", KT_LIST, 0, 0, NULL, NULL },
	[IB_K_REPS] = { "reps", KT_UINT, 1, IB_MAX_REPS, "IB_REPS", STR(DEF_REPS) },
	[IB_K_BUDGET_MS] = { "budget_ms", KT_UINT, 1, 10000, "IB_BUDGET_MS", STR(DEF_BUDGET_MS) },
	[IB_K_TIMEOUT_S] = { "timeout_s", KT_UINT, 1, 3600, "IB_TIMEOUT_S", STR(DEF_TIMEOUT_S) },
	[IB_K_PIN] = { "pin", KT_BOOL, 0, 1, "IB_PIN", "n" },
	[IB_K_CPU] = { "cpu", KT_UINT, 0, 4095, "IB_CPU", STR(DEF_CPU) },
	[IB_K_HELLO] = { "hello", KT_PATH, 0, 0, "IB_HELLO", DEF_HELLO },
	[IB_K_HELLO_DYN] = { "hello_dyn", KT_PATH, 0, 0, "IB_HELLO_DYN", DEF_HELLO_DYN },
	[IB_K_SH] = { "sh", KT_PATH, 0, 0, "IB_SH", DEF_SH },
	[IB_K_TMPDIR] = { "tmpdir", KT_PATH, 0, 0, "IB_TMPDIR", DEF_TMPDIR },
	[IB_K_FSDIR] = { "fsdir", KT_PATH, 0, 0, "IB_FSDIR", DEF_FSDIR },
	[IB_K_SEED] = { "seed", KT_UINT, 0, 4294967295L, "IB_SEED", STR(DEF_SEED) },
	[IB_K_ROUNDS] = { "rounds", KT_UINT, 1, 20, "IB_ROUNDS", STR(DEF_ROUNDS) },
	[IB_K_FS] = { "fs", KT_FS, 0, 0, "IB_FS", DEF_FS },
	[IB_K_MACRO_DIR] = { "macro_dir", KT_PATH, 0, 0, "IB_MACRO_DIR", DEF_MACRO_DIR },
	[IB_K_HTTP_N] = { "http_n", KT_UINT, 100, 1000000, "IB_HTTP_N", STR(DEF_HTTP_N) },
	[IB_K_HACKBENCH_GROUPS] = { "hackbench_groups", KT_UINT, 1, 100, "IB_HACKBENCH_GROUPS",
				    STR(DEF_HACKBENCH_GROUPS) },
	[IB_K_HACKBENCH_LOOPS] = { "hackbench_loops", KT_UINT, 1, 100000, "IB_HACKBENCH_LOOPS",
				   STR(DEF_HACKBENCH_LOOPS) },
	[IB_K_INJECT_NS] = { "inject_ns", KT_UINT, 0, IB_INJECT_NS_MAX, "IB_INJECT_NS",
			     STR(DEF_INJECT_NS) },
	[IB_K_INJECT_BENCH] = { "inject_bench", KT_LIST, 0, 0, "IB_INJECT_BENCH",
				DEF_INJECT_BENCH },
};

/* initbench.* words that are not the suite's: PID 1's knobs, and the CRC of the kernel's
 * .config the host adds for the record */
static int not_ours(const char *name)
{
	for (unsigned i = 0; ib_pid1_knobs[i].name; i++)
		if (!strcmp(name, ib_pid1_knobs[i].name))
			return 1;
	return !strcmp(name, "kconfig");
}

static char *str_slot(struct ib_knobs *k, unsigned id)
{
	switch (id) {
	case IB_K_BENCH: return k->bench;
	case IB_K_SKIP: return k->skip;
	case IB_K_HELLO: return k->hello;
	case IB_K_HELLO_DYN: return k->hello_dyn;
	case IB_K_SH: return k->sh;
	case IB_K_TMPDIR: return k->tmpdir;
	case IB_K_FSDIR: return k->fsdir;
	case IB_K_FS: return k->fs;
	case IB_K_MACRO_DIR: return k->macro_dir;
	case IB_K_INJECT_BENCH: return k->inject_bench;
	}
	return NULL;
}

int ib_fs_value_ok(const char *v)
{
	const char *p = IB_FS_TYPES;
	size_t n = strlen(v);

	if (!n)
		return 1;
	for (; *p; p += strcspn(p, "|"), p += *p == '|') {
		if (strcspn(p, "|") == n && !strncmp(p, v, n))
			return 1;
	}
	return 0;
}

static void set_default(struct ib_knobs *k, unsigned id)
{
	switch (id) {
	case IB_K_BENCH: snprintf(k->bench, sizeof(k->bench), "%s", CONFIG_IB_BENCH_LIST); break;
	case IB_K_SKIP: snprintf(k->skip, sizeof(k->skip), "%s", CONFIG_IB_SKIP); break;
	case IB_K_REPS: k->opts.reps = CONFIG_IB_REPS; break;
	case IB_K_BUDGET_MS: k->opts.budget_ms = CONFIG_IB_BUDGET_MS; break;
	case IB_K_TIMEOUT_S: k->opts.timeout_s = CONFIG_IB_TIMEOUT_S; break;
	case IB_K_PIN: k->opts.pin = CONFIG_IB_PIN ? 1 : 0; break;
	case IB_K_CPU: k->opts.cpu = CONFIG_IB_CPU; break;
	case IB_K_HELLO: snprintf(k->hello, sizeof(k->hello), "%s", CONFIG_IB_HELLO); break;
	case IB_K_HELLO_DYN:
		snprintf(k->hello_dyn, sizeof(k->hello_dyn), "%s", CONFIG_IB_HELLO_DYN);
		break;
	case IB_K_SH: snprintf(k->sh, sizeof(k->sh), "%s", CONFIG_IB_SH); break;
	case IB_K_TMPDIR: snprintf(k->tmpdir, sizeof(k->tmpdir), "%s", CONFIG_IB_TMPDIR); break;
	case IB_K_FSDIR: snprintf(k->fsdir, sizeof(k->fsdir), "%s", CONFIG_IB_FSDIR); break;
	case IB_K_SEED: k->seed = (unsigned long)CONFIG_IB_SEED; break;
	case IB_K_ROUNDS: k->rounds = CONFIG_IB_ROUNDS; break;
	case IB_K_FS:
		/* a Kconfig value the table refuses would measure the wrong file system: none */
		snprintf(k->fs, sizeof(k->fs), "%s", ib_fs_value_ok(CONFIG_IB_FS) ? CONFIG_IB_FS : "");
		break;
	case IB_K_MACRO_DIR: snprintf(k->macro_dir, sizeof(k->macro_dir), "%s", CONFIG_IB_MACRO_DIR); break;
	case IB_K_HTTP_N: k->opts.http_n = CONFIG_IB_HTTP_N; break;
	case IB_K_HACKBENCH_GROUPS: k->opts.hackbench_groups = CONFIG_IB_HACKBENCH_GROUPS; break;
	case IB_K_HACKBENCH_LOOPS: k->opts.hackbench_loops = CONFIG_IB_HACKBENCH_LOOPS; break;
	case IB_K_INJECT_NS: k->opts.inject_ns = CONFIG_IB_INJECT_NS; break;
	case IB_K_INJECT_BENCH:
		snprintf(k->inject_bench, sizeof(k->inject_bench), "%s", CONFIG_IB_INJECT_BENCH);
		break;
	}
	k->src[id] = IB_SRC_CONFIG;
}

void ib_knobs_init(struct ib_knobs *k)
{
	memset(k, 0, sizeof(*k));
	for (unsigned i = 0; i < IB_NKNOBS; i++)
		set_default(k, i);
	k->opts.hello = k->hello;
	k->opts.hello_dyn = k->hello_dyn;
	k->opts.sh = k->sh;
	k->opts.tmpdir = k->tmpdir;
	k->opts.fsdir = k->fsdir;
	k->opts.fs = k->fs;
	k->opts.macro_dir = k->macro_dir;
	k->opts.inject_bench = k->inject_bench;
}

const char *ib_knob_name(unsigned id)
{
	return id < IB_NKNOBS ? kdefs[id].name : NULL;
}

int ib_knob_kconfig(unsigned id, struct ib_knob_kconfig *out)
{
	if (id >= IB_NKNOBS || !kdefs[id].kconfig)
		return -1;
	out->sym = kdefs[id].kconfig;
	out->type = kdefs[id].type == KT_UINT ? "int" : kdefs[id].type == KT_BOOL ? "bool" : "string";
	out->min = kdefs[id].min;
	out->max = kdefs[id].max;
	out->def = kdefs[id].def;
	return 0;
}

int ib_knob_is_path(unsigned id)
{
	return id < IB_NKNOBS && kdefs[id].type == KT_PATH;
}

const char *ib_knob_form(unsigned id, char *buf, size_t cap)
{
	const struct kdef *d = &kdefs[id < IB_NKNOBS ? id : 0];

	switch (d->type) {
	case KT_UINT: snprintf(buf, cap, "%ld..%ld", d->min, d->max); break;
	case KT_BOOL: snprintf(buf, cap, "0|1"); break;
	case KT_LIST: snprintf(buf, cap, "LIST"); break;
	case KT_PATH: snprintf(buf, cap, "PATH"); break;
	case KT_FS: snprintf(buf, cap, IB_FS_TYPES); break;
	}
	return buf;
}

const char *ib_knob_src_name(enum ib_knob_src s)
{
	switch (s) {
	case IB_SRC_CMDLINE: return "cmdline";
	case IB_SRC_ARG: return "arg";
	default: return "config";
	}
}

const char *ib_knob_value(const struct ib_knobs *k, unsigned id, char *buf, size_t cap)
{
	switch (id) {
	case IB_K_REPS: snprintf(buf, cap, "%u", k->opts.reps); break;
	case IB_K_BUDGET_MS: snprintf(buf, cap, "%u", k->opts.budget_ms); break;
	case IB_K_TIMEOUT_S: snprintf(buf, cap, "%u", k->opts.timeout_s); break;
	case IB_K_PIN: snprintf(buf, cap, "%d", k->opts.pin); break;
	case IB_K_CPU: snprintf(buf, cap, "%d", k->opts.cpu); break;
	case IB_K_SEED: snprintf(buf, cap, "%lu", k->seed); break;
	case IB_K_ROUNDS: snprintf(buf, cap, "%u", k->rounds); break;
	case IB_K_HTTP_N: snprintf(buf, cap, "%u", k->opts.http_n); break;
	case IB_K_HACKBENCH_GROUPS: snprintf(buf, cap, "%u", k->opts.hackbench_groups); break;
	case IB_K_HACKBENCH_LOOPS: snprintf(buf, cap, "%u", k->opts.hackbench_loops); break;
	case IB_K_INJECT_NS: snprintf(buf, cap, "%u", k->opts.inject_ns); break;
	default: snprintf(buf, cap, "%s", str_slot((struct ib_knobs *)k, id)); break;
	}
	return buf;
}

int ib_list_has(const char *list, const char *name)
{
	size_t nl = strlen(name);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		if (len == nl && !strncmp(p, name, nl))
			return 1;
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

static void append_refused(struct ib_knobs *k, const char *name, const char *val)
{
	char esc[IB_KNOB_STR * 3 + 1], item[IB_KNOB_STR * 4];
	size_t o = 0;

	/* the protocol's escape, plus ',' so the list splits; a value too long is cut */
	for (const unsigned char *p = (const unsigned char *)val; *p && o + 4 < sizeof(esc); p++) {
		if (*p <= 0x20 || *p >= 0x7f || *p == '%' || *p == ',')
			o += (size_t)snprintf(esc + o, sizeof(esc) - o, "%%%02X", *p);
		else
			esc[o++] = (char)*p;
	}
	esc[o] = '\0';
	snprintf(item, sizeof(item), "%s%s=%s", k->nrefused ? "," : "", name, esc);
	size_t have = strlen(k->refused);
	if (have + strlen(item) < sizeof(k->refused))
		memcpy(k->refused + have, item, strlen(item) + 1);
	k->nrefused++;
}

void ib_knob_refuse(struct ib_knobs *k, const char *name, const char *val, const char *why)
{
	snprintf(k->why, sizeof(k->why), "%s", why);
	if (!k->quiet)
		fprintf(stderr, "ibsuite: refused %s=%s: %s\n", name, val, why);
	append_refused(k, name, val);
	for (unsigned i = 0; i < IB_NKNOBS; i++)
		if (!strcmp(kdefs[i].name, name))
			set_default(k, i);
}

static int refuse(struct ib_knobs *k, const char *name, const char *val, const char *why)
{
	snprintf(k->why, sizeof(k->why), "%s", why);
	if (!k->quiet)
		fprintf(stderr, "ibsuite: refused %s=%s: %s (keeping the value in force)\n", name,
			val, why);
	append_refused(k, name, val);
	return -1;
}

static int parse_ulong(const char *s, long min, long max, long *out)
{
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < (unsigned long)min || v > (unsigned long)max)
		return -1;
	*out = (long)v;
	return 0;
}

static const char *check_list(const struct ib_knobs *k, unsigned id, const char *val)
{
	if (strlen(val) >= IB_KNOB_STR)
		return "too long";
	for (const char *p = val; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == ','))
			return "not a comma list of names";
	if (id == IB_K_BENCH && !*val)
		return "empty";
	for (const char *p = val; *p;) {
		char item[IB_KNOB_STR];
		size_t len = strcspn(p, ",");
		memcpy(item, p, len);
		item[len] = '\0';
		p += len;
		if (*p == ',')
			p++;
		if (!len || (id == IB_K_BENCH && !strcmp(item, "all")))
			continue;
		if (k->bench_known && !k->bench_known(item))
			return "unknown benchmark";
	}
	return NULL;
}

int ib_knob_set(struct ib_knobs *k, const char *name, const char *val, enum ib_knob_src src)
{
	unsigned id;
	long v;

	for (id = 0; id < IB_NKNOBS; id++)
		if (!strcmp(kdefs[id].name, name))
			break;
	if (id == IB_NKNOBS)
		return refuse(k, name, val, "unknown knob");
	const struct kdef *d = &kdefs[id];
	switch (d->type) {
	case KT_UINT:
	case KT_BOOL:
		if (parse_ulong(val, d->min, d->max, &v)) {
			char why[64];
			snprintf(why, sizeof(why), "not an integer in %ld..%ld", d->min, d->max);
			return refuse(k, name, val, why);
		}
		if (id == IB_K_REPS)
			k->opts.reps = (unsigned)v;
		else if (id == IB_K_BUDGET_MS)
			k->opts.budget_ms = (unsigned)v;
		else if (id == IB_K_TIMEOUT_S)
			k->opts.timeout_s = (unsigned)v;
		else if (id == IB_K_PIN)
			k->opts.pin = (int)v;
		else if (id == IB_K_SEED)
			k->seed = (unsigned long)v;
		else if (id == IB_K_ROUNDS)
			k->rounds = (unsigned)v;
		else if (id == IB_K_HTTP_N)
			k->opts.http_n = (unsigned)v;
		else if (id == IB_K_HACKBENCH_GROUPS)
			k->opts.hackbench_groups = (unsigned)v;
		else if (id == IB_K_HACKBENCH_LOOPS)
			k->opts.hackbench_loops = (unsigned)v;
		else if (id == IB_K_INJECT_NS)
			k->opts.inject_ns = (unsigned)v;
		else
			k->opts.cpu = (int)v;
		break;
	case KT_LIST: {
		const char *why = check_list(k, id, val);
		if (why)
			return refuse(k, name, val, why);
		snprintf(str_slot(k, id), IB_KNOB_STR, "%s", val);
		break;
	}
	case KT_PATH:
		if (val[0] != '/')
			return refuse(k, name, val, "not an absolute path");
		if (strlen(val) >= IB_KNOB_STR)
			return refuse(k, name, val, "too long");
		snprintf(str_slot(k, id), IB_KNOB_STR, "%s", val);
		break;
	case KT_FS:
		if (!ib_fs_value_ok(val))
			return refuse(k, name, val, "not one of " IB_FS_TYPES " (or empty: none)");
		snprintf(k->fs, sizeof(k->fs), "%s", val);
		break;
	}
	k->src[id] = src;
	return 0;
}

int ib_knobs_check_inject(struct ib_knobs *k)
{
	char v[24];

	if (!k->opts.inject_ns || *k->inject_bench)
		return 0;
	/* 0, not the default: a Kconfig default of inject_ns alone must not survive either */
	snprintf(v, sizeof(v), "%u", k->opts.inject_ns);
	snprintf(k->why, sizeof(k->why), "needs inject_bench (the benchmarks to slow down)");
	if (!k->quiet)
		fprintf(stderr, "ibsuite: refused inject_ns=%s: %s (nothing injected)\n", v,
			k->why);
	append_refused(k, "inject_ns", v);
	k->opts.inject_ns = 0;
	k->src[IB_K_INJECT_NS] = IB_SRC_CONFIG;
	return -1;
}

int ib_knob_arg(struct ib_knobs *k, const char *arg)
{
	char name[64];
	const char *p = arg, *eq;
	size_t len;

	if (p[0] == '-' && p[1] == '-')
		p += 2;
	eq = strchr(p, '=');
	len = eq ? (size_t)(eq - p) : strlen(p);
	if (len >= sizeof(name))
		len = sizeof(name) - 1;
	memcpy(name, p, len);
	name[len] = '\0';
	if (!eq)
		return refuse(k, name, "", "expected --NAME=VALUE");
	return ib_knob_set(k, name, eq + 1, IB_SRC_ARG);
}

int ib_knobs_from_cmdline(struct ib_knobs *k, const char *cmdline)
{
	static const char prefix[] = "initbench.";
	char word[IB_KNOB_STR + 64];
	int refused = 0;
	const char *p = cmdline;

	while (*p) {
		size_t o = 0;
		int quoted = 0;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		/* a word ends at blank outside double quotes; quotes are dropped */
		for (; *p && (quoted || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
			if (*p == '"') {
				quoted = !quoted;
				continue;
			}
			if (o + 1 < sizeof(word))
				word[o++] = *p;
		}
		word[o] = '\0';
		if (o < sizeof(prefix) - 1 || memcmp(word, prefix, sizeof(prefix) - 1))
			continue;
		char *name = word + sizeof(prefix) - 1, *eq = strchr(name, '=');
		if (eq)
			*eq = '\0';
		if (not_ours(name))
			continue;
		if (!eq) {
			refused++;
			refuse(k, name, "", "expected initbench.NAME=VALUE");
			continue;
		}
		if (ib_knob_set(k, name, eq + 1, IB_SRC_CMDLINE))
			refused++;
	}
	return refused;
}

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void ib_run_order(unsigned *idx, unsigned n, unsigned long seed)
{
	uint64_t state = seed;

	if (!seed)
		return;
	/* the modulo bias over at most a few hundred entries is far below 2^-50: ignored */
	for (unsigned i = n; i > 1; i--) {
		unsigned j = (unsigned)(splitmix64(&state) % i), t = idx[i - 1];

		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

unsigned ib_plan_build(const unsigned *sel, unsigned nsel, unsigned rounds, unsigned long seed,
		       unsigned *bench, unsigned *round, unsigned cap)
{
	unsigned n = nsel * rounds;

	if (!nsel || !rounds)
		return 0;
	if (n > cap)
		n = cap;
	/* shuffle run numbers, then map them: with one round the permutation is the one
	 * ib_run_order() gives sel itself, so a seed keeps the order it had before rounds */
	for (unsigned s = 0; s < n; s++)
		bench[s] = s;
	ib_run_order(bench, n, seed);
	for (unsigned s = 0; s < n; s++) {
		round[s] = bench[s] / nsel + 1;
		bench[s] = sel[bench[s] % nsel];
	}
	return n;
}
