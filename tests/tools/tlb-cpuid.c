/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tlb-cpuid - the first-level data TLB's 4 KB entries as this CPU's CPUID states them, the
 * independent figure for bench/mem/tlb.c's tlb_reach_pages measured natively.
 *
 * Usage: tlb-cpuid [RESULTS.JSON...]
 *   Prints "tlb-cpuid: L1 dTLB 4K entries N (SOURCE)". With results (the native runs of one
 *   host), also the median over them of each run's tlb_reach_pages and whether it lies
 *   within TOLERANCE of N.
 * Sources: AMD's leaf 0x80000005 (EBX bits 23:16, the L1 data TLB's entries for 4 KB
 * pages), else Intel's leaf 0x18 (deterministic address translation: the level-1 data or
 * unified TLB that maps 4 KB pages, ways x sets). Intel's older leaf 2 descriptors are not
 * read. Under a hypervisor CPUID is what it passes through: a guest's reach is the host's
 * TLB either way (bench/README.md, TLB).
 * Exit: 0 figure found (and, with results, the reach within tolerance); 1 the reach outside
 * it or absent; 2 bad input; 77 no CPUID figure on this CPU (the check does not apply).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#define TOLERANCE 1.25   /* measured reach within [N / 1.25, N x 1.25] */
#define MAX_RUNS 64

static unsigned l1_dtlb_4k(const char **source)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned a, b, c, d, vendor[3];

	if (!__get_cpuid(0, &a, &vendor[0], &vendor[2], &vendor[1]))
		return 0;
	if (!memcmp(vendor, "AuthenticAMD", 12) || !memcmp(vendor, "HygonGenuine", 12)) {
		if (__get_cpuid(0x80000000, &a, &b, &c, &d) && a >= 0x80000005 &&
		    __get_cpuid(0x80000005, &a, &b, &c, &d) && ((b >> 16) & 0xff)) {
			*source = "CPUID 0x80000005 EBX[23:16], AMD";
			return (b >> 16) & 0xff;
		}
		return 0;
	}
	if (__get_cpuid(0, &a, &b, &c, &d) && a >= 0x18) {
		unsigned max_sub;

		__cpuid_count(0x18, 0, max_sub, b, c, d);
		for (unsigned s = 0; s <= max_sub && s < 64; s++) {
			unsigned type, level;

			__cpuid_count(0x18, s, a, b, c, d);
			type = d & 0x1f;          /* 1 data, 2 instruction, 3 unified */
			level = (d >> 5) & 0x7;
			if ((type == 1 || type == 3) && level == 1 && (b & 1)) {
				*source = "CPUID 0x18, Intel: ways x sets";
				return (b >> 16) * c;
			}
		}
	}
#endif
	(void)source;
	return 0;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
	const char *source = NULL;
	unsigned n = l1_dtlb_4k(&source);
	double reach[MAX_RUNS], med;
	int nr = 0;

	if (!n) {
		printf("tlb-cpuid: no L1 dTLB figure from CPUID on this CPU: not checked\n");
		return 77;
	}
	printf("tlb-cpuid: L1 dTLB 4K entries %u (%s)\n", n, source);
	if (argc < 2)
		return 0;
	for (int i = 1; i < argc && nr < MAX_RUNS; i++) {
		json_error_t err;
		json_t *root = json_load_file(argv[i], 0, &err), *m;
		size_t k;

		if (!root) {
			fprintf(stderr, "tlb-cpuid: %s: %s\n", argv[i], err.text);
			return 2;
		}
		json_array_foreach(json_object_get(root, "measurements"), k, m) {
			const char *metric = json_string_value(json_object_get(m, "metric"));

			if (metric && !strcmp(metric, "tlb_reach_pages")) {
				reach[nr++] = json_number_value(json_object_get(m, "median"));
				break;
			}
		}
		json_decref(root);
	}
	if (!nr) {
		printf("tlb-cpuid: no tlb_reach_pages in the %d results given\n", argc - 1);
		return 1;
	}
	qsort(reach, (size_t)nr, sizeof(reach[0]), cmp_double);
	med = nr % 2 ? reach[nr / 2] : (reach[nr / 2 - 1] + reach[nr / 2]) / 2;
	printf("tlb-cpuid: tlb_reach_pages %.0f (median of %d runs, %.0f..%.0f), %.2f of the "
	       "entries: %s\n", med, nr, reach[0], reach[nr - 1], med / n,
	       med >= n / TOLERANCE && med <= n * TOLERANCE ? "ok" : "FAILED");
	return med >= n / TOLERANCE && med <= n * TOLERANCE ? 0 : 1;
}
