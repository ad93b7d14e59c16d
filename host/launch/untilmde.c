/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * untilmde.c - the --until-mde stopping rule (contract in untilmde.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/launch/campaign.h"
#include "host/launch/untilmde.h"

int ib_until_mde_judge(const json_t *root, double target_pct, struct ib_until_mde *j)
{
	const json_t *rows = json_object_get(root, "rows"), *r;
	size_t i;

	memset(j, 0, sizeof(*j));
	j->worst_pct = -INFINITY;
	if (!json_is_array(rows))
		return -1;
	json_array_foreach(rows, i, r) {
		const json_t *m = json_object_get(r, "stop_mde_pct");
		double v = json_is_number(m) ? json_number_value(m) : INFINITY;

		j->rows++;
		if (v > target_pct)
			j->above++;
		if (v > j->worst_pct) {
			j->worst_pct = v;
			const char *metric = json_string_value(json_object_get(r, "metric"));
			const char *variant = json_string_value(json_object_get(r, "variant"));

			snprintf(j->worst, sizeof(j->worst), "%s (%s)", metric ? metric : "?",
				 variant ? variant : "?");
		}
	}
	return j->rows && !j->above;
}

int ib_until_mde_check(const char *exe, const char *results, const char *const *labels,
		       size_t nlabels, double target_pct, struct ib_until_mde *j, char *err,
		       size_t errlen)
{
	char tmp[] = "/tmp/initbench-until-mde-XXXXXX";
	const char **argv = calloc(nlabels + 7, sizeof(*argv));
	int fd = mkstemp(tmp), status = 0, rc = -1;
	json_error_t jerr;
	json_t *root;
	pid_t pid;

	if (fd < 0 || !argv) {
		snprintf(err, errlen, "--until-mde: no temporary file for compare's JSON: %s",
			 strerror(errno));
		free(argv);
		return -1;
	}
	close(fd);
	argv[0] = "initbench", argv[1] = "compare", argv[2] = "--results", argv[3] = results;
	argv[4] = "--json", argv[5] = tmp;
	for (size_t i = 0; i < nlabels; i++)
		argv[6 + i] = labels[i];
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execv(exe, (char *const *)argv);
		_exit(127);
	}
	free(argv);
	if (pid < 0 || waitpid(pid, &status, 0) < 0) {
		snprintf(err, errlen, "--until-mde: cannot run %s compare: %s", exe, strerror(errno));
	} else if (!WIFEXITED(status) || (WEXITSTATUS(status) && WEXITSTATUS(status) != 6)) {
		snprintf(err, errlen, "--until-mde: %s compare exited %d: run it by hand to see why",
			 exe, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	} else if (!(root = json_load_file(tmp, 0, &jerr))) {
		snprintf(err, errlen, "--until-mde: compare's JSON %s: %s", tmp, jerr.text);
	} else {
		rc = ib_until_mde_judge(root, target_pct, j);
		if (rc < 0)
			snprintf(err, errlen, "--until-mde: compare's JSON has no rows");
		json_decref(root);
	}
	unlink(tmp);
	return rc;
}

int ib_until_mde_after_block(struct ib_campaign *c, const char *results, unsigned block)
{
	const char *labels[IB_MAX_VARIANTS];
	char exe[4096], err[4400];
	struct ib_until_mde j;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int rc;

	if (n <= 0) {
		fprintf(stderr, "initbench: --until-mde: cannot find this initbench (/proc/self/exe): "
			"the campaign goes on to its %u blocks\n", c->blocks);
		return 0;
	}
	exe[n] = 0;
	for (unsigned i = 0; i < c->nvariants; i++)
		labels[i] = c->v[i].name;
	rc = ib_until_mde_check(exe, results, labels, c->nvariants, c->until_mde_pct, &j, err,
				sizeof(err));
	if (rc < 0) {
		fprintf(stderr, "initbench: %s; the campaign goes on\n", err);
		return 0;
	}
	c->stop_mde_pct = j.worst_pct;
	snprintf(c->stop_row, sizeof(c->stop_row), "%s", j.worst);
	if (rc)
		c->stopped_after = block;
	if (isinf(j.worst_pct))
		snprintf(err, sizeof(err), "none yet for %s (fewer than 2 boots per arm)", j.worst);
	else
		snprintf(err, sizeof(err), "%.1f%% (%s)", j.worst_pct, j.worst);
	fprintf(stderr, "initbench: --until-mde %g%%: after block %u of at most %u the largest stop "
		"MDE is %s, %zu of %zu rows above: %s\n", c->until_mde_pct, block, c->blocks, err,
		j.above, j.rows, rc ? "stop" : "go on");
	if (rc && ib_campaign_write(c) < 0)
		return 1;
	return rc;
}
