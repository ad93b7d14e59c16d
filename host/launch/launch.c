/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * launch.c - the launch facts of one boot (contract in launch.h).
 */
#define _GNU_SOURCE
#include "host/launch/launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "host/boot/arch.h"
#include "host/boot/fsimage.h"
#include "host/boot/kernel.h"
#include "host/lib/argv.h"


/*
 * The kernel's .config (host/boot/kernel.h), when one belongs to it: copied into the boot as
 * kernel.config, and its CRC-32 put on the command line as initbench.kconfig=, so that the
 * begin record's cmdline names the configuration the kernel was built from.
 */
void ib_launch_kernel_config(struct ib_run_ctx *rc, const char *dir)
{
	char *cfg = rc->kind ? ib_kernel_config(rc->o->kernel) : NULL;
	char *copy = cfg && dir ? ib_strf("%s/kernel.config", dir) : NULL;
	size_t used = strlen(rc->knobs);
	unsigned crc;

	rc->kconfig_crc = 0;
	rc->kconfig[0] = '\0';
	if (cfg && ib_kernel_config_id(cfg, copy, &crc) == 0) {
		snprintf(rc->kconfig, sizeof(rc->kconfig), "%s", cfg);
		rc->kconfig_crc = crc;
		snprintf(rc->knobs + used, sizeof(rc->knobs) - used, "%sinitbench.kconfig=%08x",
			 used ? " " : "", crc);
	} else if (cfg) {
		fprintf(stderr, "initbench: cannot copy the kernel's configuration %s to %s\n", cfg, copy);
	}
	free(cfg);
	free(copy);
}

static json_t *jstr_or_null(const char *s)
{
	return s && *s ? json_string(s) : json_null();
}

/* the --fs disk of this boot: its type, size and the mkfs that made it (removed after the
 * boot, so the image path is only a name); null without one */
static json_t *fs_facts(const struct ib_run_ctx *rc)
{
	struct ib_argv a = { 0 };
	const char *type = ib_runopts_knob_value(rc->o, "fs");
	char *cmd;
	json_t *j;

	if (!rc->kind || !rc->fs_img[0] || ib_fsimage_mkfs(type, rc->fs_img, &a))
		return json_null();
	cmd = ib_argv_quote(a.v);
	j = json_pack("{s:s, s:s, s:i, s:s, s:s}", "type", type, "image", rc->fs_img,
		      "size_mb", IB_FSIMAGE_MB, "label", IB_FSIMAGE_LABEL, "mkfs", cmd);
	free(cmd);
	ib_argv_free(&a);
	return j ? j : json_null();
}

/* the host CPUs the launcher was pinned to (locks: their lock files), null when unpinned */
static json_t *host_cpus(const struct ib_run_ctx *rc, int locks)
{
	const struct ib_run_opts *o = rc->o;
	json_t *a;

	if (!o->nhost_cpus || (locks && (!rc->lock || rc->lock[0].fd < 0)))
		return json_null();
	a = json_array();
	for (unsigned i = 0; i < o->nhost_cpus; i++)
		json_array_append_new(a, locks ? json_string(rc->lock[i].path)
					       : json_integer(o->host_cpus[i]));
	return a;
}

/* the first CPU's lock file; the wait is the whole set's (its locks are taken one by one),
 * and who was waited for the first holder met */
static json_t *lock_facts(const struct ib_run_ctx *rc)
{
	double waited = 0;
	const char *who = NULL;

	if (!rc->lock || rc->lock[0].fd < 0)
		return json_null();
	for (unsigned i = 0; i < (rc->o->nhost_cpus ? rc->o->nhost_cpus : 1); i++) {
		waited += rc->lock[i].waited_s;
		if (!who && rc->lock[i].waited_for[0])
			who = rc->lock[i].waited_for;
	}
	return json_pack("{s:s, s:f, s:s?}", "file", rc->lock[0].path, "waited_s", waited,
			 "waited_for", who);
}

json_t *ib_launch_json(struct ib_run_ctx *rc, unsigned num, char *const *argv,
			   const struct ib_console_result *r, const char *probe_log, int verdict,
			   time_t started)
{
	struct ib_run_opts *o = rc->o;
	json_t *j = json_object(), *a = json_array(), *k = json_object();
	char *cmd = ib_argv_quote(argv), when[32];
	struct utsname u;
	int is_qemu = rc->kind == IB_KERNEL_BZIMAGE || rc->kind == IB_KERNEL_IMAGE;
	const struct ib_arch *arch = is_qemu ? ib_arch_of_kernel_file(o->kernel) : ib_arch_host();

	for (size_t i = 0; argv[i]; i++)
		json_array_append_new(a, json_string(argv[i]));
	for (unsigned i = 0; i < o->nknobs; i++)
		json_object_set_new(k, o->knob[i].name, json_string(o->knob[i].value));
	if (o->seed_set)
		json_object_set_new(k, "seed", json_sprintf("%lu", o->seed));
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&started));
	uname(&u);
	json_object_set_new(j, "launcher", json_string(rc->launcher));
	json_object_set_new(j, "argv", a);
	json_object_set_new(j, "command", json_string(cmd));
	json_object_set_new(j, "label", json_string(o->label));
	json_object_set_new(j, "boot", json_integer(num));
	json_object_set_new(j, "started_utc", json_string(when));
	json_object_set_new(j, "host", json_string(u.nodename));
	json_object_set_new(j, "kernel", jstr_or_null(o->kernel));
	json_object_set_new(j, "kernel_config", jstr_or_null(rc->kconfig));
	json_object_set_new(j, "kernel_config_crc32", rc->kconfig[0]
			    ? json_sprintf("%08x", rc->kconfig_crc) : json_null());
	json_object_set_new(j, "disk", rc->kind ? jstr_or_null(o->disk) : json_null());
	json_object_set_new(j, "fs", fs_facts(rc));
	json_object_set_new(j, "arch", arch ? json_string(arch->name) : json_null());
	json_object_set_new(j, "kernel_kind", rc->kind ? json_string(ib_kernel_kind_name(rc->kind))
						       : json_null());
	json_object_set_new(j, "image", rc->kind ? jstr_or_null(o->image) : json_null());
	json_object_set_new(j, "suite", rc->kind ? json_null() : jstr_or_null(o->suite));
	json_object_set_new(j, "accel", json_string(is_qemu ? (rc->accel.use_kvm ? "kvm" : "tcg")
							    : "none"));
	json_object_set_new(j, "accel_requested", json_string(is_qemu ? o->accel : "none"));
	json_object_set_new(j, "accel_fallback_reason",
			    is_qemu ? jstr_or_null(rc->accel.reason) : json_null());
	json_object_set_new(j, "kvm_probe_log", jstr_or_null(probe_log));
	json_object_set_new(j, "host_cpu", json_integer(r->host_cpu));
	json_object_set_new(j, "host_cpu_lock", lock_facts(rc));
	json_object_set_new(j, "host_cpus", host_cpus(rc, 0));
	json_object_set_new(j, "host_cpu_locks", host_cpus(rc, 1));
	json_t *dist = ib_cpuwatch_json(&rc->watch, rc->kind && r->host_cpu < 0);

	ib_hostload_json(&rc->load0, &rc->load1, r, dist);
	json_object_set_new(j, "disturbance", dist);
	json_object_set_new(j, "mem_mb", rc->kind ? json_integer(o->mem_mb) : json_null());
	/* UML is one CPU whatever was asked (cmd-run refuses more); native: the host's own */
	json_object_set_new(j, "smp", is_qemu ? json_integer(o->smp ? o->smp : 1)
				      : rc->kind ? json_integer(1) : json_null());
	json_object_set_new(j, "append", jstr_or_null(o->append));
	json_object_set_new(j, "knobs", k);
	json_object_set_new(j, "timeout_s", json_real(o->timeout_s));
	json_object_set_new(j, "probe_s", json_real(o->probe_s));
	json_object_set_new(j, "exit_status", r->exited ? json_integer(r->exit_code) : json_null());
	json_object_set_new(j, "exit_signal", !r->exited && r->term_signal
					      ? json_integer(r->term_signal) : json_null());
	json_object_set_new(j, "spawn_error", r->spawn_errno ? json_string(strerror(r->spawn_errno))
							   : json_null());
	json_object_set_new(j, "pin_failed", json_boolean(r->pin_failed));
	json_object_set_new(j, "ended_by", json_string(ib_ended_by_name(r->ended_by)));
	json_object_set_new(j, "saw_panic", json_boolean(r->saw_panic));
	json_object_set_new(j, "no_init", r->noinit[0] ? json_string(r->noinit) : json_null());
	json_object_set_new(j, "saw_end", json_boolean(r->saw_end));
	json_object_set_new(j, "wall_s", json_real(r->wall_s));
	json_object_set_new(j, "first_record_s", r->first_record_s >= 0 ? json_real(r->first_record_s)
								   : json_null());
	json_object_set_new(j, "first_byte_s", r->first_byte_s >= 0 ? json_real(r->first_byte_s)
								    : json_null());
	json_object_set_new(j, "stdout_bytes", json_integer((json_int_t)r->stdout_bytes));
	json_object_set_new(j, "stderr_bytes", json_integer((json_int_t)r->stderr_bytes));
	json_object_set_new(j, "launch_verdict", verdict ? json_integer(verdict) : json_null());
	json_object_set_new(j, "verdict", verdict ? json_string(ib_verdict_name(verdict)) : json_null());
	if (rc->camp)
		ib_campaign_launch_facts(rc->camp, rc->pos, j);
	free(cmd);
	return j;
}

/* "boot 3/10 variant=new (block 2)" in a campaign, "boot 2/5 label=x" outside */
