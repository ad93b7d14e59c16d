/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * capsplit.c - the boots in one console capture (contract in capsplit.h).
 */
#define _GNU_SOURCE
#include "report/log/capsplit.h"

#include <string.h>

#include "bench/base/record.h"

#define BEGIN IB_TAG "0 begin "

/* what the suite and PID 1 print after the last record (the human summary, KTAP lines,
 * init's last words): still the boot that wrote them */
static int own_line(const char *s, size_t n)
{
	static const char *const own[] = { "# ", "ok ", "not ok ", "init: " };

	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (n >= strlen(own[i]) && !memcmp(s, own[i], strlen(own[i])))
			return 1;
	return 0;
}

size_t ib_capture_boots(const char *buf, size_t len, size_t *start, size_t max)
{
	size_t n = 1, after_rec = 0;   /* the start of the line after the last record line */
	int progressed = 0;            /* this boot has a record line that is not a begin */
	int trailing = 0;              /* every line since the last record line is own_line() */

	if (max)
		start[0] = 0;
	for (size_t p = 0; p < len;) {
		const char *nl = memchr(buf + p, '\n', len - p);
		size_t end = nl ? (size_t)(nl - buf) + 1 : len;
		const char *tag = memmem(buf + p, end - p, IB_TAG, IB_TAG_LEN);

		if (tag) {
			int begin = (size_t)(buf + end - tag) >= sizeof(BEGIN) - 1 &&
				    !memcmp(tag, BEGIN, sizeof(BEGIN) - 1);

			if (begin && progressed) {
				if (n++ >= max)
					return max + 1;
				start[n - 1] = after_rec;
				progressed = 0;
			} else if (!begin) {
				progressed = 1;
			}
			after_rec = end;
			trailing = 1;
		} else if (trailing && own_line(buf + p, end - p)) {
			after_rec = end;
		} else {
			trailing = 0;
		}
		p = end;
	}
	return n;
}
