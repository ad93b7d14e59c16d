/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c - ibsuite: the benchmark suite, natively or under our PID 1.
 *
 * ibsuite [--from-cmdline] [--mode=init|native] [--note=KEY=VAL]... [--copy-fd=N]
 *         [--KNOB=VALUE]... [--list]
 *
 * Knobs: Kconfig default, then initbench.* words of /proc/cmdline (with --from-cmdline),
 * then --KNOB=VALUE arguments, whatever their order on the command line. stdout carries
 * KTAP and the records (docs/protocol.md), stderr the messages. Exit status 0 after the end
 * record; 1 only if the suite itself could not start (no clock, no pipe).
 *
 * Selection: "all" in bench takes the entries Kconfig enabled; naming an entry runs it even
 * if Kconfig disabled it (an explicit choice), so bench=all,x adds x. skip removes. Run
 * order is registry order, whatever the order of the list, unless the seed knob is not 0:
 * then the selection is shuffled by ib_run_order(). The plan record lists the order run and
 * KTAP numbers follow it, so test N is the Nth name of the plan.
 *
 * Rounds: with rounds = R > 1 the plan holds R x M runs, each in its own child, shuffled as
 * a whole by the seed (ib_plan_build; seed 0 runs round 1 of every benchmark, then round
 * 2...), named "name#k" in the plan and the KTAP lines. R = 1 is the plan as it was.
 *
 * --copy-fd=N (from PID 1, for initbench.out=): every line written to stdout is also
 * written to the open fd N, which PID 1 later puts on a disk.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "bench/lib/bench.h"
#include "bench/lib/env.h"
#include "bench/lib/knobs.h"
#include "bench/base/procstat.h"
#include "bench/base/record.h"
#include "bench/lib/runner.h"
#include "bench/lib/timer.h"

#define MAX_NOTES 64
#define IB_MAX_BENCHES 256
#define IB_MAX_RUNS (IB_MAX_BENCHES * 20)

static int bench_known(const char *name)
{
	for (unsigned i = 0; i < ib_nbenches; i++)
		if (!strcmp(ib_benches[i].name, name))
			return 1;
	return 0;
}

static int selected(const struct ib_knobs *k, const struct ib_bench *b)
{
	int in = (ib_list_has(k->bench, "all") && b->enabled) || ib_list_has(k->bench, b->name);

	return in && !ib_list_has(k->skip, b->name);
}

static void read_cmdline(char *buf, size_t cap)
{
	FILE *f = fopen("/proc/cmdline", "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, cap - 1, f);
		fclose(f);
	} else {
		fprintf(stderr, "ibsuite: --from-cmdline: cannot read /proc/cmdline\n");
	}
	buf[n] = '\0';
}

/* the pinning CPU must be one this process may run on */
static void check_cpu(struct ib_knobs *k)
{
	cpu_set_t set;
	char v[16];

	if (!k->opts.pin || sched_getaffinity(0, sizeof(set), &set))
		return;
	if (k->opts.cpu < CPU_SETSIZE && CPU_ISSET(k->opts.cpu, &set))
		return;
	snprintf(v, sizeof(v), "%d", k->opts.cpu);
	ib_knob_refuse(k, "cpu", v, "not a CPU this process may run on");
	if (k->opts.cpu < CPU_SETSIZE && CPU_ISSET(k->opts.cpu, &set))
		return;
	ib_knob_refuse(k, "pin", "1", "the default cpu is not available either");
	k->opts.pin = 0;
}

static void list(const struct ib_knobs *k)
{
	printf("%-14s %-12s %-8s %s\n", "name", "family", "enabled", "selected");
	for (unsigned i = 0; i < ib_nbenches; i++)
		printf("%-14s %-12s %-8d %d\n", ib_benches[i].name, ib_benches[i].family,
		       ib_benches[i].enabled, selected(k, &ib_benches[i]));
}

static void summary(struct ib_out *o, const struct ib_run_stats *st, unsigned planned)
{
	ib_out_text(o, "# initbench summary: %u planned, %u ok, %u skipped, %u failed, %u timeout",
		    planned, st->count[IB_ST_OK], st->count[IB_ST_SKIPPED],
		    st->count[IB_ST_FAILED], st->count[IB_ST_TIMEOUT]);
	ib_out_text(o, "# %-14s %-14s %12s %12s %s", "bench", "metric", "median", "min", "unit");
	for (unsigned i = 0; i < st->nrows; i++) {
		const struct ib_summary_row *r = &st->rows[i];
		ib_out_text(o, "# %-14s %-14s %12.6g %12.6g %s", r->bench, r->metric, r->median,
			    r->min, r->unit);
	}
}

int main(int argc, char **argv)
{
	static struct ib_knobs k;
	static struct ib_rec rec;
	static struct ib_run_stats st;
	static char cmdline[8192];
	static struct ib_timer timer;
	static struct ib_procstat ps;
	char *notes[MAX_NOTES];
	const char *knob_args[256];
	static unsigned sel[IB_MAX_BENCHES], order[IB_MAX_RUNS], round[IB_MAX_RUNS];
	static char names[IB_REC_MAX];
	unsigned nnotes = 0, nknob_args = 0, nsel = 0, planned;
	int from_cmdline = 0, want_list = 0, copy_fd = -1;
	const char *mode = "native";
	struct ib_out o;

	ib_knobs_init(&k);
	k.bench_known = bench_known;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--from-cmdline")) {
			from_cmdline = 1;
		} else if (!strcmp(a, "--list")) {
			want_list = 1;
		} else if (!strncmp(a, "--mode=", 7)) {
			if (!strcmp(a + 7, "init") || !strcmp(a + 7, "native"))
				mode = a + 7;
			else
				ib_knob_refuse(&k, "mode", a + 7, "not init or native");
		} else if (!strncmp(a, "--note=", 7)) {
			if (ib_note_ok(a + 7) && nnotes < MAX_NOTES)
				notes[nnotes++] = argv[i] + 7;
			else
				ib_knob_refuse(&k, "note", a + 7, "not KEY=VALUE with KEY in [a-z0-9_.]");
		} else if (!strncmp(a, "--copy-fd=", 10)) {
			char *end;
			long fd = strtol(a + 10, &end, 10);

			if (end != a + 10 && !*end && fd > 2 && fd < 1024 &&
			    fcntl((int)fd, F_SETFD, FD_CLOEXEC) == 0)
				copy_fd = (int)fd;  /* benchmark children need not inherit it */
			else
				ib_knob_refuse(&k, "copy_fd", a + 10, "not an open fd above 2");
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fprintf(stderr, "usage: ibsuite [--from-cmdline] [--mode=init|native] "
					"[--note=KEY=VAL]... [--KNOB=VALUE]... [--list]\n");
			return 0;
		} else if (nknob_args < sizeof(knob_args) / sizeof(knob_args[0])) {
			knob_args[nknob_args++] = a;
		} else {
			ib_knob_refuse(&k, "args", a, "too many arguments");
		}
	}
	if (from_cmdline) {
		read_cmdline(cmdline, sizeof(cmdline));
		ib_knobs_from_cmdline(&k, cmdline);
	}
	for (unsigned i = 0; i < nknob_args; i++)
		ib_knob_arg(&k, knob_args[i]);
	check_cpu(&k);
	ib_knobs_check_inject(&k);
	ib_opts = &k.opts;
	if (want_list) {
		list(&k);
		return 0;
	}
	if (ib_timer_measure(&timer)) {
		fprintf(stderr, "ibsuite: CLOCK_MONOTONIC does not work\n");
		return 1;
	}
	ib_timer = &timer;
	if (ib_runner_init()) {
		fprintf(stderr, "ibsuite: cannot set up the runner\n");
		return 1;
	}
	for (unsigned i = 0; i < ib_nbenches && nsel < IB_MAX_BENCHES; i++)
		if (selected(&k, &ib_benches[i]))
			sel[nsel++] = i;
	planned = ib_plan_build(sel, nsel, k.rounds, k.seed, order, round, IB_MAX_RUNS);
	/* one round: no round fields, plain names, as before rounds existed */
	if (k.rounds <= 1)
		memset(round, 0, sizeof(round));

	ib_out_init(&o, 1);
	o.copy_fd = copy_fd;
	ib_out_text(&o, "KTAP version 1");
	ib_out_text(&o, "1..%u", planned);
	ib_runner_drop_caches = !strcmp(mode, "init");
	ib_env_begin(&rec, mode, &timer, &k, notes, nnotes);
	ib_rec_str(&rec, "fs_prep", ib_runner_fs_prep());
	ib_procstat_read(&ps);
	ib_procstat_rec(&rec, &ps);
	if (ib_out_record(&o, &rec))
		fprintf(stderr, "ibsuite: begin record refused\n");

	ib_rec_init(&rec, "plan");
	ib_rec_u64(&rec, "count", planned);
	{
		size_t len = 0;
		char name[96];
		names[0] = '\0';
		for (unsigned i = 0; i < planned; i++) {
			ib_run_name(&ib_benches[order[i]], round[i], name, sizeof(name));
			len += (size_t)snprintf(names + len, sizeof(names) - len, "%s%s",
						len ? "," : "", name);
			if (len >= sizeof(names))
				len = sizeof(names) - 1;
		}
		ib_rec_str(&rec, "benches", names);
	}
	if (ib_out_record(&o, &rec))
		fprintf(stderr, "ibsuite: plan record refused (too long)\n");

	for (unsigned i = 0; i < planned; i++)
		ib_run_bench(&o, &ib_benches[order[i]], round[i], i + 1, &st);

	ib_rec_init(&rec, "end");
	ib_rec_u64(&rec, "records", o.seq);
	{
		char d[16];
		snprintf(d, sizeof(d), "%08x", (unsigned)o.digest);
		ib_rec_str(&rec, "digest", d);
	}
	/* what one read costs, so that a reader knows what a per-benchmark read would add */
	ib_procstat_read(&ps);
	{
		int64_t t0 = ps.t_ns;

		ib_procstat_read(&ps);
		ib_procstat_rec(&rec, &ps);
		ib_rec_i64(&rec, "dist.read_ns", ps.t_ns - t0);
	}
	ib_out_record(&o, &rec);
	summary(&o, &st, planned);
	return 0;
}
