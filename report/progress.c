/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.c - "benchmark i of M" on stderr as a boot's records stream by (progress.h).
 * The real parse is ib_results_from_log()'s, after the boot: this reads only the plan's
 * count and each outcome's bench, round, status, reason and wall time, CRC unchecked.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "record.h"

static int field(const char *l, size_t n, const char *key, char *out, size_t cap)
{
	size_t kl = strlen(key);

	for (size_t i = 0; i + kl < n; i++) {
		if ((i == 0 || l[i - 1] == ' ') && !memcmp(l + i, key, kl) && l[i + kl] == '=') {
			size_t j = i + kl + 1, k = 0;

			while (j < n && l[j] != ' ' && l[j] != '\r' && k + 1 < cap) {
				if (l[j] == '%' && j + 2 < n) {
					char hex[3] = { l[j + 1], l[j + 2], 0 };

					out[k++] = (char)strtol(hex, NULL, 16);
					j += 3;
				} else {
					out[k++] = l[j++];
				}
			}
			out[k] = '\0';
			return 1;
		}
	}
	return 0;
}

void ib_progress_line(void *ctx, const char *line, size_t len)
{
	struct ib_progress *p = ctx;
	const char *t = memmem(line, len, IB_TAG, IB_TAG_LEN), *e = line + len;
	char bench[64], status[32], reason[128], wall[32], count[16], round[16];

	if (!t)
		return;
	for (t += IB_TAG_LEN; t < e && *t >= '0' && *t <= '9'; t++)
		;
	if (t >= e || *t++ != ' ')
		return;
	len = (size_t)(e - t);
	if (len > 5 && !memcmp(t, "plan ", 5) && field(t, len, "count", count, sizeof(count))) {
		p->planned = (unsigned)strtoul(count, NULL, 10);
	} else if (len > 8 && !memcmp(t, "outcome ", 8) &&
		   field(t, len, "bench", bench, sizeof(bench))) {
		if (!field(t, len, "status", status, sizeof(status)))
			strcpy(status, "?");
		if (!field(t, len, "reason", reason, sizeof(reason)))
			reason[0] = '\0';
		if (!field(t, len, "wall_ms", wall, sizeof(wall)))
			strcpy(wall, "?");
		if (!field(t, len, "round", round, sizeof(round)))
			round[0] = '\0';
		p->done++;
		fprintf(stderr, "initbench: benchmark %u/%u %s%s%s %s%s%s (%s ms)\n", p->done,
			p->planned, bench, round[0] ? "#" : "", round, status, reason[0] ? ": " : "",
			reason, wall);
	}
}
