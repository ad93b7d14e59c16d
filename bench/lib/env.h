/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * env.h - the begin record: what the run was measured on (docs/protocol.md, `begin`).
 *
 * ib_env_begin() builds the whole begin payload into r, in the protocol's field order:
 * proto, suite, config, mode, uname_*, cmdline, cpu_model, cpu_mhz, ncpu, memtotal_kb,
 * clocksource, vdso, hypervisor, timer_cost_ns, timer_res_ns, boot.fw, boot.fw_vendor,
 * boot.fw_version, boot.loader, boot.loader_type, boot.loader_version, vuln.* (sorted by name),
 * knob.* and knob_src.* (table order), refused, fsdir.type (ib_fs_type() of fsdir),
 * fsdir.mnt, fsdir.dev, fsdir.opts (the mount holding it, fsdir.h; empty when unknown),
 * init.* (in the order given).
 * A missing file gives an empty value, never a missing field. notes are "key=value"
 * strings from --note=; their keys are already checked by the caller (ib_note_ok()).
 * If the record would overflow (a huge /proc/cmdline), it is rebuilt with cmdline and
 * cpu_model cut, so the begin record always exists. suite and config come from
 * IB_SUITE_VERSION (-D by the build) and IB_CONFIG_HASH (config_hash.h, written by the
 * build next to config.h); "unknown" when absent.
 *
 * ib_hypervisor(): "UML" if /proc/cpuinfo says vendor_id User Mode Linux (UML runs CPUID
 * natively, so CPUID would describe the host); else on x86, when CPUID.1:ECX bit 31 is
 * set, the leaf 0x40000000 signature: "KVMKVMKVM" -> KVM, "TCGTCGTCGTCG" -> TCG, any other
 * verbatim (escaped by the record); else "none". UML keeps uname -m = x86_64 and reports
 * the host's CPUID, so /proc must be mounted for UML to be recognised (PID 1 mounts it).
 */
#ifndef IB_ENV_H
#define IB_ENV_H

#include <stddef.h>

#include "bench/lib/bench.h"
#include "bench/lib/knobs.h"
#include "bench/base/record.h"

void ib_env_begin(struct ib_rec *r, const char *mode, const struct ib_timer *t,
		  const struct ib_knobs *k, char *const *notes, unsigned nnotes);
const char *ib_hypervisor(char *buf, size_t cap);
/*
 * ib_boot_loader_name(): the x86 boot protocol's loader ID of a bootloader_type value
 * (/proc/sys/kernel/bootloader_type, decimal there): "GRUB" for 0x72, "iPXE" for 0x4X,
 * "QEMU" for 0xbX (QEMU's -kernel), "kexec-tools" for 0xdX, "OVMF" for 0x12X, ...;
 * "undefined" for 0xff (the kernel was not told), "unknown" for an ID the protocol does not
 * name, "" for a negative value (no such file: not x86).
 */
const char *ib_boot_loader_name(long type);
/* a --note= argument: "key=value" with key in [a-z0-9_.]+ */
int ib_note_ok(const char *note);

#endif
