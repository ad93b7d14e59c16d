/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * registry.c - the one table of benchmarks, in lmbench summary order.
 *
 * Nothing here is per benchmark: each one declares itself in its family's file with a
 * //bench: line (its order, name, Kconfig symbol and menu section) and a //config: entry,
 * which the build gathers into $(O)/include/benches.def, sorted by order, and the Benchmarks
 * menu of Kconfig (bench/gen/benchgen.h, bench/README.md). So adding one touches one file.
 * The order is the default run order and the KTAP test number; Mhz comes first because the
 * other figures are read against it, then lmbench's summary order, then the sections of our
 * own (Placement from 600, Scheduler from 660, Process and IPC variants from 700), then the selftests (named
 * only, never in `all`).
 *
 * The sections below are the headings of the Benchmarks menu, in menu order: a heading is
 * shared by benchmarks of several files, so it lives with the table.
 */
//section: processes Processor, Processes
//section: ctxsw Context switching (a ring of N processes, each summing K KB)
//section: clock Processor: measured clock
//section: lat_local *Local* Communication latencies (round trips)
//section: fs_vm File & VM system latencies
//section: bw_local *Local* Communication bandwidths
//section: mem_lat Memory latencies
//section: placement Placement (both processes pinned to one CPU, or to two)
//section: sched Scheduler (hackbench, perf bench sched pipe)
//section: variants Process and IPC variants (static exec, select read set and files, RPC without poll)
//section: core Core operations (time, randomness, yielding, waking)
//section: macro Macro workloads (a compile, a web server under load)
//section: test Test only

#include "config.h"
#include "bench/lib/bench.h"

/*
 * IB_IS_ENABLED(CONFIG_X): 1 when config.h defines CONFIG_X as 1 (a bool set to y), else 0.
 * An unset bool is simply absent from config.h, so its name must still be usable as an
 * argument: a defined one turns into "0," through IB__ON_1 and shifts the 1 into place.
 */
#define IB__ON_1 0,
#define IB_IS_ENABLED(x) IB__IS_ENABLED1(x)
#define IB__IS_ENABLED1(v) IB__IS_ENABLED2(IB__ON_##v)
#define IB__IS_ENABLED2(on) IB__IS_ENABLED3(on 1, 0, 0)
#define IB__IS_ENABLED3(skip, val, ...) val

#define IB_BENCH(name, family, sym) int ib_run_##name(void);
#define IB_BENCH_NAMED IB_BENCH
#include "benches.def"
#undef IB_BENCH
#undef IB_BENCH_NAMED

const struct ib_bench ib_benches[] = {
#define IB_BENCH(name, family, sym) { #name, family, ib_run_##name, IB_IS_ENABLED(sym) },
/* built only with their symbol (benches.def puts them under #ifdef); never in `all`, run
 * only when named: bench/selftest.c's benchmarks misbehave on purpose */
#define IB_BENCH_NAMED(name, family, sym) { #name, family, ib_run_##name, 0 },
#include "benches.def"
#undef IB_BENCH
#undef IB_BENCH_NAMED
};

const unsigned ib_nbenches = sizeof(ib_benches) / sizeof(ib_benches[0]);
