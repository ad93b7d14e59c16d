/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * knobs.h - the suite's run-time knobs: one name each, Kconfig default, boot and argv
 * overrides (docs/usage.md, Knobs).
 *
 * Knobs: bench, skip (comma lists of registry names; bench also "all"), reps, budget_ms,
 * timeout_s, pin (0/1), cpu, hello, hello_dyn, sh, tmpdir, fsdir (absolute paths), seed (run order:
 * 0 = registry order, else a shuffle reproducible from the seed, 0..4294967295), rounds
 * (1..20: runs of every selected benchmark, each in a fresh child), fs (the file system
 * fsdir must hold: empty for any, or one of IB_FS_TYPES; under PID 1 the disk it mounts),
 * macro_dir (the compile workload's tree: the macro cpio's /opt/macro), http_n (requests of
 * the HTTP workload's -c 100 run, 100..1000000; its -c 10 run makes a quarter as many),
 * hackbench_groups and hackbench_loops (perf bench sched messaging's -g and -l: 1..100 and
 * 1..100000, perf's 10 and 100 by default),
 * inject_ns (0..IB_INJECT_NS_MAX: a busy-wait of that many ns added to every timed operation
 * of the benchmarks named by inject_bench, a comma list of registry names; 0 = off, the
 * default; docs/usage.md, Knobs).
 * Defaults come from config.h (CONFIG_IB_*); knobs without a Kconfig symbol have built-in
 * defaults (bench=all, skip=, hello=/bin/ib-hello, hello_dyn=/bin/ib-hello-dyn, sh=/bin/sh,
 * tmpdir=/tmp, fsdir=/tmp).
 *  - ib_knobs_check_inject(), called once every source has been applied: inject_ns > 0 with
 *    an empty inject_bench is refused (recorded as a refusal of inject_ns, which becomes 0),
 *    so that a stray inject_ns alone never slows a whole boot; returns -1 then, else 0.
 *
 *  - ib_knobs_init() sets every knob to its default, source "config".
 *  - ib_knob_set() parses one value. Accepted: stored, source recorded, returns 0. Refused
 *    (unknown knob, bad number, out of range, unknown bench name, bad path): the value in
 *    force is kept (the default, unless an earlier source set it), one line naming it goes
 *    to stderr, "name=value" is appended to k->refused, returns -1.
 *  - ib_knobs_from_cmdline() applies every `initbench.NAME=VALUE` word of a kernel command
 *    line (double quotes group a word, as the kernel does). Words for PID 1 (shell, out,
 *    end) and kconfig (the CRC of the kernel's .config, added by the host for the record's
 *    cmdline) are ignored here. Returns the number refused.
 *  - ib_knob_arg() takes one argv word "--NAME=VALUE" (a word without "=" is refused as
 *    NAME with an empty value). Returns as ib_knob_set().
 *  - ib_knob_refuse() records a refusal decided elsewhere (e.g. cpu not online) and puts
 *    the knob back to its default.
 *  - refused: pairs separated by ',', each value escaped as in docs/protocol.md with ','
 *    also escaped (%2C), so the list splits unambiguously after the field is unescaped.
 *  - k->bench_known, when set, is asked whether a name in bench/skip exists.
 *  - k->why holds the reason of the last refusal; with k->quiet set nothing goes to stderr
 *    (the host's `initbench run|native` checks a --KNOB VALUE with this table before booting).
 *  - ib_run_order() permutes idx[0..n) in place: seed 0 leaves it as it is, any other seed
 *    gives a Fisher-Yates shuffle driven by splitmix64(seed), the same on every machine
 *    (pure integer arithmetic), so the host can reproduce a boot's order from its seed.
 *  - ib_plan_build() expands nsel selected registry indexes (sel, in registry order) into
 *    rounds x nsel runs: run s of the unshuffled plan is benchmark sel[s % nsel] in round
 *    s / nsel + 1 (round-major), and the whole plan is then permuted by ib_run_order(seed).
 *    With rounds = 1 this is exactly ib_run_order() of sel. Fills bench[] and round[]
 *    (1-based) up to cap entries and returns how many it filled (min(rounds x nsel, cap)).
 */
#ifndef IB_KNOBS_H
#define IB_KNOBS_H

#include "bench/lib/bench.h"

enum ib_knob_src { IB_SRC_CONFIG, IB_SRC_CMDLINE, IB_SRC_ARG };

enum ib_knob_id {
	IB_K_BENCH, IB_K_SKIP, IB_K_REPS, IB_K_BUDGET_MS, IB_K_TIMEOUT_S, IB_K_PIN, IB_K_CPU,
	IB_K_HELLO, IB_K_HELLO_DYN, IB_K_SH, IB_K_TMPDIR, IB_K_FSDIR, IB_K_SEED, IB_K_ROUNDS,
	IB_K_FS, IB_K_MACRO_DIR, IB_K_HTTP_N, IB_K_HACKBENCH_GROUPS,
	IB_K_HACKBENCH_LOOPS, IB_K_INJECT_NS, IB_K_INJECT_BENCH, IB_NKNOBS
};

#define IB_KNOB_STR 512
/* the values of the fs knob besides "" (none), as its usage text writes them */
#define IB_FS_TYPES "tmpfs|ext4|xfs|vfat"
#define IB_REFUSED_MAX 2048

struct ib_knobs {
	struct ib_opts opts;      /* the numbers; string pointers point into the arrays below */
	char bench[IB_KNOB_STR];
	char skip[IB_KNOB_STR];
	char hello[IB_KNOB_STR];
	char hello_dyn[IB_KNOB_STR];
	char sh[IB_KNOB_STR];
	char tmpdir[IB_KNOB_STR];
	char fsdir[IB_KNOB_STR];
	char fs[16];              /* "", tmpfs, ext4, xfs, vfat */
	char macro_dir[IB_KNOB_STR];
	char inject_bench[IB_KNOB_STR];
	unsigned long seed;       /* run order, not in ib_opts: only main.c needs it */
	unsigned rounds;          /* runs per benchmark, likewise main.c's only */
	enum ib_knob_src src[IB_NKNOBS];
	char refused[IB_REFUSED_MAX];
	unsigned nrefused;
	int (*bench_known)(const char *name);
	int quiet;                /* refusals print nothing: the host checks its arguments */
	char why[96];             /* the last refusal's reason */
};

void ib_knobs_init(struct ib_knobs *k);
int ib_knob_set(struct ib_knobs *k, const char *name, const char *val, enum ib_knob_src src);
int ib_knobs_from_cmdline(struct ib_knobs *k, const char *cmdline);
int ib_knob_arg(struct ib_knobs *k, const char *arg);
void ib_knob_refuse(struct ib_knobs *k, const char *name, const char *val, const char *why);
int ib_knobs_check_inject(struct ib_knobs *k);
/* the largest inject_ns: 1 ms per operation, so a sample of the slowest ops stays seconds */
#define IB_INJECT_NS_MAX 1000000

const char *ib_knob_name(unsigned id);
/* what bench/Kconfig must say of knob id, so that a test can hold the two together: its
 * symbol, type ("int", "bool", "string"), range (int) and default as Kconfig writes it
 * ("11", "y", "/bin/sh" unquoted); -1 for a knob without a symbol (bench, skip) */
struct ib_knob_kconfig {
	const char *sym, *type;
	long min, max;
	const char *def;
};
int ib_knob_kconfig(unsigned id, struct ib_knob_kconfig *out);
/* 1 for a path knob (hello, hello_dyn, sh, tmpdir, fsdir, macro_dir): absolute, in the system
 * the suite runs in */
int ib_knob_is_path(unsigned id);
/* how a value is written, for usage texts: "1..20", "0|1", "LIST" or "PATH"; returns buf */
const char *ib_knob_form(unsigned id, char *buf, size_t cap);
/* the value in force as text, into buf; returns buf */
const char *ib_knob_value(const struct ib_knobs *k, unsigned id, char *buf, size_t cap);
const char *ib_knob_src_name(enum ib_knob_src s);
/* 1 for a value the fs knob takes: "" (none) or one of IB_FS_TYPES (PID 1 checks with it) */
int ib_fs_value_ok(const char *v);
/* 1 if name is in the comma list (exact item match) */
int ib_list_has(const char *list, const char *name);
void ib_run_order(unsigned *idx, unsigned n, unsigned long seed);
unsigned ib_plan_build(const unsigned *sel, unsigned nsel, unsigned rounds, unsigned long seed,
		       unsigned *bench, unsigned *round, unsigned cap);

#endif
