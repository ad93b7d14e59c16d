/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runopts.h - the arguments of `initbench run` and `initbench native`, parsed and checked.
 *
 * ib_runopts_init() fills the host defaults from config.h (CONFIG_IB_ACCEL, _MEM_MB,
 * _BOOT_TIMEOUT_S, _RUNS, _HOST_CPU, _APPEND, _PROBE_S); the caller sets the paths that
 * depend on where initbench lives (image, results, suite).
 * ib_runopts_parse() takes argv after the command name; the option parser and spelling
 * rule are cli-opt.h's (`--name VALUE`, `--name=VALUE`, hyphens, underscores as aliases);
 * `-v`, `--verbose` or `V=1` for verbose, `-h`/`--help`. Host options: --kernel PATH|uml,
 * --image, --results, --label, --suite (native), --runs, --accel auto|kvm|tcg, --append
 * (repeatable, words add up), --mem/--mem-mb, --timeout/--boot-timeout-s, --probe-s,
 * --host-cpu CPU|any|-1 (any: IB_CPU_ANY, the first free CPU, cpulock.h; -1 = unpinned),
 * --no-wait (a host CPU held by another run refuses this one: IB_EXIT_BUSY), --log-max MiB (1..1048576: the console log of a boot ends
 * there and the guest is stopped), --variant NAME:KERNEL[:APPEND] (run, repeatable, instead of
 * --kernel and --label: a campaign, see campaign.h; its syntax is checked here, duplicate
 * names refused, --runs then defaults to IB_CAMPAIGN_RUNS blocks), --seed 0..4294967295
 * (a campaign's seed; without --variant the guest's run-order seed for every boot, passed
 * as the knob seed), --disk [ro:][virtio:|nvme:]FILE (a raw disk image attached to the guest,
 * for initbench.out=: QEMU /dev/vda or /dev/nvme0n1, UML /dev/ubda; ro: read-only),
 * --dry-run (print the launcher command lines, boot nothing), --until-mde PCT and --max-runs N
 * (a campaign that stops when every row's MDE is at most PCT, untilmde.h; at most N blocks,
 * 2..1000, default IB_UNTIL_MDE_MAX_RUNS; not with --runs), --smp N (1..IB_SMP_MAX virtual
 * CPUs of a QEMU guest; not native, not with --host-cpu any when N > 1; unset: CONFIG_IB_SMP,
 * whose 0 means ib_smp_default()). Host paths (kernel, image,
 * results, disk, a suite given with a '/') are made absolute against the working directory.
 * Guest knobs: every knob of the suite's table (bench/lib/knobs.c) but seed, then PID 1's
 * (pid1knobs.h; run only), each as --KNOB (ib_runopts_knob(i) lists them). A knob becomes
 * `initbench.KNOB=VALUE` on the kernel command line (run) or `--KNOB=VALUE` for the suite
 * (native); its value must be non-empty printable ASCII without spaces or quotes, and the
 * suite's table judges it here. A path knob (hello, sh, tmpdir, fsdir) is a path in the
 * guest under run, so it must be absolute; natively it is made absolute.
 * Returns 0, 1 for help, or -1 with a one-line reason naming the argument in err.
 */
#ifndef IB_RUNOPTS_H
#define IB_RUNOPTS_H

#include <stddef.h>
#include <stdio.h>
#include "host/boot/console.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/launch/campaign.h"

/*
 * Exit codes of `initbench run` and `initbench native` (host/lib/exitcode.h, docs/launch.md).
 * With several boots the highest code of any boot wins; 1, 7 and 130 stop the remaining boots.
 */

/* the exit code of one boot from what the console saw (console_rc: ib_console_run()'s
 * return) and what the parser said (parse_rc: ib_results_from_log()'s return) */
int ib_boot_verdict(const struct ib_console_result *r, int console_rc, int parse_rc);
const char *ib_verdict_name(int code);

#define IB_MAX_KNOBS 32
#define IB_SMP_MAX 64        /* the most vCPUs --smp takes */
#define IB_SMP_KVM_CAP 8     /* the default under --accel kvm: the host's CPUs, at most this */

/*
 * The vCPU count when neither --smp nor CONFIG_IB_SMP gives one: under --accel kvm the host's
 * online CPUs (host_ncpu), at most IB_SMP_KVM_CAP; else 1 (TCG, and auto, which knows whether
 * KVM works only after the first boot's probe, when the host CPUs are already locked).
 */
unsigned ib_smp_default(const char *accel, long host_ncpu);

struct ib_knob {
	char name[24];   /* the longest knob, hackbench_groups, is 16 */
	const char *value;
};

struct ib_run_opts {
	int native;              /* `initbench native` rather than `run` */
	const char *kernel;      /* as resolved: "uml" becomes IB_UML_DEFAULT */
	const char *image, *results, *label, *suite, *accel;
	const char *disk, *disk_if; /* --disk [ro:][virtio:|nvme:]FILE, for initbench.out= */
	int disk_ro;
	char append[4096];
	unsigned runs, mem_mb;
	unsigned smp;            /* QEMU -smp: resolved by ib_runopts_parse() (1..IB_SMP_MAX) */
	int smp_set;             /* given on the command line */
	int host_cpus[IB_SMP_MAX]; /* what the launcher is pinned to: host_cpu first (smp > 1:
				    * ib_cpuset_from()), filled when the run takes its locks */
	unsigned nhost_cpus;     /* 0: unpinned (or a dry run) */
	double timeout_s, probe_s;
	unsigned log_max_mb;     /* the console log of one boot ends here (--log_max) */
	int host_cpu;            /* -1 unpinned, IB_CPU_ANY until a free one is taken */
	int host_cpu_set;        /* given on the command line */
	int no_wait;             /* --no-wait: refuse rather than wait for a held host CPU */
	int verbose;
	struct ib_knob knob[IB_MAX_KNOBS];
	unsigned nknobs;
	const char *variant[IB_MAX_VARIANTS]; /* NAME:KERNEL[:APPEND] as given */
	unsigned nvariants;
	unsigned long seed;      /* --seed; becomes initbench.seed= when seed_set */
	int seed_set;
	int runs_set;
	int dry_run;             /* --dry-run: print the command lines, boot nothing */
	double until_mde_pct;    /* --until-mde: stop the campaign when every row's MDE is at most
				    this (untilmde.h); 0 off */
	unsigned max_runs;       /* --max-runs: its most blocks (runs = this); 0 not given */
};

void ib_runopts_init(struct ib_run_opts *o, int native);
int ib_runopts_parse(struct ib_run_opts *o, int argc, char **argv, char *err, size_t errlen);
/* the i-th guest knob name accepted as --KNOB (as the guest spells it), NULL past the end */
const char *ib_runopts_knob(unsigned i);
int ib_runopts_knob_is_pid1(const char *name);
/* "[--reps 1..N] [--pin 0|1] ..." wrapped for a usage text; native leaves PID 1's out */
void ib_runopts_print_knobs(FILE *f, int native);
/* whether a knob was given; a knob set by the host itself (native's default hello), unchecked */
int ib_runopts_has_knob(const struct ib_run_opts *o, const char *name);
/* the value given for a knob, or NULL */
const char *ib_runopts_knob_value(const struct ib_run_opts *o, const char *name);
void ib_runopts_set_knob(struct ib_run_opts *o, const char *name, const char *value);
/* the guest knobs as kernel command line words: "initbench.reps=3 initbench.pin=0", then
 * initbench.seed=S when o->seed_set */
void ib_runopts_knob_words(const struct ib_run_opts *o, char *buf, size_t len);

#endif
