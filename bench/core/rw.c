/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rw.c - moving bytes through the kernel: read() and write() of 1 B, 4 KB and 64 KB (LEBench's
 * small, mid and big) on a cached file and on a pipe, and the two calls that move page-cache
 * pages without a copy in user space, sendfile() and splice().
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per operation:
 *  - read_N, write_N (N = 1, 4k, 64k): one pread() or pwrite() of N bytes at offset 0 of a
 *    64 KB file in opts->fsdir whose pages are all in the page cache (written before timing,
 *    never flushed by us). pread/pwrite at offset 0, not read/lseek: one call per operation,
 *    the file position never moves and the file never grows, so every call copies N bytes
 *    of cached pages and nothing else (LEBench's read loop ran past the end of its file after
 *    the first call and read nothing). fsdir, not tmpdir: the call goes through the file
 *    system's own read_iter/write_iter, so it belongs to the file system under test (the
 *    image's tmpfs by default; the fs knob picks ext4 or xfs), as File reread does; the type
 *    is in the params. A write over cached pages dirties them; writeback is the kernel's.
 *  - pipe_rw_N: write() of N bytes into an empty pipe, then read() of N bytes out of it, by
 *    the same process: no one waits, so no wake-up and no switch, only the two copies and
 *    the pipe's buffer handling. The pipe must hold 64 KB (F_GETPIPE_SZ, raised with
 *    F_SETPIPE_SZ if needed; a pipe that cannot is a skip), so the write never blocks.
 *  - sendfile_64k: one sendfile() of 64 KB from offset 0 of the cached file (the offset
 *    passed by pointer, so the file position never moves) into one end of an AF_UNIX stream
 *    socket pair, then the same process reads the 64 KB out of the other end (read() until
 *    all of it came: one call in practice). A file sent to a socket is what sendfile() is
 *    for; the socket takes page references, the drain's read() is the one copy, so the
 *    figure is a web server's send plus its client's receive. No AF_UNIX is a skip.
 *  - splice_64k: splice() of 64 KB from offset 0 of the cached file into an empty pipe, then
 *    splice() of those 64 KB from the pipe to /dev/null: no byte is copied, the page
 *    references go into the pipe and are dropped, so the figure is splice's own machinery
 *    for sixteen pages. Two calls per operation.
 * Every call's count of bytes is checked: a short one fails the benchmark (-EPROTO).
 * The file is <fsdir>/ib-rw.XXXXXX, unlinked as soon as it is open: nothing is left behind,
 * even by a kill. Skips: fsdir unusable (ib_fsdir_ready), no room for 64 KB there.
 * Counts, checked with strace -c (tests/integration/counts/check-core.sh): read_N one
 * pread64, write_N one pwrite64, pipe_rw_N one write and one read, sendfile_64k one
 * sendfile and one read, splice_64k two splice per operation.
 */

//bench: 980 read_1 IB_BENCH_FILE_RW core
//bench: 981 read_4k IB_BENCH_FILE_RW core
//bench: 982 read_64k IB_BENCH_FILE_RW core
//bench: 983 write_1 IB_BENCH_FILE_RW core
//bench: 984 write_4k IB_BENCH_FILE_RW core
//bench: 985 write_64k IB_BENCH_FILE_RW core
//bench: 986 pipe_rw_1 IB_BENCH_PIPE_RW core
//bench: 987 pipe_rw_4k IB_BENCH_PIPE_RW core
//bench: 988 pipe_rw_64k IB_BENCH_PIPE_RW core
//bench: 990 sendfile_64k IB_BENCH_SENDFILE core
//bench: 991 splice_64k IB_BENCH_SPLICE core
//
//config:config IB_BENCH_FILE_RW
//config:	bool "read() and write() of 1 B, 4 KB and 64 KB on a cached file"
//config:	default y
//config:	help
//config:	  Six rows: one pread() or pwrite() at offset 0 of a file in
//config:	  fsdir whose pages are cached. Microseconds per call.
//
//config:config IB_BENCH_PIPE_RW
//config:	bool "write() then read() of 1 B, 4 KB and 64 KB through a pipe"
//config:	default y
//config:	help
//config:	  Three rows: the same process writes N bytes into an empty pipe
//config:	  and reads them back; no wake-up. Microseconds per pair.
//
//config:config IB_BENCH_SENDFILE
//config:	bool "sendfile() of 64 KB from a cached file to a UNIX socket"
//config:	default y
//config:	help
//config:	  One sendfile() of 64 KB into a socket pair, then the read()
//config:	  that drains it. Microseconds per pair of calls.
//
//config:config IB_BENCH_SPLICE
//config:	bool "splice() of 64 KB from a cached file through a pipe"
//config:	default y
//config:	help
//config:	  splice() of 64 KB from a cached file into a pipe, then from
//config:	  the pipe to /dev/null: no copy. Microseconds per pair of calls.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench/base/sysinfo.h"
#include "bench/lib/bench.h"
#include "bench/lib/fsdir.h"

#define FILE_BYTES (64 * 1024)   /* the biggest size; every call works inside it */

enum how { PREAD, PWRITE, PIPE_RW, SENDFILE, SPLICE };

struct rw {
	int file;        /* the cached file, or -1 */
	int in, out;     /* pipe read and write ends, or the socket pair; -1 when unused */
	int null;        /* /dev/null for splice_64k, or -1 */
	size_t len;
	char *buf;       /* FILE_BYTES, page-aligned */
};

static int file_read(void *arg, uint64_t n)
{
	struct rw *c = arg;

	for (uint64_t i = 0; i < n; i++) {
		ssize_t got = pread(c->file, c->buf, c->len, 0);

		if (got != (ssize_t)c->len)
			return got < 0 ? -errno : -EPROTO;
	}
	return 0;
}

static int file_write(void *arg, uint64_t n)
{
	struct rw *c = arg;

	for (uint64_t i = 0; i < n; i++) {
		ssize_t put = pwrite(c->file, c->buf, c->len, 0);

		if (put != (ssize_t)c->len)
			return put < 0 ? -errno : -EPROTO;
	}
	return 0;
}

static int pipe_rw(void *arg, uint64_t n)
{
	struct rw *c = arg;

	for (uint64_t i = 0; i < n; i++) {
		ssize_t done = write(c->out, c->buf, c->len);

		if (done != (ssize_t)c->len)
			return done < 0 ? -errno : -EPROTO;
		done = read(c->in, c->buf, c->len);
		if (done != (ssize_t)c->len)
			return done < 0 ? -errno : -EPROTO;
	}
	return 0;
}

/* read len bytes out of the socket; a stream may hand them over in pieces */
static int drain(int fd, char *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t r = read(fd, buf + got, len - got);

		if (r <= 0)
			return r < 0 ? -errno : -EPROTO;
		got += (size_t)r;
	}
	return 0;
}

static int send_file(void *arg, uint64_t n)
{
	struct rw *c = arg;

	for (uint64_t i = 0; i < n; i++) {
		off_t off = 0;
		ssize_t sent = sendfile(c->out, c->file, &off, c->len);
		int err;

		if (sent != (ssize_t)c->len)
			return sent < 0 ? -errno : -EPROTO;
		err = drain(c->in, c->buf, c->len);
		if (err)
			return err;
	}
	return 0;
}

static int splice_file(void *arg, uint64_t n)
{
	struct rw *c = arg;

	for (uint64_t i = 0; i < n; i++) {
		loff_t off = 0;
		ssize_t moved = splice(c->file, &off, c->out, NULL, c->len, 0);

		if (moved != (ssize_t)c->len)
			return moved < 0 ? -errno : -EPROTO;
		moved = splice(c->in, NULL, c->null, NULL, c->len, 0);
		if (moved != (ssize_t)c->len)
			return moved < 0 ? -errno : -EPROTO;
	}
	return 0;
}

static void close_all(struct rw *c)
{
	int *fds[] = { &c->file, &c->in, &c->out, &c->null };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		if (*fds[i] >= 0)
			close(*fds[i]);
		*fds[i] = -1;
	}
	free(c->buf);
	c->buf = NULL;
}

/* the 64 KB file in fsdir, unlinked, every page cached; IB_OK or a skip/failure */
static int open_file(struct rw *c, const char *name)
{
	char path[PATH_MAX];
	size_t done = 0;

	if (ib_fsdir_ready(name))
		return IB_SKIP;
	if (snprintf(path, sizeof(path), "%s/ib-rw.XXXXXX", ib_opts->fsdir) >= (int)sizeof(path)) {
		ib_reason("%s: fsdir path too long", name);
		return IB_SKIP;
	}
	c->file = mkostemp(path, O_CLOEXEC);
	if (c->file < 0) {
		ib_reason("%s: create %s: %s", name, path, strerror(errno));
		return IB_SKIP;
	}
	unlink(path);
	while (done < FILE_BYTES) {
		ssize_t w = write(c->file, c->buf + done, FILE_BYTES - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			int e = w < 0 ? errno : EIO;

			ib_reason("%s: write 64 KB to %s: %s", name, ib_opts->fsdir, strerror(e));
			return e == ENOSPC || e == EDQUOT ? IB_SKIP : IB_FAIL;
		}
		done += (size_t)w;
	}
	/* read back, so that a file system that wrote around the cache has it cached now */
	if (pread(c->file, c->buf, FILE_BYTES, 0) != FILE_BYTES) {
		ib_reason("%s: read back: %s", name, strerror(errno));
		return IB_FAIL;
	}
	return IB_OK;
}

/* a pipe that holds FILE_BYTES, so a write of the biggest size never blocks */
static int open_pipe(struct rw *c, const char *name)
{
	int fds[2], size;

	if (pipe2(fds, O_CLOEXEC)) {
		ib_reason("%s: pipe: %s", name, strerror(errno));
		return IB_FAIL;
	}
	c->in = fds[0];
	c->out = fds[1];
	size = fcntl(c->out, F_GETPIPE_SZ);
	if (size >= 0 && size < FILE_BYTES)
		size = fcntl(c->out, F_SETPIPE_SZ, FILE_BYTES);
	if (size < FILE_BYTES) {
		ib_reason("%s: a pipe holds %d bytes, not %d: %s", name, size, FILE_BYTES,
			  size < 0 ? strerror(errno) : "too small");
		return IB_SKIP;
	}
	return IB_OK;
}

static int open_socket(struct rw *c, const char *name)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		int e = errno;

		if (e == EAFNOSUPPORT) {
			ib_reason("no AF_UNIX");
			return IB_SKIP;
		}
		ib_reason("%s: socketpair: %s", name, strerror(e));
		return IB_FAIL;
	}
	c->out = sv[0];
	c->in = sv[1];
	return IB_OK;
}

static int run_rw(const char *name, enum how how, size_t len)
{
	static const ib_loop_fn loops[] = { file_read, file_write, pipe_rw, send_file,
					    splice_file };
	static const char *const calls[] = { "pread", "pwrite", "write+read", "sendfile+read",
					     "splice+splice" };
	struct rw c = { -1, -1, -1, -1, len, NULL };
	char params[96], fsbuf[24];
	struct ib_metric m = { name, "us", 0.0, params, 0 };
	struct ib_result r;
	int ret = IB_OK, err;

	c.buf = aligned_alloc(4096, FILE_BYTES);
	if (!c.buf) {
		ib_reason("%s: no memory for a 64 KB buffer", name);
		return IB_FAIL;
	}
	for (size_t i = 0; i < FILE_BYTES; i++)
		c.buf[i] = (char)(i * 131 + 7);
	if (how != PIPE_RW)
		ret = open_file(&c, name);
	if (ret == IB_OK && (how == PIPE_RW || how == SPLICE))
		ret = open_pipe(&c, name);
	if (ret == IB_OK && how == SENDFILE)
		ret = open_socket(&c, name);
	if (ret == IB_OK && how == SPLICE) {
		c.null = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (c.null < 0) {
			ib_reason("%s: /dev/null: %s", name, strerror(errno));
			ret = IB_SKIP;
		}
	}
	if (ret != IB_OK) {
		close_all(&c);
		return ret;
	}
	if (how == PIPE_RW)
		snprintf(params, sizeof(params), "bytes=%zu calls=%s", len, calls[how]);
	else
		snprintf(params, sizeof(params), "bytes=%zu calls=%s fs=%s%s", len, calls[how],
			 ib_fs_type(ib_opts->fsdir, fsbuf, sizeof(fsbuf)),
			 how == SENDFILE ? " to=unix" : how == SPLICE ? " to=null" : "");
	err = ib_measure(&m, loops[how], &c, &r);
	close_all(&c);
	if (err) {
		if (err == -EPROTO)
			ib_reason("%s: a call moved fewer than %zu bytes", name, len);
		else
			ib_reason("%s: %s", name, strerror(-err));
		return IB_FAIL;
	}
	return IB_OK;
}

int ib_run_read_1(void) { return run_rw("read_1", PREAD, 1); }
int ib_run_read_4k(void) { return run_rw("read_4k", PREAD, 4096); }
int ib_run_read_64k(void) { return run_rw("read_64k", PREAD, FILE_BYTES); }
int ib_run_write_1(void) { return run_rw("write_1", PWRITE, 1); }
int ib_run_write_4k(void) { return run_rw("write_4k", PWRITE, 4096); }
int ib_run_write_64k(void) { return run_rw("write_64k", PWRITE, FILE_BYTES); }
int ib_run_pipe_rw_1(void) { return run_rw("pipe_rw_1", PIPE_RW, 1); }
int ib_run_pipe_rw_4k(void) { return run_rw("pipe_rw_4k", PIPE_RW, 4096); }
int ib_run_pipe_rw_64k(void) { return run_rw("pipe_rw_64k", PIPE_RW, FILE_BYTES); }
int ib_run_sendfile_64k(void) { return run_rw("sendfile_64k", SENDFILE, FILE_BYTES); }
int ib_run_splice_64k(void) { return run_rw("splice_64k", SPLICE, FILE_BYTES); }
