/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lava.h - the image as a LAVA payload (docs/lava.md): job definitions (report/lava/lava.c) and
 * LAVA job logs read back into the store (report/import/import-lava.c).
 *
 * The job. `initbench lava` writes one job for a kernel, the image, a kernel command line and
 * a device type: device type "qemu" deploys kernel and image to tmpfs and boots them with
 * the qemu method; any other device type deploys them by tftp (kernel + ramdisk) and boots
 * with a bootloader method (--boot-method, default u-boot) and `commands: ramdisk`. Then one
 * `monitors` test, IB_LAVA_SUITE, reads our record lines (docs/protocol.md):
 *   start   IB_LAVA_START (the begin record), end IB_LAVA_END (the end record);
 *   pattern IB_LAVA_PATTERN: each `m` record gives a case "<bench> metric=<metric>" (LAVA
 *           lowercases it and turns \W+ into _: `null_io_metric_null_read`), result pass,
 *           measurement = the record's first sample, units = its `unit`; each `outcome`
 *           record gives a case "<bench>" (`fork_proc`), result from the status through
 *           IB_LAVA_FIXUP (ok pass, skipped skip, failed and timeout fail), measurement =
 *           wall_ms, units "ms". Every group is bound with [^ \r\n] (pexpect compiles the
 *           pattern with DOTALL), and the pattern only matches once the value is complete
 *           (a space or comma follows it), so a read boundary never cuts a number.
 * LAVA's monitor fails when no pattern matches for as long as the boot action's timeout (it
 * is the pexpect timeout of the connection), so ib_lava_timeouts() makes that timeout longer
 * than one benchmark may run.
 *
 * The log. LAVA writes one log entry per line: `{"dt": "...", "lvl": "target", "msg": "..."}`
 * (lava-run, on stdout), or the same entry after "- " (the server's YAML stream, as
 * `lavacli jobs logs --raw` prints it). Every scalar is a YAML double-quoted string; a
 * "target" entry holds one console line with its line end and every \r removed and each `"`
 * written as `\"` (LAVA's ShellLogger), which ib_lava_console() undoes.
 */
#ifndef IB_LAVA_H
#define IB_LAVA_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "host/boot/arch.h"

#define IB_LAVA_SUITE "initbench"
#define IB_LAVA_START "# IB 0 begin proto="
#define IB_LAVA_END "# IB [0-9]+ end records="
#define IB_LAVA_PATTERN \
	"# IB [0-9]+ (?=(?:m|outcome) bench=(?P<test_case_id>[^ \\r\\n]+(?: metric=[^ \\r\\n]+)?) )" \
	"(?:outcome bench=[^ \\r\\n]+ status=)?(?P<result>m|ok|skipped|failed|timeout) " \
	"(?:bench=[^ \\r\\n]+ metric=[^ \\r\\n]+ unit=|reason=[^ \\r\\n]* wall_)" \
	"(?P<units>[^ =\\r\\n]+)(?:(?: [a-z0-9_.]+=[^ \\r\\n]*)*? samples=|=)" \
	"(?P<measurement>[^ ,\\r\\n]+)(?=[ ,])"
#define IB_LAVA_FIXUP "{m: pass, ok: pass, skipped: skip, failed: fail, timeout: fail}"

/* what the suite will run, for the timeouts */
struct ib_lava_suite {
	unsigned benches;       /* selected benchmarks (the suite's --list) */
	unsigned rounds, timeout_s, reps, budget_ms;
};

/* every timeout of the job, in seconds */
struct ib_lava_timeouts {
	unsigned deploy, boot, start, test, job;
};

/*
 * boot:  max(the boot allowance, one benchmark's limit timeout_s + IB_LAVA_GRACE_S): it is
 *        also the longest silence between two matched records;
 * start: from the end of the boot action to the begin record;
 * test:  start + benches x rounds x (timeout_s + grace): the suite kills a benchmark at
 *        timeout_s, so it cannot run longer unless the kernel itself hangs, and then the
 *        boot timeout (the silence) fails the test long before;
 * job:   deploy + boot + test + a margin. Every one rounded up to whole minutes.
 * board: 1 for a tftp device (slower to deploy and to reach the kernel), 0 for qemu.
 */
#define IB_LAVA_GRACE_S 15
void ib_lava_timeouts(const struct ib_lava_suite *s, int board, struct ib_lava_timeouts *t);

struct ib_lava_job {
	const char *device_type;     /* "qemu": tmpfs + qemu; else tftp + boot_method */
	const char *boot_method;     /* boards: u-boot, ipxe, grub, depthcharge, ... */
	const char *kernel_url, *image_url;
	const char *kernel_type;     /* tftp kernel `type` (zimage, uimage, image), or NULL */
	const char *kernel_sha256;   /* 64 hex digits, or NULL when the kernel is not local */
	const char *image_sha256;    /* 64 hex digits */
	const char *cmdline;         /* qemu: the whole -append; boards: extra_kernel_args */
	const char *job_name;
	const char *suite_version, *config_hash;
	unsigned mem_mb;
	int no_kvm;                  /* qemu: --accel tcg */
	struct ib_lava_suite suite;
	struct ib_lava_timeouts t;
	const struct ib_arch *arch;  /* host/boot/arch.h: the context's arch, QEMU, console */
};

/* the job as YAML; 0, or -1 on a write error */
int ib_lava_write_job(FILE *f, const struct ib_lava_job *j);
/* a device dictionary for a local qemu (lava-run without a server); 0, or -1 */
int ib_lava_write_qemu_device(FILE *f, unsigned mem_mb, const struct ib_arch *arch, int no_kvm);
/* a YAML single-quoted scalar ('it''s') */
void ib_lava_yaml_quote(FILE *f, const char *s);
/* SHA-256 of a file as 64 lower-case hex digits into hex[65]; 0, or -1 (errno set) */

/* `initbench lava ...` (see ib_lava_usage in lava.c, docs/lava.md) */
int ib_cmd_lava(int argc, char **argv);

/*
 * One log entry (a flow mapping, optionally after "- ") into JSON, read by libyaml:
 * mappings become objects, sequences arrays, every scalar a string (double-quoted with
 * YAML's escapes, single-quoted, or plain; a tag is dropped). NULL when the line is not one
 * complete flow mapping (block style, a comment after it, an alias, an empty value).
 */
json_t *ib_lava_entry_parse(const char *line, size_t len);

/*
 * The console of a LAVA job log: every "target" entry's msg, `\"` turned back into `"`,
 * each followed by "\n", into *console (malloc'd, NUL-terminated, length *clen). *facts
 * (new reference) holds what the log says about the job: entries, target lines, the
 * dispatcher version, the job result and error, each results entry of the initbench
 * definition as [case, result, measurement, units], the first and last target time.
 * Returns 0, or -1 with a reason in err when the file is not a LAVA log (no line is an
 * entry) or holds no target line.
 */
int ib_lava_console(const char *raw, size_t len, char **console, size_t *clen, json_t **facts,
		    char *err, size_t errlen);

/*
 * `initbench import --lava LOG [--label NAME] [--results DIR]`: a new boot RESULTS/LABEL/N
 * (LABEL default "lava") with lava.log (the log, byte for byte), console.log (from
 * ib_lava_console) and results.json parsed from console.log like a launched boot, launch =
 * {"launcher": "lava", "source": LOG, "lava": facts}. LOG is a regular file of at most max
 * bytes (host/lib/safeio.h). Exit (host/lib/exitcode.h): 0 complete; 5 no record; 6
 * incomplete (stored all the same) or refused; 1 the store cannot be written; 2 usage, or
 * LOG missing or not a regular file.
 */
int ib_import_lava(const char *log, const char *results, const char *label, size_t max);

#endif
