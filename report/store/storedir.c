/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * storedir.c - the store as directories (store.h): reading RESULTS/<label>/<boot>/ back,
 * saying which label or boot is left out and why, and making new boots for an import.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/lib/argv.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"
#include "report/store/store.h"

struct load {
	const char *dir, *who;
	int worst, usage;
};

/* one line: "initbench WHO: what (left out)"; the command's exit code takes cls */
static void skip(struct load *ld, int cls, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void skip(struct load *ld, int cls, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "initbench %s: ", ld->who);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cls == IB_EXIT_USAGE)
		ld->usage = 1;
	else if (cls > ld->worst)
		ld->worst = cls;
}

/* "a/b", "a/b/num" (file NULL) or "a/b/num/file" */
static char *path3(const char *a, const char *b, unsigned long num, const char *file)
{
	if (!num)
		return ib_strf("%s/%s", a, b);
	return file ? ib_strf("%s/%s/%lu/%s", a, b, num, file) : ib_strf("%s/%s/%lu", a, b, num);
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
	return (x > y) - (x < y);
}

/* a boot directory's name: a decimal number from 1, no leading zero, at most 9 digits */
static int boot_name(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n && !s[n] && n <= 9 && s[0] != '0';
}

/*
 * The boot numbers under dir/label, sorted; -1 (errno set) if it cannot be read. Names of
 * digits only that are not boot numbers ("0", "007") are said when say is set.
 */
static int list_boots(struct load *ld, const char *label, unsigned long **nums, size_t *n,
		      int say)
{
	char *p = path3(ld->dir, label, 0, NULL);
	DIR *d = opendir(p);
	struct dirent *e;

	*nums = NULL;
	*n = 0;
	if (!d) {
		int err = errno;

		free(p);
		errno = err;
		return -1;
	}
	while ((e = readdir(d))) {
		if (!boot_name(e->d_name)) {
			if (say && e->d_name[0] && strspn(e->d_name, "0123456789") == strlen(e->d_name))
				skip(ld, IB_EXIT_BADDATA, "%s/%s: not a boot number (left out)", p,
				     e->d_name);
			continue;
		}
		*nums = ib_xrealloc(*nums, (*n + 1) * sizeof(**nums));
		(*nums)[(*n)++] = strtoul(e->d_name, NULL, 10);
	}
	closedir(d);
	free(p);
	if (*n)
		qsort(*nums, *n, sizeof(**nums), cmp_ulong);
	return 0;
}

/* jansson's message without its "near '...'" part, which quotes the file's bytes */
static void json_reason(char *out, size_t cap, const json_error_t *e)
{
	const char *near = strstr(e->text, " near ");

	snprintf(out, cap, "line %d, column %d: %.*s", e->line, e->column,
		 near ? (int)(near - e->text) : (int)strlen(e->text), e->text);
	for (char *c = out; *c; c++)
		if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			*c = '?';
}

static json_t *load_json(struct load *ld, const char *js)
{
	char err[512], why[512];
	json_error_t je;
	json_t *res;
	int fd = ib_input_open(js, 0, err, sizeof(err));

	if (fd < 0) {
		skip(ld, IB_EXIT_HOSTIO, "%s (boot left out)", err);
		return NULL;
	}
	/* through stdio: jansson reads a bare fd a byte per read() */
	FILE *f = fdopen(fd, "rb");

	if (!f) {
		skip(ld, IB_EXIT_HOSTIO, "%s: %s (boot left out)", js, strerror(errno));
		close(fd);
		return NULL;
	}
	res = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
	fclose(f);
	if (!res) {
		json_reason(why, sizeof(why), &je);
		skip(ld, IB_EXIT_BADDATA, "%s: not JSON as initbench writes it (%s): boot left out",
		     js, why);
		return NULL;
	}
	if (ib_results_check(res, why, sizeof(why))) {
		skip(ld, IB_EXIT_BADDATA, "%s: refused: %s (boot left out)", js, why);
		json_decref(res);
		return NULL;
	}
	return res;
}

static json_t *load_boot(struct load *ld, const char *label, unsigned long num)
{
	char *js = path3(ld->dir, label, num, "results.json");
	char *lg = path3(ld->dir, label, num, "console.log");
	json_t *res = NULL;
	struct stat sb;
	int ejs = 0, elg = 0;

	if (lstat(js, &sb) == 0) {
		res = load_json(ld, js);
	} else if ((ejs = errno) == ENOENT && lstat(lg, &sb) == 0) {
		struct ib_log log;
		char err[512];

		/* a boot without results.json yet (a run still going, an older store) */
		if (ib_log_parse_file(lg, &log, err, sizeof(err)) < 0) {
			skip(ld, IB_EXIT_HOSTIO, "%s (boot left out)", err);
		} else {
			res = ib_results_build(&log, NULL);
			ib_log_free(&log);
		}
	} else if (ejs != ENOENT || (elg = errno) != ENOENT) {
		skip(ld, IB_EXIT_HOSTIO, "%s: %s (boot left out)", ejs != ENOENT ? js : lg,
		     strerror(ejs != ENOENT ? ejs : elg));
	} else {
		skip(ld, IB_EXIT_BADDATA, "%s/%s/%lu: no results.json or console.log (boot left out)",
		     ld->dir, label, num);
	}
	free(js);
	free(lg);
	return res;
}

struct label {
	char *name;
	time_t t;
};

static int cmp_label(const void *a, const void *b)
{
	const struct label *x = a, *y = b;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* when the first boot of a label was measured: its console.log (else results.json) mtime */
static time_t first_time(const char *dir, const char *label, unsigned long num)
{
	static const char *const files[] = { "console.log", "results.json" };
	struct stat sb;
	for (int i = 0; i < 2; i++) {
		char *p = path3(dir, label, num, files[i]);
		int ok = !lstat(p, &sb);
		free(p);
		if (ok)
			return sb.st_mtime;
	}
	return 0;
}

/* every label under the store: directories named as labels that hold a boot */
static size_t all_labels(struct load *ld, struct label **out)
{
	DIR *d = opendir(ld->dir);
	struct label *ls = NULL;
	struct dirent *e;
	size_t nl = 0;

	*out = NULL;
	if (!d) {
		skip(ld, IB_EXIT_HOSTIO, "cannot open %s: %s", ld->dir, strerror(errno));
		return 0;
	}
	while ((e = readdir(d))) {
		unsigned long *nums;
		size_t n;
		char *p;
		struct stat st;
		int isdir;

		if (e->d_name[0] == '.')
			continue;   /* hidden, and an import's temporary files */
		p = path3(ld->dir, e->d_name, 0, NULL);
		isdir = !stat(p, &st) && S_ISDIR(st.st_mode);
		if (!isdir) {
			free(p);
			continue;   /* a file beside the labels (a compare.json, notes) */
		}
		if (list_boots(ld, e->d_name, &nums, &n, 0)) {
			skip(ld, IB_EXIT_HOSTIO, "%s: %s (label left out)", p, strerror(errno));
		} else if (n && !ib_label_ok(e->d_name)) {
			skip(ld, IB_EXIT_BADDATA, "%s: not a label name (%s): left out", p,
			     IB_LABEL_RULE);
		} else if (n) {
			ls = ib_xrealloc(ls, (nl + 1) * sizeof(*ls));
			ls[nl].name = ib_xstrdup(e->d_name);
			ls[nl++].t = first_time(ld->dir, e->d_name, nums[0]);
		}
		free(nums);
		free(p);
	}
	closedir(d);
	if (nl)
		qsort(ls, nl, sizeof(*ls), cmp_label);
	*out = ls;
	return nl;
}

int ib_store_load(const char *dir, char *const *labels, int nlabels, struct ib_set *set,
		  const char *who)
{
	struct load ld = { dir, who ? who : "", 0, 0 };
	struct label *ls = NULL;
	unsigned long *nums;
	size_t nl = 0, n;

	set->boots = NULL;
	set->n = 0;
	if (nlabels > 0) {
		ls = ib_xmalloc((size_t)nlabels * sizeof(*ls));
		for (int i = 0; i < nlabels; i++)
			ls[nl++].name = ib_xstrdup(labels[i]);
	} else {
		nl = all_labels(&ld, &ls);
	}
	for (size_t i = 0; i < nl; i++) {
		if (!ib_label_ok(ls[i].name)) {
			skip(&ld, IB_EXIT_USAGE, "bad label '%s': %s", ls[i].name, IB_LABEL_RULE);
			continue;
		}
		if (list_boots(&ld, ls[i].name, &nums, &n, 1)) {
			int e = errno;

			skip(&ld, e == ENOENT ? IB_EXIT_USAGE : IB_EXIT_HOSTIO, e == ENOENT ?
			     "%s/%s: no such label stored" : "%s/%s: %s (label left out)", dir,
			     ls[i].name, strerror(e));
			continue;
		}
		if (!n)
			skip(&ld, IB_EXIT_USAGE, "%s/%s: no boot stored under this label", dir,
			     ls[i].name);
		for (size_t k = 0; k < n; k++) {
			json_t *res = load_boot(&ld, ls[i].name, nums[k]);
			if (res && ib_set_add(set, ls[i].name, nums[k], res))
				ib_oom();
		}
		free(nums);
	}
	for (size_t i = 0; i < nl; i++)
		free(ls[i].name);
	free(ls);
	/* the command line named what is not there: that is what to fix first */
	return ld.usage ? IB_EXIT_USAGE : ld.worst;
}

int ib_boot_whole(const struct ib_boot *b)
{
	const char *st = json_string_value(json_object_get(json_object_get(b->res, "integrity"),
							   "status"));

	return st && (!strcmp(st, "complete") || !strcmp(st, "imported"));
}

size_t ib_set_say_not_whole(const struct ib_set *set, const char *dir, const char *who)
{
	size_t n = 0;

	for (size_t i = 0; i < set->n; i++) {
		const struct ib_boot *b = &set->boots[i];
		const json_t *in = json_object_get(b->res, "integrity");

		if (ib_boot_whole(b))
			continue;
		n++;
		fprintf(stderr, "initbench %s: %s/%s/%lu: %s: %s\n", who, dir, b->label, b->num,
			json_string_value(json_object_get(in, "status")),
			json_string_value(json_object_get(in, "summary")) ?
			json_string_value(json_object_get(in, "summary")) : "");
	}
	return n;
}

/* ---- new boots (import) ---- */

int ib_store_write_new(const char *path, const char *data, size_t len, const char *who)
{
	/* O_EXCL|O_NOFOLLOW: a file or link already there is never written through */
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "wb");
	int ok = f && fwrite(data, 1, len, f) == len;

	if (f && fclose(f))
		ok = 0;
	else if (!f && fd >= 0)
		close(fd);
	if (!ok)
		fprintf(stderr, "initbench %s: cannot write %s: %s\n", who, path, strerror(errno));
	return ok ? 0 : -1;
}

/* the highest boot number in an open label directory */
static unsigned long highest(int lfd)
{
	int fd = dup(lfd);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	unsigned long max = 0;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while ((e = readdir(d)))
		if (boot_name(e->d_name) && strtoul(e->d_name, NULL, 10) > max)
			max = strtoul(e->d_name, NULL, 10);
	closedir(d);
	return max;
}

char *ib_store_new_boot(const char *results, const char *label, unsigned long *num,
			const char *who)
{
	char err[512];
	int rfd, lfd;
	unsigned long n;

	if (!ib_label_ok(label)) {
		fprintf(stderr, "initbench %s: bad label '%s': %s\n", who, label, IB_LABEL_RULE);
		return NULL;
	}
	/* the store itself may be a link the user chose; its label directories never are */
	if (ib_mkdir_p(results, 0777) ||
	    (rfd = open(results, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		fprintf(stderr, "initbench %s: cannot create %s: %s\n", who, results, strerror(errno));
		return NULL;
	}
	lfd = ib_subdir_open(rfd, results, label, 1, err, sizeof(err));
	close(rfd);
	if (lfd < 0) {
		fprintf(stderr, "initbench %s: %s\n", who, err);
		return NULL;
	}
	/* *num: the number the caller expects next (one import making many boots), else look */
	n = *num ? *num : highest(lfd) + 1;
	for (int tries = 0; tries < 1000; tries++, n++) {
		char name[24];

		if (n > 999999999) {
			errno = ERANGE;
			break;
		}
		snprintf(name, sizeof(name), "%lu", n);
		if (!mkdirat(lfd, name, 0777)) {
			close(lfd);
			*num = n;
			return path3(results, label, n, NULL);
		}
		if (errno != EEXIST)
			break;
		if (tries == 0 && *num)
			n = highest(lfd);   /* the hint was taken: look once, then go on from there */
	}
	fprintf(stderr, "initbench %s: cannot create a boot under %s/%s: %s\n", who, results, label,
		strerror(errno));
	close(lfd);
	return NULL;
}
