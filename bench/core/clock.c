/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clock.c - reading the time and reading randomness: the entries that applications call most
 * and that the kernel serves without a real system call where it can (the vDSO).
 *
 * Contract (bench/lib/bench.h), Core operations section, µs per call:
 *  - clock_vdso: clock_gettime(CLOCK_MONOTONIC) through libc, which musl resolves to the
 *    kernel's vDSO (__vdso_clock_gettime) when the kernel maps one: no system call. A kernel
 *    without a vDSO (AT_SYSINFO_EHDR absent from the auxiliary vector, e.g. UML) is a skip
 *    with that reason, since libc would make the system call and the figure would be
 *    clock_sys's under another name. The harness times its samples with the same call,
 *    which is why this is the floor every other figure is read against.
 *  - clock_sys: syscall(SYS_clock_gettime, CLOCK_MONOTONIC): the same answer through a real
 *    kernel entry, so clock_sys - clock_vdso is what the vDSO saves (and what entry
 *    mitigations such as PTI cost a time read when it is missing).
 *  - getrandom: getrandom() of 16 bytes with flags 0 (the size of a key or a hash seed, the
 *    common request); a kernel without getrandom (before 3.17, ENOSYS) is a skip. Since 6.11
 *    libcs may serve it from the vDSO; musl 1.2 does not, so this is always the syscall.
 *    Params `len_bytes=16 crng_wait_ms=W`: W is how long one blocking call first waited for
 *    the kernel's random pool to be ready (0 when it was; a kernel that never readies it
 *    hangs there until the runner's time limit, which reports it).
 * clock_vdso and clock_sys carry params `clock=monotonic clocksource=NAME`, the kernel's
 * current clocksource (sysfs; "unknown" where it cannot be read): the vDSO serves a read
 * only from a clocksource with a vDSO mode (tsc, kvm-clock, the arm64 counter...) and makes
 * the system call itself on others (acpi_pm, hpet on recent kernels), so the name says which
 * the figure is. Read per measurement, not taken from the begin record's: a boot's
 * clocksource changes under it (a TCG guest began with tsc-early and measured on tsc; a TSC
 * found unstable is replaced, by hpet or acpi_pm).
 * Each is one call per operation, checked with strace -c (tests/integration/counts/
 * check-core.sh): clock_sys and getrandom one system call each, clock_vdso none.
 */

//bench: 900 clock_vdso IB_BENCH_CLOCK core
//bench: 905 clock_sys IB_BENCH_CLOCK core
//bench: 910 getrandom IB_BENCH_GETRANDOM core
//
//config:config IB_BENCH_CLOCK
//config:	bool "clock_gettime(CLOCK_MONOTONIC): through the vDSO and as a system call"
//config:	default y
//config:	help
//config:	  Two rows: libc's clock_gettime, served by the kernel's vDSO
//config:	  without entering the kernel (skipped without a vDSO), and the
//config:	  same call made with syscall(). Microseconds per call.
//
//config:config IB_BENCH_GETRANDOM
//config:	bool "getrandom(): 16 bytes from the kernel's random pool"
//config:	default y
//config:	help
//config:	  One getrandom() system call of 16 bytes, flags 0. Skipped on
//config:	  kernels without it (ENOSYS).

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "bench/lib/bench.h"

#define RANDOM_BYTES 16

static int vdso_loop(void *arg, uint64_t n)
{
	struct timespec ts;
	uint64_t acc = 0;

	(void)arg;
	for (uint64_t i = 0; i < n; i++) {
		if (clock_gettime(CLOCK_MONOTONIC, &ts))
			return -errno;
		acc += (uint64_t)ts.tv_nsec;
	}
	ib_sink = acc;
	return 0;
}

static int sys_loop(void *arg, uint64_t n)
{
	struct timespec ts;
	uint64_t acc = 0;

	(void)arg;
	for (uint64_t i = 0; i < n; i++) {
		if (syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts))
			return -errno;
		acc += (uint64_t)ts.tv_nsec;
	}
	ib_sink = acc;
	return 0;
}

static int random_loop(void *arg, uint64_t n)
{
	unsigned char buf[RANDOM_BYTES];
	uint64_t acc = 0;

	(void)arg;
	for (uint64_t i = 0; i < n; i++) {
		if (syscall(SYS_getrandom, buf, sizeof(buf), 0) != (long)sizeof(buf))
			return errno ? -errno : -EIO;
		acc += buf[0];
	}
	ib_sink = acc;
	return 0;
}

#define CLOCKSOURCE "/sys/devices/system/clocksource/clocksource0/current_clocksource"

/* "clock=monotonic clocksource=NAME" into params (NAME: a word of [A-Za-z0-9_.-], else
 * "unknown": a record value must not carry spaces or escapes) */
static const char *clock_params(char *params, size_t cap)
{
	char name[64] = "";
	size_t len = 0;
	int fd = open(CLOCKSOURCE, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		ssize_t got = read(fd, name, sizeof(name) - 1);

		close(fd);
		name[got > 0 ? got : 0] = 0;
		len = strcspn(name, "\n");
		name[len] = 0;
	}
	if (!len || name[strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				"0123456789_.-")])
		strcpy(name, "unknown");
	snprintf(params, cap, "clock=monotonic clocksource=%s", name);
	return params;
}

int ib_run_clock_vdso(void)
{
	char params[128];
	const struct ib_metric m = { "clock_vdso", "us", 0.0, clock_params(params, sizeof(params)),
				     0 };

	if (!getauxval(AT_SYSINFO_EHDR)) {
		ib_reason("no vDSO: the kernel maps none (AT_SYSINFO_EHDR is 0)");
		return IB_SKIP;
	}
	return ib_measure_run(&m, vdso_loop, NULL);
}

int ib_run_clock_sys(void)
{
	char params[128];
	const struct ib_metric m = { "clock_sys", "us", 0.0, clock_params(params, sizeof(params)),
				     0 };

	return ib_measure_run(&m, sys_loop, NULL);
}

int ib_run_getrandom(void)
{
	char params[64];
	const struct ib_metric m = { "getrandom", "us", 0.0, params, 0 };
	unsigned char probe[RANDOM_BYTES];
	uint64_t wait_ns = 0;
	long got = syscall(SYS_getrandom, probe, sizeof(probe), GRND_NONBLOCK);

	if (got < 0 && errno == EAGAIN) {
		/* early in a boot without an entropy source (a TCG guest) the pool is not
		 * ready: a blocking call makes the kernel gather jitter entropy (5.4 and later)
		 * and returns within seconds; the wait is recorded, never timed as a call */
		uint64_t t0 = ib_now_ns();

		got = syscall(SYS_getrandom, probe, sizeof(probe), 0);
		wait_ns = ib_now_ns() - t0;
	}
	if (got < 0) {
		if (errno == ENOSYS) {
			ib_reason("no getrandom: %s", strerror(errno));
			return IB_SKIP;
		}
		ib_reason("getrandom: %s", strerror(errno));
		return IB_FAIL;
	}
	snprintf(params, sizeof(params), "len_bytes=%d crng_wait_ms=%.0f", RANDOM_BYTES,
		 (double)wait_ns / 1e6);
	return ib_measure_run(&m, random_loop, NULL);
}
