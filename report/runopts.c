/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runopts.c - argument parsing of `initbench run|native` (contract in runopts.h).
 */
#define _GNU_SOURCE
#include "runopts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "knobs.h"
#include "kernelpath.h"
#include "uml.h"
#include "results.h"

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

int ib_label_ok(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > 64 || s[0] == '.')
		return 0;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") == n;
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
 * refuse in the guest (and go on without: docs/usage.md, Knobs) stops the command before any boot.
 * Benchmark names are left to the suite, which knows its registry; PID 1's knobs (shell,
 * out, end) are not in the table. Returns the suite's reason (valid until the next call),
 * or NULL when the value is accepted or the knob is not the suite's.
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

static int is_guest_knob(const char *name)
{
	const char *p = IB_GUEST_KNOBS;
	size_t n = strlen(name);

	while (*p) {
		size_t w = strcspn(p, " ");

		if (w == n && !strncmp(p, name, n))
			return 1;
		p += w;
		p += *p == ' ';
	}
	return 0;
}

static int is_host_opt(const char *name)
{
	static const char *const opts[] = { "kernel", "image", "results", "suite", "label",
		"accel", "append", "runs", "mem", "mem_mb", "timeout", "boot_timeout_s", "probe_s",
		"host_cpu", "variant", "seed", "disk", "log_max" };

	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (!strcmp(name, opts[i]))
			return 1;
	return 0;
}

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

int ib_runopts_parse(struct ib_run_opts *o, int argc, char **argv, char *err, size_t errlen)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val, *eq;
		char name[64];
		long x;

		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 1;
		if (!strcmp(a, "-v") || !strcmp(a, "V=1")) {
			o->verbose = 1;
			continue;
		}
		if (!strcmp(a, "V=0"))
			continue;
		if (strncmp(a, "--", 2) || !a[2])
			BAD("bad argument '%s': expected --OPTION VALUE", a);
		a += 2;
		eq = strchr(a, '=');
		if ((size_t)(eq ? eq - a : (long)strlen(a)) >= sizeof(name))
			BAD("bad argument '--%.40s...': unknown option", a);
		snprintf(name, sizeof(name), "%.*s", (int)(eq ? eq - a : (long)strlen(a)), a);
		for (char *p = name; *p; p++)
			if (*p == '-')
				*p = '_';
		if (!is_host_opt(name) && !is_guest_knob(name))
			BAD("bad argument '--%s': unknown option", name);
		if (eq) {
			val = eq + 1;
		} else {
			if (i + 1 >= argc)
				BAD("bad argument '--%s': needs a value", name);
			val = argv[++i];
		}

		if (!strcmp(name, "kernel")) {
			if (o->native)
				BAD("bad argument '--kernel': native runs no kernel");
			if (!strcmp(val, "uml")) {
				o->kernel = IB_UML_DEFAULT;
			} else {
				char why[300];
				char *k = ib_kernel_path(val, why, sizeof(why));

				if (!k)
					BAD("bad argument '--kernel': %s", why);
				o->kernel = k;   /* lives as long as the process */
			}
		} else if (!strcmp(name, "disk")) {
			if (o->native)
				BAD("bad argument '--disk': native runs boot no kernel");
			o->disk_ro = !strncmp(val, "ro:", 3);
			val += o->disk_ro ? 3 : 0;
			o->disk_if = !strncmp(val, "nvme:", 5) ? "nvme" : "virtio";
			val += !strncmp(val, "nvme:", 5) ? 5 : !strncmp(val, "virtio:", 7) ? 7 : 0;
			if (!*val || access(val, o->disk_ro ? R_OK : R_OK | W_OK))
				BAD("bad argument '--disk %s': not a readable and writable disk image", val);
			o->disk = val;
		} else if (!strcmp(name, "image")) {
			o->image = val;
		} else if (!strcmp(name, "results")) {
			o->results = val;
		} else if (!strcmp(name, "suite")) {
			o->suite = val;
		} else if (!strcmp(name, "label")) {
			if (!ib_label_ok(val))
				BAD("bad argument '--label %s': use [A-Za-z0-9._-], no leading dot, "
				    "at most 64 bytes", val);
			o->label = val;
		} else if (!strcmp(name, "accel")) {
			if (strcmp(val, "auto") && strcmp(val, "kvm") && strcmp(val, "tcg"))
				BAD("bad argument '--accel %s': use auto, kvm or tcg", val);
			o->accel = val;
		} else if (!strcmp(name, "append")) {
			size_t n = strlen(o->append);

			if (n + strlen(val) + 2 > sizeof(o->append))
				BAD("bad argument '--append': too long");
			snprintf(o->append + n, sizeof(o->append) - n, "%s%s", n ? " " : "", val);
		} else if (!strcmp(name, "runs")) {
			if (get_long(val, 1, 1000, &x))
				BAD("bad argument '--runs %s': use 1..1000", val);
			o->runs = (unsigned)x;
			o->runs_set = 1;
		} else if (!strcmp(name, "mem") || !strcmp(name, "mem_mb")) {
			if (get_long(val, 32, 65536, &x))
				BAD("bad argument '--%s %s': use 32..65536 (MB)", name, val);
			o->mem_mb = (unsigned)x;
		} else if (!strcmp(name, "timeout") || !strcmp(name, "boot_timeout_s")) {
			if (get_long(val, 1, 86400, &x))
				BAD("bad argument '--%s %s': use 1..86400 (s)", name, val);
			o->timeout_s = (double)x;
		} else if (!strcmp(name, "probe_s")) {
			if (get_long(val, 1, 120, &x))
				BAD("bad argument '--probe_s %s': use 1..120 (s)", val);
			o->probe_s = (double)x;
		} else if (!strcmp(name, "log_max")) {
			if (get_long(val, 1, 1048576, &x))
				BAD("bad argument '--log_max %s': use 1..1048576 (MiB)", val);
			o->log_max_mb = (unsigned)x;
		} else if (!strcmp(name, "host_cpu")) {
			if (get_long(val, -1, 4095, &x))
				BAD("bad argument '--host_cpu %s': use -1 (none) or a CPU number", val);
			o->host_cpu = (int)x;
			o->host_cpu_set = 1;
		} else if (!strcmp(name, "variant")) {
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
		} else if (!strcmp(name, "seed")) {
			if (get_long(val, 0, 4294967295L, &x))
				BAD("bad argument '--seed %s': use 0..4294967295", val);
			o->seed = (unsigned long)x;
			o->seed_set = 1;
		} else if (is_guest_knob(name)) {
			const char *why;
			unsigned k;

			if (o->native && !strcmp(name, "shell"))
				BAD("bad argument '--shell': only PID 1 (initbench run) has a shell knob");
			if (!knob_value_ok(val))
				BAD("bad argument '--%s %s': a knob value must be printable, without "
				    "spaces or quotes", name, val);
			if ((why = suite_refusal(name, val)))
				BAD("bad argument '--%s %s': %s", name, val, why);
			for (k = 0; k < o->nknobs; k++)
				if (!strcmp(o->knob[k].name, name))
					break;
			if (k == o->nknobs) {
				if (k == IB_MAX_KNOBS)
					BAD("bad argument '--%s': too many knobs", name);
				snprintf(o->knob[k].name, sizeof(o->knob[k].name), "%.15s", name);
				o->nknobs++;
			}
			o->knob[k].value = val;
		} else {
			BAD("bad argument '--%s': unknown option", name);
		}
	}
	if (o->nvariants && o->kernel)
		BAD("bad argument '--kernel': not with --variant (each variant names its kernel)");
	if (o->nvariants && o->label)
		BAD("bad argument '--label': not with --variant (a variant's name is its label)");
	if (!o->native && !o->kernel && !o->nvariants)
		BAD("missing argument: --kernel PATH|uml or --variant NAME:KERNEL[:APPEND]");
	if (o->nvariants && !o->runs_set)
		o->runs = IB_CAMPAIGN_RUNS;
	return 0;
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
	case IB_EXIT_INTERRUPT: return "interrupted";
	}
	return "?";
}
