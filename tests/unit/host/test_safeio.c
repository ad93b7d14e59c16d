/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_safeio.c - inputs and outputs that hostile files cannot hang or misdirect
 * (host/lib/safeio.c), the one label rule (host/lib/cli-paths.c) and printable text
 * (host/lib/hostutil.c): a FIFO, a device or a directory refused at once; an output whole
 * or not at all, never through a link the caller did not name, its temporary file gone after
 * an error or a signal.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "host/lib/cli-paths.h"
#include "host/lib/hostutil.h"
#include "host/lib/safeio.h"

static char dir[] = "/tmp/test_safeio.XXXXXX";

static const char *at(const char *name)
{
	static char buf[4][512];
	static unsigned k;
	char *b = buf[k++ % 4];

	snprintf(b, sizeof(buf[0]), "%s/%s", dir, name);
	return b;
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *name)
{
	static char buf[256];
	FILE *f = fopen(at(name), "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* names in dir starting with a dot other than . and .. (temporary files, private dirs) */
static int hidden(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void test_inputs(void **state)
{
	char err[512], *buf;
	size_t len;
	double t0;
	int fd;
	(void)state;

	put("file", "0123456789");
	fd = ib_input_open(at("file"), 0, err, sizeof(err));
	assert_true(fd >= 0);
	assert_false(fcntl(fd, F_GETFL) & O_NONBLOCK);
	close(fd);
	/* a FIFO nobody writes: refused at once, not waited on */
	assert_int_equal(mkfifo(at("fifo"), 0600), 0);
	t0 = now();
	assert_int_equal(ib_input_open(at("fifo"), IB_IN_BLOCKDEV, err, sizeof(err)), -1);
	assert_true(now() - t0 < 1);
	assert_non_null(strstr(err, "/fifo: a FIFO, not a regular file"));
	assert_int_equal(ib_input_exit(errno), 2);
	assert_int_equal(ib_input_open(dir, 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ": a directory, not a regular file"));
	assert_int_equal(ib_input_open("/dev/null", 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/dev/null: a character device, not a regular file"));
	assert_int_equal(ib_input_open(at("none"), 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/none: No such file or directory"));
	assert_int_equal(ib_input_exit(ENOENT), 2);
	assert_int_equal(ib_input_exit(EIO), 1);

	/* the cap: at it read, past it refused before a byte is read, the size said */
	assert_int_equal(ib_input_read(at("file"), 10, 0, &buf, &len, err, sizeof(err)), 0);
	assert_int_equal(len, 10);
	assert_string_equal(buf, "0123456789");
	free(buf);
	assert_int_equal(ib_input_read(at("file"), 9, 0, &buf, &len, err, sizeof(err)), -2);
	assert_null(buf);
	assert_int_equal(len, 10);
	assert_non_null(strstr(err, "10 bytes, more than 9"));
	assert_int_equal(ib_input_read(at("fifo"), 9, 0, &buf, &len, err, sizeof(err)), -1);
	unlink(at("fifo"));
	unlink(at("file"));
}

static void write_out(const char *path, int flags, const char *text, char *note, size_t cap)
{
	struct ib_out o;
	char err[512];

	assert_int_equal(ib_out_open(&o, path, flags, err, sizeof(err)), 0);
	snprintf(note, cap, "%s", o.note);
	assert_int_equal(hidden(), 1);   /* its temporary file, beside it */
	fputs(text, o.f);
	assert_int_equal(ib_out_commit(&o, err, sizeof(err)), 0);
	assert_int_equal(hidden(), 0);
}

static void test_outputs(void **state)
{
	char note[600], err[512], target[512];
	struct ib_out o;
	struct stat st;
	(void)state;

	/* new, then replaced whole */
	write_out(at("out"), IB_OUT_USER, "one", note, sizeof(note));
	assert_string_equal(get("out"), "one");
	assert_string_equal(note, "");
	write_out(at("out"), IB_OUT_USER, "two", note, sizeof(note));
	assert_string_equal(get("out"), "two");

	/* aborted, or failed: the old file stays, no temporary is left */
	assert_int_equal(ib_out_open(&o, at("out"), 0, err, sizeof(err)), 0);
	fputs("half", o.f);
	ib_out_abort(&o);
	assert_string_equal(get("out"), "two");
	assert_int_equal(hidden(), 0);

	/* a link the user named: its target written, and said; the link stays */
	put("victim", "precious");
	assert_int_equal(symlink("victim", at("named")), 0);
	write_out(at("named"), IB_OUT_USER, "asked", note, sizeof(note));
	snprintf(target, sizeof(target), "%s is a symbolic link: writing its target %s",
		 at("named"), at("victim"));
	assert_string_equal(note, target);
	assert_string_equal(get("victim"), "asked");
	assert_int_equal(lstat(at("named"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	/* a link the tool came across (not named): replaced, never written through */
	put("victim", "precious");
	write_out(at("named"), 0, "mine", note, sizeof(note));
	assert_string_equal(note, "");
	assert_string_equal(get("victim"), "precious");
	assert_int_equal(lstat(at("named"), &st), 0);
	assert_true(S_ISREG(st.st_mode));
	/* a dangling named link: its target is made */
	assert_int_equal(symlink("made", at("dangling")), 0);
	write_out(at("dangling"), IB_OUT_USER, "new", note, sizeof(note));
	assert_string_equal(get("made"), "new");

	/* a FIFO or a device is never replaced by a rename */
	assert_int_equal(mkfifo(at("fifo"), 0600), 0);
	assert_int_equal(ib_out_open(&o, at("fifo"), IB_OUT_USER, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a FIFO, not a regular file: not replaced"));
	assert_int_equal(ib_out_open(&o, "/dev/null", IB_OUT_USER, err, sizeof(err)), -1);
	assert_int_equal(ib_out_open(&o, at("nodir/x"), 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "No such file or directory"));
	assert_int_equal(hidden(), 0);
	for (const char *const *n = (const char *const[]){ "out", "victim", "named", "dangling",
							 "made", "fifo", NULL }; *n; n++)
		unlink(at(*n));
}

static void test_directories(void **state)
{
	char note[512], err[512], priv[64];
	int d, s, p;
	(void)state;

	d = ib_dir_open(at("page/deep"), 1, note, sizeof(note), err, sizeof(err));
	assert_true(d >= 0);
	assert_string_equal(note, "");
	s = ib_subdir_open(d, at("page/deep"), "data", 1, err, sizeof(err));
	assert_true(s >= 0);
	close(s);
	/* below the output directory a link is never followed */
	assert_int_equal(mkdir(at("elsewhere"), 0755), 0);
	assert_int_equal(symlink(at("elsewhere"), at("page/deep/plots")), 0);
	assert_int_equal(ib_subdir_open(d, at("page/deep"), "plots", 1, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "page/deep/plots is a symbolic link: not written through"));
	/* a private directory, and all in it, removed */
	p = ib_tmpdir_make(d, at("page/deep"), priv, sizeof(priv), err, sizeof(err));
	assert_true(p >= 0);
	assert_int_equal(strncmp(priv, ".initbench-", 11), 0);
	close(openat(p, "a.png", O_WRONLY | O_CREAT, 0644));
	close(p);
	ib_tmpdir_remove(d, priv);
	assert_int_equal(faccessat(d, priv, F_OK, 0), -1);
	close(d);
	/* the directory the user named may be a link: followed, and said */
	assert_int_equal(symlink("elsewhere", at("named")), 0);
	d = ib_dir_open(at("named"), 1, note, sizeof(note), err, sizeof(err));
	assert_true(d >= 0);
	assert_non_null(strstr(note, "named is a symbolic link: writing into its target"));
	close(d);
	assert_int_equal(ib_dir_open("/dev/null", 0, note, sizeof(note), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/dev/null exists and is not a directory"));
	assert_int_equal(system("rm -rf /tmp/test_safeio.*/page /tmp/test_safeio.*/elsewhere "
				"/tmp/test_safeio.*/named"), 0);
}

/* a signal in the middle of an output: the temporary file and private directory go */
static void test_signal(void **state)
{
	int st;
	pid_t pid;
	(void)state;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct ib_out o;
		char err[512], priv[64];
		int dfd = open(dir, O_RDONLY | O_DIRECTORY), p;

		ib_cleanup_on_signals();
		if (dfd < 0 || ib_out_open(&o, at("sig.csv"), IB_OUT_USER, err, sizeof(err)))
			_exit(10);
		fputs("half", o.f);
		fflush(o.f);
		if ((p = ib_tmpdir_make(dfd, dir, priv, sizeof(priv), err, sizeof(err))) < 0)
			_exit(11);
		close(openat(p, "1.png", O_WRONLY | O_CREAT, 0644));
		if (hidden() != 2)
			_exit(12);
		raise(SIGTERM);
		_exit(13);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	assert_int_equal(hidden(), 0);
	assert_int_equal(access(at("sig.csv"), F_OK), -1);
}

static void test_labels_and_text(void **state)
{
	char s[] = "ok \x1b]0;t\x07 \xc2\x9b \xff end \xc3\xa9";
	size_t ctl = 0;
	(void)state;

	assert_true(ib_label_ok("v6.1-rc1_lsm.2"));
	assert_true(ib_label_ok("a-"));
	assert_false(ib_label_ok("-x"));
	assert_false(ib_label_ok("--"));
	assert_false(ib_label_ok(".x"));
	assert_false(ib_label_ok(""));
	assert_false(ib_label_ok("a/b"));
	assert_false(ib_label_ok("0123456789012345678901234567890123456789012345678901234567890123x"));
	assert_int_equal(ib_text_clean(s, &ctl), 5);
	assert_int_equal(ctl, 3);
	assert_string_equal(s, "ok ?]0;t? ?? ? end \xc3\xa9");
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inputs),
		cmocka_unit_test(test_outputs),
		cmocka_unit_test(test_directories),
		cmocka_unit_test(test_signal),
		cmocka_unit_test(test_labels_and_text),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
