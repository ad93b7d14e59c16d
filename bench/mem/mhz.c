/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mhz.c - the clock rate, measured from a chain of dependent integer adds.
 *
 * Contract (bench/lib/bench.h): ib_run_mhz() emits three metrics:
 *  - mhz_chain (ns, param adds=LONG_ADDS): one operation is one pass of LONG_ADDS adds, each
 *    reading the result of the one before, so they cannot overlap;
 *  - mhz_base (ns, param adds=SHORT_ADDS): the same loop with SHORT_ADDS adds;
 *  - mhz (MHz): per sample i, (LONG_ADDS - SHORT_ADDS) / (chain_i - min(base)) adds per ns
 *    x 1000. The loop, the call and the clock read are the same in both loops, so the
 *    difference holds nothing but adds. A dependent register add takes one cycle on every
 *    x86_64 (and aarch64) core, so adds per µs is MHz. Params: cpuinfo_mhz (the first
 *    "cpu MHz" of /proc/cpuinfo, when present; usually the nominal rate, not the one the
 *    core runs at) and chain=asm|c.
 *
 * The chain is inline assembly on x86_64 so that the compiler can neither fold nor
 * reassociate it; elsewhere each C add is followed by an empty asm that claims to change the
 * value, which keeps one add per step (the loop around it is then the compiler's).
 */

//bench: 10 mhz IB_BENCH_MHZ clock
//
//config:config IB_BENCH_MHZ
//config:	bool "Mhz: the clock rate from a dependent-instruction loop"
//config:	default y

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/lib/bench.h"
#include "bench/base/stats.h"

#define LONG_ADDS 1024
#define SHORT_ADDS 512

#if defined(__x86_64__)
#define CHAIN_KIND "asm"
#define ADDS(k) __asm__ volatile(".rept " #k "\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(y))
#else
#define CHAIN_KIND "c"
#define ADDS(k)                                      \
	for (unsigned a_ = 0; a_ < (k); a_++) {      \
		x += y;                              \
		__asm__ volatile("" : "+r"(x));      \
	}
#endif

/* y is read through a volatile so that the compiler cannot know it */
static volatile uint64_t one = 1;

static int chain_long(void *arg, uint64_t n)
{
	uint64_t x = 0, y = one;

	(void)arg;
	for (uint64_t i = 0; i < n; i++)
		ADDS(1024);
	ib_sink = x;
	return 0;
}

static int chain_short(void *arg, uint64_t n)
{
	uint64_t x = 0, y = one;

	(void)arg;
	for (uint64_t i = 0; i < n; i++)
		ADDS(512);
	ib_sink = x;
	return 0;
}

/* the first "cpu MHz" line of /proc/cpuinfo, or 0 */
static double cpuinfo_mhz(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	double mhz = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "cpu MHz", 7) == 0) {
			char *colon = strchr(line, ':');
			if (colon)
				mhz = strtod(colon + 1, NULL);
			break;
		}
	}
	fclose(f);
	return mhz;
}

int ib_run_mhz(void)
{
	static const struct ib_metric mchain = { "mhz_chain", "ns", 0.0, "adds=1024", 0 };
	static const struct ib_metric mbase = { "mhz_base", "ns", 0.0, "adds=512", 0 };
	struct ib_result rl, rs, rm;
	double base;
	char params[128];
	int err;

	err = ib_measure(&mchain, chain_long, NULL, &rl);
	if (!err)
		err = ib_measure(&mbase, chain_short, NULL, &rs);
	if (err) {
		ib_reason("mhz: measure failed (%d)", err);
		return IB_FAIL;
	}

	/*
	 * Sample i pairs chain_i with the fastest short pass, not with short_i: interference
	 * only ever adds time, so the fastest short pass is the best estimate of what the long
	 * pass minus its extra adds costs, and a burst during one short sample can no longer
	 * turn a pair into a negative (or huge) rate. The long pass is twice the short one, so
	 * the difference stays positive unless every short sample was slowed down twofold.
	 */
	memset(&rm, 0, sizeof(rm));
	rm.iters = rl.iters;
	rm.nsamples = rl.nsamples;
	base = ib_min(rs.samples, rs.nsamples);
	for (unsigned i = 0; i < rm.nsamples; i++) {
		double diff = rl.samples[i] - base;

		if (!(diff > 0)) {
			ib_reason("mhz: a %d-add pass (%.4g ns) no slower than a %d-add one (%.4g ns)",
				  LONG_ADDS, rl.samples[i], SHORT_ADDS, base);
			return IB_FAIL;
		}
		rm.samples[i] = (LONG_ADDS - SHORT_ADDS) / diff * 1000.0;
	}
	rm.min = ib_min(rm.samples, rm.nsamples);
	rm.median = ib_median(rm.samples, rm.nsamples);

	double ci = cpuinfo_mhz();
	if (ci > 0)
		snprintf(params, sizeof(params), "cpuinfo_mhz=%.3f chain=%s", ci, CHAIN_KIND);
	else
		snprintf(params, sizeof(params), "chain=%s", CHAIN_KIND);
	struct ib_metric mm = { "mhz", "MHz", 0.0, params, 0 };
	err = ib_emit_result(&mm, &rm);
	if (err) {
		ib_reason("mhz: emit failed (%d)", err);
		return IB_FAIL;
	}
	return IB_OK;
}
