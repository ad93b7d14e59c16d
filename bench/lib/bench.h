/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench.h - the contract between a benchmark and the suite.
 *
 * A benchmark is one entry of the registry table (bench/registry.c), declared in its own
 * source file by a //bench: line and a //config: Kconfig entry that the build gathers
 * (bench/README.md, "Adding a benchmark"); its run() is ib_run_<name>(). The suite runs every
 * selected entry in its own child process: its own process group, pinned to opts->cpu unless
 * opts->pin is 0, killed (the whole group) after opts->timeout_s. Inside that child the
 * entry's run() measures with ib_measure()/ib_measure_timed(), which size the loop by time,
 * take one warm-up sample and opts->reps samples, subtract the clock cost and the metric's
 * overhead, and emit one `m` record (docs/protocol.md). run() returns IB_OK, IB_SKIP or
 * IB_FAIL; for the last two it first calls ib_reason() with a short text ("no AF_INET").
 * A crash or hang needs no code: the parent reports it.
 *
 * Rules for a benchmark:
 *  - never a fixed iteration count: the harness picks n; fn must do exactly n operations
 *    (ib_measure_count() only where lmbench's definition fixes the count);
 *  - keep the work observable (ib_sink) so the compiler cannot delete it;
 *  - clean up what it creates (files, children) before returning;
 *  - put every baseline it subtracts into its own `m` record (measure it with ib_measure too),
 *    its metric named "<metric>_base": the inject_ns knob's cost never goes into a baseline,
 *    and the harness knows one by that name (measure.h, ib_metric_is_baseline).
 */
#ifndef IB_BENCH_H
#define IB_BENCH_H

#include <stdint.h>
#include <sys/types.h>

struct sigaction;

#define IB_MAX_REPS 101

enum { IB_OK = 0, IB_SKIP = 1, IB_FAIL = 2 };

/* the knobs in force (Kconfig default, then /proc/cmdline or argv overrides) */
struct ib_opts {
	unsigned reps;       /* samples per measurement after the warm-up */
	unsigned budget_ms;  /* minimum length of one sample */
	unsigned timeout_s;  /* per benchmark limit */
	int pin;             /* 1: pin every process of a benchmark to cpu */
	int cpu;             /* the CPU to pin to */
	const char *hello;   /* tiny static hello binary (the static exec and sh variants) */
	const char *hello_dyn; /* the same, dynamically linked (exec proc, sh proc: lmbench's) */
	const char *sh;      /* the shell for sh proc */
	const char *tmpdir;  /* scratch directory (stat, open clos, select file) */
	const char *fsdir;   /* directory on the filesystem under test (file create/delete,
			      * mmap, page fault, file reread): the image's tmpfs by default */
	const char *fs;      /* the file system type fsdir must hold ("": whatever it is);
			      * under PID 1 also the disk it mounts there (bench/lib/fsdir.h) */
	const char *macro_dir; /* the compile workload's tree (scripts/mkmacro.sh) */
	unsigned http_n;     /* requests of the HTTP workload's -c 100 run */
	unsigned hackbench_groups, hackbench_loops; /* perf bench sched messaging's -g, -l */
	unsigned inject_ns;  /* ns of busy-wait added to every timed operation of the benchmarks
			      * in inject_bench (ground truth for the statistics; 0: off) */
	const char *inject_bench; /* comma list of registry names, or "" */
};

/* measured once at suite start, read-only afterwards */
struct ib_timer {
	double cost_ns;  /* one clock_gettime(CLOCK_MONOTONIC), min of many pairs */
	double res_ns;   /* smallest non-zero step seen (and >= clock_getres) */
};

extern const struct ib_opts *ib_opts;
extern const struct ib_timer *ib_timer;

/* perform exactly n operations; return 0, or -errno on failure */
typedef int (*ib_loop_fn)(void *arg, uint64_t n);
/* perform exactly n operations and time them itself (for work that needs set-up around the
 * timed part, e.g. a ring of processes); store the elapsed ns; return 0 or -errno */
typedef int (*ib_timed_fn)(void *arg, uint64_t n, uint64_t *elapsed_ns);

struct ib_metric {
	const char *name;    /* metric id (docs/protocol.md), e.g. "null_call" */
	const char *unit;    /* "us" */
	double overhead;     /* per operation, in unit, subtracted from every sample */
	const char *params;  /* extra fields for the record, "procs=2 size_kb=16", or NULL */
	double bytes;        /* unit "MB/s": bytes moved by one operation (MB = 10^6 bytes);
			      * a sample is then bytes * n / interval instead of a time per op */
};

struct ib_result {
	uint64_t iters;      /* operations per sample */
	unsigned nsamples;
	double samples[IB_MAX_REPS]; /* per operation, in unit, after subtraction */
	double median, min;
};

uint64_t ib_now_ns(void);
int ib_measure(const struct ib_metric *m, ib_loop_fn fn, void *arg, struct ib_result *out);
/* the run() of a benchmark that is one ib_measure(): IB_OK, or IB_FAIL with the reason
 * "<metric>: <error>" (the result itself is in the record) */
int ib_measure_run(const struct ib_metric *m, ib_loop_fn fn, void *arg);
int ib_measure_timed(const struct ib_metric *m, ib_timed_fn fn, void *arg, struct ib_result *out);
/* the one exception to "the harness picks n": n fixed where the count is part of the
 * quantity (lmbench 2.0's File Create/Delete: 1000 files in one directory per round); one
 * warm-up interval and reps samples of exactly n, timed by fn as for ib_measure_timed() */
int ib_measure_count(const struct ib_metric *m, ib_timed_fn fn, void *arg, uint64_t n,
		     struct ib_result *out);
/* emit a measurement computed elsewhere (e.g. null_io = mean of read and write) */
int ib_emit_result(const struct ib_metric *m, const struct ib_result *r);

void ib_reason(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * A benchmark whose one measurement lasts minutes by its nature (a macro workload: n HTTP
 * requests, three builds) sets its own time limit from the work it is about to do: the
 * runner then kills it at max(opts->timeout_s, seconds) after its start, seconds capped at
 * IB_TIME_LIMIT_MAX_S. Call it before the long part; a later call replaces the limit.
 */
#define IB_TIME_LIMIT_MAX_S 3600
void ib_time_limit(unsigned seconds);
/* pin the calling process to opts->cpu when opts->pin (children inherit it) */
int ib_pin_self(void);
/* end a helper process the benchmark forked (a server, a ring member): SIGKILL, then reap
 * it (waitpid, again after EINTR); *pid becomes 0. Nothing when *pid <= 0. */
void ib_kill_child(pid_t *pid);
/* ignore SIGPIPE while a helper may die under us (a write to it is then -EPIPE, an error the
 * benchmark reports, not a signal that ends it); *saved is what to restore with sigaction() */
void ib_ignore_sigpipe(struct sigaction *saved);

/* a place to put results so that the work stays observable */
extern volatile uint64_t ib_sink;

struct ib_bench {
	const char *name;    /* registry name, also the KTAP test name */
	const char *family;  /* source file / lmbench program it follows */
	int (*run)(void);
	int enabled;         /* built-in default (Kconfig) */
};

extern const struct ib_bench ib_benches[];
extern const unsigned ib_nbenches;

#endif
