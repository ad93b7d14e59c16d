/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cli.c - the pure parts of the host CLI: the option parser's spelling rule
 * (cli-opt.h), relative paths made absolute, the results rule and the installed layout
 * (cli-paths.h), the progress line and its estimate (progress.h), and the command lines a
 * dry run prints (cli-boot.h).
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/launch/cli-boot.h"
#include "host/lib/cli-opt.h"
#include "host/lib/cli-paths.h"
#include "host/launch/progress.h"
#include "host/launch/runopts.h"
#include "host/lib/argv.h"
#include "host/boot/kernel.h"

#define ARGV(...) ((char *[]){ __VA_ARGS__, NULL })
#define ARGC(a) ((int)(sizeof(a) / sizeof(a[0])) - 1)

enum { K_BUDGET = 2, K_DRY, K_OUT, K_HELP };

static const struct ib_optdef defs[] = {
	{ "budget-ms", required_argument, K_BUDGET, 0 },
	{ "dry-run", no_argument, K_DRY, 0 },
	{ "out", required_argument, K_OUT, 0 },
	{ "help", no_argument, K_HELP, 'h' },
};

/* the keys and values of a parse, "KEY=VALUE " each, or "error: ..." */
static void run_parse(char **argv, int argc, char *out, size_t cap)
{
	struct ib_getopt g;
	const struct ib_optdef *def;
	const char *v;
	char err[256];
	size_t n = 0;
	int key;

	out[0] = '\0';
	assert_int_equal(ib_getopt_init(&g, defs, sizeof(defs) / sizeof(defs[0])), 0);
	while ((key = ib_getopt_next(&g, argc, argv, &v, &def, err, sizeof(err))) != 0) {
		if (key < 0) {
			snprintf(out, cap, "error: %s", err);
			return;
		}
		n += (size_t)snprintf(out + n, cap - n, "%d=%s ", key, v ? v : "");
	}
}

static void spellings_and_aliases(void **state)
{
	char out[512];

	(void)state;
	run_parse(ARGV("x", "--budget-ms", "2", "--budget_ms=3", "op", "--dry_run", "-h"), 7,
		  out, sizeof(out));
	assert_string_equal(out, "2=2 2=3 1=op 3= 5= ");
	/* a value may start with a dash; after -- everything is an operand */
	run_parse(ARGV("x", "--out", "-1", "--", "--dry-run"), 5, out, sizeof(out));
	assert_string_equal(out, "4=-1 1=--dry-run ");
	run_parse(ARGV("x", "--budget"), 2, out, sizeof(out));
	assert_string_equal(out, "error: bad argument '--budget': unknown option");
	/* getopt_long would take an abbreviation: refused, so new options never change it */
	run_parse(ARGV("x", "--budget", "5"), 3, out, sizeof(out));
	assert_non_null(strstr(out, "'--budget': unknown option (did you mean --budget-ms?"));
	run_parse(ARGV("x", "--budget-ms"), 2, out, sizeof(out));
	assert_string_equal(out, "error: bad argument '--budget-ms': needs a value");
	run_parse(ARGV("x", "--dry-run=1"), 2, out, sizeof(out));
	assert_string_equal(out, "error: bad argument '--dry-run': takes no value");
	run_parse(ARGV("x", "--frob"), 2, out, sizeof(out));
	assert_string_equal(out, "error: bad argument '--frob': unknown option");
	run_parse(ARGV("x", "-q"), 2, out, sizeof(out));
	assert_string_equal(out, "error: bad argument '-q': unknown option");
	/* a second parse starts afresh */
	run_parse(ARGV("y", "--out=a"), 2, out, sizeof(out));
	assert_string_equal(out, "4=a ");
}

static void relative_paths(void **state)
{
	char cwd[4096], *p;
	struct ib_run_opts o;
	char err[512];

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir("/tmp"), 0);
	p = ib_abspath("out/bench/ib-hello");
	assert_string_equal(p, "/tmp/out/bench/ib-hello");
	free(p);
	p = ib_abspath("./a");
	assert_string_equal(p, "/tmp/a");
	free(p);
	p = ib_abspath("/abs");
	assert_string_equal(p, "/abs");
	free(p);
	/* native: a path knob is the user's, made absolute; run: the guest's, refused */
	ib_runopts_init(&o, 1);
	assert_int_equal(ib_runopts_parse(&o, 4, ARGV("--hello", "h", "--fsdir", "d"), err,
					  sizeof(err)), 0);
	assert_string_equal(o.knob[0].value, "/tmp/h");
	assert_string_equal(o.knob[1].value, "/tmp/d");
	ib_runopts_init(&o, 0);
	assert_int_equal(ib_runopts_parse(&o, 4, ARGV("--kernel", "k", "--image", "i.gz"), err,
					  sizeof(err)), 0);
	assert_string_equal(o.kernel, "/tmp/k");
	assert_string_equal(o.image, "/tmp/i.gz");
	ib_runopts_init(&o, 0);
	assert_int_equal(ib_runopts_parse(&o, 4, ARGV("--kernel", "/k", "--fsdir", "d"), err,
					  sizeof(err)), -1);
	assert_non_null(strstr(err, "'--fsdir d'"));
	assert_non_null(strstr(err, "path in the guest"));
	assert_int_equal(chdir(cwd), 0);
}

static void results_rule(void **state)
{
	char *r;

	(void)state;
	r = ib_results_rule("/given", "/env", "/exe", 1, "/xdg", "/home/u");
	assert_string_equal(r, "/given");
	free(r);
	r = ib_results_rule(NULL, "/env", "/exe", 1, "/xdg", "/home/u");
	assert_string_equal(r, "/env");
	free(r);
	r = ib_results_rule(NULL, "", "/exe", 1, "/xdg", "/home/u");
	assert_string_equal(r, "/exe/results");
	free(r);
	r = ib_results_rule(NULL, NULL, "/usr/bin", 0, "/xdg", "/home/u");
	assert_string_equal(r, "/xdg/initbench/results");
	free(r);
	r = ib_results_rule(NULL, NULL, "/usr/bin", 0, "rel", "/home/u");
	assert_string_equal(r, "/home/u/.local/share/initbench/results");
	free(r);
	r = ib_results_rule(NULL, NULL, "/usr/bin", 0, NULL, "/home/u");
	assert_string_equal(r, "/home/u/.local/share/initbench/results");
	free(r);
	/* the wrapper: the environment variable, relative to the working directory */
	setenv(IB_RESULTS_ENV, "/tmp/ib-env-results", 1);
	r = ib_results_dir(NULL);
	assert_string_equal(r, "/tmp/ib-env-results");
	free(r);
	r = ib_results_dir("/tmp/arg");
	assert_string_equal(r, "/tmp/arg");
	free(r);
	unsetenv(IB_RESULTS_ENV);
}

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fclose(f);
}

static void installed_layout(void **state)
{
	char tmp[] = "/tmp/ib-test-cli-XXXXXX", p[512], err[1024], *r;

	(void)state;
	assert_non_null(mkdtemp(tmp));
	snprintf(p, sizeof(p), "%s/bin", tmp);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/bin", tmp);
	assert_null(ib_installed_file(p, "initramfs.cpio.gz", err, sizeof(err)));
	assert_non_null(strstr(err, "/bin/initramfs.cpio.gz"));
	assert_non_null(strstr(err, "/bin/../lib/initbench/initramfs.cpio.gz"));
	assert_null(strchr(err, '\n'));
	snprintf(p, sizeof(p), "%s/lib", tmp);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/lib/initbench", tmp);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/lib/initbench/initramfs.cpio.gz", tmp);
	touch(p);
	snprintf(p, sizeof(p), "%s/bin", tmp);
	r = ib_installed_file(p, "initramfs.cpio.gz", err, sizeof(err));
	snprintf(p, sizeof(p), "%s/lib/initbench/initramfs.cpio.gz", tmp);
	assert_string_equal(r, p);
	free(r);
	/* beside the binary wins: the build tree */
	snprintf(p, sizeof(p), "%s/bin/initramfs.cpio.gz", tmp);
	touch(p);
	snprintf(p, sizeof(p), "%s/bin", tmp);
	r = ib_installed_file(p, "initramfs.cpio.gz", err, sizeof(err));
	snprintf(p, sizeof(p), "%s/bin/initramfs.cpio.gz", tmp);
	assert_string_equal(r, p);
	free(r);
	snprintf(p, sizeof(p), "rm -rf '%s'", tmp);
	assert_int_equal(system(p), 0);
}

static void progress_line(void **state)
{
	struct ib_progress p;
	char buf[256];
	const char plan[] = "# IB 1 plan count=3 benches=null_call,stat,fork_proc *0";
	const char outcome[] = "# IB 2 outcome bench=null_call status=ok wall_ms=3 *0";

	(void)state;
	memset(&p, 0, sizeof(p));
	p.tty = 1;
	p.boot = 2;
	p.nboots = 3;
	p.label = "lsm";
	p.est_s = 40;
	ib_progress_format(&p, 1.2, buf, sizeof(buf));
	assert_string_equal(buf, "initbench: boot 2/3 lsm: starting, 1 s (~39 s left)");
	p.tty = 0;   /* plain mode draws nothing: only the state is followed */
	ib_progress_line(&p, plan, strlen(plan));
	ib_progress_format(&p, 12, buf, sizeof(buf));
	assert_string_equal(buf, "initbench: boot 2/3 lsm: benchmark 1/3 null_call, 12 s (~28 s left)");
	ib_progress_line(&p, outcome, strlen(outcome));
	ib_progress_format(&p, 50, buf, sizeof(buf));
	assert_string_equal(buf, "initbench: boot 2/3 lsm: benchmark 2/3 stat, 50 s (last boot 40 s)");
	p.done = 3;
	p.est_s = -1;
	p.block = 2;
	ib_progress_format(&p, 3, buf, sizeof(buf));
	assert_string_equal(buf, "initbench: boot 2/3 lsm (block 2): benchmark 3/3 done, 3 s");
	/* cut to the width it is given */
	ib_progress_format(&p, 3, buf, 20);
	assert_int_equal(strlen(buf), 19);
}

static void write_boot(const char *label_dir, int n, double wall, const char *status,
		       const char *verdict)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d", label_dir, n);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%d/results.json", label_dir, n);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "{\"integrity\": {\"status\": \"%s\"}, \"launch\": {\"wall_s\": %g, "
		"\"launch_verdict\": %s}}\n", status, wall, verdict);
	fclose(f);
}

static void progress_estimate(void **state)
{
	char tmp[] = "/tmp/ib-test-est-XXXXXX", cmd[128];

	(void)state;
	assert_non_null(mkdtemp(tmp));
	assert_true(ib_progress_estimate(tmp) < 0);
	write_boot(tmp, 1, 30.5, "complete", "null");
	write_boot(tmp, 2, 41.0, "complete", "null");
	write_boot(tmp, 3, 5.0, "incomplete", "null");   /* ended early: not an estimate */
	write_boot(tmp, 10, 2.0, "complete", "4");       /* a hang */
	assert_true(ib_progress_estimate(tmp) == 41.0);
	assert_true(ib_progress_estimate("/nonexistent/x") < 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	assert_int_equal(system(cmd), 0);
}

static char *joined(char **v)
{
	return ib_argv_quote(v);
}

static void dry_run_argv(void **state)
{
	struct ib_run_opts o;
	struct ib_run_ctx rc;
	struct ib_argv argv = { 0 }, env = { 0 };
	char err[512], *q;

	(void)state;
	ib_runopts_init(&o, 1);
	assert_int_equal(ib_runopts_parse(&o, 5, ARGV("--reps", "3", "--budget-ms=2", "--seed",
						      "7"), err, sizeof(err)), 0);
	o.suite = "/s/ibsuite";
	memset(&rc, 0, sizeof(rc));
	rc.o = &o;
	ib_boot_argv(&rc, 0, NULL, &argv, &env);
	q = joined(argv.v);
	assert_string_equal(q, "/s/ibsuite --mode=native --reps=3 --budget_ms=2 --seed=7");
	free(q);
	ib_argv_free(&argv);

	ib_runopts_init(&o, 0);
	assert_int_equal(ib_runopts_parse(&o, 6, ARGV("--kernel", "/k", "--image", "/i.gz",
						      "--reps", "3"), err, sizeof(err)), 0);
	o.accel = "tcg";
	rc.kind = IB_KERNEL_BZIMAGE;
	ib_runopts_knob_words(&o, rc.knobs, sizeof(rc.knobs));
	ib_boot_argv(&rc, 0, NULL, &argv, &env);
	q = joined(argv.v);
	assert_non_null(strstr(q, " -kernel /k -initrd /i.gz "));
	assert_non_null(strstr(q, "initbench.reps=3"));
	assert_non_null(strstr(q, "-accel tcg"));
	free(q);
	ib_argv_free(&argv);
	ib_argv_free(&env);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(spellings_and_aliases),
		cmocka_unit_test(relative_paths),
		cmocka_unit_test(results_rule),
		cmocka_unit_test(installed_layout),
		cmocka_unit_test(progress_line),
		cmocka_unit_test(progress_estimate),
		cmocka_unit_test(dry_run_argv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
