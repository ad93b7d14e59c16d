/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plausible - check one boot's results.json the way a reader of the numbers would.
 *
 * Usage: plausible [--native|--values] RESULTS.JSON...   (the boots of one variant)
 * Fails (exit 1, one line per problem) unless: the log is complete; every planned benchmark
 * has an outcome "ok" (a cross-CPU Placement run may be skipped with "one CPU online" on a
 * boot whose begin record says ncpu=1, and only there; pf_thp may be skipped for want of
 * transparent huge pages, absent or 'never'); every measurement has finite
 * samples > 0 and a median > 0 (a
 * difference smaller than its subtracted baseline: the median over the boots > 0); and the
 * relations that hold on any kernel hold, for the metrics the boot has:
 *   null call < fork < exec < sh proc (exec and sh of the dynamic hello, lmbench's);
 *   static exec < dynamic exec (the loader's work); 2p/0K < 16p/64K context switch (not under UML;
 *   within 2x under TCG on aarch64, as AF UNIX <= UDP < TCP, see main());
 *   AF UNIX <= UDP < TCP round trip (not under UML; within 1.25x natively unpinned on several
 *   CPUs, see main()); null call < Page Fault (lmbench
 *   2.0's, per fault), and null call < one fault as lmbench 3's per page figure implies it
 *   (with fault-around one fault maps several pages: per page x pages / faults_per_pass);
 *   every touch of the anonymous fault kinds took one fault (faults_per_touch 1, from the
 *   kernel's counters; the file kinds' ratio is the kernel's choice and is printed);
 *   0K create <= 10K create (on tmpfs; lmbench 2.0's not under UML, see below); 3 least null
 *   calls < a file create's best round, 1 < a delete's (not under UML), and each best round
 *   exactly the least of its rounds (fs_flat());
 *   L1 < L2 < Main mem (the random chase); lmbench 2.0's stride-128 points: L1 $ < Main mem,
 *   L2 $ < Main mem; Bcopy (libc) and Bcopy (hand) < 2 x our 64-bit mem read bandwidth;
 *   every bandwidth below 10^6 MB/s (no machine moves a TB/s through one core: a unit slip);
 *   Core operations: vDSO clock_gettime < null call and < the same read as a system call
 *   (where the clocksource has a vDSO mode; not under UML), null call < eventfd and futex
 *   round trips and thread create, poll and select over 10 < over 1000, epoll over 1000 <
 *   half of poll's and select's (not under UML).
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

#include "tests/tools/plausible/plausible.h"

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

/*
 * pf_thp needs transparent huge pages: a kernel without them (tinyconfig) or with them 'never'
 * (Linux's choice at boot below 512 MB of RAM, the default guest's) skips it, and says so.
 * Not a skip for "no huge page given": THP on and no huge page is the kernel's doing.
 */
static int no_thp_skip(const char *bench, const char *status, const char *reason)
{
	return !strcmp(bench, "pf_thp") && status && !strcmp(status, "skipped") && reason &&
	       (!strncmp(reason, "no transparent huge pages", 25) ||
		!strncmp(reason, "transparent huge pages 'never'", 30));
}

/* a boot on several CPUs whose lat_unix ran unpinned (its record's cpu is -1) */
static int unpinned_smp(json_t *root)
{
	const char *ncpu = json_string_value(json_object_get(json_object_get(root, "env"), "ncpu"));
	size_t i;
	json_t *m;

	if (!ncpu || atoi(ncpu) < 2)
		return 0;
	json_array_foreach(json_object_get(root, "measurements"), i, m) {
		const char *name = json_string_value(json_object_get(m, "metric"));

		if (name && !strcmp(name, "lat_unix"))
			return json_integer_value(json_object_get(m, "cpu")) < 0;
	}
	return 0;
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
				else if (no_thp_skip(ob, st, json_string_value(json_object_get(m, "reason"))))
					printf("plausible: note: %s skipped, no THP: %s\n", b, path);
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
		int small_diff, bad = 0, below = 0;

		if (!json_is_array(s) || json_array_size(s) == 0)
			problem("no samples", name);
		json_array_foreach(s, j, v) {
			double x = json_number_value(v);
			if (!json_is_number(v) || !isfinite(x))
				problem("sample not a finite number", name);
			else if (x <= 0 && isfinite(ovh) && ovh > 0 && x + ovh > 0)
				below = 1;
			else if (x <= 0)
				bad = 1;
		}
		/*
		 * A difference smaller than what was subtracted from it (a UML context switch:
		 * a ~40 us hop minus a ~36 us baseline) is a small difference of two large
		 * numbers: one boot's samples of it may fall below zero in the noise, so such a
		 * metric is judged on the median over the boots (combine()), which must be
		 * positive. So may one sample of a larger difference where the samples spread
		 * more than the baseline (UML on a busy host: ctx_2p_0k -5.98 beside 145-341 us,
		 * 186 subtracted): the measured time itself (the sample plus what was subtracted)
		 * stays positive, and the median is judged. A sample whose measured time is not
		 * positive, or any sample <= 0 of a metric with nothing subtracted, is a problem.
		 */
		small_diff = isfinite(ovh) && isfinite(med) && ovh > fabs(med);
		if ((bad || below || !(med > 0)) && small_diff)
			printf("plausible: note: %s in %s is below its baseline's noise (subtracted %.4g, "
			       "median %.4g): judged on the median over the boots\n", name, path, ovh, med);
		else if (bad)
			problem("sample not a positive finite number", name);
		else if (below && med > 0)
			printf("plausible: note: %s in %s has a sample below zero, within what was "
			       "subtracted (%.4g); median %.4g\n", name, path, ovh, med);
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
	 * Same-CPU against cross-CPU pipe latency in a guest of several vCPUs (launch.smp): printed
	 * on paired rounds, not judged, since under TCG on this 2-CPU host the host decides the
	 * order. Idle, cross came out faster (same/cross median 1.77 over 20 paired rounds, 102
	 * against 56 us; probably as a same-CPU switch between two processes changes the page
	 * tables, which empties QEMU's software TLB, while a cross-CPU round trip switches each
	 * vCPU to and from its idle task, which keeps them); with the host's CPUs busy with other
	 * jobs cross came out 30-100x slower, 3-8 ms (medians 0.01-0.03 in 5 boots of 20 rounds,
	 * 0.89 in one of 5; the cause is not established: a halted vCPU's thread waiting for a
	 * host CPU, or the wake-up landing at the guest's next tick). Natively and on one CPU:
	 * not printed.
	 */
	if (json_integer_value(json_object_get(json_object_get(root, "launch"), "smp")) > 1)
		paired_only(ms, "lat_pipe_same", "lat_pipe_cross", "an SMP guest: the host's load "
			    "orders same and cross");
	/*
	 * Under UML every syscall and wakeup is a ptrace round trip that swamps the protocol
	 * work: AF UNIX comes out above UDP and TCP level with UDP (seen: 119.6 and 119.3 us);
	 * lmbench's own UML figures show the same (its reference runs, bench/README.md: AF UNIX
	 * 200, UDP 189, TCP 196 us). Everywhere else the protocol work must show.
	 */
	if (hv && strcmp(hv, "UML") == 0) {
		printf("plausible: not checked under UML: lat_unix <= lat_udp < lat_tcp\n");
	} else {
		/*
		 * Natively on several CPUs and unpinned (pin=0, the default: lmbench pins
		 * nothing) each round trip is also two cross-CPU wake-ups or none, as the
		 * scheduler places the peer, and the protocol work is a small part: lmbench
		 * 2.0's own unpinned figures on a 2-CPU VM are UDP 74.9, TCP 81.7 us. There
		 * UDP below TCP is checked within 1.25x; pinned, and in a guest, exactly.
		 *
		 * AF UNIX below UDP is not a property of a native 6.18 kernel: lmbench 2.0's
		 * lat_unix and lat_udp pinned to one CPU of this VM gave AF UNIX 20.4-25.9 us
		 * against UDP 17.6 (ours: 20.7 and 17.3), and unpinned ours came out 1.05 and
		 * 1.31 (median of 9 paired rounds). In a guest it holds (checked exactly).
		 */
		double proto = native && unpinned_smp(root) && slack < 1.25 ? 1.25 : slack;

		if (proto != slack)
			printf("plausible: native, unpinned on %s CPUs: protocol orderings within %gx\n",
			       json_string_value(json_object_get(json_object_get(root, "env"), "ncpu")),
			       proto);
		if (native)
			printf("plausible: not checked natively: lat_unix <= lat_udp\n");
		else
			order_within(ms, "lat_unix", "lat_udp", 1, proto);
		order_within(ms, "lat_udp", "lat_tcp", 0, proto);
	}
	/*
	 * lmbench 3's round trips: two processes that each make at least one syscall and wake
	 * the other, every round trip; so each costs more than one null call anywhere (natively
	 * 1.7-31x here on a loaded host, paired rounds). lat_sem is half a round trip, as
	 * lmbench 3 prints it: its round trip lat_sem_rt is what holds two calls (under UML,
	 * where a call is a ptrace round trip, a null call of 126 us exceeded lat_sem's 59).
	 */
	order_if(ms, "null_call", "lat_fifo", 0);
	order_if(ms, "null_call", "lat_sem_rt", 0);
	/*
	 * lat_fcntl: two fcntl() calls on our side alone per operation, whatever the partner
	 * does (bench/README.md: who blocks depends on the scheduler); lat_unix_connect: a
	 * socket(), a connect() and a close(). Each costs more than one null call (natively
	 * 6-10 and 16-34 us against about 1). bw_udp has no such ordering that holds everywhere.
	 */
	order_if(ms, "null_call", "lat_fcntl", 0);
	order_if(ms, "null_call", "lat_unix_connect", 0);
	core_ops(ms, hv && !strcmp(hv, "UML"));
	sched_ops(ms);
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
	/* a load beyond the TLB's reach pays for the miss (bench/mem/tlb.c; natively 1.1 and
	 * 3.1 ns, under TCG 3.5 and 5.6) */
	order_if(ms, "tlb_lat_in", "tlb_lat_out", 0);
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
