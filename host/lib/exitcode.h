/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exitcode.h - the exit codes of every initbench command: one table (docs/launch.md, "Exit
 * codes"), the same classes for every command. 0 done; 1 the host could not read or write
 * a file it needed (named on stderr); 2 usage (a bad argument, a label that is not stored, an
 * input named on the command line that is missing or not a regular file); 6 bad or
 * incomplete data (records missing or corrupt, a stored boot refused or left out, a file
 * that is not what it should be): each case named on stderr in one line. `run` and `native`
 * split the data class by what the boot did (3 panic, 4 hang, 5 no records, 6 incomplete)
 * and add 7, 8 and 130; `parse` and `import` of a console capture use 5 and 6 as `run` does;
 * `compare --fail-on` adds 9, the gate's verdict.
 * A command that meets several cases exits with the highest code, but usage (2) before any
 * other: the command line named something that is not there, and that is what to fix.
 */
#ifndef IB_EXITCODE_H
#define IB_EXITCODE_H

enum ib_exit {
	IB_EXIT_DONE = 0,       /* done: every boot complete, every input whole, outputs written */
	IB_EXIT_HOSTIO = 1,     /* host-side I/O error: a file or directory cannot be read or written */
	IB_EXIT_USAGE = 2,      /* bad argument, bad or unknown label, kernel/image/input missing or
				   not a regular file, unknown kernel kind */
	IB_EXIT_PANIC = 3,      /* `Kernel panic - not syncing` on the console */
	IB_EXIT_HANG = 4,       /* boot timeout, or a KVM guest silent past the probe (kvm) */
	IB_EXIT_NORECORDS = 5,  /* the launcher ended but not one record came */
	IB_EXIT_INCOMPLETE = 6, /* records missing or corrupt, or no end record */
	IB_EXIT_LAUNCHER = 7,   /* launcher could not start (QEMU/UML/suite missing, pinning
				   refused) or died at once without any console output */
	IB_EXIT_BUSY = 8,       /* --no-wait: the host CPU is held by another run (cpulock.h) */
	IB_EXIT_GATE = 9,       /* compare --fail-on: a row is significantly worse (or better)
				   beyond the threshold, the regression gate (docs/compare.md) */
	IB_EXIT_INTERRUPT = 130,/* SIGINT/SIGTERM/SIGHUP: the launcher's group was killed */
};

/* the data class of the commands that read the store or a file: bad or incomplete data */
#define IB_EXIT_BADDATA IB_EXIT_INCOMPLETE

#endif
