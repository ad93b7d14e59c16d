/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * blkid.c - file system and partition table signatures (contract in blkid.h). Offsets
 * are the on-disk formats' own: the ext4 superblock at byte 1024 (magic 0x38, UUID 0x68,
 * volume name 0x78), the XFS superblock at byte 0 (magic "XFSB", UUID 32, name 108), the FAT
 * boot sector (FAT12/16: serial 0x27, label 0x2b, type 0x36;
 * FAT32: serial 0x43, label 0x47, type 0x52), the GPT header at LBA 1 (entries' LBA 72,
 * count 80, entry size 84; entry: type GUID at 0, unique GUID at 16, first and last LBA at 32
 * and 40) and the MBR (signature 440, four 16-byte entries from 446: type byte at 4, first
 * LBA at 8, sector count at 12).
 */
#include "initramfs/blkid.h"

#include <stdio.h>
#include <string.h>

#include "initramfs/dump.h"

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static void trimmed(char *out, size_t cap, const unsigned char *p, size_t n)
{
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\0'))
		n--;
	if (n >= cap)
		n = cap - 1;
	for (size_t i = 0; i < n; i++)
		out[i] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
	out[n] = '\0';
}

static void guid_text(char *out, size_t cap, const unsigned char *g)
{
	/* the first three fields are little-endian, the last two are bytes in order */
	snprintf(out, cap, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 (unsigned)le32(g), (unsigned)(g[4] | g[5] << 8), (unsigned)(g[6] | g[7] << 8),
		 g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]);
}

static int is_fat(const unsigned char *bs, int *fat32)
{
	if (bs[510] != 0x55 || bs[511] != 0xaa)
		return 0;
	*fat32 = !memcmp(bs + 0x52, "FAT32", 5);
	return *fat32 || !memcmp(bs + 0x36, "FAT", 3);
}

static int mbr_has_entry(const unsigned char *s)
{
	if (s[510] != 0x55 || s[511] != 0xaa)
		return 0;
	for (int i = 0; i < 4; i++)
		if (s[446 + 16 * i + 4])
			return 1;
	return 0;
}

/* the GPT header at sector size ss, or 0 */
static int gpt_header(ib_blk_read_fn rd, void *ctx, unsigned ss, unsigned char *hdr)
{
	return rd(ctx, ss, hdr, 512) == 0 && !memcmp(hdr, "EFI PART", 8);
}

int ib_blk_probe(ib_blk_read_fn rd, void *ctx, struct ib_blk_info *info)
{
	unsigned char s0[512], sb[1024], hdr[512];
	int fat32;

	memset(info, 0, sizeof(*info));
	if (rd(ctx, 0, s0, sizeof(s0)))
		return -1;
	if (!memcmp(s0, IB_DUMP_MAGIC, 8)) {
		snprintf(info->type, sizeof(info->type), "initbench");
		return 0;
	}
	if (rd(ctx, 1024, sb, sizeof(sb)) == 0 && sb[0x38] == 0x53 && sb[0x39] == 0xef) {
		snprintf(info->type, sizeof(info->type), "ext4");
		trimmed(info->label, sizeof(info->label), sb + 0x78, 16);
		/* ext4 stores the UUID as plain bytes in order, not as a mixed-endian GUID */
		snprintf(info->uuid, sizeof(info->uuid),
			 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 sb[0x68], sb[0x69], sb[0x6a], sb[0x6b], sb[0x6c], sb[0x6d], sb[0x6e],
			 sb[0x6f], sb[0x70], sb[0x71], sb[0x72], sb[0x73], sb[0x74], sb[0x75],
			 sb[0x76], sb[0x77]);
		return 0;
	}
	if (!memcmp(s0, "XFSB", 4)) {
		/* the XFS superblock at byte 0: UUID at 32, the 12-byte label at 108 */
		const unsigned char *u = s0 + 32;

		snprintf(info->type, sizeof(info->type), "xfs");
		trimmed(info->label, sizeof(info->label), s0 + 108, 12);
		snprintf(info->uuid, sizeof(info->uuid),
			 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11],
			 u[12], u[13], u[14], u[15]);
		return 0;
	}
	if (is_fat(s0, &fat32)) {
		const unsigned char *serial = s0 + (fat32 ? 0x43 : 0x27);
		uint32_t v = le32(serial);

		snprintf(info->type, sizeof(info->type), "vfat");
		trimmed(info->label, sizeof(info->label), s0 + (fat32 ? 0x47 : 0x2b), 11);
		if (!strcmp(info->label, "NO NAME"))
			info->label[0] = '\0';
		snprintf(info->uuid, sizeof(info->uuid), "%04X-%04X", (unsigned)(v >> 16),
			 (unsigned)(v & 0xffff));
		return 0;
	}
	if (gpt_header(rd, ctx, 512, hdr) || gpt_header(rd, ctx, 4096, hdr)) {
		snprintf(info->type, sizeof(info->type), "gpt");
		return 0;
	}
	if (mbr_has_entry(s0))
		snprintf(info->type, sizeof(info->type), "mbr");
	return 0;
}

int ib_blk_part(ib_blk_read_fn rd, void *ctx, unsigned partno, struct ib_blk_part *part)
{
	unsigned char s0[512], hdr[512], ent[128];
	unsigned ss;

	memset(part, 0, sizeof(*part));
	if (!partno || rd(ctx, 0, s0, sizeof(s0)))
		return -1;
	for (ss = 512; ss <= 4096; ss *= 8) {
		uint64_t lba, first, last;
		uint32_t count, size;
		int used = 0;

		if (!gpt_header(rd, ctx, ss, hdr))
			continue;
		lba = le64(hdr + 72);
		count = le32(hdr + 80);
		size = le32(hdr + 84);
		if (partno > count || size < 128 || size > 4096 || lba > UINT64_MAX / ss / 2 ||
		    rd(ctx, lba * ss + (uint64_t)(partno - 1) * size, ent, sizeof(ent)))
			return -1;
		for (int i = 0; i < 16; i++)
			used |= ent[i];
		if (!used)
			return 1;   /* an unused entry (type GUID zero) */
		first = le64(ent + 32);
		last = le64(ent + 40);
		if (last < first || last > UINT64_MAX / ss - 1)
			return -1;
		snprintf(part->table, sizeof(part->table), "gpt");
		guid_text(part->type, sizeof(part->type), ent);
		guid_text(part->uuid, sizeof(part->uuid), ent + 16);
		part->start = first * ss;
		part->size = (last - first + 1) * ss;
		return 0;
	}
	/* MBR: primary partitions 1-4 only (logical ones need the extended chain) */
	if (!mbr_has_entry(s0) || partno > 4)
		return -1;
	const unsigned char *e = s0 + 446 + 16 * (partno - 1);

	if (!e[4])
		return 1;
	snprintf(part->table, sizeof(part->table), "mbr");
	snprintf(part->type, sizeof(part->type), "0x%02x", e[4]);
	snprintf(part->uuid, sizeof(part->uuid), "%08x-%02x", (unsigned)le32(s0 + 440), partno);
	part->start = (uint64_t)le32(e + 8) * 512;
	part->size = (uint64_t)le32(e + 12) * 512;
	return 0;
}

int ib_blk_partuuid(ib_blk_read_fn rd, void *ctx, unsigned partno, char *out, size_t cap)
{
	struct ib_blk_part p;

	if (ib_blk_part(rd, ctx, partno, &p))
		return -1;
	snprintf(out, cap, "%s", p.uuid);
	return 0;
}
