/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_lava.c - LAVA jobs and logs (report/lava/lava.c, report/import/import-lava.c, docs/lava.md):
 * the timeouts, the job's YAML for qemu and for a
 * board, the log entry reader (YAML double-quoted escapes, "- " items, nesting, refusals),
 * and the round trip: tests/data/small.log written as LAVA writes a console, imported, must
 * give the results of the log itself.
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
#include <jansson.h>

#include "tests/unit/testdata.h"

#include "report/lava/lava.h"
#include "report/results.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s;
	size_t n;

	if (!f)
		fail_msg("cannot open %s", path);
	s = calloc(1, 1 << 20);
	assert_non_null(s);
	n = fread(s, 1, (1 << 20) - 1, f);
	fclose(f);
	if (len)
		*len = n;
	return s;
}

static char *tmpdir(void)
{
	char *d = strdup("/tmp/test_lava.XXXXXX");

	assert_non_null(mkdtemp(d));
	return d;
}

/* ---- timeouts ---- */

static void test_timeouts(void **state)
{
	struct ib_lava_suite quick = { 41, 1, 60, 5, 2 }, slow = { 3, 2, 600, 11, 5 };
	struct ib_lava_timeouts t;
	(void)state;

	ib_lava_timeouts(&quick, 0, &t);
	/* boot covers one benchmark's limit (the longest silence) and the boot allowance */
	assert_int_equal(t.boot, 120);
	assert_int_equal(t.start, 120);
	/* 120 s to the begin record, then 41 x (60 + 15) s, up to whole minutes */
	assert_int_equal(t.test, 3240);
	assert_int_equal(t.job, t.deploy + t.boot + t.test + 300);
	ib_lava_timeouts(&slow, 0, &t);
	assert_true(t.boot >= 600 + IB_LAVA_GRACE_S);
	assert_int_equal(t.boot % 60, 0);
	assert_int_equal(t.test, (120 + 6 * 615 + 59) / 60 * 60);
	ib_lava_timeouts(&quick, 1, &t);
	assert_true(t.deploy > 300 && t.boot >= 300);
}

/* ---- the job ---- */

static char *job_text(const struct ib_lava_job *j)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	assert_non_null(f);
	assert_int_equal(ib_lava_write_job(f, j), 0);
	fclose(f);
	return buf;
}

static void fill_job(struct ib_lava_job *j, const char *device)
{
	static const char sha[] = "74cdc3489be109ce743d898b5138d2b3e28bbf618af5e158b48d49de282418e6";

	memset(j, 0, sizeof(*j));
	j->device_type = device;
	j->boot_method = "ipxe";
	j->kernel_url = "file:///k/vmlinuz";
	j->image_url = "http://lab/it's.cpio.gz";
	j->kernel_sha256 = sha;
	j->image_sha256 = sha;
	j->cmdline = "console=ttyS0 panic=-1 initbench.reps=3";
	j->job_name = "a 'quoted' job";
	j->suite_version = "0.1.0-gabc";
	j->config_hash = "0123456789abcdef";
	j->mem_mb = 512;
	j->no_kvm = 1;
	j->suite = (struct ib_lava_suite){ 2, 1, 60, 3, 2 };
	ib_lava_timeouts(&j->suite, strcmp(device, "qemu") != 0, &j->t);
}

static void test_job_qemu(void **state)
{
	struct ib_lava_job j;
	char *y;
	(void)state;

	fill_job(&j, "qemu");
	y = job_text(&j);
	assert_non_null(strstr(y, "\ndevice_type: 'qemu'\n"));
	assert_non_null(strstr(y, "\njob_name: 'a ''quoted'' job'\n"));
	assert_non_null(strstr(y, "    to: tmpfs\n"));
	assert_non_null(strstr(y, "image_arg: '-kernel {kernel} -append \"console=ttyS0 panic=-1 "
				  "initbench.reps=3\"'\n"));
	assert_non_null(strstr(y, "        url: 'http://lab/it''s.cpio.gz'\n        sha256sum: 74cdc348"));
	assert_non_null(strstr(y, "  initbench.image_sha256: '74cdc3489be1"));
	assert_non_null(strstr(y, "    method: qemu\n    media: tmpfs\n"));
	assert_non_null(strstr(y, "  no_kvm: true\n"));
	assert_non_null(strstr(y, "    lava-test-monitor: {minutes: 2}\n"));
	assert_non_null(strstr(y, "      start: '# IB 0 begin proto='\n"));
	assert_non_null(strstr(y, "      end: '# IB [0-9]+ end records='\n"));
	/* the pattern reaches LAVA with its backslashes as written (single-quoted YAML) */
	assert_non_null(strstr(y, "(?P<test_case_id>[^ \\r\\n]+(?: metric=[^ \\r\\n]+)?) )"));
	assert_non_null(strstr(y, "(?P<measurement>[^ ,\\r\\n]+)(?=[ ,])'\n"));
	assert_non_null(strstr(y, "fixupdict: {m: pass, ok: pass, skipped: skip, failed: fail, "
				  "timeout: fail}\n"));
	assert_null(strstr(y, "tftp"));
	assert_non_null(strstr(y, "  arch: amd64\n"));      /* no row given: x86_64 */
	free(y);
	j.arch = ib_arch_find("arm64");
	y = job_text(&j);
	assert_non_null(strstr(y, "  arch: arm64\n"));
	free(y);
}

static void test_device_dictionary(void **state)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	(void)state;

	assert_int_equal(ib_lava_write_qemu_device(f, 384, ib_arch_find("arm64"), 1), 0);
	fclose(f);
	assert_non_null(strstr(buf, "available_architectures: [arm64, aarch64]\n"));
	assert_non_null(strstr(buf, "command: qemu-system-aarch64\n"));
	assert_non_null(strstr(buf, "console: 'ttyAMA0,115200'"));
	assert_non_null(strstr(buf, "- -M virt,gic-version=max\n"));
	assert_non_null(strstr(buf, "- -cpu max,pauth-impdef=on\n"));
	assert_non_null(strstr(buf, "- -m 384\n"));
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &n);
	assert_int_equal(ib_lava_write_qemu_device(f, 512, ib_arch_find("x86_64"), 1), 0);
	fclose(f);
	assert_non_null(strstr(buf, "command: qemu-system-x86_64\n"));
	assert_non_null(strstr(buf, "console: 'ttyS0,115200'"));
	assert_null(strstr(buf, "- -M "));
	assert_null(strstr(buf, "- -cpu "));      /* QEMU's default CPU under TCG, as our launcher */
	assert_non_null(strstr(buf, "- -accel tcg\n"));
	free(buf);
	/* a KVM device asks for KVM itself: -cpu host alone is refused by QEMU */
	buf = NULL;
	f = open_memstream(&buf, &n);
	assert_int_equal(ib_lava_write_qemu_device(f, 512, ib_arch_find("x86_64"), 0), 0);
	fclose(f);
	assert_non_null(strstr(buf, "- -accel kvm\n"));
	assert_non_null(strstr(buf, "- -cpu host\n"));
	free(buf);
}

static void test_job_board(void **state)
{
	struct ib_lava_job j;
	char *y;
	(void)state;

	fill_job(&j, "x86");
	j.kernel_type = "zimage";
	j.kernel_sha256 = NULL;
	j.cmdline = "panic=-1 initbench.reps=3";
	y = job_text(&j);
	assert_non_null(strstr(y, "    to: tftp\n    timeout: {minutes: 10}\n    kernel:\n"
				  "      url: 'file:///k/vmlinuz'\n      type: zimage\n"));
	assert_non_null(strstr(y, "    ramdisk:\n      url: 'http://lab/it''s.cpio.gz'\n"
				  "      sha256sum: 74cdc348"));
	assert_non_null(strstr(y, "install_overlay: false\n"));
	assert_non_null(strstr(y, "    method: ipxe\n    commands: ramdisk\n"));
	assert_non_null(strstr(y, "  extra_kernel_args: 'panic=-1 initbench.reps=3'\n"));
	assert_null(strstr(y, "kernel_sha256"));
	assert_null(strstr(y, "tmpfs"));
	assert_null(strstr(y, "console=ttyS0"));
	free(y);
}

/* ---- log entries ---- */

static json_t *entry(const char *s)
{
	return ib_lava_entry_parse(s, strlen(s));
}

static void test_entry_parse(void **state)
{
	json_t *j;
	(void)state;

	j = entry("{\"dt\": \"2026-12-01T10:43:21.8\", \"lvl\": \"target\", \"msg\": \"a \\\\\\\"b\\\\\\\" c\"}");
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "lvl")), "target");
	assert_string_equal(json_string_value(json_object_get(j, "msg")), "a \\\"b\\\" c");
	json_decref(j);
	/* the server's stream: "- " items; escapes as PyYAML and libyaml write them */
	j = entry("- {\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\\t\\x41\\u00e9\\e\\N\\/\\0|\"}\r");
	assert_non_null(j);
	assert_memory_equal(json_string_value(json_object_get(j, "msg")), "\tA\xc3\xa9\x1b\xc2\x85/\0|", 10);
	assert_int_equal(json_string_length(json_object_get(j, "msg")), 10);
	json_decref(j);
	j = entry("{dt: 'it''s', lvl: results, msg: {case: a_b, extra: {k: [1, \"2\", {}]}, "
		  "measurement: \"0.5\"}}");
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "dt")), "it's");
	assert_string_equal(json_string_value(json_object_get(json_object_get(j, "msg"), "case")), "a_b");
	assert_int_equal(json_array_size(json_object_get(json_object_get(json_object_get(j, "msg"),
								       "extra"), "k")), 3);
	json_decref(j);
	/* not entries */
	assert_null(entry(""));
	assert_null(entry("plain text"));
	assert_null(entry("# IB 0 begin proto=1 *00000000"));
	assert_null(entry("{\"dt\": \"x\", \"msg\": \"unterminated}"));
	assert_null(entry("{\"dt\": \"x\"} trailing"));
	assert_null(entry("{\"dt\": \"x\", \"msg\": \"bad \\q escape\"}"));
	assert_null(entry("{\"dt\" \"x\"}"));
	assert_null(entry("[\"a\"]"));
	assert_null(entry("{a: b} # a comment after the entry"));
	assert_null(entry("{a: }"));
	assert_null(entry("- a: b"));
	assert_null(entry("--- {a: b}"));
	assert_null(entry("{a: *alias}"));
	j = entry("  {a: \"\xc3\xa9 \xc3\xbc\", b: 'x''y', c: plain words, d: 2026-12-01T10:43:21}  ");
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "a")), "\xc3\xa9 \xc3\xbc");
	assert_string_equal(json_string_value(json_object_get(j, "b")), "x'y");
	assert_string_equal(json_string_value(json_object_get(j, "c")), "plain words");
	assert_string_equal(json_string_value(json_object_get(j, "d")), "2026-12-01T10:43:21");
	json_decref(j);
}

/* ---- the console, and the round trip through the store ---- */

/* small.log as a LAVA log: each line a target entry, '"' as LAVA's \" then YAML-escaped */
static char *as_lava_log(const char *console, int server)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	const char *pre = server ? "- " : "";

	assert_non_null(f);
	fprintf(f, "%s{\"dt\": \"t0\", \"lvl\": \"info\", \"msg\": \"lava-dispatcher, installed at "
		   "version: 2023.01\"}\n", pre);
	fprintf(f, "some stray stderr line\n\n");
	for (const char *p = console; *p;) {
		size_t l = strcspn(p, "\n");

		fprintf(f, "%s{\"dt\": \"t%zu\", \"lvl\": \"target\", \"msg\": \"", pre, l);
		for (size_t i = 0; i < l; i++) {
			if (p[i] == '"')
				fputs("\\\\\\\"", f);
			else if (p[i] == '\\')
				fputs("\\\\", f);
			else if (p[i] == '\t')
				fputs("\\t", f);
			else
				fputc(p[i], f);
		}
		fputs("\"}\n", f);
		p += l + (p[l] == '\n');
	}
	fprintf(f, "%s{\"dt\": \"t9\", \"lvl\": \"results\", \"msg\": {\"case\": \"null_call_metric_null_call\", "
		   "\"definition\": \"initbench\", \"measurement\": \"0.62\", \"result\": \"pass\", "
		   "\"units\": \"us\"}}\n", pre);
	fprintf(f, "%s{\"dt\": \"t9\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", "
		   "\"definition\": \"lava\", \"result\": \"pass\"}}\n", pre);
	fclose(f);
	return buf;
}

static void test_console(void **state)
{
	const char *con = "[ 1.0] said \"hi\" \\ and\ttab\n# IB 0 begin x=1 *00000000\n";
	char *log = as_lava_log(con, 0), *out = NULL, err[256];
	size_t n = 0;
	json_t *facts = NULL;
	(void)state;

	assert_int_equal(ib_lava_console(log, strlen(log), &out, &n, &facts, err, sizeof(err)), 0);
	assert_string_equal(out, con);
	assert_int_equal(n, strlen(con));
	assert_int_equal(json_integer_value(json_object_get(facts, "target_lines")), 2);
	assert_int_equal(json_integer_value(json_object_get(facts, "entries")), 5);
	assert_int_equal(json_integer_value(json_object_get(facts, "other_lines")), 1);
	assert_string_equal(json_string_value(json_object_get(facts, "dispatcher")), "2023.01");
	assert_string_equal(json_string_value(json_object_get(facts, "job_result")), "pass");
	assert_int_equal(json_array_size(json_object_get(facts, "cases")), 1);
	assert_string_equal(json_string_value(json_array_get(json_array_get(
		json_object_get(facts, "cases"), 0), 2)), "0.62");
	free(out);
	json_decref(facts);
	free(log);
	/* refusals */
	log = "plain\ntext\n";
	assert_int_equal(ib_lava_console(log, strlen(log), &out, &n, &facts, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not a LAVA job log"));
	assert_null(out);
	log = "{\"dt\": \"x\", \"lvl\": \"info\", \"msg\": \"no console\"}\n";
	assert_int_equal(ib_lava_console(log, strlen(log), &out, &n, &facts, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "target"));
	/* a job that failed: the console line before LAVA's first exception and its first error */
	log = "{\"dt\": \"1\", \"lvl\": \"target\", \"msg\": \"Booting\"}\n"
	      "{\"dt\": \"2\", \"lvl\": \"target\", \"msg\": \"qemu: CPU model 'host' requires KVM\"}\n"
	      "{\"dt\": \"3\", \"lvl\": \"exception\", \"msg\": \"Connection closed\"}\n"
	      "{\"dt\": \"4\", \"lvl\": \"target\", \"msg\": \"later\"}\n"
	      "{\"dt\": \"5\", \"lvl\": \"error\", \"msg\": \"monitor failed\"}\n"
	      "{\"dt\": \"6\", \"lvl\": \"error\", \"msg\": \"InfrastructureError\"}\n";
	assert_int_equal(ib_lava_console(log, strlen(log), &out, &n, &facts, err, sizeof(err)), 0);
	assert_string_equal(json_string_value(json_object_get(facts, "last_target_before_failure")),
			    "qemu: CPU model 'host' requires KVM");
	assert_string_equal(json_string_value(json_object_get(facts, "first_error")), "monitor failed");
	free(out);
	json_decref(facts);
	/* the end record logged as "feedback": the monitor's end pattern matched before LAVA
	 * logged the line (seen in a real lava-run), and it is still the console's */
	log = "{\"dt\": \"1\", \"lvl\": \"target\", \"msg\": \"ok 41 lat_mem\"}\n"
	      "{\"dt\": \"2\", \"lvl\": \"info\", \"msg\": \"ok: end string found\"}\n"
	      "{\"dt\": \"3\", \"lvl\": \"feedback\", \"msg\": \"# IB 247 end records=247\", \"ns\": \"common\"}\n";
	assert_int_equal(ib_lava_console(log, strlen(log), &out, &n, &facts, err, sizeof(err)), 0);
	assert_string_equal(out, "ok 41 lat_mem\n# IB 247 end records=247\n");
	free(out);
	json_decref(facts);
}

static json_t *load(const char *path)
{
	json_error_t e;
	json_t *j = json_load_file(path, 0, &e);

	if (!j)
		fail_msg("%s: %s", path, e.text);
	return j;
}

static void test_import_round_trip(void **state)
{
	static const char *const same[] = { "format", "integrity", "env", "plan", "measurements",
					    "outcomes" };
	char *d = tmpdir(), *con = slurp(data("small.log"), NULL), *p, *q, *res;
	json_t *direct, *lab, *launch;
	FILE *f;
	(void)state;

	assert_true(asprintf(&res, "%s/results", d) > 0);
	assert_true(asprintf(&p, "%s/lava.yaml", d) > 0);
	f = fopen(p, "w");
	assert_non_null(f);
	q = as_lava_log(con, 1);
	fputs(q, f);
	fclose(f);
	free(q);
	assert_int_equal(ib_import_lava(p, res, "lab", 1 << 20), 0);
	assert_int_equal(ib_import_lava(p, res, NULL, 1 << 20), 0);
	assert_true(asprintf(&q, "%s/lava/1/results.json", res) > 0);
	assert_int_equal(access(q, R_OK), 0);
	free(q);
	assert_true(asprintf(&q, "%s/lab/1/console.log", res) > 0);
	{
		char *back = slurp(q, NULL);

		assert_string_equal(back, con);
		free(back);
	}
	free(q);
	assert_true(asprintf(&q, "%s/direct.json", d) > 0);
	assert_int_equal(ib_results_from_log(data("small.log"), q, NULL), IB_LOG_COMPLETE);
	direct = load(q);
	unlink(q);
	free(q);
	assert_true(asprintf(&q, "%s/lab/1/results.json", res) > 0);
	lab = load(q);
	free(q);
	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		if (!json_equal(json_object_get(direct, same[i]), json_object_get(lab, same[i])))
			fail_msg("results.json member %s differs from the log's own", same[i]);
	launch = json_object_get(lab, "launch");
	assert_string_equal(json_string_value(json_object_get(launch, "launcher")), "lava");
	assert_string_equal(json_string_value(json_object_get(json_object_get(launch, "lava"),
							      "job_result")), "pass");
	json_decref(direct);
	json_decref(lab);
	/* a log that is not LAVA's, and a bad label: nothing stored */
	assert_int_equal(ib_import_lava(data("small.log"), res, "nolava", 1 << 20), 6);
	assert_true(asprintf(&q, "%s/nolava", res) > 0);
	assert_int_equal(access(q, F_OK), -1);
	free(q);
	assert_int_equal(ib_import_lava(p, res, "../up", 1 << 20), 2);
	assert_int_equal(ib_import_lava("/nonexistent/log", res, "x", 1 << 20), 2);
	/* more than the cap (--log-max): refused, nothing stored */
	assert_int_equal(ib_import_lava(p, res, "big", 100), 6);
	assert_true(asprintf(&q, "%s/big", res) > 0);
	assert_int_equal(access(q, F_OK), -1);
	free(q);
	free(p);
	p = NULL;
	assert_true(asprintf(&p, "rm -rf '%s'", d) > 0);
	assert_int_equal(system(p), 0);
	free(p);
	free(res);
	free(con);
	free(d);
}

/*
 * A server's log in the styles libyaml writes: "- " items, plain and single-quoted scalars,
 * a tag, and an entry in block style with a block scalar, which is no one-line entry and so
 * counts as other lines. It must import as small.log itself does.
 */
static void test_import_server_styles(void **state)
{
	char *d = tmpdir(), *raw, *con, *out = NULL, err[256], *res, *q;
	size_t len, n = 0;
	json_t *facts = NULL, *direct, *lab, *c;
	(void)state;

	raw = slurp(data("lava/server-styles.log"), &len);
	con = slurp(data("small.log"), NULL);
	assert_int_equal(ib_lava_console(raw, len, &out, &n, &facts, err, sizeof(err)), 0);
	assert_string_equal(out, con);
	assert_int_equal(json_integer_value(json_object_get(facts, "entries")), 15);
	assert_int_equal(json_integer_value(json_object_get(facts, "target_lines")), 10);
	assert_int_equal(json_integer_value(json_object_get(facts, "other_lines")), 5);
	assert_string_equal(json_string_value(json_object_get(facts, "dispatcher")), "2023.01");
	assert_string_equal(json_string_value(json_object_get(facts, "job_result")), "pass");
	assert_string_equal(json_string_value(json_object_get(facts, "first_target_dt")),
			    "2026-12-01T10:00:01.000000");
	c = json_array_get(json_object_get(facts, "cases"), 0);
	assert_string_equal(json_string_value(json_array_get(c, 0)), "null_call_metric_null_call");
	assert_string_equal(json_string_value(json_array_get(c, 2)), "0.62");
	assert_string_equal(json_string_value(json_array_get(c, 3)), "us");
	free(out);
	json_decref(facts);
	/* the tag "!" is YAML's, not part of the value */
	facts = entry("- {msg: {extra: {size: ! '1178133'}}}");
	assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(
		facts, "msg"), "extra"), "size")), "1178133");
	json_decref(facts);

	assert_true(asprintf(&res, "%s/results", d) > 0);
	assert_int_equal(ib_import_lava(data("lava/server-styles.log"), res, "srv", 1 << 20), 0);
	assert_true(asprintf(&q, "%s/direct.json", d) > 0);
	assert_int_equal(ib_results_from_log(data("small.log"), q, NULL), IB_LOG_COMPLETE);
	direct = load(q);
	free(q);
	assert_true(asprintf(&q, "%s/srv/1/results.json", res) > 0);
	lab = load(q);
	free(q);
	assert_true(json_equal(json_object_get(direct, "measurements"),
			       json_object_get(lab, "measurements")));
	assert_true(json_equal(json_object_get(direct, "outcomes"), json_object_get(lab, "outcomes")));
	json_decref(direct);
	json_decref(lab);
	assert_true(asprintf(&q, "rm -rf '%s'", d) > 0);
	assert_int_equal(system(q), 0);
	free(q);
	free(res);
	free(con);
	free(raw);
	free(d);
}

/* ---- the command ---- */

static int cmd(const char *first, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	argv[argc++] = "lava";
	va_start(ap, first);
	for (const char *a = first; a && argc < 31; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	return ib_cmd_lava(argc, argv);
}

static void test_cmd(void **state)
{
	const char *o = getenv("O");
	char *suite = NULL, *d = tmpdir(), *out = NULL, *y;
	(void)state;

	assert_int_equal(cmd("--runs", "3", NULL), 2);
	assert_int_equal(cmd("--variant=a:b", NULL), 2);
	assert_int_equal(cmd("--out", NULL), 2);
	assert_int_equal(cmd("--image", data("small.log"), NULL), 2);     /* no kernel */
	assert_int_equal(cmd("--kernel", data("small.log"), "--image", "/nonexistent", NULL), 2);
	assert_int_equal(cmd("--kernel", data("small.log"), "--image", data("small.log"),
			     "--append", "a=\"b\"", "--suite", "/bin/true", NULL), 2);
	if (!o || asprintf(&suite, "%s/bench/ibsuite", o) < 0 || access(suite, X_OK)) {
		free(suite);
		rmdir(d);
		free(d);
		skip();
	}
	assert_true(asprintf(&out, "%s/job.yaml", d) > 0);
	assert_int_equal(cmd("--kernel", data("small.log"), "--image", data("small.log"), "--suite",
			     suite, "--bench", "null_call,stat", "--timeout_s", "300", "--accel", "tcg",
			     "--out", out, NULL), 0);
	y = slurp(out, NULL);
	assert_non_null(strstr(y, "# 2 benchmark(s) x 1 round(s)"));
	assert_non_null(strstr(y, "-append \"console=ttyS0 panic=-1 initbench.bench=null_call,stat "
				  "initbench.timeout_s=300\"'"));
	/* one benchmark may run 300 s: the monitor must accept that much silence */
	assert_non_null(strstr(y, "- boot:\n    method: qemu\n    media: tmpfs\n    timeout: {minutes: 6}\n"));
	assert_non_null(strstr(y, "url: 'file:///"));
	free(y);
	unlink(out);
	rmdir(d);
	free(out);
	free(d);
	free(suite);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeouts),
		cmocka_unit_test(test_job_qemu),
		cmocka_unit_test(test_device_dictionary),
		cmocka_unit_test(test_job_board),
		cmocka_unit_test(test_entry_parse),
		cmocka_unit_test(test_console),
		cmocka_unit_test(test_import_round_trip),
		cmocka_unit_test(test_import_server_styles),
		cmocka_unit_test(test_cmd),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
