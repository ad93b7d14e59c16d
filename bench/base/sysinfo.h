/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysinfo.h - facts about the machine that several benchmarks put in their records or size
 * their buffers by. Each reads /proc or /sys afresh on every call (nothing is cached: a
 * benchmark run is long, memory changes) and never fails hard: a missing file gives the
 * "unknown" value documented below.
 *
 *  - ib_mem_available_kb(): MemAvailable from /proc/meminfo in kB, MemFree when the kernel
 *    has no MemAvailable line (before 3.14), -1 when /proc/meminfo cannot be read or has
 *    neither line.
 *  - ib_fs_type(dir, buf, cap): a short name for the type of the file system holding dir,
 *    for a record's `fs=` param: "tmpfs", "ramfs", "ext4", "xfs", "btrfs", "overlay",
 *    "vfat" (FAT's magic, msdos too), else
 *    the statfs() magic in hex ("0x6969") written into buf, or "unknown" when statfs()
 *    fails. Returns a static string or buf; cap of 24 is plenty.
 *  - ib_cache_sizes(c): the data and unified caches of cpu0 from
 *    /sys/devices/system/cpu/cpu0/cache/index<N>/{type,level,size} (instruction caches
 *    are left out), in bytes: l1, l2, l3 are the largest such cache of that level and llc
 *    the largest one of the highest level listed (an L4 counts); 0 for what sysfs does not
 *    list (UML has no cacheinfo at all: everything is 0, the caller decides what to assume).
 *    Sizes are read as a number with an optional K, M or G suffix (sysfs writes "32K").
 *  - ib_oom_kills(): the kernel's count of OOM kills since boot (`oom_kill` in /proc/vmstat,
 *    Linux 4.13 and later), -1 when it cannot be read.
 */
#ifndef IB_SYSINFO_H
#define IB_SYSINFO_H

#include <stddef.h>
#include <stdint.h>

struct ib_cache_sizes {
	uint64_t l1, l2, l3;
	uint64_t llc;
};

long ib_mem_available_kb(void);
const char *ib_fs_type(const char *dir, char *buf, size_t cap);
void ib_cache_sizes(struct ib_cache_sizes *c);
long ib_oom_kills(void);

#endif
