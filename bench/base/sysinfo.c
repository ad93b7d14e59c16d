/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysinfo.c - memory, file system and cache facts from /proc and /sys (see sysinfo.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>

#include "bench/base/sysinfo.h"

#define CACHE_DIR "/sys/devices/system/cpu/cpu0/cache/index"
#define MAX_CACHE_INDEX 16

long ib_mem_available_kb(void)
{
	char line[128];
	long avail = -1, free_kb = -1, v;
	FILE *f = fopen("/proc/meminfo", "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "MemAvailable: %ld kB", &v) == 1)
			avail = v;
		else if (sscanf(line, "MemFree: %ld kB", &v) == 1)
			free_kb = v;
	}
	fclose(f);
	return avail >= 0 ? avail : free_kb;
}

long ib_oom_kills(void)
{
	char line[128];
	long n = -1, v;
	FILE *f = fopen("/proc/vmstat", "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "oom_kill %ld", &v) == 1)
			n = v;
	fclose(f);
	return n;
}

const char *ib_fs_type(const char *dir, char *buf, size_t cap)
{
	struct statfs sf;

	if (statfs(dir, &sf) < 0)
		return "unknown";
	switch ((unsigned long)sf.f_type) {
	case 0x01021994: return "tmpfs";
	case 0x858458f6: return "ramfs";
	case 0xef53: return "ext4";
	case 0x58465342: return "xfs";
	case 0x9123683e: return "btrfs";
	case 0x794c7630: return "overlay";
	case 0x4d44: return "vfat";   /* MSDOS_SUPER_MAGIC: msdos and vfat alike */
	}
	snprintf(buf, cap, "0x%lx", (unsigned long)sf.f_type);
	return buf;
}

/* the first line of index<i>/<name>, without its newline; -1 if unreadable */
static int cache_attr(unsigned i, const char *name, char *buf, size_t cap)
{
	char path[96];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), CACHE_DIR "%u/%s", i, name);
	f = fopen(path, "re");
	if (!f)
		return -1;
	ok = fgets(buf, (int)cap, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* "32K", "16M", "1G" or a plain byte count; 0 if it does not start with a number */
static uint64_t parse_size(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 10);

	if (end == s)
		return 0;
	if (*end == 'K')
		v <<= 10;
	else if (*end == 'M')
		v <<= 20;
	else if (*end == 'G')
		v <<= 30;
	return v;
}

void ib_cache_sizes(struct ib_cache_sizes *c)
{
	unsigned long top_level = 0;

	memset(c, 0, sizeof(*c));
	for (unsigned i = 0; i < MAX_CACHE_INDEX; i++) {
		char type[32], level[16], size[32];
		unsigned long lv;
		uint64_t bytes;

		if (cache_attr(i, "type", type, sizeof(type)))
			break;   /* index<N> directories are numbered without gaps */
		if (!strcmp(type, "Instruction"))
			continue;
		if (cache_attr(i, "level", level, sizeof(level)) ||
		    cache_attr(i, "size", size, sizeof(size)))
			continue;
		lv = strtoul(level, NULL, 10);
		bytes = parse_size(size);
		if (!lv || !bytes)
			continue;
		if (lv == 1 && bytes > c->l1)
			c->l1 = bytes;
		else if (lv == 2 && bytes > c->l2)
			c->l2 = bytes;
		else if (lv == 3 && bytes > c->l3)
			c->l3 = bytes;
		if (lv > top_level || (lv == top_level && bytes > c->llc)) {
			top_level = lv;
			c->llc = bytes;
		}
	}
}
