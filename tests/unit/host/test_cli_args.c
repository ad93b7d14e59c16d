/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cli_args.c - `initbench run|native` argument parsing (runopts.c): defaults from
 * config.h, both option forms, guest knobs on the kernel command line, refusals naming the
 * argument, labels, campaign variants and seeds, every knob of the suite's and PID 1's
 * tables through both commands, --smp (range, default per accelerator, not native, not with
 * --host-cpu any), and the exit code of a boot from what the console saw.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "host/launch/cli-boot.h"
#include "host/lib/cli-opt.h"
#include "config.h"
#include "bench/lib/knobs.h"
#include "bench/base/pid1knobs.h"
#include "report/results.h"
#include "host/launch/cpulock.h"
#include "host/launch/runopts.h"
#include "host/boot/uml.h"
#include "host/lib/argv.h"

#define ARGV(...) ((char *[]){ __VA_ARGS__, NULL })
#define ARGC(a) ((int)(sizeof(a) / sizeof(a[0])) - 1)

static int parse(struct ib_run_opts *o, int native, char **argv, int argc, char *err)
{
	ib_runopts_init(o, native);
	err[0] = '\0';
	return ib_runopts_parse(o, argc, argv, err, 512);
}

static void defaults_come_from_config(void **state)
{
	struct ib_run_opts o;
	char err[512];
	(void)state;
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k"), 2, err), 0);
	assert_string_equal(o.kernel, "/k");
	assert_string_equal(o.accel, CONFIG_IB_ACCEL);
	assert_int_equal(o.mem_mb, CONFIG_IB_MEM_MB);
	assert_int_equal(o.runs, CONFIG_IB_RUNS);
	assert_int_equal(o.host_cpu, CONFIG_IB_HOST_CPU);
	assert_true(o.timeout_s == CONFIG_IB_BOOT_TIMEOUT_S);
	assert_true(o.probe_s == CONFIG_IB_PROBE_S);
	assert_null(o.label);
	/* native: label native, the launcher is not pinned by default */
	assert_int_equal(parse(&o, 1, ARGV("-v"), 1, err), 0);
	assert_string_equal(o.label, "native");
	assert_int_equal(o.host_cpu, -1);
	assert_int_equal(o.verbose, 1);
}

static void both_forms_and_aliases(void **state)
{
	struct ib_run_opts o;
	char err[512];
	char *a[] = { "--kernel=uml", "--runs", "5", "--mem=256", "--timeout", "30",
		      "--accel=tcg", "--label", "lsm-1.x", "--host-cpu", "-1", "--append", "quiet",
		      "--append=nokaslr mitigations=off", "V=1", "--boot_timeout_s=40", "--mem_mb",
		      "300", NULL };

	(void)state;
	assert_int_equal(parse(&o, 0, a, ARGC(a), err), 0);
	assert_string_equal(o.kernel, IB_UML_DEFAULT);
	assert_int_equal(o.runs, 5);
	assert_int_equal(o.mem_mb, 300);
	assert_true(o.timeout_s == 40);
	assert_string_equal(o.accel, "tcg");
	assert_string_equal(o.label, "lsm-1.x");
	assert_int_equal(o.host_cpu, -1);
	assert_string_equal(o.append, CONFIG_IB_APPEND[0] ? CONFIG_IB_APPEND " quiet nokaslr mitigations=off"
							   : "quiet nokaslr mitigations=off");
	assert_int_equal(o.verbose, 1);
}

/* --host-cpu any and --no-wait (host/launch/cpulock.h); a word that is no CPU is refused */
static void host_cpu_lock_options(void **state)
{
	struct ib_run_opts o;
	char err[512];
	(void)state;
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k"), 2, err), 0);
	assert_int_equal(o.no_wait, 0);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--host-cpu", "any", "--no_wait"), 5,
			       err), 0);
	assert_int_equal(o.host_cpu, IB_CPU_ANY);
	assert_int_equal(o.no_wait, 1);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--host-cpu=3"), 3, err), 0);
	assert_int_equal(o.host_cpu, 3);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--host-cpu", "some"), 4, err), -1);
	assert_non_null(strstr(err, "'--host-cpu some': use a CPU number, any"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--host-cpu", "-2"), 4, err), -1);
}

static void smp_option(void **state)
{
	struct ib_run_opts o;
	char err[512];

	(void)state;
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--accel", "tcg"), 4, err), 0);
	assert_int_equal(o.smp, CONFIG_IB_SMP ? CONFIG_IB_SMP : 1);
	assert_int_equal(o.smp_set, 0);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--smp", "2"), 4, err), 0);
	assert_int_equal(o.smp, 2);
	assert_int_equal(o.smp_set, 1);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--smp=64"), 3, err), 0);
	assert_int_equal(o.smp, IB_SMP_MAX);
	static const char *const bad[] = { "0", "-1", "two", "65", "2x", "" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char want[64];

		assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--smp", (char *)bad[i]), 4,
				       err), -1);
		snprintf(want, sizeof(want), "'--smp %s': use 1..64 (virtual CPUs)", bad[i]);
		assert_non_null(strstr(err, want));
		assert_null(strchr(err, '\n'));
	}
	assert_int_equal(parse(&o, 1, ARGV("--smp", "2"), 2, err), -1);
	assert_non_null(strstr(err, "'--smp': native runs no guest"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--smp", "2", "--host-cpu", "any"),
			       6, err), -1);
	assert_non_null(strstr(err, "'--host-cpu any': not with --smp 2"));
	/* one vCPU and any: as before */
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--smp", "1", "--host-cpu", "any"),
			       6, err), 0);
	/* the default: 1 but under kvm, where it is the host's CPUs up to the cap */
	assert_int_equal(ib_smp_default("tcg", 16), 1);
	assert_int_equal(ib_smp_default("auto", 16), 1);
	assert_int_equal(ib_smp_default("kvm", 4), 4);
	assert_int_equal(ib_smp_default("kvm", 256), IB_SMP_KVM_CAP);
	assert_int_equal(ib_smp_default("kvm", -1), 1);
}

static void guest_knobs_become_cmdline_words(void **state)
{
	struct ib_run_opts o;
	char err[512], words[1024];
	char *a[] = { "--kernel", "/k", "--reps", "3", "--bench=null_call,stat", "--pin", "0",
		      "--budget_ms=2", "--reps=7", NULL };

	(void)state;
	assert_int_equal(parse(&o, 0, a, ARGC(a), err), 0);
	ib_runopts_knob_words(&o, words, sizeof(words));
	/* a repeated knob keeps its first place and takes the last value */
	assert_string_equal(words, "initbench.reps=7 initbench.bench=null_call,stat "
				   "initbench.pin=0 initbench.budget_ms=2");
	assert_int_equal(o.nknobs, 4);
}

static void bad_arguments_are_named(void **state)
{
	struct ib_run_opts o;
	char err[512];

	(void)state;
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--frobnicate", "1"), 4, err), -1);
	assert_non_null(strstr(err, "--frobnicate"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--runs", "0"), 4, err), -1);
	assert_non_null(strstr(err, "--runs 0"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--runs", "3x"), 4, err), -1);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--accel", "xen"), 4, err), -1);
	assert_non_null(strstr(err, "xen"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--label", ".hidden"), 4, err), -1);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--label", "a/b"), 4, err), -1);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--reps", "3 4"), 4, err), -1);
	assert_non_null(strstr(err, "--reps"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--reps"), 3, err), -1);
	assert_non_null(strstr(err, "needs a value"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "stray"), 3, err), -1);
	assert_non_null(strstr(err, "stray"));
	assert_int_equal(parse(&o, 0, ARGV("--runs", "2"), 2, err), -1);
	assert_non_null(strstr(err, "--kernel"));
	assert_int_equal(parse(&o, 1, ARGV("--kernel", "/k"), 2, err), -1);
	assert_int_equal(parse(&o, 1, ARGV("--shell", "1"), 2, err), -1);
	assert_int_equal(parse(&o, 0, ARGV("--help"), 1, err), 1);
	assert_null(strchr(err, '\n'));
}

static void variants_and_seed(void **state)
{
	struct ib_run_opts o;
	char err[512], words[1024];
	char *a[] = { "--variant", "base:/k/a", "--variant=new:uml:pti=on", "--seed", "42",
		      "--reps=3", NULL };

	(void)state;
	assert_int_equal(parse(&o, 0, a, ARGC(a), err), 0);
	assert_int_equal(o.nvariants, 2);
	assert_string_equal(o.variant[0], "base:/k/a");
	assert_string_equal(o.variant[1], "new:uml:pti=on");
	assert_null(o.kernel);
	assert_null(o.label);
	assert_int_equal(o.runs, IB_CAMPAIGN_RUNS);
	assert_int_equal(o.seed, 42);
	assert_int_equal(o.seed_set, 1);
	ib_runopts_knob_words(&o, words, sizeof(words));
	assert_string_equal(words, "initbench.reps=3 initbench.seed=42");
	/* --runs B is the number of blocks */
	assert_int_equal(parse(&o, 0, ARGV("--runs", "3", "--variant", "a:/k"), 4, err), 0);
	assert_int_equal(o.runs, 3);
	/* a plain run: --seed is the guest's run-order seed, --runs keeps its default */
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--seed=0"), 3, err), 0);
	assert_int_equal(o.runs, CONFIG_IB_RUNS);
	ib_runopts_knob_words(&o, words, sizeof(words));
	assert_string_equal(words, "initbench.seed=0");
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k"), 2, err), 0);
	assert_int_equal(o.seed_set, 0);

	assert_int_equal(parse(&o, 0, ARGV("--variant", "a:/k", "--variant", "a:/j"), 4, err), -1);
	assert_non_null(strstr(err, "twice"));
	assert_int_equal(parse(&o, 0, ARGV("--variant", "ab:/k", "--variant", "a:/j"), 4, err), 0);
	assert_int_equal(parse(&o, 0, ARGV("--variant", "a:/k", "--kernel", "/j"), 4, err), -1);
	assert_non_null(strstr(err, "--kernel"));
	assert_int_equal(parse(&o, 0, ARGV("--variant", "a:/k", "--label", "x"), 4, err), -1);
	assert_non_null(strstr(err, "--label"));
	assert_int_equal(parse(&o, 0, ARGV("--variant", "a"), 2, err), -1);
	assert_non_null(strstr(err, "variant 'a'"));
	assert_int_equal(parse(&o, 0, ARGV("--variant", "a b:/k"), 2, err), -1);
	assert_int_equal(parse(&o, 1, ARGV("--variant", "a:/k"), 2, err), -1);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--seed", "4294967296"), 4, err), -1);
	assert_non_null(strstr(err, "--seed"));
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--seed", "-1"), 4, err), -1);
	assert_null(strchr(err, '\n'));
}

/* parse refuses argv with one line that holds want */
static void refused_with(int native, char **argv, int argc, const char *want)
{
	struct ib_run_opts o;
	char err[512];

	assert_int_equal(parse(&o, native, argv, argc, err), -1);
	assert_non_null(strstr(err, want));
	assert_null(strchr(err, '\n'));
}

/* the suite's own table judges a guest knob before any boot, with the suite's reason */
static void suite_knobs_are_checked_on_the_host(void **state)
{
	struct ib_run_opts o;
	char err[512];

	(void)state;
	refused_with(0, ARGV("--kernel", "/k", "--rounds", "21"), 4,
		     "'--rounds 21': not an integer in 1..20");
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--rounds", "20"), 4, err), 0);
	refused_with(1, ARGV("--reps=abc"), 1, "'--reps abc': not an integer in 1..");
	refused_with(0, ARGV("--kernel", "/k", "--budget_ms", "0"), 4, "'--budget_ms 0'");
	refused_with(0, ARGV("--kernel", "/k", "--pin", "2"), 4, "'--pin 2'");
	refused_with(0, ARGV("--kernel", "/k", "--tmpdir", "tmp"), 4, "not an absolute path");
	refused_with(0, ARGV("--kernel", "/k", "--fs", "btrfs"), 4,
		     "'--fs btrfs': not one of tmpfs|ext4|xfs|vfat");
	/* benchmark names are the suite's to judge (the host has no registry), PID 1's too */
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--bench", "nosuch"), 4, err), 0);
	assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", "--out", "vda"), 4, err), 0);
	/* inject_ns needs its list, in either order; 0 alone is no injection and passes */
	refused_with(1, ARGV("--inject_ns", "1000"), 2, "needs --inject_bench");
	refused_with(0, ARGV("--kernel", "/k", "--inject-ns", "5"), 4, "needs --inject_bench");
	assert_int_equal(parse(&o, 1, ARGV("--inject_bench", "null_call", "--inject_ns", "1000"),
			       4, err), 0);
	assert_int_equal(parse(&o, 1, ARGV("--inject_ns", "0"), 2, err), 0);
}

/* a value the knob accepts, from how its table says it is written */
static const char *good_value(const char *name, char *buf, size_t cap)
{
	char form[64] = "";

	for (unsigned id = 0; ib_knob_name(id); id++)
		if (!strcmp(ib_knob_name(id), name))
			ib_knob_form(id, form, sizeof(form));
	for (unsigned i = 0; ib_pid1_knobs[i].name; i++)
		if (!strcmp(ib_pid1_knobs[i].name, name))
			snprintf(form, sizeof(form), "%s", ib_pid1_knobs[i].form);
	assert_true(form[0]);
	if (!strcmp(name, "inject_ns"))
		snprintf(buf, cap, "0");   /* alone: any other value needs inject_bench */
	else if (!strcmp(form, "LIST"))
		snprintf(buf, cap, "null_call");
	else if (!strcmp(form, "PATH"))
		snprintf(buf, cap, "/ib/%s", name);
	else if (!strcmp(form, "SPEC"))
		snprintf(buf, cap, "vda");
	else   /* "1..20", "0|1", "poweroff|reboot": the last one named */
		snprintf(buf, cap, "%s", form + (strstr(form, "..") ? strstr(form, "..") + 2 - form
						   : strrchr(form, '|') + 1 - form));
	return buf;
}

/*
 * Every knob of the suite's table (seed is --seed) and of PID 1's is an option of run, in
 * both spellings, and becomes initbench.KNOB=VALUE; the suite's are options of native and
 * reach the suite as --KNOB=VALUE; PID 1's are refused there.
 */
static void every_knob_through_both_commands(void **state)
{
	unsigned seen = 0;

	(void)state;
	for (unsigned id = 0; ib_knob_name(id); id++) {
		int found = !strcmp(ib_knob_name(id), "seed");

		for (unsigned i = 0; ib_runopts_knob(i); i++)
			found |= !strcmp(ib_runopts_knob(i), ib_knob_name(id));
		assert_true(found);
	}
	for (unsigned i = 0; ib_runopts_knob(i); i++, seen++) {
		const char *name = ib_runopts_knob(i);
		char value[64], opt[64], want[128], words[1024], err[512], *q;
		struct ib_run_opts o;
		struct ib_run_ctx rc;
		struct ib_argv argv = { 0 }, env = { 0 };

		good_value(name, value, sizeof(value));
		for (int spelling = 0; spelling < 2; spelling++) {
			char canon[48];

			ib_opt_spelling(name, canon, sizeof(canon));
			snprintf(opt, sizeof(opt), "--%s", spelling ? name : canon);
			assert_int_equal(parse(&o, 0, ARGV("--kernel", "/k", opt, value), 4, err), 0);
			ib_runopts_knob_words(&o, words, sizeof(words));
			snprintf(want, sizeof(want), "initbench.%s=%s", name, value);
			assert_string_equal(words, want);
		}
		if (ib_runopts_knob_is_pid1(name)) {
			refused_with(1, ARGV(opt, value), 2, "only PID 1");
			continue;
		}
		assert_int_equal(parse(&o, 1, ARGV(opt, value), 2, err), 0);
		o.suite = "/s/ibsuite";
		memset(&rc, 0, sizeof(rc));
		rc.o = &o;
		ib_boot_argv(&rc, 0, NULL, &argv, &env);
		q = ib_argv_quote(argv.v);
		snprintf(want, sizeof(want), "/s/ibsuite --mode=native --%s=%s", name, value);
		assert_string_equal(q, want);
		free(q);
		ib_argv_free(&argv);
		ib_argv_free(&env);
	}
	assert_true(seen >= 15);
}

static void labels(void **state)
{
	(void)state;
	assert_true(ib_label_ok("orig"));
	assert_true(ib_label_ok("v6.1-rc1_lsm.2"));
	assert_false(ib_label_ok(""));
	assert_false(ib_label_ok(".."));
	assert_false(ib_label_ok(".x"));
	assert_false(ib_label_ok("a b"));
	assert_false(ib_label_ok("a/b"));
	assert_false(ib_label_ok("x;rm"));
}

static void verdicts(void **state)
{
	struct ib_console_result r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.ended_by = IB_END_EXIT;
	r.exited = 1;
	r.first_byte_s = 0.5;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_COMPLETE), IB_EXIT_DONE);
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_INCOMPLETE), IB_EXIT_INCOMPLETE);
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_NORECORDS), IB_EXIT_NORECORDS);
	assert_int_equal(ib_boot_verdict(&r, 0, -1), IB_EXIT_HOSTIO);
	r.saw_panic = 1;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_INCOMPLETE), IB_EXIT_PANIC);
	r.saw_panic = 0;
	r.ended_by = IB_END_TIMEOUT;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_INCOMPLETE), IB_EXIT_HANG);
	r.saw_end = 1; /* hung on power-off after a complete run: the records decide */
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_COMPLETE), IB_EXIT_DONE);
	r.saw_end = 0;
	r.ended_by = IB_END_NOOUTPUT;
	r.first_byte_s = -1;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_NORECORDS), IB_EXIT_HANG);
	/* silent, exited 0: booted, records went elsewhere */
	r.ended_by = IB_END_EXIT;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_NORECORDS), IB_EXIT_NORECORDS);
	/* silent and died: the launcher failed */
	r.exited = 0;
	r.term_signal = 6;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_NORECORDS), IB_EXIT_LAUNCHER);
	r.ended_by = IB_END_SPAWN;
	r.spawn_errno = 2;
	assert_int_equal(ib_boot_verdict(&r, -1, -1), IB_EXIT_LAUNCHER);
	r.ended_by = IB_END_INTERRUPT;
	assert_int_equal(ib_boot_verdict(&r, 0, IB_LOG_INCOMPLETE), IB_EXIT_INTERRUPT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_come_from_config),
		cmocka_unit_test(both_forms_and_aliases),
		cmocka_unit_test(host_cpu_lock_options),
		cmocka_unit_test(guest_knobs_become_cmdline_words),
		cmocka_unit_test(suite_knobs_are_checked_on_the_host),
		cmocka_unit_test(every_knob_through_both_commands),
		cmocka_unit_test(bad_arguments_are_named),
		cmocka_unit_test(smp_option),
		cmocka_unit_test(variants_and_seed),
		cmocka_unit_test(labels),
		cmocka_unit_test(verdicts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
