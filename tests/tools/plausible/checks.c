/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * checks.c - the plausible tool's problem list and its relations between metrics
 * (plausible.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report/store/bootdata.h"
#include "report/stats/stats.h"
#include "tests/tools/plausible/plausible.h"

static int problems;
static char problem_lines[16][400]; /* repeated at the end: a test log's tail shows them */

void problem(const char *what, const char *detail)
{
	char line[sizeof(problem_lines[0])];

	snprintf(line, sizeof(line), "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
	printf("plausible: %s\n", line);
	if (problems < 16)
		memcpy(problem_lines[problems], line, sizeof(line));
	problems++;
}

int finish(void)
{
	for (int i = 0; i < problems && i < 16; i++)
		printf("plausible: problem %d of %d: %s\n", i + 1, problems, problem_lines[i]);
	printf("plausible: %d problem(s)\n", problems);
	return problems ? 1 : 0;
}

static double median_of(json_t *ms, const char *metric)
{
	size_t i;
	json_t *m;

	json_array_foreach(ms, i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		if (name && strcmp(name, metric) == 0)
			return json_number_value(json_object_get(m, "median"));
	}
	return NAN;
}

void order(json_t *ms, const char *a, const char *b)
{
	double va = median_of(ms, a), vb = median_of(ms, b);
	char buf[200];

	snprintf(buf, sizeof(buf), "%s %.4g < %s %.4g", a, va, b, vb);
	if (!(va < vb))
		problem("ordering does not hold", buf);
	else
		printf("plausible: ok %s\n", buf);
}

json_t **the_boots; /* the boots given, for the paired orderings */
int nboots;

/* the stored median of metric's first measurement in round r of a boot (0: no rounds) */
static double round_value(const json_t *res, const char *metric, long r)
{
	size_t i;
	json_t *m;

	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		if (name && !strcmp(name, metric) && ib_round_of(json_object_get(m, "params")) == r)
			return ib_measurement_counts(res, m) ?
			       json_number_value(json_object_get(m, "median")) : NAN;
	}
	return NAN;
}

/*
 * The median over every (boot, round) of a's figure over b's in that same round. Two
 * benchmarks of one round ran milliseconds apart, so they share whatever speed the host
 * gave the guest then; figures from different rounds or boots do not. This VM's host moves
 * every latency ~25% up or down together for seconds at a time: AF UNIX over UDP natively,
 * 9 rounds of one CI check, paired: 0.82-1.11, median 0.87; pooled per boot, one boot of
 * the three came out 15.9 against 15.51 us, and in another check two of three did.
 */
static double paired_ratio(const char *a, const char *b, int *npairs)
{
	double r[1024];
	int k = 0;

	for (int i = 0; i < nboots; i++) {
		long seen[256];
		int nseen = 0;
		size_t j;
		json_t *m;

		json_array_foreach(json_object_get(the_boots[i], "measurements"), j, m) {
			const char *name = json_string_value(json_object_get(m, "metric"));
			long rd = ib_round_of(json_object_get(m, "params"));
			int dup = 0;

			if (!name || strcmp(name, a))
				continue;
			for (int q = 0; q < nseen; q++)
				dup |= seen[q] == rd;
			if (dup || nseen == 256 || k == 1024)
				continue;
			seen[nseen++] = rd;
			double va = round_value(the_boots[i], a, rd), vb = round_value(the_boots[i], b, rd);
			if (isfinite(va) && isfinite(vb) && vb > 0)
				r[k++] = va / vb;
		}
	}
	*npairs = k;
	return ib_stat_median(r, (size_t)k);
}

/*
 * like order(), but only when the boot has both metrics, and judged on paired_ratio();
 * or_equal allows a <= b; slack > 1 allows a up to slack x b (where noise swamps the
 * difference, see main()). The medians over the boots are printed beside it.
 */
void order_within(json_t *ms, const char *a, const char *b, int or_equal, double slack)
{
	double va = median_of(ms, a), vb = median_of(ms, b), ratio;
	char buf[300], of[32] = "";
	int np;

	if (isnan(va) || isnan(vb))
		return;
	ratio = paired_ratio(a, b, &np);
	if (slack != 1)
		snprintf(of, sizeof(of), "%g x ", slack);
	snprintf(buf, sizeof(buf), "%s %.4g %s %s%s %.4g (%s/%s: median %.3g over %d paired round%s)",
		 a, va, or_equal ? "<=" : "<", of, b, vb, a, b, ratio, np, np == 1 ? "" : "s");
	if (or_equal ? !(ratio <= slack) : !(ratio < slack))
		problem("ordering does not hold", buf);
	else
		printf("plausible: ok %s\n", buf);
}

void paired_only(json_t *ms, const char *a, const char *b, const char *why)
{
	double va = median_of(ms, a), vb = median_of(ms, b), ratio;
	int np;

	if (isnan(va) || isnan(vb))
		return;
	ratio = paired_ratio(a, b, &np);
	printf("plausible: not judged (%s): %s %.4g, %s %.4g (%s/%s: median %.3g over %d paired "
	       "round%s)\n", why, a, va, b, vb, a, b, ratio, np, np == 1 ? "" : "s");
}

void order_if(json_t *ms, const char *a, const char *b, int or_equal)
{
	order_within(ms, a, b, or_equal, 1);
}

json_t *metric_obj(json_t *ms, const char *metric)
{
	size_t i;
	json_t *m;

	json_array_foreach(ms, i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		if (name && strcmp(name, metric) == 0)
			return m;
	}
	return NULL;
}

static double param_num(json_t *m, const char *key)
{
	json_t *v = json_object_get(json_object_get(m, "params"), key);

	if (json_is_number(v))
		return json_number_value(v);
	return json_string_value(v) ? atof(json_string_value(v)) : NAN;
}

const char *param_str(json_t *m, const char *key)
{
	return json_string_value(json_object_get(json_object_get(m, "params"), key));
}

/* null call < one page fault, as lmbench 2.0 measures it and as lmbench 3's per page implies */
void page_fault(json_t *ms)
{
	json_t *pf = metric_obj(ms, "page_fault");
	double per_page = median_of(ms, "page_fault"), null = median_of(ms, "null_call");
	double pages = param_num(pf, "pages"), faults = param_num(pf, "faults_per_pass");
	double per_fault;
	char buf[200];

	if (metric_obj(ms, "pf_per_fault") && !isnan(null))
		order(ms, "null_call", "pf_per_fault");
	if (!pf || isnan(null))
		return;
	per_fault = faults > 0 && pages > 0 ? per_page * pages / faults : per_page;
	snprintf(buf, sizeof(buf), "null_call %.4g < one page fault %.4g (%.4g per page, %g pages, %g faults)",
		 null, per_fault, per_page, pages, faults);
	if (!(null < per_fault))
		problem("ordering does not hold", buf);
	else
		printf("plausible: ok %s\n", buf);
}

/* the first measurement of metric in round r of a boot, or NULL */
static const json_t *round_metric(const json_t *res, const char *metric, long r)
{
	size_t i;
	json_t *m;

	json_array_foreach(json_object_get(res, "measurements"), i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		if (name && !strcmp(name, metric) && ib_round_of(json_object_get(m, "params")) == r)
			return m;
	}
	return NULL;
}

/* the least of a record's samples, NAN without any */
static double least_sample_of(const json_t *m)
{
	double least = NAN;
	size_t q;
	json_t *s;

	json_array_foreach(json_object_get(m, "samples"), q, s)
		if (isnan(least) || json_number_value(s) < least)
			least = json_number_value(s);
	return least;
}

/* the least sample of metric in a boot, over its rounds (ib_boot_samples), NAN without one */
static double least_sample(const json_t *res, const char *metric)
{
	double *v, least = NAN;
	size_t n;

	ib_boot_samples(res, metric, &v, &n, NULL, NULL, NULL);
	for (size_t i = 0; i < n; i++)
		least = isnan(least) || v[i] < least ? v[i] : least;
	free(v);
	return least;
}

/*
 * lmbench 2.0's File Create/Delete (bench/lat_fs.c): each best-round record (the 2.0 column)
 * is exactly the least of its rounds' record; a create is 3 syscalls (creat, write, close), a
 * delete 1, so a best round costs more than that many of the boot's least null call. Not
 * under UML (uml): every syscall there is a ptrace round trip, the margin is the file work
 * alone, and the host's speed (2x for seconds) decides between two benchmarks (a loaded host:
 * least null call 205 us, a delete's best 135 us); native and TCG margins are 10-40x.
 */
void fs_flat(int uml)
{
	static const char *const ops[] = { "create_0k", "delete_0k", "create_10k", "delete_10k" };
	char rounds[48], best[48], buf[300];

	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		int checked = 0, bad = 0, calls = ops[k][0] == 'c' ? 3 : 1;
		/* the record closest to the bound: its best round and its boot's null call */
		double margin = INFINITY, worst = NAN, null_at = NAN;

		snprintf(rounds, sizeof(rounds), "fs_flat_%s", ops[k]);
		snprintf(best, sizeof(best), "fs_flat_%s_best", ops[k]);
		for (int i = 0; i < nboots; i++) {
			double null = least_sample(the_boots[i], "null_call");
			size_t j;
			json_t *m;

			json_array_foreach(json_object_get(the_boots[i], "measurements"), j, m) {
				const char *name = json_string_value(json_object_get(m, "metric"));
				long rd = ib_round_of(json_object_get(m, "params"));
				const json_t *b = round_metric(the_boots[i], best, rd);
				double least = least_sample_of(m), v;

				if (!name || strcmp(name, rounds) || !b)
					continue;
				checked++;
				v = json_number_value(json_array_get(json_object_get(b, "samples"), 0));
				if (json_array_size(json_object_get(b, "samples")) != 1 || v != least) {
					snprintf(buf, sizeof(buf), "boot %d round %ld: %s %.6g, least %s %.6g",
						 i + 1, rd, best, v, rounds, least);
					problem("best round is not the least round", buf);
					bad = 1;
				}
				if (!isnan(null) && v - calls * null < margin)
					margin = v - calls * null, worst = v, null_at = null;
			}
		}
		if (checked && !bad)
			printf("plausible: ok %s = the least sample of %s (%d record%s)\n", best,
			       rounds, checked, checked == 1 ? "" : "s");
		if (uml || isnan(null_at)) {
			printf("plausible: not checked%s: %d x least null_call < %s\n",
			       uml ? " under UML" : " (no null_call)", calls, best);
			continue;
		}
		snprintf(buf, sizeof(buf), "%d x least null_call %.4g < %s %.4g (the closest record)",
			 calls, null_at, best, worst);
		if (!(margin > 0))
			problem("ordering does not hold", buf);
		else
			printf("plausible: ok %s\n", buf);
	}
}

/*
 * faults_per_touch of the per-touch fault metrics, counted by the kernel over every touch
 * (bench/fs/lat_fault.c): anonymous memory is mapped a page per fault whatever the kernel
 * (the benchmark turns THP off for it), so there it must be 1; a file's fault may map a
 * whole large folio (ext4 on 6.18: a shared write fault mapped 16 pages), so there it is
 * only printed. Each boot is checked (the ratio is a count, not a time).
 */
void faults_per_touch(json_t **boots, int n)
{
	static const struct { const char *metric; int must_be_one; } kinds[] = {
		{ "pf_per_fault", 0 }, { "pf_anon_read", 1 }, { "pf_anon_write", 1 },
		{ "pf_file_read", 0 }, { "pf_file_write", 0 },
	};
	char buf[200];

	for (int b = 0; b < n; b++)
		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			json_t *m = metric_obj(json_object_get(boots[b], "measurements"), kinds[k].metric);
			double r = param_num(m, "faults_per_touch");

			if (!m)
				continue;
			snprintf(buf, sizeof(buf), "%s faults_per_touch %g (boot %d)", kinds[k].metric, r, b + 1);
			if (!(r > 0))
				problem("no page fault counted", buf);
			else if (kinds[k].must_be_one && fabs(r - 1) > 0.01)
				problem("not one fault per touch", buf);
			else
				printf("plausible: %s %s\n", kinds[k].must_be_one ? "ok" : "note:", buf);
		}
}

void bandwidths(json_t *ms)
{
	/* the copies of the bandwidth table against our 64-bit read of every word, which
	 * memory rather than the loop limits (lmbench's 4-byte chain may not be) */
	static const char *const copies[] = { "bw_mem_bcopy", "bw_mem_fcp" };
	size_t i;
	json_t *m;
	double rd = median_of(ms, "bw_mem_read");
	char buf[200];

	json_array_foreach(ms, i, m) {
		const char *unit = json_string_value(json_object_get(m, "unit"));
		double med = json_number_value(json_object_get(m, "median"));
		if (unit && strcmp(unit, "MB/s") == 0 && med >= 1e6) {
			snprintf(buf, sizeof(buf), "%s %.4g MB/s",
				 json_string_value(json_object_get(m, "metric")), med);
			problem("bandwidth beyond any memory system", buf);
		}
	}
	/* a copy reads and writes every byte, so it cannot beat reading alone by 2x */
	for (i = 0; i < sizeof(copies) / sizeof(copies[0]); i++) {
		double cp = median_of(ms, copies[i]);

		if (isnan(rd) || isnan(cp))
			continue;
		snprintf(buf, sizeof(buf), "%s %.4g < 2 x bw_mem_read %.4g", copies[i], cp, rd);
		if (!(cp < 2 * rd))
			problem("bandwidth relation does not hold", buf);
		else
			printf("plausible: ok %s\n", buf);
	}
}

void native_checks(json_t *root, json_t *ms)
{
	static const char *const l1s[] = { "lat_l1", "lat_mem_rd_l1" };
	double mhz = median_of(ms, "mhz");
	const char *info = json_string_value(json_object_get(json_object_get(root, "env"), "cpu_mhz"));
	double cpuinfo = info ? atof(info) : 0;
	char buf[200];

	for (size_t i = 0; i < 2; i++) {
		double l1 = median_of(ms, l1s[i]), cycles = l1 * mhz / 1000.0;

		if (isnan(mhz) || isnan(l1))
			continue;
		snprintf(buf, sizeof(buf), "%s %.4g ns at %.0f MHz = %.2f cycles", l1s[i], l1, mhz, cycles);
		if (!(cycles >= 1 && cycles <= 10))
			problem("L1 latency is not a few cycles", buf);
		else
			printf("plausible: ok %s\n", buf);
	}
	if (!isnan(mhz) && cpuinfo > 0) {
		snprintf(buf, sizeof(buf), "mhz %.0f vs /proc/cpuinfo %.0f", mhz, cpuinfo);
		if (!(mhz > cpuinfo / 2 && mhz < cpuinfo * 2))
			problem("measured Mhz far from /proc/cpuinfo", buf);
		else
			printf("plausible: ok %s\n", buf);
	}
}

/* clocksources whose reads the x86 and arm64 vDSOs serve without a system call */
static int vdso_clocksource(const char *name)
{
	static const char *const served[] = { "tsc", "tsc-early", "kvm-clock",
					      "hyperv_clocksource_tsc_page", "arch_sys_counter",
					      NULL };

	for (int i = 0; name && served[i]; i++)
		if (!strcmp(name, served[i]))
			return 1;
	return 0;
}

/*
 * The Core operations (bench/core/): a vDSO clock read makes no system call, so it is below
 * the null call and below the same read made as a system call; but only where the vDSO
 * serves the kernel's clocksource (else it makes the call itself) and not under UML (whose
 * vDSO is a system call: arch/x86/um/vdso). An eventfd round trip is two calls and two
 * wake-ups on each side, a futex round trip two calls and a wake-up on each side, a thread
 * create a clone and three memory-map calls: each above a null call anywhere. poll and select scan every descriptor
 * of the set, so 1000 cost more than 10; epoll_wait over 1000 with one ready reads its ready
 * list: below half of what a scan of 1000 costs (not under UML, where the ptrace round trip
 * of every call, ~60 us, is most of either). A read, write or pipe pass of 64 KB copies
 * 65536 times the bytes of one of 1 B through the same call: more. sendfile and splice move
 * 64 KB in two calls each, an io_uring NOP is a call that also submits and completes a
 * request: each above a null call. None of these under UML, where every call is a ptrace
 * round trip of 80-120 us that swamps a 64 KB copy (one boot: read 90.2 for 1 B, 95.7 for
 * 64 KB) and the null call, the suite's first benchmark, caught the boot's own work there
 * (320 us in its first samples, 120 in its last; 254 against splice_64k's 236).
 * A fork by a parent holding 256 MB touched copies 65536 page-table entries more than a bare
 * fork proc; mapping and unmapping memory that was touched adds a fault per page to the same
 * mmap + munmap (mmap_256m_touch may be shrunk to 64 MB, still 16384 faults), and a touched
 * large region adds more faults than a touched 4 KB one; a 2 MB huge page fault zeroes 512
 * times what a 4 KB one does (pf_thp only where THP ran: order_if skips a missing metric).
 */
void core_ops(json_t *ms, int uml)
{
	json_t *vdso = metric_obj(ms, "clock_vdso");
	const char *cs = vdso ? param_str(vdso, "clocksource") : NULL;

	if (vdso && uml)
		printf("plausible: not checked under UML: clock_vdso < null_call, clock_sys\n");
	else if (vdso && !vdso_clocksource(cs))
		printf("plausible: not checked on clocksource %s (no vDSO mode): clock_vdso < "
		       "null_call, clock_sys\n", cs ? cs : "(none recorded)");
	else {
		order_if(ms, "clock_vdso", "null_call", 0);
		order_if(ms, "clock_vdso", "clock_sys", 0);
	}
	order_if(ms, "null_call", "eventfd_pp", 0);
	order_if(ms, "null_call", "futex_pp", 0);
	order_if(ms, "null_call", "thread_create", 0);
	order_if(ms, "poll_10", "poll_1000", 0);
	order_if(ms, "select_10", "select_1000", 0);
	if (uml && (metric_obj(ms, "read_1") || metric_obj(ms, "pipe_rw_1") ||
		    metric_obj(ms, "sendfile_64k") || metric_obj(ms, "uring_nop")))
		printf("plausible: not checked under UML: read_1 < read_64k, write_1 < write_64k, "
		       "pipe_rw_1 < pipe_rw_64k, null_call < sendfile_64k, splice_64k, uring_nop\n");
	else if (!uml) {
		order_if(ms, "read_1", "read_64k", 0);
		order_if(ms, "write_1", "write_64k", 0);
		order_if(ms, "pipe_rw_1", "pipe_rw_64k", 0);
		order_if(ms, "null_call", "sendfile_64k", 0);
		order_if(ms, "null_call", "splice_64k", 0);
		order_if(ms, "null_call", "uring_nop", 0);
	}
	order_if(ms, "fork_proc", "big_fork", 0);
	order_if(ms, "mmap_4k", "mmap_4k_touch", 0);
	order_if(ms, "mmap_256m", "mmap_256m_touch", 0);
	order_if(ms, "mmap_4k_touch", "mmap_256m_touch", 0);
	order_if(ms, "pf_anon_write", "pf_thp", 0);
	if (uml && metric_obj(ms, "epoll_1000")) {
		printf("plausible: not checked under UML: epoll_1000 < 0.5 x select_1000, "
		       "poll_1000\n");
		return;
	}
	order_within(ms, "epoll_1000", "select_1000", 0, 0.5);
	order_within(ms, "epoll_1000", "poll_1000", 0, 0.5);
}

/*
 * Scheduler (bench/sched/): perf's sched pipe round trip is lmbench's lat_pipe quantity with
 * a 4-byte int, so each is within 5x of the other: they run at different moments of a boot,
 * and under TCG the host moves each 2-3x (a loaded quick boot gave lat_pipe/sched_pipe 2.88
 * on one paired round), so the factor is wide, yet it still catches an operation counted
 * wrong (half a round trip, or ten); both are above a null call. A hackbench message is at least a write() and a read() of 100 bytes, so its
 * seconds per message (the run over its `messages` param) exceed a null call's.
 */
void sched_ops(json_t *ms)
{
	static const char *const hb[] = { "hackbench_proc_sock", "hackbench_proc_pipe",
					  "hackbench_thread_sock" };
	json_t *nc = metric_obj(ms, "null_call");

	order_if(ms, "null_call", "sched_pipe", 0);
	order_if(ms, "null_call", "sched_pipe_thread", 0);
	order_within(ms, "sched_pipe", "lat_pipe", 1, 5);
	order_within(ms, "lat_pipe", "sched_pipe", 1, 5);
	for (unsigned i = 0; nc && i < sizeof(hb) / sizeof(hb[0]); i++) {
		json_t *m = metric_obj(ms, hb[i]);
		double msgs = m ? param_num(m, "messages") : NAN, null_us, per_us;
		char buf[200];

		if (!m || !(msgs > 0))
			continue;
		null_us = json_number_value(json_object_get(nc, "median"));
		per_us = json_number_value(json_object_get(m, "median")) * 1e6 / msgs;
		snprintf(buf, sizeof(buf), "null_call %.4g us < %s per message %.4g us", null_us,
			 hb[i], per_us);
		if (!(null_us < per_us))
			problem("ordering does not hold", buf);
		else
			printf("plausible: ok %s\n", buf);
	}
}
