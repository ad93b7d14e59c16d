/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * env.c - the begin record's environment fields (contract in env.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench/lib/env.h"
#include "bench/lib/fsdir.h"
#include "bench/lib/place.h"
#include "bench/base/sysinfo.h"

/* the build writes IB_CONFIG_HASH into $(O)/include/config_hash.h */
#if defined(__has_include)
#if __has_include("config_hash.h")
#include "config_hash.h"
#endif
#endif

#ifndef IB_SUITE_VERSION
#define IB_SUITE_VERSION "unknown"
#endif
#ifndef IB_CONFIG_HASH
#define IB_CONFIG_HASH "unknown"
#endif

#define VULN_DIR "/sys/devices/system/cpu/vulnerabilities"
#define VULN_MAX 64

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = '\0';
}

/* the whole (small) file, newlines at the end removed; "" if unreadable */
static void read_small(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	size_t n = 0;

	buf[0] = '\0';
	if (!f)
		return;
	n = fread(buf, 1, cap - 1, f);
	buf[n] = '\0';
	fclose(f);
	chomp(buf);
}

/* value of the first "key<blanks>: value" line of a /proc file */
static void proc_field(const char *path, const char *key, char *buf, size_t cap)
{
	char line[1024];
	size_t kl = strlen(key);
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, kl))
			continue;
		char *p = line + kl;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != ':')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		chomp(p);
		snprintf(buf, cap, "%s", p);
		break;
	}
	fclose(f);
}

#if defined(__x86_64__) || defined(__i386__)
static void cpuid(unsigned leaf, unsigned *a, unsigned *b, unsigned *c, unsigned *d)
{
	__asm__ volatile("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(0));
}
#endif

const char *ib_hypervisor(char *buf, size_t cap)
{
	char vendor[128];

	proc_field("/proc/cpuinfo", "vendor_id", vendor, sizeof(vendor));
	if (!strcmp(vendor, "User Mode Linux")) {
		snprintf(buf, cap, "UML");
		return buf;
	}
	snprintf(buf, cap, "none");
#if defined(__x86_64__) || defined(__i386__)
	unsigned a, b, c, d;
	char sig[13];

	cpuid(1, &a, &b, &c, &d);
	if (!(c & (1u << 31)))
		return buf;
	cpuid(0x40000000, &a, &b, &c, &d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = '\0';
	if (!strcmp(sig, "KVMKVMKVM"))
		snprintf(buf, cap, "KVM");
	else if (!strcmp(sig, "TCGTCGTCGTCG"))
		snprintf(buf, cap, "TCG");
	else if (sig[0])
		snprintf(buf, cap, "%s", sig);
	else
		snprintf(buf, cap, "unknown");
#endif
	return buf;
}

int ib_note_ok(const char *note)
{
	const char *eq = strchr(note, '=');

	if (!eq || eq == note)
		return 0;
	for (const char *p = note; p < eq; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '.'))
			return 0;
	return 1;
}

/* Documentation/arch/x86/boot.rst, type_of_loader: the boot loader's ID (the upper bits of
 * the kernel's bootloader_type, extended IDs already folded in by the kernel) */
const char *ib_boot_loader_name(long type)
{
	static const char *const id[] = {
		[0x0] = "LILO", [0x1] = "Loadlin", [0x2] = "bootsect-loader", [0x3] = "Syslinux",
		[0x4] = "iPXE", [0x5] = "ELILO", [0x7] = "GRUB", [0x8] = "U-Boot", [0x9] = "Xen",
		[0xa] = "Gujin", [0xb] = "QEMU", [0xc] = "uCbootloader", [0xd] = "kexec-tools",
		[0x11] = "Minimal-Linux-Bootloader", [0x12] = "OVMF", [0x13] = "barebox",
	};
	long i = type >> 4;

	if (type < 0)
		return "";
	if (type >= 0xf0 && type <= 0xff)
		return "undefined";
	return i < (long)(sizeof(id) / sizeof(id[0])) && id[i] ? id[i] : "unknown";
}

/*
 * How the kernel was started, as the kernel tells it: EFI when it has the EFI runtime
 * (/sys/firmware/efi), else BIOS when SMBIOS names a firmware (x86 without EFI), else none
 * (UML, an arm64 guest started by QEMU's -kernel). The boot loader from x86's
 * bootloader_type (the boot protocol's type_of_loader, with the kernel's own folding of
 * extended IDs), empty where the kernel has no such file.
 */
static void add_boot(struct ib_rec *r)
{
	char vendor[128], version[128], type[32], ver[32], hex[16] = "";
	char size[16];
	long t = -1;

	read_small("/sys/class/dmi/id/bios_vendor", vendor, sizeof(vendor));
	read_small("/sys/class/dmi/id/bios_version", version, sizeof(version));
	read_small("/sys/firmware/efi/fw_platform_size", size, sizeof(size));
	if (!access("/sys/firmware/efi", F_OK))
		ib_rec_str(r, "boot.fw", !strcmp(size, "32") ? "efi32" : "efi");
	else
		ib_rec_str(r, "boot.fw", vendor[0] ? "bios" : "none");
	ib_rec_str(r, "boot.fw_vendor", vendor);
	ib_rec_str(r, "boot.fw_version", version);
	read_small("/proc/sys/kernel/bootloader_type", type, sizeof(type));
	read_small("/proc/sys/kernel/bootloader_version", ver, sizeof(ver));
	if (type[0]) {
		t = strtol(type, NULL, 10);
		snprintf(hex, sizeof(hex), "0x%02lx", t);
	}
	ib_rec_str(r, "boot.loader", ib_boot_loader_name(t));
	ib_rec_str(r, "boot.loader_type", hex);
	ib_rec_str(r, "boot.loader_version", ver);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_vulns(struct ib_rec *r)
{
	char *names[VULN_MAX];
	unsigned n = 0;
	DIR *d = opendir(VULN_DIR);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) && n < VULN_MAX) {
		if (e->d_name[0] == '.')
			continue;
		names[n] = strdup(e->d_name);
		if (names[n])
			n++;
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_str);
	for (unsigned i = 0; i < n; i++) {
		char path[512], val[512], key[300];
		snprintf(path, sizeof(path), VULN_DIR "/%s", names[i]);
		read_small(path, val, sizeof(val));
		/* keys must be [a-z0-9_.]: map anything else to '_' */
		snprintf(key, sizeof(key), "vuln.%s", names[i]);
		for (char *p = key + 5; *p; p++)
			if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
				*p = (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : '_';
		ib_rec_str(r, key, val);
		free(names[i]);
	}
}

/*
 * What CPUs the kernel runs: ncpu is musl's sysconf, which counts this process's affinity,
 * so the online list, the SMT siblings of cpu0 and the NUMA nodes come from /sys (a kernel
 * without CONFIG_NUMA has no node directory: "" and 0). A list is the kernel's ("0-3,8").
 */
static void add_topology(struct ib_rec *r)
{
	static const struct { const char *path, *list, *count; } t[] = {
		{ "/sys/devices/system/cpu/online", "cpus_online", "ncpu_online" },
		{ "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "smt_siblings",
		  "smt_threads" },
		{ "/sys/devices/system/node/online", "numa_nodes", "nnuma" },
	};
	char list[256];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		int n;

		read_small(t[i].path, list, sizeof(list));
		n = list[0] ? ib_place_count_list(list) : 0;
		ib_rec_str(r, t[i].list, list);
		ib_rec_i64(r, t[i].count, n > 0 ? n : 0);
	}
}

static void build(struct ib_rec *r, const char *mode, const struct ib_timer *t,
		  const struct ib_knobs *k, char *const *notes, unsigned nnotes, size_t cut)
{
	struct utsname u;
	static char cmdline[8192];
	char model[256], mhz[64], mem[64], clk[128], hv[64], smt[32], v[IB_KNOB_STR];

	ib_rec_init(r, "begin");
	ib_rec_u64(r, "proto", IB_PROTO_VERSION);
	ib_rec_str(r, "suite", IB_SUITE_VERSION);
	ib_rec_str(r, "config", IB_CONFIG_HASH);
	ib_rec_str(r, "mode", mode);
	{
		/* CLOCK_BOOTTIME: how long after the kernel started the begin record was written */
		struct timespec ts;
		if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0)
			ib_rec_u64(r, "uptime_us", (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u);
	}
	if (uname(&u) != 0)
		memset(&u, 0, sizeof(u));
	ib_rec_str(r, "uname_s", u.sysname);
	ib_rec_str(r, "uname_r", u.release);
	ib_rec_str(r, "uname_v", u.version);
	ib_rec_str(r, "uname_m", u.machine);
	read_small("/proc/cmdline", cmdline, sizeof(cmdline));
	proc_field("/proc/cpuinfo", "model name", model, sizeof(model));
	if (cut) {
		cmdline[cut < sizeof(cmdline) ? cut : sizeof(cmdline) - 1] = '\0';
		model[cut < sizeof(model) ? cut : sizeof(model) - 1] = '\0';
	}
	ib_rec_str(r, "cmdline", cmdline);
	ib_rec_str(r, "cpu_model", model);
	proc_field("/proc/cpuinfo", "cpu MHz", mhz, sizeof(mhz));
	ib_rec_str(r, "cpu_mhz", mhz);
	ib_rec_i64(r, "ncpu", sysconf(_SC_NPROCESSORS_ONLN));
	proc_field("/proc/meminfo", "MemTotal", mem, sizeof(mem));
	ib_rec_u64(r, "memtotal_kb", strtoull(mem, NULL, 10));
	read_small("/sys/devices/system/clocksource/clocksource0/current_clocksource", clk,
		   sizeof(clk));
	ib_rec_str(r, "clocksource", clk);
	/* SMT changes what a "CPU" is to every benchmark that pins: say whether siblings run */
	read_small("/sys/devices/system/cpu/smt/control", smt, sizeof(smt));
	ib_rec_str(r, "smt", smt[0] ? smt : "unknown");
	read_small("/sys/devices/system/cpu/smt/active", smt, sizeof(smt));
	ib_rec_str(r, "smt_active", smt[0] ? smt : "unknown");
	add_topology(r);
	ib_rec_u64(r, "vdso", getauxval(AT_SYSINFO_EHDR) != 0);
	ib_rec_str(r, "hypervisor", ib_hypervisor(hv, sizeof(hv)));
	ib_rec_dbl(r, "timer_cost_ns", t->cost_ns);
	ib_rec_dbl(r, "timer_res_ns", t->res_ns);
	add_boot(r);
	add_vulns(r);
	for (unsigned i = 0; i < IB_NKNOBS; i++) {
		char key[64];
		snprintf(key, sizeof(key), "knob.%s", ib_knob_name(i));
		ib_rec_str(r, key, ib_knob_value(k, i, v, sizeof(v)));
	}
	for (unsigned i = 0; i < IB_NKNOBS; i++) {
		char key[64];
		snprintf(key, sizeof(key), "knob_src.%s", ib_knob_name(i));
		ib_rec_str(r, key, ib_knob_src_name(k->src[i]));
	}
	ib_rec_str(r, "refused", k->refused);
	{
		/* what the file benchmarks will find in fsdir, for the report's note line */
		struct ib_mount mt;
		char fsbuf[24];

		ib_fsdir_mount(k->opts.fsdir, &mt);
		ib_rec_str(r, "fsdir.type", ib_fs_type(k->opts.fsdir, fsbuf, sizeof(fsbuf)));
		ib_rec_str(r, "fsdir.mnt", mt.mnt);
		ib_rec_str(r, "fsdir.dev", mt.dev);
		ib_rec_str(r, "fsdir.opts", cut ? "" : mt.opts);
	}
	for (unsigned i = 0; i < nnotes; i++) {
		char key[128];
		const char *eq = strchr(notes[i], '=');
		size_t kl = (size_t)(eq - notes[i]);
		if (kl > sizeof(key) - 6)
			kl = sizeof(key) - 6;
		memcpy(key, "init.", 5);
		memcpy(key + 5, notes[i], kl);
		key[5 + kl] = '\0';
		ib_rec_str(r, key, eq + 1);
	}
}

void ib_env_begin(struct ib_rec *r, const char *mode, const struct ib_timer *t,
		  const struct ib_knobs *k, char *const *notes, unsigned nnotes)
{
	build(r, mode, t, k, notes, nnotes, 0);
	if (r->overflow) {
		fprintf(stderr, "ibsuite: begin record too long, cutting cmdline and cpu_model\n");
		build(r, mode, t, k, notes, nnotes, 256);
	}
}
