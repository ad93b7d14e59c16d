/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * init - PID 1 of the initbench image (static musl).
 *
 * Contract:
 * - Makes a quiet system, then runs the suite once and powers off:
 *   fds 0/1/2 on the console; proc, sysfs, devtmpfs (/dev) and tmpfs
 *   (/tmp) mounted; `lo` up with 127.0.0.1/8; console log level
 *   CONFIG_IB_LOGLEVEL; cpufreq governor `performance` where cpufreq
 *   exists. Then it execs
 *     /bin/ibsuite --from-cmdline --mode=init --note=lo=... --note=loglevel=...
 *                  --note=governor=... --note=mounts=...
 *   where each note says what was actually done (lo=up|failed,
 *   loglevel=N|failed, governor=performance|none|failed,
 *   mounts=ok|<fstype>:<ERRNO>,...).
 * - `initbench.shell=1` on the kernel command line runs /bin/sh on the
 *   console instead; 0 or absent measures; any other value is refused with
 *   one line and measuring goes on.
 * - It reaps every child (orphans are re-parented to PID 1) while waiting
 *   for the suite or shell, says in one line if it could not be started or
 *   ended abnormally, kills what is left, drains the console, syncs and
 *   powers off (falling back to a reboot, which QEMU -no-reboot and UML
 *   turn into an exit). PID 1 never exits: that would panic the kernel.
 * - SIGUSR1, SIGUSR2 or SIGTERM (what busybox halt/poweroff/reboot send
 *   to PID 1) also end the run with a power off.
 * - Nothing here sleeps: the suite should start well under 0.3 s after
 *   the kernel starts us.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define SUITE "/bin/ibsuite"
#define SHELL "/bin/sh"
#define NOTE_LEN 160

static char *const child_env[] = {
	"PATH=/bin", "HOME=/root", "TERM=linux", NULL
};

static volatile sig_atomic_t stop_signal;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	if (write(2, buf, (size_t)n) < 0) {
		/* nowhere left to complain to */
	}
}

/* Short, space-free errno names for the notes (which the host parses). */
static const char *errname(int e)
{
	switch (e) {
	case ENOENT: return "ENOENT";
	case ENODEV: return "ENODEV";
	case EBUSY: return "EBUSY";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case EINVAL: return "EINVAL";
	case ENOMEM: return "ENOMEM";
	case ENOTDIR: return "ENOTDIR";
	case EROFS: return "EROFS";
	default: {
		static char num[16];

		snprintf(num, sizeof(num), "E%d", e);
		return num;
	}
	}
}

static int fd_ok(int fd)
{
	return fcntl(fd, F_GETFD) != -1;
}

/*
 * The kernel opens /dev/console for us from the initramfs' own node; if
 * that failed (no node, no console) fds 0-2 are closed and every message
 * and record would vanish. Returns 1 if it had to mount devtmpfs itself.
 */
static int setup_console(void)
{
	static const char *const tty[] = { "/dev/console", "/dev/ttyS0", "/dev/tty0" };
	int fd = -1, mounted = 0;

	if (fd_ok(0) && fd_ok(1) && fd_ok(2))
		return 0;
	mkdir("/dev", 0755);
	if (mount("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755") == 0 ||
	    errno == EBUSY)
		mounted = 1;
	for (size_t i = 0; i < sizeof(tty) / sizeof(tty[0]) && fd < 0; i++)
		fd = open(tty[i], O_RDWR | O_NOCTTY);
	if (fd < 0)
		return mounted;
	for (int i = 0; i < 3; i++)
		if (!fd_ok(i))
			dup2(fd, i);
	if (fd > 2)
		close(fd);
	return mounted;
}

static void do_mounts(int dev_done, char *note, size_t len)
{
	static const struct {
		const char *type, *dir, *data;
		unsigned long flags;
	} m[] = {
		{ "proc", "/proc", NULL, MS_NOSUID | MS_NODEV | MS_NOEXEC },
		{ "sysfs", "/sys", NULL, MS_NOSUID | MS_NODEV | MS_NOEXEC },
		{ "devtmpfs", "/dev", "mode=0755", MS_NOSUID },
		{ "tmpfs", "/tmp", "mode=1777", MS_NOSUID | MS_NODEV },
	};
	size_t used = 0;

	note[0] = '\0';
	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		int e;

		if (dev_done && !strcmp(m[i].dir, "/dev"))
			continue;
		mkdir(m[i].dir, 0755);
		if (mount(m[i].type, m[i].dir, m[i].type, m[i].flags, m[i].data) == 0)
			continue;
		e = errno;
		if (e == EBUSY)     /* already there (kernel automount) */
			continue;
		say("init: mount %s on %s: %s", m[i].type, m[i].dir, strerror(e));
		if (used < len)
			used += (size_t)snprintf(note + used, len - used, "%s%s:%s",
						 used ? "," : "", m[i].type, errname(e));
	}
	if (!note[0])
		snprintf(note, len, "ok");
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;
	size_t len = strlen(s);

	if (fd < 0)
		return -1;
	n = write(fd, s, len);
	if (n != (ssize_t)len) {
		int e = n < 0 ? errno : EIO;

		close(fd);
		errno = e;
		return -1;
	}
	return close(fd);
}

static void set_loglevel(char *note, size_t len)
{
	char v[16];

	snprintf(v, sizeof(v), "%d\n", CONFIG_IB_LOGLEVEL);
	if (write_file("/proc/sys/kernel/printk", v)) {
		say("init: cannot set console log level: %s", strerror(errno));
		snprintf(note, len, "failed");
		return;
	}
	snprintf(note, len, "%d", CONFIG_IB_LOGLEVEL);
}

static int ifreq_ioctl(int s, unsigned long req, struct ifreq *ifr, const char *what)
{
	if (ioctl(s, req, ifr) == 0)
		return 0;
	say("init: lo: %s: %s", what, strerror(errno));
	return -1;
}

/* Loopback TCP/UDP benchmarks need lo up and 127.0.0.1 on it. */
static const char *lo_up(void)
{
	struct ifreq ifr;
	struct sockaddr_in sin;
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int bad = 0;

	if (s < 0) {
		say("init: lo: no AF_INET socket: %s", strerror(errno));
		return "failed";
	}
	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, "lo", IFNAMSIZ - 1);
	if (ifreq_ioctl(s, SIOCGIFFLAGS, &ifr, "get flags")) {
		bad = 1;
	} else if ((ifr.ifr_flags & (IFF_UP | IFF_RUNNING)) != (IFF_UP | IFF_RUNNING)) {
		ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
		bad = ifreq_ioctl(s, SIOCSIFFLAGS, &ifr, "set up");
	}

	/* Linux gives lo 127.0.0.1/8 when it goes up; add it if not. */
	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, "lo", IFNAMSIZ - 1);
	if (!bad && ioctl(s, SIOCGIFADDR, &ifr) != 0) {
		memset(&sin, 0, sizeof(sin));
		sin.sin_family = AF_INET;
		sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		memcpy(&ifr.ifr_addr, &sin, sizeof(sin));
		bad = ifreq_ioctl(s, SIOCSIFADDR, &ifr, "set 127.0.0.1");
		if (!bad) {
			sin.sin_addr.s_addr = htonl(0xff000000u);
			memcpy(&ifr.ifr_netmask, &sin, sizeof(sin));
			bad = ifreq_ioctl(s, SIOCSIFNETMASK, &ifr, "set netmask /8");
		}
	}
	close(s);
	return bad ? "failed" : "up";
}

static int is_cpu_dir(const char *n)
{
	if (strncmp(n, "cpu", 3) || !n[3])
		return 0;
	for (n += 3; *n; n++)
		if (*n < '0' || *n > '9')
			return 0;
	return 1;
}

static const char *set_governor(void)
{
	const char *base = "/sys/devices/system/cpu";
	DIR *d = opendir(base);
	struct dirent *de;
	int found = 0, bad = 0;

	if (!d)
		return "none";
	while ((de = readdir(d)) != NULL) {
		char path[320];

		if (!is_cpu_dir(de->d_name) || strlen(de->d_name) > 32)
			continue;
		snprintf(path, sizeof(path), "%s/%s/cpufreq/scaling_governor",
			 base, de->d_name);
		if (access(path, F_OK))
			continue;
		found++;
		if (write_file(path, "performance\n")) {
			say("init: %s: cannot set performance: %s", de->d_name,
			    strerror(errno));
			bad++;
		}
	}
	closedir(d);
	return !found ? "none" : bad ? "failed" : "performance";
}

/* 1 for the rescue shell, 0 to measure. The last occurrence wins. */
static int want_shell(void)
{
	char buf[4096];
	const char *key = "initbench.shell";
	size_t klen = strlen(key), got = 0;
	int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	int shell = 0;
	char *tok, *save;
	ssize_t n;

	if (fd < 0)
		return 0;
	while (got < sizeof(buf) - 1 &&
	       (n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';

	for (tok = strtok_r(buf, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		const char *v;

		if (strncmp(tok, key, klen) || (tok[klen] && tok[klen] != '='))
			continue;
		v = tok[klen] == '=' ? tok + klen + 1 : "";
		if (!strcmp(v, "0") || !strcmp(v, "1"))
			shell = v[0] == '1';
		else
			say("init: initbench.shell=%s refused (0 or 1); using %d", v, shell);
	}
	return shell;
}

static void on_stop(int sig)
{
	stop_signal = sig;
}

static void catch_stop_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;   /* no SA_RESTART: waitpid must see EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/*
 * fork + execve, reporting exec failure through a close-on-exec pipe so
 * that "could not start" is told apart from "started and exited 127".
 * Returns the pid, or -1 after saying why.
 */
static pid_t start(char *const argv[], int shell)
{
	int p[2], e = 0;
	pid_t pid;
	ssize_t n;

	if (pipe2(p, O_CLOEXEC)) {
		say("init: pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		say("init: cannot start %s: fork: %s", argv[0], strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		setsid();
		if (shell)
			ioctl(0, TIOCSCTTY, 1);   /* job control and ^C; fine if refused */
		execve(argv[0], argv, child_env);
		e = errno;
		if (write(p[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(p[1]);
	do
		n = read(p[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	close(p[0]);
	if (n == (ssize_t)sizeof(e)) {
		say("init: cannot start %s: %s", argv[0], strerror(e));
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

/*
 * Reap everything until `main` ends (or a stop signal arrives). A shell's
 * exit status is only its last command's, so it is not worth a line.
 */
static void wait_for(pid_t main_pid, const char *what, int tell_status)
{
	for (;;) {
		int st;
		pid_t w = waitpid(-1, &st, 0);

		if (w == main_pid) {
			if (WIFSIGNALED(st))
				say("init: %s killed by signal %d (%s)%s", what,
				    WTERMSIG(st), strsignal(WTERMSIG(st)),
				    WCOREDUMP(st) ? ", core dumped" : "");
			else if (tell_status && WIFEXITED(st) && WEXITSTATUS(st) != 0)
				say("init: %s exited with status %d", what, WEXITSTATUS(st));
			return;
		}
		if (w < 0 && errno == EINTR) {
			if (stop_signal) {
				say("init: signal %d: powering off", (int)stop_signal);
				return;
			}
			continue;
		}
		if (w < 0) {
			say("init: %s vanished: %s", what, strerror(errno));
			return;
		}
	}
}

static void __attribute__((noreturn)) power_off(void)
{
	kill(-1, SIGKILL);          /* every process but PID 1 */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	tcdrain(1);                 /* the end record must leave the UART */
	sync();
	reboot(RB_POWER_OFF);
	say("init: power off failed: %s; rebooting", strerror(errno));
	reboot(RB_AUTOBOOT);
	say("init: reboot failed: %s; halting here", strerror(errno));
	for (;;)
		pause();
}

int main(void)
{
	char mounts[NOTE_LEN], loglevel[16];
	char n_lo[NOTE_LEN], n_ll[NOTE_LEN], n_gov[NOTE_LEN], n_mnt[NOTE_LEN + 16];
	char n_start[NOTE_LEN];
	struct timespec t0;
	int dev_done;
	pid_t pid;

	/* kept so that the begin record can say how long our set-up took (start_us) */
	clock_gettime(CLOCK_BOOTTIME, &t0);

	if (getpid() != 1) {
		say("init: must run as PID 1 (the image's /init)");
		return 1;
	}
	dev_done = setup_console();
	if (chdir("/")) {
		/* the initramfs root always exists */
	}
	catch_stop_signals();
	do_mounts(dev_done, mounts, sizeof(mounts));
	set_loglevel(loglevel, sizeof(loglevel));

	snprintf(n_lo, sizeof(n_lo), "--note=lo=%s", lo_up());
	snprintf(n_ll, sizeof(n_ll), "--note=loglevel=%s", loglevel);
	snprintf(n_gov, sizeof(n_gov), "--note=governor=%s", set_governor());
	snprintf(n_mnt, sizeof(n_mnt), "--note=mounts=%s", mounts);
	snprintf(n_start, sizeof(n_start), "--note=start_us=%llu",
		 (unsigned long long)t0.tv_sec * 1000000ull + (unsigned long long)t0.tv_nsec / 1000u);

	if (want_shell()) {
		char *argv[] = { SHELL, NULL };

		say("init: initbench.shell=1: rescue shell; exit it to power off");
		pid = start(argv, 1);
		if (pid > 0)
			wait_for(pid, SHELL, 0);
	} else {
		char *argv[] = {
			SUITE, "--from-cmdline", "--mode=init",
			n_lo, n_ll, n_gov, n_mnt, n_start, NULL
		};

		pid = start(argv, 0);
		if (pid > 0)
			wait_for(pid, SUITE, 1);
	}
	power_off();
}
