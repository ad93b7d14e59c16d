/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * console.h - run a launcher (QEMU, UML, the native suite) and capture its console.
 *
 * Contract of ib_console_run():
 *  - The child is started with fork()+execvp() of opts->argv: no shell anywhere. It runs in
 *    its own process group (every kill goes to the whole group), with stdin from /dev/null,
 *    its environment plus opts->env ("KEY=VALUE" strings), and, when opts->host_cpu >= 0,
 *    pinned to that host CPU (or to the host_cpus set) with sched_setaffinity() before exec
 *    (so every thread QEMU or UML creates later inherits it).
 *  - stdout and stderr are two pipes. stdout (the guest's serial console or UML's con0) is
 *    appended to opts->log_path byte for byte as it arrives. stderr (the launcher's own
 *    messages) goes into the same file too, but only at a line boundary of stdout, so a
 *    launcher warning never splits a record line. The log is created (O_EXCL: an existing
 *    log is never rewritten) and only ever appended to.
 *  - "first byte" is the first byte on stdout; stderr does not count (QEMU may warn on
 *    stderr while a KVM guest hangs).
 *  - It stops when the child exits, or: no stdout byte within opts->probe_s (if > 0), no exit
 *    within opts->timeout_s, `Kernel panic - not syncing` seen and no exit IB_PANIC_GRACE_S
 *    later, the kernel's `Failed to execute ` (it could not run the init) before any record
 *    and no exit IB_PANIC_GRACE_S later (its fallbacks, /sbin/init or /bin/sh, print no
 *    records and never end), opts->log_max bytes in the log (stdout and stderr: what is past
 *    the limit is not written), or an `end` record seen and no exit IB_END_GRACE_S later. Stopping = SIGTERM to
 *    the group, SIGKILL one second later. Stragglers of the group are SIGKILLed after the
 *    leader exits (it is reaped only after that, so the group id cannot be reused meanwhile).
 *  - opts->on_line, if set, is called with every complete stdout line (without the newline,
 *    `\r` kept), for progress display only. opts->on_tick, if set, is called with final 0
 *    at least every 50 ms while the child runs, and with final 1 before anything else this
 *    prints and before returning (a progress line on a terminal is then cleared).
 * Returns 0 when the child ran (whatever its outcome, see res), -1 when it could not be
 * started (ended_by = IB_END_SPAWN and spawn_errno != 0 says why: exec, pinning) or on a
 * host I/O error (spawn_errno == 0; the message is printed).
 */
#ifndef IB_CONSOLE_H
#define IB_CONSOLE_H

#include <stddef.h>
#include <sys/types.h>

#define IB_PANIC_GRACE_S 2.0 /* after a panic message: time to exit by itself */
#define IB_END_GRACE_S 30.0  /* after the end record: time to print the summary, power off */

enum ib_ended_by {
	IB_END_EXIT,      /* the launcher exited by itself */
	IB_END_TIMEOUT,   /* killed: opts->timeout_s passed */
	IB_END_NOOUTPUT,  /* killed: no stdout byte within opts->probe_s */
	IB_END_PANIC,     /* killed: panic seen, did not exit within IB_PANIC_GRACE_S */
	IB_END_ENDGRACE,  /* killed: end record seen, did not exit within IB_END_GRACE_S */
	IB_END_SPAWN,     /* never started */
	IB_END_INTERRUPT, /* killed: SIGINT/SIGTERM/SIGHUP reached us (ib_console_interrupted) */
	IB_END_NOINIT,    /* killed: the kernel could not execute the init (noinit says how) */
	IB_END_FLOOD,     /* killed: the log reached opts->log_max bytes */
};

struct ib_console_opts {
	char *const *argv;          /* argv[0] is looked up in PATH */
	char *const *env;           /* extra environment, NULL-terminated, or NULL */
	const char *log_path;       /* created, must not exist */
	int host_cpu;               /* -1: not pinned */
	const int *host_cpus;       /* host_ncpus > 1: pinned to all of these instead (an SMP
				     * guest's vCPU threads must not share one host CPU) */
	unsigned host_ncpus;
	double timeout_s;           /* > 0 */
	double probe_s;             /* 0: no first-byte probe */
	unsigned long long log_max; /* 0: no limit; else the log ends at this many bytes and
	                             * the child is stopped (IB_END_FLOOD) */
	void (*on_line)(void *ctx, const char *line, size_t len);
	void (*on_tick)(void *ctx, int final);
	void *ctx;
	int verbose;                /* print the quoted command line to stderr first */
};

struct ib_console_result {
	enum ib_ended_by ended_by;
	int exited;          /* 1: exit_code is valid; 0: killed by signal term_signal */
	int exit_code;
	int term_signal;
	double wall_s;
	double first_byte_s; /* -1 if stdout never produced a byte */
	double first_record_s; /* first line holding the record tag; -1 if none */
	int saw_panic, saw_end;
	char noinit[160];    /* the kernel's "Failed to execute ..." line (before any record), or "" */
	unsigned long stdout_bytes, stderr_bytes;
	int host_cpu;        /* the CPU it was pinned to, -1 if not */
	pid_t pid;           /* the launcher's pid (and process group), 0 before it started */
	int spawn_errno;     /* for IB_END_SPAWN */
	int pin_failed;      /* ... because sched_setaffinity(host_cpu) failed */
	char last_err[256];  /* last non-empty stderr line, for error messages */
	/* context switches during the run (getrusage, wait4): of the launched process (QEMU,
	 * UML's main process; -1 when it was not waited for) and of this process itself */
	long child_nvcsw, child_nivcsw, self_nvcsw, self_nivcsw;
};

int ib_console_run(const struct ib_console_opts *opts, struct ib_console_result *res);
/* install SIGINT/SIGTERM/SIGHUP handlers so that a running launcher's group is killed, not
 * orphaned, when the user interrupts us; ib_console_interrupted() tells whether one came */
void ib_console_catch_signals(void);
int ib_console_interrupted(void);
const char *ib_ended_by_name(enum ib_ended_by e);

#endif
