/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * safeio.c - inputs that cannot hang the tool, outputs that never go through a link or stay
 * half written (contract in safeio.h).
 */
#define _GNU_SOURCE
#include "host/lib/safeio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "host/lib/exitcode.h"
#include "host/lib/hostutil.h"

/* ---- what to remove when a signal ends the command ---- */

#define SLOTS 32

static struct {
	volatile sig_atomic_t used;
	int dirfd, isdir;
	char name[64];
} slot[SLOTS];

static int slot_add(int dirfd, const char *name, int isdir)
{
	for (int i = 0; i < SLOTS; i++)
		if (!slot[i].used) {
			slot[i].dirfd = dirfd;
			slot[i].isdir = isdir;
			snprintf(slot[i].name, sizeof(slot[i].name), "%s", name);
			slot[i].used = 1;
			return i;
		}
	return -1;  /* more than SLOTS at once: the file is still removed on every error path */
}

static void slot_drop(int i)
{
	if (i >= 0)
		slot[i].used = 0;
}

/* a private directory's files, then itself; async-signal-safe (no malloc, no stdio) */
static void rm_private(int dirfd, const char *name)
{
	static char buf[4096];
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	long n;

	while (fd >= 0 && (n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n;) {
			/* struct linux_dirent64: ino 8, off 8, reclen 2, type 1, name */
			unsigned short reclen;
			const char *nm = buf + off + 19;

			memcpy(&reclen, buf + off + 16, sizeof(reclen));
			if (strcmp(nm, ".") && strcmp(nm, ".."))
				unlinkat(fd, nm, 0);
			off += reclen;
		}
	if (fd >= 0)
		close(fd);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

static volatile pid_t child;

void ib_cleanup_child(pid_t pid)
{
	child = pid;
}

static void on_signal(int sig)
{
	int e = errno;

	if (child > 0)
		kill(child, SIGTERM);   /* gnuplot, still drawing into what goes now */

	for (int i = 0; i < SLOTS; i++)
		if (slot[i].used) {
			if (slot[i].isdir)
				rm_private(slot[i].dirfd, slot[i].name);
			else
				unlinkat(slot[i].dirfd, slot[i].name, 0);
			slot[i].used = 0;
		}
	errno = e;
	/* SA_RESETHAND restored the default action: the signal ends us as it would have */
	raise(sig);
}

void ib_cleanup_on_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old;

		/* a signal ignored when we started (nohup, a background job) stays ignored */
		if (!sigaction(sigs[i], NULL, &old) && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

/* ---- inputs ---- */

int ib_input_exit(int err)
{
	switch (err) {
	case ENOENT: case EACCES: case EPERM: case EISDIR: case EINVAL: case ENOTDIR:
	case ELOOP: case ENAMETOOLONG: case ENXIO: case ENODEV:
		return IB_EXIT_USAGE;
	default:
		return IB_EXIT_HOSTIO;
	}
}

const char *ib_file_kind(unsigned mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG: return "a regular file";
	case S_IFDIR: return "a directory";
	case S_IFIFO: return "a FIFO";
	case S_IFCHR: return "a character device";
	case S_IFBLK: return "a block device";
	case S_IFSOCK: return "a socket";
	case S_IFLNK: return "a symbolic link";
	default: return "not a file";
	}
}

int ib_input_open(const char *path, int flags, char *err, size_t errlen)
{
	/* O_NONBLOCK: opening a FIFO that has no writer would wait for one forever */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), e;
	struct stat st;

	if (fd < 0 || fstat(fd, &st)) {
		e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		if (fd >= 0)
			close(fd);
		errno = e;
		return -1;
	}
	if (!S_ISREG(st.st_mode) && !((flags & IB_IN_BLOCKDEV) && S_ISBLK(st.st_mode))) {
		snprintf(err, errlen, "%s: %s, not a regular file", path, ib_file_kind(st.st_mode));
		close(fd);
		errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/* *len: the size, or (a file that grows, a device) at least max + 1 */
static int too_big(const char *path, unsigned long long have, size_t max, size_t *len,
		   char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: %llu bytes, more than %zu", path, have, max);
	*len = have > SIZE_MAX ? SIZE_MAX : (size_t)have;
	errno = EFBIG;
	return -2;
}

int ib_input_read(const char *path, size_t max, int flags, char **buf, size_t *len, char *err,
		  size_t errlen)
{
	size_t cap = max < 65536 ? max + 1 : 65536, n = 0;
	struct stat st;
	char *b;
	int fd;

	*buf = NULL;
	*len = 0;
	if ((fd = ib_input_open(path, flags, err, errlen)) < 0)
		return -1;
	/* a file known to be too long is refused before a byte is read */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max) {
		close(fd);
		return too_big(path, (unsigned long long)st.st_size, max, len, err, errlen);
	}
	b = ib_xmalloc(cap + 1);
	for (;;) {
		ssize_t r;

		if (n == cap) {
			if (cap > max) {
				free(b);
				close(fd);
				return too_big(path, n, max, len, err, errlen);
			}
			cap = cap > (max + 1) / 2 ? max + 1 : cap * 2;
			b = ib_xrealloc(b, cap + 1);
		}
		r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			snprintf(err, errlen, "%s: %s", path, strerror(e));
			free(b);
			close(fd);
			errno = e;
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

/* ---- outputs ---- */

/* 16 random letters and digits for a name nobody else picks */
static void random_tail(char *out, size_t n)
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[32];
	static unsigned long k;

	if (n > sizeof(r))
		n = sizeof(r);
	if (getrandom(r, n, GRND_NONBLOCK) != (ssize_t)n) {
		unsigned long x = (unsigned long)getpid() * 2654435761u ^ (unsigned long)time(NULL) ^ ++k;

		for (size_t i = 0; i < n; i++, x = x * 6364136223846793005ull + 1442695040888963407ull)
			r[i] = (unsigned char)(x >> 33);
	}
	for (size_t i = 0; i < n; i++)
		out[i] = abc[r[i] % (sizeof(abc) - 1)];
	out[n] = '\0';
}

/* the final target of a chain of links (relative ones taken from the link's directory) */
static char *resolve_link(const char *path)
{
	char *cur = ib_xstrdup(path);

	for (int hops = 0; hops < 40; hops++) {
		char t[PATH_MAX], *next;
		struct stat st;
		ssize_t n;

		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			return cur;
		if ((n = readlink(cur, t, sizeof(t) - 1)) < 0)
			break;
		t[n] = '\0';
		if (t[0] == '/') {
			next = ib_xstrdup(t);
		} else {
			const char *slash = strrchr(cur, '/');

			next = ib_xmalloc((slash ? (size_t)(slash - cur) + 1 : 0) + strlen(t) + 1);
			sprintf(next, "%.*s%s", slash ? (int)(slash - cur) + 1 : 0, cur, t);
		}
		free(cur);
		cur = next;
	}
	free(cur);
	errno = ELOOP;
	return NULL;
}

int ib_out_openat(struct ib_out *o, int dirfd, const char *shown, const char *name, int flags,
		  char *err, size_t errlen)
{
	struct stat st;
	int fd = -1;

	memset(o, 0, sizeof(*o));
	o->dirfd = dirfd;
	o->flags = flags;
	o->slot = -1;
	o->name = ib_xstrdup(name);
	o->shown = ib_xmalloc(strlen(shown) + strlen(name) + 2);
	sprintf(o->shown, "%s%s%s", shown, *shown ? "/" : "", name);
	if (!fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) && !S_ISREG(st.st_mode) &&
	    !S_ISLNK(st.st_mode)) {
		snprintf(err, errlen, "%s: %s, not a regular file: not replaced", o->shown,
			 ib_file_kind(st.st_mode));
		goto fail;
	}
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		char tail[8];

		random_tail(tail, 6);
		/* the temporary's name is short whatever the output's: it is only ever ours */
		snprintf(o->tmp, sizeof(o->tmp), ".%.40s.%s", name, tail);
		fd = openat(dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a temporary file beside %s: %s", o->shown,
			 strerror(errno));
		goto fail;
	}
	o->slot = slot_add(dirfd, o->tmp, 0);
	if (!(o->f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "%s: %s", o->shown, strerror(errno));
		close(fd);
		unlinkat(dirfd, o->tmp, 0);
		slot_drop(o->slot);
		goto fail;
	}
	return 0;
fail:
	if (o->own_dirfd)
		close(o->dirfd);
	free(o->name);
	free(o->shown);
	o->name = o->shown = NULL;
	o->own_dirfd = 0;
	return -1;
}

int ib_out_open(struct ib_out *o, const char *path, int flags, char *err, size_t errlen)
{
	char *target = NULL, *dir;
	const char *base;
	struct stat st;
	char note[sizeof(o->note)] = "";
	int dirfd, rc;

	if (!lstat(path, &st) && S_ISLNK(st.st_mode) && (flags & IB_OUT_USER)) {
		if (!(target = resolve_link(path))) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		snprintf(note, sizeof(note), "%s is a symbolic link: writing its target %s", path,
			 target);
	}
	dir = ib_xstrdup(target ? target : path);
	base = strrchr(dir, '/');
	if (base == dir + strlen(dir) - 1 || !*dir) {
		snprintf(err, errlen, "%s: not a file name", path);
		free(dir);
		free(target);
		return -1;
	}
	if (base) {
		dir[base - dir] = '\0';
		base++;
	} else {
		base = dir;
	}
	dirfd = open(base == dir ? "." : *dir ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0) {
		snprintf(err, errlen, "cannot write %s: %s", target ? target : path, strerror(errno));
		free(dir);
		free(target);
		return -1;
	}
	rc = ib_out_openat(o, dirfd, "", base, flags, err, errlen);
	if (rc) {
		close(dirfd);
	} else {
		o->own_dirfd = 1;
		free(o->shown);
		o->shown = ib_xstrdup(target ? target : path);
		snprintf(o->note, sizeof(o->note), "%s", note);
	}
	free(dir);
	free(target);
	return rc;
}

static void out_free(struct ib_out *o)
{
	slot_drop(o->slot);
	if (o->own_dirfd)
		close(o->dirfd);
	free(o->name);
	free(o->shown);
	o->name = o->shown = NULL;
	o->f = NULL;
	o->own_dirfd = 0;
}

int ib_out_commit(struct ib_out *o, char *err, size_t errlen)
{
	int sync = !(o->flags & IB_OUT_NOSYNC), bad;

	bad = fflush(o->f) || ferror(o->f) || (sync && fsync(fileno(o->f)));
	if (fclose(o->f))
		bad = 1;
	o->f = NULL;
	if (bad || renameat(o->dirfd, o->tmp, o->dirfd, o->name)) {
		snprintf(err, errlen, "cannot write %s: %s", o->shown, strerror(errno));
		unlinkat(o->dirfd, o->tmp, 0);
		out_free(o);
		return -1;
	}
	slot_drop(o->slot);
	o->slot = -1;
	if (sync && fsync(o->dirfd) && errno != EINVAL) {
		snprintf(err, errlen, "cannot write %s: %s", o->shown, strerror(errno));
		out_free(o);
		return -1;
	}
	out_free(o);
	return 0;
}

void ib_out_abort(struct ib_out *o)
{
	if (!o->name)
		return;
	if (o->f)
		fclose(o->f);
	unlinkat(o->dirfd, o->tmp, 0);
	out_free(o);
}

/* ---- directories ---- */

int ib_dir_open(const char *path, int create, char *note, size_t notelen, char *err,
		size_t errlen)
{
	struct stat st;
	int fd;

	note[0] = '\0';
	if (!lstat(path, &st) && S_ISLNK(st.st_mode))
		snprintf(note, notelen, "%s is a symbolic link: writing into its target", path);
	if (create && ib_mkdir_p(path, 0777) && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, errno == ENOTDIR ? "%s exists and is not a directory" :
			 "%s: %s", path, strerror(errno));
		return -1;
	}
	return fd;
}

int ib_subdir_open(int dirfd, const char *shown, const char *name, int create, char *err,
		   size_t errlen)
{
	int fd;

	if (create && mkdirat(dirfd, name, 0777) && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s/%s: %s", shown, name, strerror(errno));
		return -1;
	}
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		struct stat st;
		int e = errno;

		if (!fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode))
			snprintf(err, errlen, "%s/%s is a symbolic link: not written through (remove "
				 "it)", shown, name);
		else if (e == ENOTDIR)
			snprintf(err, errlen, "%s/%s is not a directory", shown, name);
		else
			snprintf(err, errlen, "%s/%s: %s", shown, name, strerror(e));
		errno = e;
		return -1;
	}
	return fd;
}

int ib_tmpdir_make(int dirfd, const char *shown, char *name, size_t cap, char *err,
		   size_t errlen)
{
	for (int tries = 0; tries < 100; tries++) {
		char tail[8];
		int fd;

		random_tail(tail, 6);
		snprintf(name, cap, ".initbench-%s", tail);
		if (mkdirat(dirfd, name, 0700)) {
			if (errno == EEXIST)
				continue;
			break;
		}
		slot_add(dirfd, name, 1);
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0)
			return fd;
		ib_tmpdir_remove(dirfd, name);
		break;
	}
	snprintf(err, errlen, "cannot create a private directory in %s: %s", shown, strerror(errno));
	return -1;
}

void ib_tmpdir_remove(int dirfd, const char *name)
{
	for (int i = 0; i < SLOTS; i++)
		if (slot[i].used && slot[i].isdir && slot[i].dirfd == dirfd &&
		    !strcmp(slot[i].name, name))
			slot[i].used = 0;
	rm_private(dirfd, name);
}
