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
 * - `initbench.out=SPEC` (or CONFIG_IB_OUT; docs/disk.md): the modules of
 *   the image's second cpio are loaded before the suite starts, the suite
 *   gets a memfd as --copy-fd=3, and after it ends the copy goes to the
 *   named disk (diskout.h). Notes out=, modules= and refused= say what was
 *   asked, loaded and refused.
 * - `initbench.fs=TYPE` (or CONFIG_IB_FS; a knob of the suite's that PID 1
 *   acts on too, fsmount.h): the same modules are loaded (but for tmpfs),
 *   TYPE is mounted on initbench.fsdir= or else /mnt/fs, then given to the
 *   suite as --fsdir=/mnt/fs; note fs= says what was mounted or why not.
 * - `initbench.end=reboot` (or CONFIG_IB_END_REBOOT) reboots at the end
 *   instead of powering off.
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
#include "initramfs/diskout.h"
#include "initramfs/fsmount.h"
#include "bench/lib/knobs.h"
#include "bench/base/pid1knobs.h"
#include "initramfs/say.h"

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
#include <sys/syscall.h>
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
		ib_say("init: mount %s on %s: %s", m[i].type, m[i].dir, strerror(e));
		if (used < len)
			used += (size_t)snprintf(note + used, len - used, "%s%s:%s",
						 used ? "," : "", m[i].type, ib_errname(e));
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
		ib_say("init: cannot set console log level: %s", strerror(errno));
		snprintf(note, len, "failed");
		return;
	}
	snprintf(note, len, "%d", CONFIG_IB_LOGLEVEL);
}

static int ifreq_ioctl(int s, unsigned long req, struct ifreq *ifr, const char *what)
{
	if (ioctl(s, req, ifr) == 0)
		return 0;
	ib_say("init: lo: %s: %s", what, strerror(errno));
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
		ib_say("init: lo: no AF_INET socket: %s", strerror(errno));
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
			ib_say("init: %s: cannot set performance: %s", de->d_name,
			    strerror(errno));
			bad++;
		}
	}
	closedir(d);
	return !found ? "none" : bad ? "failed" : "performance";
}

/*
 * PID 1's own knobs (names in bench/base/pid1knobs.c), from initbench.* words of
 * /proc/cmdline (the last occurrence wins; a bad value is said in one line, named in
 * `refused` and the one in force is kept):
 *   shell=0|1            the rescue shell instead of measuring
 *   out=SPEC             results also to a disk (dump.h), default CONFIG_IB_OUT
 *   end=poweroff|reboot  what to do at the end (reboot: for N boots in a loop on one
 *                        machine), default CONFIG_IB_END
 */
struct pid1_knobs {
	int shell, reboot;
	char out[256];
	struct ib_out_spec spec;   /* valid when out[0] */
	char refused[256];
	/* two of the suite's knobs PID 1 acts on too (fsmount.h); the suite judges them and
	 * records a refusal, so a value it would refuse is simply not acted on here */
	char fs[16];
	char fsdir[256];           /* initbench.fsdir= as given, "" when not on the command line */
};

static void refuse(struct pid1_knobs *k, const char *name, const char *v, const char *why)
{
	size_t used = strlen(k->refused);

	ib_say("init: initbench.%s=%.80s refused (%s)", name, v, why);
	snprintf(k->refused + used, sizeof(k->refused) - used, "%s%s=%.60s", used ? "," : "",
		 name, v);
}

static void pid1_knob(struct pid1_knobs *k, const char *name, const char *v)
{
	char err[200];

	if (!strcmp(name, "shell")) {
		if (!strcmp(v, "0") || !strcmp(v, "1"))
			k->shell = v[0] == '1';
		else
			refuse(k, name, v, k->shell ? "0 or 1; using 1" : "0 or 1; using 0");
	} else if (!strcmp(name, "end")) {
		if (!strcmp(v, "poweroff") || !strcmp(v, "reboot"))
			k->reboot = v[0] == 'r';
		else
			refuse(k, name, v, "poweroff or reboot");
	} else if (!strcmp(name, "out")) {
		struct ib_out_spec spec;

		if (!*v) {
			k->out[0] = '\0';      /* out= turns a configured default off */
		} else if (ib_out_spec_parse(v, &spec, err, sizeof(err))) {
			ib_say("init: %s", err);
			refuse(k, name, v, k->out[0] ? "keeping the one before" : "no disk output");
		} else {
			snprintf(k->out, sizeof(k->out), "%s", v);
			k->spec = spec;
		}
	}
}

static void pid1_knobs_read(struct pid1_knobs *k)
{
	static char buf[8192];
	size_t got = 0;
	int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	char *tok, *save;
	ssize_t n;

	memset(k, 0, sizeof(*k));
#ifdef CONFIG_IB_END_REBOOT
	k->reboot = 1;
#endif
#ifdef CONFIG_IB_FS
	if (ib_fs_value_ok(CONFIG_IB_FS))
		snprintf(k->fs, sizeof(k->fs), "%s", CONFIG_IB_FS);
#endif
	if (CONFIG_IB_OUT[0])
		pid1_knob(k, "out", CONFIG_IB_OUT);
	if (fd < 0)
		return;
	while (got < sizeof(buf) - 1 &&
	       (n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(fd);
	buf[got] = '\0';

	for (tok = strtok_r(buf, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (strncmp(tok, "initbench.", 10))
			continue;
		for (size_t i = 0; ib_pid1_knobs[i].name; i++) {
			const char *name = ib_pid1_knobs[i].name;
			size_t l = strlen(name);

			if (!strncmp(tok + 10, name, l) && (!tok[10 + l] || tok[10 + l] == '='))
				pid1_knob(k, name, tok[10 + l] ? tok + 11 + l : "");
		}
		if (!strncmp(tok + 10, "fs=", 3) && ib_fs_value_ok(tok + 13) &&
		    strlen(tok + 13) < sizeof(k->fs))
			snprintf(k->fs, sizeof(k->fs), "%s", tok + 13);
		if (!strncmp(tok + 10, "fsdir=/", 7) && strlen(tok + 16) < sizeof(k->fsdir))
			snprintf(k->fsdir, sizeof(k->fsdir), "%s", tok + 16);
	}
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
		ib_say("init: pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		ib_say("init: cannot start %s: fork: %s", argv[0], strerror(errno));
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
		ib_say("init: cannot start %s: %s", argv[0], strerror(e));
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

/*
 * Reap everything until `main` ends (or a stop signal arrives). A shell's
 * exit status is only its last command's, so it is not worth a line.
 * Returns 1 if `main` exited with status 0.
 */
static int wait_for(pid_t main_pid, const char *what, int tell_status)
{
	for (;;) {
		int st;
		pid_t w = waitpid(-1, &st, 0);

		if (w == main_pid) {
			if (WIFSIGNALED(st))
				ib_say("init: %s killed by signal %d (%s)%s", what,
				    WTERMSIG(st), strsignal(WTERMSIG(st)),
				    WCOREDUMP(st) ? ", core dumped" : "");
			else if (tell_status && WIFEXITED(st) && WEXITSTATUS(st) != 0)
				ib_say("init: %s exited with status %d", what, WEXITSTATUS(st));
			return WIFEXITED(st) && WEXITSTATUS(st) == 0;
		}
		if (w < 0 && errno == EINTR) {
			if (stop_signal) {
				ib_say("init: signal %d: powering off", (int)stop_signal);
				return 0;
			}
			continue;
		}
		if (w < 0) {
			ib_say("init: %s vanished: %s", what, strerror(errno));
			return 0;
		}
	}
}

static void __attribute__((noreturn)) power_off(int want_reboot)
{
	kill(-1, SIGKILL);          /* every process but PID 1 */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	tcdrain(1);                 /* the end record must leave the UART */
	sync();
	if (!want_reboot) {
		reboot(RB_POWER_OFF);
		ib_say("init: power off failed: %s; rebooting", strerror(errno));
	}
	reboot(RB_AUTOBOOT);
	ib_say("init: reboot failed: %s; halting here", strerror(errno));
	for (;;)
		pause();
}

/*
 * initbench.out=: a memfd at fd 3 for the suite's copy of its output. Returns the
 * --copy-fd argument, or NULL without disk output.
 */
static char *out_prepare(const struct pid1_knobs *k, int *copy_fd)
{
	static char arg[32];
	int fd;

	*copy_fd = -1;
	if (!k->out[0])
		return NULL;
	fd = (int)syscall(SYS_memfd_create, "initbench-out", 0);
	if (fd < 0)
		fd = open("/tmp", O_TMPFILE | O_RDWR, 0600);
	if (fd < 0 || (fd != 3 && dup2(fd, 3) != 3)) {
		ib_say("init: out: no buffer for the copy (%s): the results are on the console only",
		       strerror(errno));
		return NULL;
	}
	if (fd != 3)
		close(fd);
	*copy_fd = 3;
	snprintf(arg, sizeof(arg), "--copy-fd=3");
	return arg;
}

static void out_finish(const struct pid1_knobs *k, int copy_fd, int complete)
{
	char dev[320];

	if (copy_fd < 0)
		return;
	if (ib_out_find(&k->spec, CONFIG_IB_OUT_WAIT_S, dev, sizeof(dev)) == 0)
		ib_out_write(&k->spec, dev, copy_fd, complete);
	close(copy_fd);
}

int main(void)
{
	char mounts[NOTE_LEN], loglevel[16];
	char n_lo[NOTE_LEN], n_ll[NOTE_LEN], n_gov[NOTE_LEN], n_mnt[NOTE_LEN + 16];
	char n_start[NOTE_LEN], n_out[320], n_mod[NOTE_LEN + 32], n_ref[300], n_fs[NOTE_LEN + 16];
	static struct pid1_knobs k;
	struct timespec t0;
	int dev_done, copy_fd, ok = 0;
	char *copy_arg;
	pid_t pid;

	/* kept so that the begin record can say how long our set-up took (start_us) */
	clock_gettime(CLOCK_BOOTTIME, &t0);

	if (getpid() != 1) {
		ib_say("init: must run as PID 1 (the image's /init)");
		return 1;
	}
	dev_done = setup_console();
	if (chdir("/")) {
		/* the initramfs root always exists */
	}
	catch_stop_signals();
	do_mounts(dev_done, mounts, sizeof(mounts));
	set_loglevel(loglevel, sizeof(loglevel));
	pid1_knobs_read(&k);

	snprintf(n_lo, sizeof(n_lo), "--note=lo=%s", lo_up());
	snprintf(n_ll, sizeof(n_ll), "--note=loglevel=%s", loglevel);
	snprintf(n_gov, sizeof(n_gov), "--note=governor=%s", set_governor());
	snprintf(n_mnt, sizeof(n_mnt), "--note=mounts=%s", mounts);
	snprintf(n_start, sizeof(n_start), "--note=start_us=%llu",
		 (unsigned long long)t0.tv_sec * 1000000ull + (unsigned long long)t0.tv_nsec / 1000u);
	snprintf(n_out, sizeof(n_out), "--note=out=%s", k.out[0] ? k.out : "none");
	snprintf(n_mod, sizeof(n_mod), "--note=modules=not_loaded");
	snprintf(n_ref, sizeof(n_ref), "--note=refused=%s", k.refused);

	if (k.shell) {
		char *argv[] = { SHELL, NULL };

		ib_say("init: initbench.shell=1: rescue shell; exit it to power off");
		pid = start(argv, 1);
		if (pid > 0)
			wait_for(pid, SHELL, 0);
	} else {
		char *argv[] = {
			SUITE, "--from-cmdline", "--mode=init",
			n_lo, n_ll, n_gov, n_mnt, n_start, n_out, n_mod, n_ref, NULL, NULL, NULL, NULL
		};
		int na = 11;

		/* the modules first: their devices then probe before the suite starts, not
		 * during a benchmark; only for a disk (out=, or an fs= other than tmpfs) */
		if (k.out[0] || (k.fs[0] && strcmp(k.fs, "tmpfs"))) {
			char mods[NOTE_LEN];

			ib_modules_load(mods, sizeof(mods));
			snprintf(n_mod, sizeof(n_mod), "--note=modules=%s", mods);
		}
		if (k.fs[0]) {
			char fsnote[NOTE_LEN];
			const char *dir = k.fsdir[0] ? k.fsdir : IB_FS_MNT;

			ib_fs_mount(k.fs, dir, CONFIG_IB_OUT_WAIT_S, fsnote, sizeof(fsnote));
			snprintf(n_fs, sizeof(n_fs), "--note=fs=%s", fsnote);
			argv[na++] = n_fs;
			/* the suite's fsdir is where it was mounted; one given is left alone */
			if (!k.fsdir[0])
				argv[na++] = "--fsdir=" IB_FS_MNT;
		}
		copy_arg = out_prepare(&k, &copy_fd);
		if (copy_arg)
			argv[na++] = copy_arg;
		pid = start(argv, 0);
		if (pid > 0)
			ok = wait_for(pid, SUITE, 1);
		out_finish(&k, copy_fd, ok);
	}
	power_off(k.reboot);
}
