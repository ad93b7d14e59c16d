/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runopts.c - argument parsing of `initbench run|native` (contract in runopts.h).
 */
#define _GNU_SOURCE
#include "host/launch/runopts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "bench/lib/knobs.h"
#include "bench/base/pid1knobs.h"
#include "host/boot/kernel.h"
#include "host/boot/uml.h"
#include "host/launch/cpulock.h"
#include "report/results.h"

#ifndef CONFIG_IB_APPEND
#define CONFIG_IB_APPEND ""
#endif

void ib_runopts_init(struct ib_run_opts *o, int native)
{
	memset(o, 0, sizeof(*o));
	o->native = native;
	o->label = native ? "native" : NULL;
	o->accel = CONFIG_IB_ACCEL;
	snprintf(o->append, sizeof(o->append), "%s", CONFIG_IB_APPEND);
	o->runs = CONFIG_IB_RUNS;
	o->mem_mb = CONFIG_IB_MEM_MB;
	o->timeout_s = CONFIG_IB_BOOT_TIMEOUT_S;
	o->probe_s = CONFIG_IB_PROBE_S;
	o->log_max_mb = CONFIG_IB_LOG_MAX_MB;
	/* the native suite pins its own benchmarks; the guest launchers are pinned by us */
	o->host_cpu = native ? -1 : CONFIG_IB_HOST_CPU;
}

unsigned ib_smp_default(const char *accel, long host_ncpu)
{
	if (strcmp(accel, "kvm") || host_ncpu < 1)
		return 1;
	return host_ncpu < IB_SMP_KVM_CAP ? (unsigned)host_ncpu : IB_SMP_KVM_CAP;
}

static int get_long(const char *v, long lo, long hi, long *out)
{
	char *end;
	long x;

	errno = 0;
	x = strtol(v, &end, 10);
	if (errno || end == v || *end || x < lo || x > hi)
		return -1;
	*out = x;
	return 0;
}

static int knob_value_ok(const char *v)
{
	if (!*v)
		return 0;
	for (; *v; v++)
		if ((unsigned char)*v <= 0x20 || (unsigned char)*v >= 0x7f || *v == '"' ||
		    *v == '\'' || *v == '\\')
			return 0;
	return 1;
}

/*
 * The suite's own table judges its knobs (range, number, path) here, so a value it would
 * refuse in the guest (and go on without: the run would measure something else) stops the
 * command before any boot. Benchmark names are left to the suite, which knows its registry;
 * PID 1's knobs (pid1knobs.h) are not in the table. Returns the suite's reason (valid until
 * the next call), or NULL when the value is accepted or the knob is not the suite's.
 */
static const char *suite_refusal(const char *name, const char *val)
{
	static struct ib_knobs k;

	for (unsigned id = 0; ib_knob_name(id); id++) {
		if (strcmp(ib_knob_name(id), name))
			continue;
		ib_knobs_init(&k);
		k.quiet = 1;
		return ib_knob_set(&k, name, val, IB_SRC_ARG) ? k.why : NULL;
	}
	return NULL;
}

enum {
	O_KERNEL = 2, O_IMAGE, O_RESULTS, O_SUITE, O_LABEL, O_ACCEL, O_APPEND, O_RUNS, O_MEM,
	O_TIMEOUT, O_PROBE, O_HOSTCPU, O_VARIANT, O_SEED, O_DISK, O_LOGMAX, O_DRYRUN, O_HELP,
	O_VERBOSE, O_NOWAIT, O_UNTILMDE, O_MAXRUNS, O_SMP,
	O_KNOB = 1000,   /* + index into knob_names[] */
};

static const struct ib_optdef host_opts[] = {
	{ "kernel", required_argument, O_KERNEL, 0 },
	{ "image", required_argument, O_IMAGE, 0 },
	{ "results", required_argument, O_RESULTS, 0 },
	{ "suite", required_argument, O_SUITE, 0 },
	{ "label", required_argument, O_LABEL, 0 },
	{ "accel", required_argument, O_ACCEL, 0 },
	{ "append", required_argument, O_APPEND, 0 },
	{ "runs", required_argument, O_RUNS, 0 },
	{ "mem", required_argument, O_MEM, 0 },
	{ "mem-mb", required_argument, O_MEM, 0 },
	{ "timeout", required_argument, O_TIMEOUT, 0 },
	{ "boot-timeout-s", required_argument, O_TIMEOUT, 0 },
	{ "probe-s", required_argument, O_PROBE, 0 },
	{ "host-cpu", required_argument, O_HOSTCPU, 0 },
	{ "variant", required_argument, O_VARIANT, 0 },
	{ "seed", required_argument, O_SEED, 0 },
	{ "disk", required_argument, O_DISK, 0 },
	{ "log-max", required_argument, O_LOGMAX, 0 },
	{ "dry-run", no_argument, O_DRYRUN, 0 },
	{ "no-wait", no_argument, O_NOWAIT, 0 },
	{ "until-mde", required_argument, O_UNTILMDE, 0 },
	{ "max-runs", required_argument, O_MAXRUNS, 0 },
	{ "smp", required_argument, O_SMP, 0 },
	{ "help", no_argument, O_HELP, 'h' },
	{ "verbose", no_argument, O_VERBOSE, 'v' },
};

#define NHOST (sizeof(host_opts) / sizeof(host_opts[0]))

static const char *knob_names[IB_MAX_KNOBS];
static unsigned nknob_names;
static struct ib_optdef all_opts[NHOST + IB_MAX_KNOBS];

/* the host options, then every guest knob: the suite's table (its seed is --seed, a host
 * option that also orders a campaign), then PID 1's */
static void opts_table(void)
{
	if (nknob_names)
		return;
	memcpy(all_opts, host_opts, sizeof(host_opts));
	for (unsigned id = 0; ib_knob_name(id) && nknob_names < IB_MAX_KNOBS; id++)
		if (strcmp(ib_knob_name(id), "seed"))
			knob_names[nknob_names++] = ib_knob_name(id);
	for (unsigned i = 0; ib_pid1_knobs[i].name && nknob_names < IB_MAX_KNOBS; i++)
		knob_names[nknob_names++] = ib_pid1_knobs[i].name;
	for (unsigned i = 0; i < nknob_names; i++)
		all_opts[NHOST + i] = (struct ib_optdef){ knob_names[i], required_argument,
							  O_KNOB + (int)i, 0 };
}

const char *ib_runopts_knob(unsigned i)
{
	opts_table();
	return i < nknob_names ? knob_names[i] : NULL;
}

int ib_runopts_knob_is_pid1(const char *name)
{
	for (unsigned i = 0; ib_pid1_knobs[i].name; i++)
		if (!strcmp(name, ib_pid1_knobs[i].name))
			return 1;
	return 0;
}

static int knob_is_path(const char *name)
{
	for (unsigned id = 0; ib_knob_name(id); id++)
		if (!strcmp(ib_knob_name(id), name))
			return ib_knob_is_path(id);
	return 0;
}

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

static int set_knob(struct ib_run_opts *o, const char *typed, const char *name, const char *val,
		    char *err, size_t errlen)
{
	const char *why;
	unsigned k;

	if (o->native && ib_runopts_knob_is_pid1(name))
		BAD("bad argument '%s': only PID 1 (initbench run) has a %s knob", typed, name);
	if (!knob_value_ok(val))
		BAD("bad argument '%s %s': a knob value must be printable, without spaces or "
		    "quotes", typed, val);
	if (knob_is_path(name)) {
		/* natively the suite runs here, beside the user: a path is the user's; under
		 * run it is looked up inside the guest, where no working directory is ours */
		if (o->native && val[0] != '/') {
			char *abs = ib_abspath(val);

			if (!abs)
				BAD("bad argument '%s %s': out of memory", typed, val);
			val = abs;   /* lives as long as the process */
		} else if (val[0] != '/') {
			BAD("bad argument '%s %s': not an absolute path (it is a path in the guest: "
			    "give it from /)", typed, val);
		}
	}
	if ((why = suite_refusal(name, val)))
		BAD("bad argument '%s %s': %s", typed, val, why);
	for (k = 0; k < o->nknobs; k++)
		if (!strcmp(o->knob[k].name, name))
			break;
	if (k == o->nknobs) {
		if (k == IB_MAX_KNOBS)
			BAD("bad argument '%s': too many knobs", typed);
		snprintf(o->knob[k].name, sizeof(o->knob[k].name), "%.23s", name);
		o->nknobs++;
	}
	o->knob[k].value = val;
	return 0;
}

static const char *host_path(const char *val)
{
	char *abs = ib_abspath(val);

	return abs ? abs : val;   /* lives as long as the process */
}

static int parse_one(struct ib_run_opts *o, int key, const char *t, const char *val,
		     char *err, size_t errlen)
{
	long x;

	switch (key) {
	case O_KERNEL:
		if (o->native)
			BAD("bad argument '--kernel': native runs no kernel");
		if (!strcmp(val, "uml")) {
			o->kernel = IB_UML_DEFAULT;
		} else {
			char why[300];
			char *k = ib_kernel_path(val, why, sizeof(why));

			if (!k)
				BAD("bad argument '--kernel': %s", why);
			o->kernel = host_path(k);
		}
		break;
	case O_DISK:
		if (o->native)
			BAD("bad argument '--disk': native runs boot no kernel");
		o->disk_ro = !strncmp(val, "ro:", 3);
		val += o->disk_ro ? 3 : 0;
		o->disk_if = !strncmp(val, "nvme:", 5) ? "nvme" : "virtio";
		val += !strncmp(val, "nvme:", 5) ? 5 : !strncmp(val, "virtio:", 7) ? 7 : 0;
		if (!*val || access(val, o->disk_ro ? R_OK : R_OK | W_OK))
			BAD("bad argument '--disk %s': not a readable and writable disk image", val);
		o->disk = host_path(val);
		break;
	case O_IMAGE:
		o->image = host_path(val);
		break;
	case O_RESULTS:
		o->results = host_path(val);
		break;
	case O_SUITE:
		/* a bare name is looked up in PATH, as execvp does */
		o->suite = strchr(val, '/') ? host_path(val) : val;
		break;
	case O_LABEL:
		if (!ib_label_ok(val))
			BAD("bad argument '--label %s': %s", val, IB_LABEL_RULE);
		o->label = val;
		break;
	case O_ACCEL:
		if (strcmp(val, "auto") && strcmp(val, "kvm") && strcmp(val, "tcg"))
			BAD("bad argument '--accel %s': use auto, kvm or tcg", val);
		o->accel = val;
		break;
	case O_APPEND: {
		size_t n = strlen(o->append);

		if (n + strlen(val) + 2 > sizeof(o->append))
			BAD("bad argument '--append': too long");
		snprintf(o->append + n, sizeof(o->append) - n, "%s%s", n ? " " : "", val);
		break;
	}
	case O_RUNS:
		if (get_long(val, 1, 1000, &x))
			BAD("bad argument '--runs %s': use 1..1000", val);
		o->runs = (unsigned)x;
		o->runs_set = 1;
		break;
	case O_MEM:
		if (get_long(val, 32, 65536, &x))
			BAD("bad argument '%s %s': use 32..65536 (MB)", t, val);
		o->mem_mb = (unsigned)x;
		break;
	case O_SMP:
		if (o->native)
			BAD("bad argument '--smp': native runs no guest (the suite sees the host's "
			    "CPUs)");
		if (get_long(val, 1, IB_SMP_MAX, &x))
			BAD("bad argument '%s %s': use 1..%d (virtual CPUs)", t, val, IB_SMP_MAX);
		o->smp = (unsigned)x;
		o->smp_set = 1;
		break;
	case O_TIMEOUT:
		if (get_long(val, 1, 86400, &x))
			BAD("bad argument '%s %s': use 1..86400 (s)", t, val);
		o->timeout_s = (double)x;
		break;
	case O_PROBE:
		if (get_long(val, 1, 120, &x))
			BAD("bad argument '%s %s': use 1..120 (s)", t, val);
		o->probe_s = (double)x;
		break;
	case O_LOGMAX:
		if (get_long(val, 1, 1048576, &x))
			BAD("bad argument '%s %s': use 1..1048576 (MiB)", t, val);
		o->log_max_mb = (unsigned)x;
		break;
	case O_HOSTCPU:
		if (!strcmp(val, "any"))
			x = IB_CPU_ANY;
		else if (get_long(val, -1, 4095, &x))
			BAD("bad argument '%s %s': use a CPU number, any (the first free one) or -1 "
			    "(none)", t, val);
		o->host_cpu = (int)x;
		o->host_cpu_set = 1;
		break;
	case O_VARIANT: {
		struct ib_variant v;

		if (o->native)
			BAD("bad argument '--variant': native runs no kernel");
		if (ib_variant_parse(val, &v, err, errlen))
			return -1;
		for (unsigned k = 0; k < o->nvariants; k++)
			if (!strncmp(o->variant[k], v.name, strlen(v.name)) &&
			    o->variant[k][strlen(v.name)] == ':')
				BAD("bad variant '%s': the name %s is given twice", val, v.name);
		if (o->nvariants == IB_MAX_VARIANTS)
			BAD("bad variant '%s': at most %d variants", val, IB_MAX_VARIANTS);
		o->variant[o->nvariants++] = val;
		break;
	}
	case O_SEED:
		if (get_long(val, 0, 4294967295L, &x))
			BAD("bad argument '--seed %s': use 0..4294967295", val);
		o->seed = (unsigned long)x;
		o->seed_set = 1;
		break;
	case O_DRYRUN:
		o->dry_run = 1;
		break;
	case O_NOWAIT:
		o->no_wait = 1;
		break;
	case O_UNTILMDE: {
		char *end;
		double pct = strtod(val, &end);

		if (o->native)
			BAD("bad argument '--until-mde': native runs are no campaign");
		if (end == val || *end || !(pct > 0 && pct <= 1000))
			BAD("bad argument '--until-mde %s': a percentage above 0, at most 1000", val);
		o->until_mde_pct = pct;
		break;
	}
	case O_MAXRUNS:
		if (o->native)
			BAD("bad argument '--max-runs': native runs are no campaign");
		if (get_long(val, 2, 1000, &x))
			BAD("bad argument '--max-runs %s': use 2..1000 (blocks)", val);
		o->max_runs = (unsigned)x;
		break;
	case O_VERBOSE:
		o->verbose = 1;
		break;
	default:
		return set_knob(o, t, knob_names[key - O_KNOB], val, err, errlen);
	}
	return 0;
}

int ib_runopts_parse(struct ib_run_opts *o, int argc, char **argv, char *err, size_t errlen)
{
	char **av = calloc((size_t)argc + 2, sizeof(*av));
	struct ib_getopt g;
	const struct ib_optdef *def;
	const char *val;
	int key, rc = 0;

	if (!av)
		BAD("out of memory");
	opts_table();
	av[0] = "initbench";   /* getopt starts after argv[0] */
	memcpy(av + 1, argv, (size_t)argc * sizeof(*av));
	ib_getopt_init(&g, all_opts, NHOST + nknob_names);
	while (!rc && (key = ib_getopt_next(&g, argc + 1, av, &val, &def, err, errlen))) {
		if (key < 0)
			rc = -1;
		else if (key == O_HELP)
			rc = 1;
		else if (key == IB_OPT_OPERAND && !strcmp(val, "V=1"))
			o->verbose = 1;
		else if (key == IB_OPT_OPERAND && strcmp(val, "V=0")) {
			snprintf(err, errlen, "bad argument '%s': expected --OPTION VALUE", val);
			rc = -1;
		} else if (key != IB_OPT_OPERAND)
			rc = parse_one(o, key, g.typed, val, err, errlen);
	}
	free(av);
	if (rc)
		return rc;
	if (o->nvariants && o->kernel)
		BAD("bad argument '--kernel': not with --variant (each variant names its kernel)");
	if (o->nvariants && o->label)
		BAD("bad argument '--label': not with --variant (a variant's name is its label)");
	if (!o->native && !o->kernel && !o->nvariants)
		BAD("missing argument: --kernel PATH|uml or --variant NAME:KERNEL[:APPEND]");
	if ((o->until_mde_pct > 0 || o->max_runs) && o->nvariants < 2)
		BAD("bad argument '%s': needs a campaign (--variant NAME:KERNEL twice or more)",
		    o->until_mde_pct > 0 ? "--until-mde" : "--max-runs");
	if (o->max_runs && !(o->until_mde_pct > 0))
		BAD("bad argument '--max-runs': only with --until-mde PCT (else --runs B)");
	if (o->until_mde_pct > 0 && o->runs_set)
		BAD("bad argument '--runs': not with --until-mde (the most blocks it may boot is "
		    "--max-runs N)");
	if (o->until_mde_pct > 0)
		o->runs = o->max_runs ? o->max_runs : IB_UNTIL_MDE_MAX_RUNS;
	if (o->nvariants && !o->runs_set && !(o->until_mde_pct > 0))
		o->runs = IB_CAMPAIGN_RUNS;
	if (!o->smp_set)
		o->smp = o->native ? 1 : CONFIG_IB_SMP ? CONFIG_IB_SMP
				       : ib_smp_default(o->accel, sysconf(_SC_NPROCESSORS_ONLN));
	/* "any" finds one free CPU; an SMP guest needs a set, named by its first CPU */
	if (o->smp > 1 && o->host_cpu == IB_CPU_ANY)
		BAD("bad argument '--host-cpu any': not with --smp %u (give the first host CPU of "
		    "the set, or -1 for none)", o->smp);
	/* the guest would refuse it and measure a plain boot: say so before booting */
	val = ib_runopts_knob_value(o, "inject_ns");
	if (val && strtoul(val, NULL, 10) && !ib_runopts_has_knob(o, "inject_bench"))
		BAD("bad argument '--inject_ns': needs --inject_bench LIST (the benchmarks to slow "
		    "down)");
	return 0;
}

void ib_runopts_print_knobs(FILE *f, int native)
{
	size_t col = 0;

	opts_table();
	for (unsigned i = 0; i < nknob_names; i++) {
		char opt[40], form[32], word[80];
		unsigned id;

		if (native && ib_runopts_knob_is_pid1(knob_names[i]))
			continue;
		for (id = 0; ib_knob_name(id) && strcmp(ib_knob_name(id), knob_names[i]); id++)
			;
		if (ib_knob_name(id))
			ib_knob_form(id, form, sizeof(form));
		else
			for (unsigned p = 0; ib_pid1_knobs[p].name; p++)
				if (!strcmp(ib_pid1_knobs[p].name, knob_names[i]))
					snprintf(form, sizeof(form), "%s", ib_pid1_knobs[p].form);
		ib_opt_spelling(knob_names[i], opt, sizeof(opt));
		snprintf(word, sizeof(word), "[--%s %s]", opt, form);
		if (col && col + 1 + strlen(word) > 78) {
			fputc('\n', f);
			col = 0;
		}
		col += (size_t)fprintf(f, "%s%s", col ? " " : "    ", word);
	}
	fputc('\n', f);
}

int ib_runopts_has_knob(const struct ib_run_opts *o, const char *name)
{
	for (unsigned k = 0; k < o->nknobs; k++)
		if (!strcmp(o->knob[k].name, name))
			return 1;
	return 0;
}

const char *ib_runopts_knob_value(const struct ib_run_opts *o, const char *name)
{
	for (unsigned k = 0; k < o->nknobs; k++)
		if (!strcmp(o->knob[k].name, name))
			return o->knob[k].value;
	return NULL;
}

void ib_runopts_set_knob(struct ib_run_opts *o, const char *name, const char *value)
{
	unsigned k;

	for (k = 0; k < o->nknobs && strcmp(o->knob[k].name, name); k++)
		;
	if (k == IB_MAX_KNOBS)
		return;
	if (k == o->nknobs) {
		snprintf(o->knob[k].name, sizeof(o->knob[k].name), "%.23s", name);
		o->nknobs++;
	}
	o->knob[k].value = value;
}

void ib_runopts_knob_words(const struct ib_run_opts *o, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned k = 0; k < o->nknobs && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%sinitbench.%s=%s", n ? " " : "",
				      o->knob[k].name, o->knob[k].value);
	if (o->seed_set && n < len)
		snprintf(buf + n, len - n, "%sinitbench.seed=%lu", n ? " " : "", o->seed);
}

int ib_boot_verdict(const struct ib_console_result *r, int console_rc, int parse_rc)
{
	if (r->ended_by == IB_END_SPAWN)
		return r->spawn_errno ? IB_EXIT_LAUNCHER : IB_EXIT_HOSTIO;
	if (r->ended_by == IB_END_INTERRUPT)
		return IB_EXIT_INTERRUPT;
	if (console_rc < 0)
		return IB_EXIT_HOSTIO;
	if (r->saw_panic)
		return IB_EXIT_PANIC;
	if (r->ended_by == IB_END_NOINIT)
		return IB_EXIT_NORECORDS;
	if ((r->ended_by == IB_END_TIMEOUT || r->ended_by == IB_END_NOOUTPUT) && !r->saw_end)
		return IB_EXIT_HANG;
	if (r->first_byte_s < 0 && !(r->exited && r->exit_code == 0))
		return IB_EXIT_LAUNCHER;
	switch (parse_rc) {
	case IB_LOG_COMPLETE: return IB_EXIT_DONE;
	case IB_LOG_INCOMPLETE: return IB_EXIT_INCOMPLETE;
	case IB_LOG_NORECORDS: return IB_EXIT_NORECORDS;
	}
	return IB_EXIT_HOSTIO;
}

const char *ib_verdict_name(int code)
{
	switch (code) {
	case IB_EXIT_DONE: return "complete";
	case IB_EXIT_HOSTIO: return "host I/O error";
	case IB_EXIT_USAGE: return "usage";
	case IB_EXIT_PANIC: return "kernel panic";
	case IB_EXIT_HANG: return "hang/timeout";
	case IB_EXIT_NORECORDS: return "no records";
	case IB_EXIT_INCOMPLETE: return "records incomplete";
	case IB_EXIT_LAUNCHER: return "launcher failed to start";
	case IB_EXIT_BUSY: return "host CPU busy";
	case IB_EXIT_INTERRUPT: return "interrupted";
	}
	return "?";
}
