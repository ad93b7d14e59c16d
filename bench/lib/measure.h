/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * measure.h - the harness side of bench.h's measurement API (ib_measure and friends).
 *
 * Sizing (docs/methods.md "Timing"): target = max(budget_ms, 1000 x timer resolution, 100 x
 * timer cost). n starts at 1 and doubles while an interval is below target/16, then is
 * scaled by 1.1 x target/interval (at most 16x per step) until one interval reaches
 * target. The sizing stops anyway after IB_SIZE_MAX_STEPS intervals or once it has spent
 * IB_SIZE_MAX_TARGETS x target of wall time past its first interval (a warning goes to
 * stderr and the n reached is kept), so it never costs more than a few budgets: an op
 * slower than the budget is sized at n = 1 by its first interval. Then one warm-up interval
 * (thrown away) and opts->reps intervals with that same n. A warm-up shorter than target
 * (the sizing interval was slow only because it was cold) scales n up by the same ratio
 * rule and warms up again, at most IB_WARMUP_MAX more times.
 *
 * Per-sample value = (interval_ns - C) / n / ns_per_unit - m->overhead, where
 *  - ib_measure():       C = ib_timer->cost_ns (the harness reads the clock twice around
 *                        fn, so one clock read lies inside every interval);
 *  - ib_measure_timed(): C = 0. fn takes its own timestamps, so only fn knows how many
 *                        clock reads lie inside its interval; a fn that wants the clock
 *                        cost out subtracts ib_timer->cost_ns from *elapsed_ns itself.
 *                        (At interval >= 100 x cost it is under 1% anyway.)
 * The `m` record's overhead field is C / n / ns_per_unit + m->overhead.
 * Units: "ns", "us", "ms", "s", and "MB/s" (MB = 10^6 bytes); anything else is refused with
 * -EINVAL. For "MB/s", m->bytes (bytes moved by one operation) must be > 0 (else -EINVAL)
 * and a sample is a rate, not a time: bytes * n / (interval_ns - C) * 1000 MB/s (an interval
 * not longer than C counts as 1 ns); m->overhead is ignored, the record's overhead is 0 and
 * it carries a `bytes` field. Sizing is the same (a sample lasts >= target): a bandwidth
 * benchmark picks bytes per op, the harness picks n.
 * ib_measure_count(): no sizing and no budget: one warm-up interval and opts->reps intervals of
 * exactly the n given (n > 0, else -EINVAL), C = 0 as for ib_measure_timed(). For an
 * operation whose count belongs to its definition (lmbench 2.0's 1000-file rounds). Each
 * sample interval must still reach the precision part of the target (1000 x resolution, 100
 * x clock cost), else -ERANGE with the reason set and nothing emitted.
 * ib_emit_result() emits a measurement computed elsewhere: raw_ns empty (the struct
 * ib_result has no room for raw intervals), overhead = m->overhead (0 for MB/s, with bytes).
 *
 * Errors: fn's negative return is passed back (nothing emitted); a record that cannot be
 * built (overflow, a bad key in m->params) gives -EINVAL. Every error sets ib_reason() if
 * the benchmark has not set one.
 *
 * cpu: ib_harness_placed_cpu when it is >= 0, else opts->cpu when opts->pin, else -1.
 *
 * Rounds: when ib_harness_round is not 0 (the runner sets it before forking the child of
 * round k of a plan with several rounds), every `m` record carries a field round=k after
 * `cpu`, so that benchmarks need not know about rounds. 0 (one round) adds nothing.
 *
 * Injection (docs/methods.md, "Injected cost"): when the inject_ns knob is not 0 and the
 * benchmark's registry name is in inject_bench, every interval of n operations of
 * ib_measure(), ib_measure_timed() and ib_measure_count() - sizing, warm-up and samples alike,
 * so n is sized for the slower operation - also busy-waits n x inject_ns ns on ib_now_ns():
 * inside the harness's two clock reads for ib_measure(), added to fn's *elapsed_ns for the
 * timed ones. Not for a baseline (ib_metric_is_baseline(): the benchmark subtracts it, so an
 * injected baseline would cancel the injection) and not for ib_emit_result() (its figure is
 * computed from samples that already carry it). The records say nothing of it: the begin
 * record's knob.inject_ns and knob.inject_bench do.
 *
 * Records leave through ib_send_payload(): one write() of "<payload>\n" to the fd given to
 * ib_harness_begin() (the runner's pipe in the benchmark's child; a test's pipe). With no fd
 * (< 0) records are dropped.
 */
#ifndef IB_MEASURE_H
#define IB_MEASURE_H

#include <stddef.h>

#include "bench/lib/bench.h"
#include "bench/base/record.h"

#define IB_SIZE_MAX_STEPS 64
#define IB_SIZE_MAX_TARGETS 8
#define IB_WARMUP_MAX 3

extern unsigned ib_harness_round;
/* the CPU a Placement benchmark pinned its own process to (bench/lib/place.h), for the
 * records' cpu field; -1 (the default): pin and cpu decide it */
extern int ib_harness_placed_cpu;

void ib_harness_begin(int fd, const char *bench);
int ib_send_payload(const struct ib_rec *r);

/* the text of the last ib_reason() ("" if none) and forgetting it */
const char *ib_reason_text(void);
void ib_reason_clear(void);

/* 1 for a baseline metric, never injected: a name ending in "_base", or sig_kill0,
 * ctx_overhead, prot_fault_kill0 (docs/protocol.md names them) */
int ib_metric_is_baseline(const char *metric);
/* the ns injected per operation into metric m of the benchmark in this child (0: none) */
uint64_t ib_inject_per_op(const struct ib_metric *m);
/* busy-wait until n x per_op ns (saturated at UINT64_MAX) have passed on ib_now_ns(); returns
 * the ns that passed (>= n x per_op; one clock read more at most), 0 at once if n or per_op
 * is 0 */
uint64_t ib_inject_wait(uint64_t n, uint64_t per_op);

/* ns per unit for a time unit, 0 for anything else */
double ib_unit_ns(const char *unit);
/* the sizing target in ns for the knobs and timer in force */
double ib_target_ns(void);

#endif
