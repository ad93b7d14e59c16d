/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * safeio.h - reading inputs without hanging on odd files, and writing outputs without
 * following links the tool did not choose or leaving half a file (docs/faults.md).
 *
 * Inputs. ib_input_open() opens path read-only and non-blocking (a FIFO without a writer
 * cannot hang it), then refuses anything but a regular file (and a block device, with
 * IB_IN_BLOCKDEV): "PATH: a FIFO, not a regular file". It returns the fd, blocking again, or
 * -1 with a one-line reason naming path in err (errno kept). ib_input_read() reads a whole
 * input of at most max bytes into a malloc'd, NUL-terminated buffer: 0, -1 as above (or a
 * read error), or -2 when the file holds more than max bytes (*len then says how many, or
 * max + 1 for a file whose size is not known before reading).
 *
 * Outputs. Every output is written to a fresh temporary file in its own directory
 * (".NAME.XXXXXX", created O_EXCL|O_NOFOLLOW: no two writers share one, no link is
 * followed), flushed, fsynced, then renamed over NAME (a rename replaces a link, it never
 * writes through it), and the directory fsynced. On an error, ib_out_abort() or a signal
 * (ib_cleanup_on_signals()) the temporary file is removed, so an output is either the old
 * file or the whole new one.
 *  - ib_out_open(o, path, flags): path as given. When path is a symbolic link: with
 *    IB_OUT_USER (the user named this output) its final target is written instead and
 *    o->note says so ("PATH is a symbolic link: writing its target TARGET"); without it the
 *    link itself is replaced. An existing target that is not a regular file (a device, a
 *    FIFO, a directory) is refused: a rename would replace it.
 *  - ib_out_openat(o, dirfd, shown, name, flags): NAME inside an open directory; shown is
 *    that directory's path for messages.
 *  - o->f is the stream to write. ib_out_commit(): 0, or -1 with the temporary removed.
 *  IB_OUT_NOSYNC leaves out both fsyncs (a caller that syncs the file system once, at the end,
 *  with syncfs()).
 *
 * Directories. ib_dir_open(path, create, note, err): a directory the user named (created
 * with its parents if create), opened; when path is a symbolic link note says so. Returns
 * the fd or -1. ib_subdir_open(dirfd, shown, name, create, err): NAME under dirfd (made if
 * create), never through a symbolic link: "SHOWN/NAME is a symbolic link: not written
 * through (remove it)". ib_tmpdir_make(dirfd, shown, name, cap, err): a new private
 * directory ".initbench-XXXXXX" under dirfd (mode 0700), its name in name, removed (with the
 * files in it) by ib_tmpdir_remove() or on a signal; the fd, or -1.
 *
 * Signals. ib_cleanup_on_signals() installs SIGINT, SIGTERM and SIGHUP handlers that remove
 * every temporary file and private directory still registered, then let the signal end the
 * process as it would have (exit status 128 + N in a shell); a child registered with
 * ib_cleanup_child() gets SIGTERM first; a signal ignored when the command started (nohup,
 * SIGINT in a background job) stays ignored. The commands that write outputs
 * call it once at start; `run` and `native` keep their own handlers.
 */
#ifndef IB_SAFEIO_H
#define IB_SAFEIO_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define IB_IN_BLOCKDEV 1

#define IB_OUT_USER 1
#define IB_OUT_NOSYNC 2

struct ib_out {
	FILE *f;
	int dirfd, own_dirfd, flags, slot;
	char tmp[64];           /* the temporary file's name in dirfd */
	char *name;             /* the final name in dirfd */
	char *shown;            /* the output's path, for messages */
	char note[512];         /* "" or what the caller should say (a followed link) */
};

/* the exit class (exitcode.h) of an input named on the command line that could not be read:
 * missing, not allowed, not a regular file: usage; anything else (EIO): host I/O */
int ib_input_exit(int err);
const char *ib_file_kind(unsigned mode);
int ib_input_open(const char *path, int flags, char *err, size_t errlen);
int ib_input_read(const char *path, size_t max, int flags, char **buf, size_t *len, char *err,
		  size_t errlen);

int ib_out_open(struct ib_out *o, const char *path, int flags, char *err, size_t errlen);
int ib_out_openat(struct ib_out *o, int dirfd, const char *shown, const char *name, int flags,
		  char *err, size_t errlen);
int ib_out_commit(struct ib_out *o, char *err, size_t errlen);
void ib_out_abort(struct ib_out *o);

int ib_dir_open(const char *path, int create, char *note, size_t notelen, char *err,
		size_t errlen);
int ib_subdir_open(int dirfd, const char *shown, const char *name, int create, char *err,
		   size_t errlen);
int ib_tmpdir_make(int dirfd, const char *shown, char *name, size_t cap, char *err,
		   size_t errlen);
void ib_tmpdir_remove(int dirfd, const char *name);

void ib_cleanup_on_signals(void);
/* a child process writing into a private directory: sent SIGTERM by that handler (0: none) */
void ib_cleanup_child(pid_t pid);

#endif
