/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arch.c - the architecture table (contract in arch.h; the make half is mk/arch.mk).
 */
#define _GNU_SOURCE
#include "host/boot/arch.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "host/boot/kernel.h"

const struct ib_arch ib_arches[] = {
	{
		.name = "x86_64", .uname_m = "x86_64", .qemu_bin = "qemu-system-x86_64",
		/* QEMU's defaults (pc, qemu64) are what every x86_64 boot so far ran on */
		.machine = NULL, .cpu_tcg = NULL, .cpu_kvm = "host",
		.console = "ttyS0", .kernel_image = "bzImage",
		.magic_off = 0x202, .magic = "HdrS", .kernel_kind = IB_KERNEL_BZIMAGE,
		.timer = "TSC through the vDSO (clocksource tsc, tsc-early under TCG)",
	},
	{
		.name = "arm64", .uname_m = "aarch64", .qemu_bin = "qemu-system-aarch64",
		/*
		 * virt has no default CPU worth measuring. gic-version=max: GICv3 under TCG and the
		 * host's GIC under KVM (many arm64 hosts have no GICv2 to offer). -cpu max without
		 * pauth-impdef emulates QARMA pointer authentication, which Debian's kernel uses on
		 * every function entry: a boot then takes ~3x longer and a null call ~4x more
		 * (measured: 10.6 s vs 4.1 s to power off, 13.6 vs 3.6 us). A named core such as
		 * cortex-a72 is worse still: its Spectre-BHB mitigation loops on every syscall entry.
		 */
		.machine = "virt,gic-version=max", .cpu_tcg = "max,pauth-impdef=on", .cpu_kvm = "host",
		.console = "ttyAMA0", .kernel_image = "Image",
		.magic_off = 0x38, .magic = "ARM\x64", .kernel_kind = IB_KERNEL_IMAGE,
		.timer = "the generic timer's virtual counter CNTVCT_EL0 through the vDSO "
			 "(clocksource arch_sys_counter; 62.5 MHz under TCG, one tick 16 ns)",
	},
};

const size_t ib_narches = sizeof(ib_arches) / sizeof(ib_arches[0]);

const struct ib_arch *ib_arch_find(const char *name)
{
	for (size_t i = 0; name && i < ib_narches; i++)
		if (!strcmp(ib_arches[i].name, name))
			return &ib_arches[i];
	return NULL;
}

const struct ib_arch *ib_arch_by_uname(const char *uname_m)
{
	for (size_t i = 0; uname_m && i < ib_narches; i++)
		if (!strcmp(ib_arches[i].uname_m, uname_m))
			return &ib_arches[i];
	return NULL;
}

const struct ib_arch *ib_arch_host(void)
{
	struct utsname u;

	if (uname(&u) != 0)
		return NULL;
	return ib_arch_by_uname(u.machine);
}

const struct ib_arch *ib_arch_of_kernel(const unsigned char *head, size_t n)
{
	for (size_t i = 0; i < ib_narches; i++) {
		const struct ib_arch *a = &ib_arches[i];

		if (n >= a->magic_off + 4 && !memcmp(head + a->magic_off, a->magic, 4))
			return a;
	}
	return NULL;
}

const struct ib_arch *ib_arch_of_kernel_file(const char *path)
{
	unsigned char head[0x400];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	n = read(fd, head, sizeof(head));
	close(fd);
	return n > 0 ? ib_arch_of_kernel(head, (size_t)n) : NULL;
}

int ib_arch_kvm_usable(const struct ib_arch *a, char *why, size_t len)
{
	const struct ib_arch *host = ib_arch_host();
	struct utsname u;

	if (host == a)
		return 1;
	if (uname(&u) != 0)
		snprintf(u.machine, sizeof(u.machine), "?");
	snprintf(why, len, "%s guest on an %s host: KVM runs only the host's architecture",
		 a->name, host ? host->name : u.machine);
	return 0;
}
