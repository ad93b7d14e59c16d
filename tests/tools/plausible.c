/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plausible - check one boot's results.json the way a reader of the numbers would.
 *
 * Usage: plausible [--native|--values] RESULTS.JSON...   (the boots of one variant)
 * Fails (exit 1, one line per problem) unless: the log is complete; every planned benchmark
 * has an outcome "ok" (a cross-CPU Placement run may be skipped with "one CPU online" on a
 * boot whose begin record says ncpu=1, and only there); every measurement has finite
 * samples > 0 and a median > 0 (a
 * difference smaller than its subtracted baseline: the median over the boots > 0); and the
 * relations that hold on any kernel hold, for the metrics the boot has:
 *   null call < fork < exec < sh proc (exec and sh of the dynamic hello, lmbench's);
 *   static exec < dynamic exec (the loader's work); 2p/0K < 16p/64K context switch (not under UML;
 *   within 2x under TCG on aarch64, as AF UNIX <= UDP < TCP, see main());
 *   AF UNIX <= UDP < TCP round trip (not under UML, see below); null call < Page Fault (lmbench
 *   2.0's, per fault), and null call < one fault as lmbench 3's per page figure implies it
 *   (with fault-around one fault maps several pages: per page x pages / faults_per_pass);
 *   every touch of the anonymous fault kinds took one fault (faults_per_touch 1, from the
 *   kernel's counters; the file kinds' ratio is the kernel's choice and is printed);
 *   0K create <= 10K create (on tmpfs; lmbench 2.0's not under UML, see below); 3 least null
 *   calls < a file create's best round, 1 < a delete's (not under UML), and each best round
 *   exactly the least of its rounds (fs_flat());
 *   L1 < L2 < Main mem (the random chase); lmbench 2.0's stride-128 points: L1 $ < Main mem,
 *   L2 $ < Main mem; bcopy < mem read bandwidth * 2;
 *   every bandwidth below 10^6 MB/s (no machine moves a TB/s through one core: a unit slip).
 * The fork/exec/sh, context switch and protocol orderings and the "ok when present" ones
 * (create, caches) are judged on the median over every (boot, round) of the ratio of the two
 * figures within that round (paired_ratio()); the others on the medians over the boots
 * (combine()).
 * With --native (a real CPU, not an emulator): L1 latency is 1..10 cycles at the measured
 * Mhz (the random chase's and lmbench 2.0's 1 KB point), and the measured Mhz is within a factor 2 of /proc/cpuinfo's (when it has one).
 * With --values only the completeness, the samples and the bandwidth bound are checked, no
 * ordering: for a test of something other than the benchmarks (a kernel build), where one
 * boot under TCG cannot carry the orderings (boot-qemu-tcg.sh judges them over 3 boots).
 * Prints the medians it checked.
 */
#include <jansson.h>

#include "report/store/bootdata.h"
#include "report/stats/stats.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int problems;
static char problem_lines[16][400]; /* repeated at the end: a test log's tail shows them */

static void problem(const char *what, const char *detail)
{
	char line[sizeof(problem_lines[0])];

	snprintf(line, sizeof(line), "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
	printf("plausible: %s\n", line);
	if (problems < 16)
		memcpy(problem_lines[problems], line, sizeof(line));
	problems++;
}

static int finish(void)
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

static void order(json_t *ms, const char *a, const char *b)
{
	double va = median_of(ms, a), vb = median_of(ms, b);
	char buf[200];

	snprintf(buf, sizeof(buf), "%s %.4g < %s %.4g", a, va, b, vb);
	if (!(va < vb))
		problem("ordering does not hold", buf);
	else
		printf("plausible: ok %s\n", buf);
}

static json_t **the_boots; /* the boots given, for the paired orderings */
static int nboots;

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
static void order_within(json_t *ms, const char *a, const char *b, int or_equal, double slack)
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

static void order_if(json_t *ms, const char *a, const char *b, int or_equal)
{
	order_within(ms, a, b, or_equal, 1);
}

static json_t *metric_obj(json_t *ms, const char *metric)
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

static const char *param_str(json_t *m, const char *key)
{
	return json_string_value(json_object_get(json_object_get(m, "params"), key));
}

/* null call < one page fault, as lmbench 2.0 measures it and as lmbench 3's per page implies */
static void page_fault(json_t *ms)
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
static void fs_flat(int uml)
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
static void faults_per_touch(json_t **boots, int n)
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

static void bandwidths(json_t *ms)
{
	size_t i;
	json_t *m;
	double rd = median_of(ms, "bw_mem_read"), cp = median_of(ms, "bw_bcopy_libc");
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
	if (!isnan(rd) && !isnan(cp)) {
		snprintf(buf, sizeof(buf), "bw_bcopy_libc %.4g < 2 x bw_mem_read %.4g", cp, rd);
		if (!(cp < 2 * rd))
			problem("bandwidth relation does not hold", buf);
		else
			printf("plausible: ok %s\n", buf);
	}
}

static void native_checks(json_t *root, json_t *ms)
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

/*
 * A cross-CPU Placement run needs two CPUs: on a boot that says it had one (ncpu=1 in its
 * begin record) it is skipped with "one CPU online", and that is its right outcome there.
 */
static int one_cpu_skip(json_t *root, const char *bench, const char *status, const char *reason)
{
	const char *ncpu = json_string_value(json_object_get(json_object_get(root, "env"), "ncpu"));
	size_t n = strlen(bench);

	return n > 6 && !strcmp(bench + n - 6, "_cross") && status && !strcmp(status, "skipped") &&
	       reason && !strcmp(reason, "one CPU online") && ncpu && !strcmp(ncpu, "1");
}

/* the per-boot checks: complete, every planned benchmark ok, every sample positive */
static json_t *check_boot(const char *path)
{
	json_error_t err;
	json_t *root, *ms, *outs, *plan, *m, *o;
	const char *status;
	size_t i, j;

	root = json_load_file(path, 0, &err);
	if (!root) {
		char buf[300];
		snprintf(buf, sizeof(buf), "%s: %s (line %d)", path, err.text, err.line);
		problem("unreadable", buf);
		return NULL;
	}
	status = json_string_value(json_object_get(json_object_get(root, "integrity"), "status"));
	if (!status || strcmp(status, "complete") != 0)
		problem("log incomplete", path);
	ms = json_object_get(root, "measurements");
	outs = json_object_get(root, "outcomes");
	plan = json_object_get(json_object_get(root, "plan"), "benches");
	if (!json_is_array(ms) || json_array_size(ms) == 0)
		problem("no measurements", path);
	json_array_foreach(plan, i, o) {
		const char *b = json_string_value(o);
		int found = 0;
		json_array_foreach(outs, j, m) {
			const char *ob = json_string_value(json_object_get(m, "bench"));
			const char *st = json_string_value(json_object_get(m, "status"));
			json_t *round = json_object_get(m, "round");
			char run[160];

			/* with rounds the plan names each run NAME#ROUND (docs/protocol.md) */
			if (ob && json_is_integer(round))
				snprintf(run, sizeof(run), "%s#%lld", ob, (long long)json_integer_value(round));
			else
				snprintf(run, sizeof(run), "%s", ob ? ob : "");
			if (b && ob && strcmp(b, run) == 0) {
				found = 1;
				if (one_cpu_skip(root, ob, st, json_string_value(json_object_get(m, "reason"))))
					printf("plausible: note: %s skipped on a one-CPU boot: %s\n", b, path);
				else if (!st || strcmp(st, "ok") != 0) {
					char buf[300];
					snprintf(buf, sizeof(buf), "%s %s %s", b, st ? st : "?",
						 json_string_value(json_object_get(m, "reason")) ?: "");
					problem("benchmark not ok", buf);
				}
			}
		}
		if (!found)
			problem("no outcome for planned benchmark", b);
	}
	json_array_foreach(ms, i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		json_t *s = json_object_get(m, "samples"), *v;
		double med = json_number_value(json_object_get(m, "median"));
		double ovh = json_number_value(json_object_get(m, "overhead"));
		int small_diff, bad = 0;

		if (!json_is_array(s) || json_array_size(s) == 0)
			problem("no samples", name);
		json_array_foreach(s, j, v) {
			double x = json_number_value(v);
			if (!json_is_number(v) || !isfinite(x))
				problem("sample not a finite number", name);
			else if (x <= 0)
				bad = 1;
		}
		/*
		 * A difference smaller than what was subtracted from it (a UML context switch:
		 * a ~40 us hop minus a ~36 us baseline) is a small difference of two large
		 * numbers: one boot's samples of it may fall below zero in the noise, so such a
		 * metric is judged on the median over the boots (combine()), which must be
		 * positive. Any other metric must be positive in every sample of every boot.
		 */
		small_diff = isfinite(ovh) && isfinite(med) && ovh > fabs(med);
		if ((bad || !(med > 0)) && small_diff)
			printf("plausible: note: %s in %s is below its baseline's noise (subtracted %.4g, "
			       "median %.4g): judged on the median over the boots\n", name, path, ovh, med);
		else if (bad)
			problem("sample not a positive finite number", name);
		else if (!isfinite(med) || med <= 0)
			problem("median not positive", name);
	}
	return root;
}

/*
 * The relations are judged on the variant, not on one boot: for each metric the median over
 * the boots of each boot's figure (docs/methods.md: the boot is the unit of replication; under
 * TCG a boot can land in a slow mode for one benchmark, e.g. 2p/0K 101 us in one boot and
 * 50-63 in six others). One boot alone is judged as it is.
 */
static json_t *combine(json_t **boots, int n)
{
	json_t *out = json_array(), *m;
	json_t *first = json_object_get(boots[0], "measurements");
	size_t i;

	json_array_foreach(first, i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));
		double v[64];
		int k = 0;

		if (!name || metric_obj(out, name))
			continue;
		for (int b = 0; b < n && k < 64; b++) {
			double x = ib_boot_value(boots[b], name);
			if (!isnan(x))
				v[k++] = x;
		}
		if (!k)
			continue;
		json_t *c = json_pack("{s:s, s:f, s:O*}", "metric", name, "median",
				      ib_stat_median(v, (size_t)k), "params", json_object_get(m, "params"));
		json_object_set(c, "unit", json_object_get(m, "unit"));
		json_array_append_new(out, c);
		if (!(json_number_value(json_object_get(c, "median")) > 0))
			problem("median over the boots not positive", name);
		printf("plausible: %-14s %10.4g %s (median of %d boot%s)\n", name, json_number_value(
		       json_object_get(c, "median")), json_string_value(json_object_get(m, "unit")) ?: "",
		       k, k == 1 ? "" : "s");
	}
	return out;
}

int main(int argc, char **argv)
{
	json_t *boots[64], *root, *ms;
	const char *hv, *um, *accel;
	double slack;
	int native = argc >= 2 && strcmp(argv[1], "--native") == 0, n = 0;
	int values = argc >= 2 && strcmp(argv[1], "--values") == 0;

	argv += native || values;
	argc -= native || values;
	if (argc < 2 || argc > 65) {
		fprintf(stderr, "usage: plausible [--native|--values] RESULTS.JSON...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if ((boots[n] = check_boot(argv[i])))
			n++;
	if (!n)
		return finish();
	root = boots[0];
	the_boots = boots;
	nboots = n;
	hv = json_string_value(json_object_get(json_object_get(root, "env"), "hypervisor"));
	for (int i = 1; i < n; i++) {
		const char *h = json_string_value(json_object_get(json_object_get(boots[i], "env"), "hypervisor"));
		if (!h || !hv || strcmp(h, hv))
			problem("boots of different hypervisors given together", argv[i + 1]);
	}
	um = json_string_value(json_object_get(json_object_get(root, "env"), "uname_m"));
	accel = json_string_value(json_object_get(json_object_get(root, "launch"), "accel"));
	/*
	 * TCG emulating aarch64 on x86_64: a context switch costs 100-600 us and falls into a
	 * different mode from sample to sample and boot to boot (seen: 2p/0K 88-422 us, 16p/64K
	 * 115-570 us), and a round trip is two of them, so the cache and protocol work these
	 * orderings rest on is far inside the noise: 2p/0K came out 209 us against 147 for
	 * 16p/64K (median of 3 boots), AF UNIX 1245 against UDP 906, UDP 2028 against TCP 1529
	 * (one boot). There they are checked within a factor of 2, which still catches a unit
	 * slip or a benchmark that measures nothing.
	 */
	slack = um && !strcmp(um, "aarch64") && accel && !strcmp(accel, "tcg") ? 2 : 1;
	if (slack != 1)
		printf("plausible: TCG on aarch64: context switch and protocol orderings within %gx\n",
		       slack);
	ms = combine(boots, n);
	if (values) {
		printf("plausible: --values: no orderings checked\n");
		bandwidths(ms);
		goto done;
	}
	order(ms, "null_call", "fork_proc");
	/*
	 * exec and sh of the dynamic hello on paired rounds: under TCG every exec of a PIE at a
	 * new random address is translated afresh, and under a busy host one boot's dynamic
	 * exec can take 4x its usual (aarch64, 3 boots: exec/sh per boot 0.82, 0.80, 3.97; the
	 * medians over the boots, 64 and 35 ms, came from different boots). The static hello
	 * (no loader, fixed addresses) must exec faster than the dynamic one.
	 */
	order_within(ms, "fork_proc", "exec_proc_dyn", 0, 1);
	order_within(ms, "exec_proc_dyn", "sh_proc_dyn", 0, 1);
	order_within(ms, "exec_proc", "exec_proc_dyn", 0, 1);
	/*
	 * Under UML a hop is ~40 us of ptrace round trips and the switch a few us on top, and
	 * the UML kernel's own work evicts the caches on every hop whatever K is: 2p/0K and
	 * 16p/64K come out within noise of each other (lmbench's lat_ctx prints nothing
	 * there). Everywhere else the bigger ring with the bigger arrays must cost more.
	 */
	if (hv && strcmp(hv, "UML") == 0)
		printf("plausible: not checked under UML: ctx_2p_0k < ctx_16p_64k\n");
	else
		order_within(ms, "ctx_2p_0k", "ctx_16p_64k", 0, slack);
	/*
	 * Under UML every syscall and wakeup is a ptrace round trip that swamps the protocol
	 * work: AF UNIX comes out above UDP and TCP level with UDP (seen: 119.6 and 119.3 us);
	 * lmbench's own UML figures show the same (its reference runs, bench/README.md: AF UNIX
	 * 200, UDP 189, TCP 196 us). Everywhere else the protocol work must show.
	 */
	if (hv && strcmp(hv, "UML") == 0) {
		printf("plausible: not checked under UML: lat_unix <= lat_udp < lat_tcp\n");
	} else {
		order_within(ms, "lat_unix", "lat_udp", 1, slack);
		order_within(ms, "lat_udp", "lat_tcp", 0, slack);
	}
	page_fault(ms);
	faults_per_touch(boots, n);
	/*
	 * On tmpfs (the image's default fsdir) a create is all CPU and the 10 KB write shows
	 * plainly; on a journaling filesystem both are journal-bound (lmbench on ext4: 164 and
	 * 175 us). Both methods: 2.0's best round, 3.0's tree. Under UML 2.0's creates are both 3
	 * syscalls (a write of 0 bytes too), ptrace round trips that dwarf a 10 KB copy (seen:
	 * 1.16 over 3 rounds); the tree's 0K makes no write and stays checked.
	 */
	fs_flat(hv && !strcmp(hv, "UML"));
	for (int k = 0; k < 2; k++) {
		const char *c0 = k ? "fs_create_0k" : "fs_flat_create_0k_best";
		const char *c10 = k ? "fs_create_10k" : "fs_flat_create_10k_best";
		const char *fs = param_str(metric_obj(ms, c0), "fs");
		if (!k && hv && !strcmp(hv, "UML"))
			printf("plausible: not checked under UML: %s <= %s\n", c0, c10);
		else if (!fs || !strcmp(fs, "tmpfs") || !strcmp(fs, "ramfs"))
			order_if(ms, c0, c10, 1);
		else
			printf("plausible: not checked on %s (journal-bound): %s <= %s\n", fs, c0, c10);
	}
	order_if(ms, "lat_l1", "lat_l2", 0);
	order_if(ms, "lat_l2", "lat_mem", 0);
	/*
	 * lmbench 2.0's stride-128 points: 1 KB and 128 KB against a buffer beyond the last-level
	 * cache. Not L1 < L2: 128 KB is an L1 hit where the L1 holds 128 KB (Apple M1), and a
	 * prefetcher may follow the stride into L2 (lmbench then prints "No L1 cache?").
	 */
	order_if(ms, "lat_mem_rd_l1", "lat_mem_rd_main", 0);
	order_if(ms, "lat_mem_rd_l2", "lat_mem_rd_main", 0);
	bandwidths(ms);
	if (native)
		native_checks(root, ms);
done:
	json_decref(ms);
	for (int i = 0; i < n; i++)
		json_decref(boots[i]);
	return finish();
}
