/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runner.h - one benchmark run in a child (the output stream it writes to: out.h).
 *
 * ib_runner_init() prepares the parent once: SIGCHLD wakes poll() through a self-pipe,
 * SIGPIPE is ignored, and the suite becomes a child subreaper so that processes a benchmark
 * leaves behind are reaped here (not by whoever is above us).
 *
 * ib_run_bench() runs b->run() in a forked child:
 *  - the child gets its own process group (setpgid, done in both processes against the
 *    race), stdout redirected to stderr (a stray printf cannot reach the console
 *    unframed), pinned with ib_pin_self() when opts->pin, and a close-on-exec pipe for its
 *    records (ib_harness_begin). When run() returns, the child sends a control line
 *    "!ret <code> <escaped reason>" and exits 0;
 *  - the parent reads payload lines from the pipe, checks each is one line of
 *    "type key=value..." with a type other than begin/plan/outcome/end, frames and writes
 *    it; a bad line is dropped with a message and turns an ok into failed: bad record;
 *  - at opts->timeout_s after the fork the whole group gets SIGKILL (or at the longer
 *    limit the benchmark asked for with ib_time_limit(), a control line "!limit S", at most
 *    IB_TIME_LIMIT_MAX_S); when the child ends, whatever is left in its group gets SIGKILL
 *    too; every member is reaped;
 *  - round: 0 in a plan of one round; k (1-based) for round k of a plan with several. It
 *    is set as ib_harness_round before the fork (every `m` record of the child carries
 *    round=k), the outcome record gets round=k after `wall_ms`, and the KTAP name and the
 *    summary rows' bench become "name#k" (plain "name" when round is 0);
 *  - then the outcome record and the KTAP line number ktap_no:
 *      ok            reason ""            "ok N name"
 *      skipped       reason from run()    "ok N name # SKIP reason"
 *      failed        reason from run(), or the signal name ("SIGSEGV"), or "exit 3",
 *                    or "bad record"      "not ok N name # failed: reason"
 *      timeout       "after N s" (the limit in force)   "not ok N name # timeout after N s"
 *  - st gets the counts and one summary row per `m` record (median and min of samples).
 * Returns the status (IB_ST_*).
 */
#ifndef IB_RUNNER_H
#define IB_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "bench/lib/bench.h"
#include "bench/base/record.h"
#include "bench/lib/out.h"

enum { IB_ST_OK, IB_ST_SKIPPED, IB_ST_FAILED, IB_ST_TIMEOUT };

#define IB_SUMMARY_MAX 256

struct ib_summary_row {
	char bench[64], metric[64], unit[16];
	double median, min;
	unsigned nsamples;
};

struct ib_run_stats {
	unsigned count[4];    /* by IB_ST_* */
	unsigned nrows;
	struct ib_summary_row rows[IB_SUMMARY_MAX];
};

int ib_runner_init(void);

/*
 * Before a benchmark that works on files (families lat_fs, lat_fs_tree, lat_vm, lat_fault,
 * bw_file) the parent calls sync(), so that writeback left by whatever ran before (a file
 * benchmark, the host's own work in native mode) does not land inside its timing; when
 * ib_runner_drop_caches is set (init mode: the machine is ours) it also drops the page cache
 * (drop_caches = 3).
 * ib_runner_fs_prep() names what is done, for the begin record (fs_prep=).
 */
extern int ib_runner_drop_caches;
const char *ib_runner_fs_prep(void);
int ib_run_bench(struct ib_out *o, const struct ib_bench *b, unsigned round, unsigned ktap_no,
		 struct ib_run_stats *st);
/* "name" for round 0, "name#k" for round k, into buf; returns buf */
const char *ib_run_name(const struct ib_bench *b, unsigned round, char *buf, size_t cap);
const char *ib_status_name(int status);
/* "SIGSEGV" for SIGSEGV; "SIG<n>" for one without a name */
const char *ib_signal_name(int sig, char *buf, size_t cap);

#endif
