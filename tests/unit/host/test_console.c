/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_console.c - ib_console_run() with small fake launchers (/bin/sh -c scripts; the real
 * launchers never go through a shell): raw capture, stderr kept off record lines, end and
 * panic and failed-init detection, timeout and first-byte probe killing the whole group, spawn failures,
 * pinning, and the shell-quoting of command.txt.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/boot/console.h"
#include "host/lib/argv.h"

static char dir[] = "/tmp/test_console.XXXXXX";
static int nlog;
static unsigned lines_seen;

static void count_line(void *ctx, const char *line, size_t len)
{
	(void)ctx;
	(void)line;
	(void)len;
	lines_seen++;
}

static char *slurp(const char *path, size_t *n)
{
	static char buf[65536];
	int fd = open(path, O_RDONLY);
	ssize_t r;

	assert_true(fd >= 0);
	r = read(fd, buf, sizeof(buf) - 1);
	assert_true(r >= 0);
	close(fd);
	buf[r] = '\0';
	*n = (size_t)r;
	return buf;
}

static unsigned long long log_max; /* opts.log_max of the next run_sh() */

/* run `sh -c script` under ib_console_run; the log path is left in logp */
static int run_sh(const char *script, double timeout, double probe, int cpu,
		  struct ib_console_result *r, char *logp)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	struct ib_console_opts o;

	snprintf(logp, 256, "%s/%d.log", dir, nlog++);
	memset(&o, 0, sizeof(o));
	o.argv = argv;
	o.log_path = logp;
	o.log_max = log_max;
	o.host_cpu = cpu;
	o.timeout_s = timeout;
	o.probe_s = probe;
	o.on_line = count_line;
	lines_seen = 0;
	return ib_console_run(&o, r);
}

static void raw_capture_and_exit_status(void **state)
{
	struct ib_console_result r;
	char log[256], *s;
	size_t n;

	(void)state;
	assert_int_equal(run_sh("printf 'a\\r\\nb\\0c\\n'; exit 3", 10, 0, -1, &r, log), 0);
	assert_int_equal(r.ended_by, IB_END_EXIT);
	assert_int_equal(r.exited, 1);
	assert_int_equal(r.exit_code, 3);
	assert_true(r.first_byte_s >= 0);
	s = slurp(log, &n);
	assert_int_equal(n, 7);
	assert_memory_equal(s, "a\r\nb\0c\n", 7);
	assert_int_equal(lines_seen, 2);
	assert_false(r.saw_end);
	/* the log is never overwritten */
	assert_int_equal(access(log, F_OK), 0);
}

static void stderr_waits_for_a_line_boundary(void **state)
{
	struct ib_console_result r;
	char log[256], *s;
	size_t n;

	(void)state;
	assert_int_equal(run_sh("printf '# IB 3 m x=1'; sleep 0.2; echo warn >&2; sleep 0.2;"
				" printf ' *00000000\\n'", 10, 0, -1, &r, log), 0);
	s = slurp(log, &n);
	assert_string_equal(s, "# IB 3 m x=1 *00000000\nwarn\n");
	assert_string_equal(r.last_err, "warn");
	/* stderr bytes do not count as the first byte */
	assert_int_equal(run_sh("echo only-stderr >&2; sleep 5", 10, 0.5, -1, &r, log), 0);
	assert_int_equal(r.ended_by, IB_END_NOOUTPUT);
	assert_true(r.first_byte_s < 0);
}

static void end_record_then_grace(void **state)
{
	struct ib_console_result r;
	char log[256];

	(void)state;
	assert_int_equal(run_sh("echo '[ 1.0] x# IB 12 end records=12 digest=0 *12345678'",
				10, 0, -1, &r, log), 0);
	assert_true(r.saw_end);
	assert_int_equal(r.ended_by, IB_END_EXIT);
	assert_int_equal(run_sh("echo '# IB 12 ended x'; echo '# IB x end y'", 10, 0, -1, &r,
				log), 0);
	assert_false(r.saw_end);
}

static void panic_is_seen_and_killed_after_grace(void **state)
{
	struct ib_console_result r;
	char log[256];

	(void)state;
	assert_int_equal(run_sh("echo 'Kernel panic - not syncing: VFS'; sleep 30", 20, 0, -1,
				&r, log), 0);
	assert_true(r.saw_panic);
	assert_int_equal(r.ended_by, IB_END_PANIC);
	assert_true(r.wall_s >= IB_PANIC_GRACE_S && r.wall_s < IB_PANIC_GRACE_S + 3);
}

/* the kernel could not exec the init: its fallback shell never ends, so stop after the grace */
static void failed_init_is_seen_and_killed_after_grace(void **state)
{
	struct ib_console_result r;
	char log[256];

	(void)state;
	assert_int_equal(run_sh("printf '[    0.9] Failed to execute /init (error -13)\\r\\n';"
				" echo 'Run /bin/sh as init process'; sleep 30", 20, 0, -1, &r, log), 0);
	assert_int_equal(r.ended_by, IB_END_NOINIT);
	assert_string_equal(r.noinit, "Failed to execute /init (error -13)");
	assert_false(r.saw_panic);
	assert_true(r.wall_s >= IB_PANIC_GRACE_S && r.wall_s < IB_PANIC_GRACE_S + 3);
	/* after a record the init ran: the same words from anyone else stop nothing */
	assert_int_equal(run_sh("echo '# IB 0 begin x *00000000'; echo 'Failed to execute x';"
				" exit 0", 10, 0, -1, &r, log), 0);
	assert_int_equal(r.ended_by, IB_END_EXIT);
	assert_string_equal(r.noinit, "");
}

/* a flood stops at log_max bytes, stdout and stderr together, and the child is stopped */
static void flood_is_cut_at_log_max(void **state)
{
	struct ib_console_result r;
	char log[256];
	struct stat st;

	(void)state;
	log_max = 100000;
	assert_int_equal(run_sh("echo '# IB 0 begin x *00000000'; yes 'flood line' & "
				"yes err >&2; wait", 20, 0, -1, &r, log), 0);
	log_max = 0;
	assert_int_equal(r.ended_by, IB_END_FLOOD);
	assert_true(r.wall_s < 5);
	assert_int_equal(stat(log, &st), 0);
	assert_int_equal(st.st_size, 100000);
	/* under the limit nothing changes */
	log_max = 100000;
	assert_int_equal(run_sh("echo short", 20, 0, -1, &r, log), 0);
	log_max = 0;
	assert_int_equal(r.ended_by, IB_END_EXIT);
}

static void timeout_kills_the_whole_group(void **state)
{
	struct ib_console_result r;
	char log[256], pidfile[300];
	FILE *f;
	int pid;

	(void)state;
	snprintf(pidfile, sizeof(pidfile), "%s/grandchild.pid", dir);
	{
		char script[512];

		snprintf(script, sizeof(script), "sleep 60 & echo $! > %s; echo up; wait", pidfile);
		assert_int_equal(run_sh(script, 1, 0, -1, &r, log), 0);
	}
	assert_int_equal(r.ended_by, IB_END_TIMEOUT);
	assert_true(r.wall_s >= 1 && r.wall_s < 4);
	assert_int_equal(r.exited, 0);
	f = fopen(pidfile, "r");
	assert_non_null(f);
	assert_int_equal(fscanf(f, "%d", &pid), 1);
	fclose(f);
	unlink(pidfile);
	/* the grandchild is gone too (or a zombie waiting for its new parent to reap it) */
	usleep(200000);
	snprintf(pidfile, sizeof(pidfile), "/proc/%d/stat", pid);
	f = fopen(pidfile, "r");
	if (f) {
		char state = '?';

		assert_int_equal(fscanf(f, "%*d %*s %c", &state), 1);
		fclose(f);
		assert_int_equal(state, 'Z');
	}
}

static void probe_kills_a_silent_child(void **state)
{
	struct ib_console_result r;
	char log[256];

	(void)state;
	assert_int_equal(run_sh("sleep 30", 20, 0.5, -1, &r, log), 0);
	assert_int_equal(r.ended_by, IB_END_NOOUTPUT);
	assert_true(r.wall_s < 3);
	assert_int_equal(run_sh("echo hi; sleep 1", 20, 0.5, -1, &r, log), 0);
	assert_int_equal(r.ended_by, IB_END_EXIT);
}

static void spawn_failure_and_pinning(void **state)
{
	char *argv[] = { "/nonexistent/launcher", NULL };
	struct ib_console_opts o;
	struct ib_console_result r;
	char log[256];

	(void)state;
	snprintf(log, sizeof(log), "%s/%d.log", dir, nlog++);
	memset(&o, 0, sizeof(o));
	o.argv = argv;
	o.log_path = log;
	o.host_cpu = -1;
	o.timeout_s = 5;
	assert_int_equal(ib_console_run(&o, &r), -1);
	assert_int_equal(r.ended_by, IB_END_SPAWN);
	assert_int_not_equal(r.spawn_errno, 0);
	assert_false(r.pin_failed);
	/* pinned to CPU 0: the child sees exactly that CPU */
	assert_int_equal(run_sh("grep Cpus_allowed_list /proc/self/status", 5, 0, 0, &r, log), 0);
	{
		size_t n;
		char *s = slurp(log, &n);

		assert_non_null(strstr(s, "Cpus_allowed_list:\t0\n"));
	}
	assert_int_equal(r.host_cpu, 0);
	assert_int_equal(run_sh("true", 5, 0, 4000, &r, log), -1);
	assert_true(r.pin_failed);
}

static void quoting_for_people(void **state)
{
	char *argv[] = { "qemu", "-append", "console=ttyS0 a='b'", "", "x,y:z", NULL };
	char *q = ib_argv_quote(argv);

	(void)state;
	assert_string_equal(q, "qemu -append 'console=ttyS0 a='\\''b'\\''' '' x,y:z");
	free(q);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char path[300];

	(void)state;
	for (int i = 0; i < nlog; i++) {
		snprintf(path, sizeof(path), "%s/%d.log", dir, i);
		unlink(path);
	}
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(raw_capture_and_exit_status),
		cmocka_unit_test(stderr_waits_for_a_line_boundary),
		cmocka_unit_test(end_record_then_grace),
		cmocka_unit_test(panic_is_seen_and_killed_after_grace),
		cmocka_unit_test(failed_init_is_seen_and_killed_after_grace),
		cmocka_unit_test(flood_is_cut_at_log_max),
		cmocka_unit_test(timeout_kills_the_whole_group),
		cmocka_unit_test(probe_kills_a_silent_child),
		cmocka_unit_test(spawn_failure_and_pinning),
		cmocka_unit_test(quoting_for_people),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
