/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.c - "benchmark i of M" on stderr as a boot's records stream by (progress.h).
 * The real parse is ib_results_from_log()'s, after the boot: this reads only the plan's
 * count and order and each outcome's bench, round, status, reason and wall time, CRC
 * unchecked, so a corrupt line can at worst make the display wrong, never the results.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "host/launch/progress.h"
#include "bench/base/record.h"

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

double ib_progress_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* entry i (0-based) of the plan's comma list into out, "" past its end */
static void plan_entry(const char *order, unsigned i, char *out, size_t cap)
{
	const char *p = order;

	for (; i && *p; i--) {
		p = strchr(p, ',');
		if (!p) {
			out[0] = '\0';
			return;
		}
		p++;
	}
	snprintf(out, cap, "%.*s", (int)strcspn(p, ","), p);
}

size_t ib_progress_format(const struct ib_progress *p, double elapsed_s, char *buf, size_t cap)
{
	char name[96], where[160], what[160], when[96];

	if (p->block)
		snprintf(where, sizeof(where), "boot %u/%u %s (block %u)", p->boot, p->nboots,
			 p->label ? p->label : "?", p->block);
	else
		snprintf(where, sizeof(where), "boot %u/%u %s", p->boot, p->nboots,
			 p->label ? p->label : "?");
	if (!p->planned) {
		snprintf(what, sizeof(what), "starting");
	} else if (p->done >= p->planned) {
		snprintf(what, sizeof(what), "benchmark %u/%u done", p->planned, p->planned);
	} else {
		plan_entry(p->order, p->done, name, sizeof(name));
		snprintf(what, sizeof(what), "benchmark %u/%u %s", p->done + 1, p->planned, name);
	}
	if (elapsed_s < 0)
		elapsed_s = 0;
	if (p->est_s > 0 && elapsed_s < p->est_s)
		snprintf(when, sizeof(when), "%.0f s (~%.0f s left)", elapsed_s, p->est_s - elapsed_s);
	else if (p->est_s > 0)
		snprintf(when, sizeof(when), "%.0f s (last boot %.0f s)", elapsed_s, p->est_s);
	else
		snprintf(when, sizeof(when), "%.0f s", elapsed_s);
	if (!cap)
		return 0;
	snprintf(buf, cap, "initbench: %s: %s, %s", where, what, when);
	return strlen(buf);
}

static void draw(struct ib_progress *p, int final)
{
	char line[sizeof(p->shown)];
	struct winsize ws;
	size_t cols = p->cols ? p->cols : 80;

	if (final) {
		if (p->shown[0])
			fputs("\r\033[K", stderr);
		p->shown[0] = '\0';
		return;
	}
	if (!p->cols && ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
		cols = ws.ws_col;
	/* a line as wide as the terminal wraps, and "\r" then returns to the wrong row */
	if (cols > sizeof(line))
		cols = sizeof(line);
	ib_progress_format(p, ib_progress_now() - p->t0, line, cols - 1);
	if (!strcmp(line, p->shown))
		return;
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	snprintf(p->shown, sizeof(p->shown), "%s", line);
}

void ib_progress_tick(void *ctx, int final)
{
	struct ib_progress *p = ctx;

	if (p->tty)
		draw(p, final);
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
		if (!field(t, len, "benches", p->order, sizeof(p->order)))
			p->order[0] = '\0';
	} else if (len > 8 && !memcmp(t, "outcome ", 8) &&
		   field(t, len, "bench", bench, sizeof(bench))) {
		p->done++;
		if (p->tty)
			return;
		if (!field(t, len, "status", status, sizeof(status)))
			strcpy(status, "?");
		if (!field(t, len, "reason", reason, sizeof(reason)))
			reason[0] = '\0';
		if (!field(t, len, "wall_ms", wall, sizeof(wall)))
			strcpy(wall, "?");
		if (!field(t, len, "round", round, sizeof(round)))
			round[0] = '\0';
		fprintf(stderr, "initbench: benchmark %u/%u %s%s%s %s%s%s (%s ms)\n", p->done,
			p->planned, bench, round[0] ? "#" : "", round, status, reason[0] ? ": " : "",
			reason, wall);
	}
	if (p->tty)
		draw(p, 0);
}

static int boot_number(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 10;
}

double ib_progress_estimate(const char *label_dir)
{
	DIR *d = opendir(label_dir);
	struct dirent *de;
	unsigned long best = 0;
	double est = -1;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		unsigned long n;
		char *path;
		json_t *j, *launch;
		const char *integrity;

		if (!boot_number(de->d_name) || (n = strtoul(de->d_name, NULL, 10)) <= best)
			continue;
		if (asprintf(&path, "%s/%s/results.json", label_dir, de->d_name) < 0)
			continue;
		j = json_load_file(path, 0, NULL);
		free(path);
		launch = json_object_get(j, "launch");
		integrity = json_string_value(json_object_get(json_object_get(j, "integrity"),
							      "status"));
		/* a boot that ended early says nothing about how long a whole one takes */
		if (json_is_number(json_object_get(launch, "wall_s")) &&
		    json_is_null(json_object_get(launch, "launch_verdict")) && integrity &&
		    !strcmp(integrity, "complete")) {
			best = n;
			est = json_number_value(json_object_get(launch, "wall_s"));
		}
		json_decref(j);
	}
	closedir(d);
	return est;
}
