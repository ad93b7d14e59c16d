/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * blkid.h - what is at the start of a block device: enough to find the device that
 * initbench.out= names by LABEL=, UUID= or PARTUUID=, and to refuse a raw dump over a file
 * system or a partition table. Pure C over a read callback, so the host tests it on real
 * images made by mkfs.ext4, mkfs.vfat and sfdisk.
 *
 * ib_blk_probe() reads the first sectors and fills *info:
 *   type  "initbench" (a raw dump header), "ext4" (the ext2/3/4 superblock magic at 1080),
 *         "xfs" ("XFSB" at byte 0), "vfat" (a FAT boot sector: 0x55aa and "FAT" at 0x36 or
 *         0x52), "gpt" ("EFI PART"
 *         at byte 512 or 4096), "mbr" (0x55aa and a non-empty partition entry), or "" (none
 *         of these: zeros or unknown data);
 *   label the file system label, trailing blanks removed ("NO NAME" of FAT is no label);
 *   uuid  ext4, xfs: 8-4-4-4-12 lower-case hex; vfat: the volume serial as XXXX-XXXX (as
 *         blkid).
 * ib_blk_partuuid() gives the PARTUUID of partition number partno (1-based) of the disk
 * read by rd: a GPT entry's unique GUID (lower-case, mixed-endian as GUIDs are printed), or
 * for an MBR disk "ssssssss-pp" (disk signature, partition number, lower-case hex).
 * Both return 0, or -1 when the data cannot be read (or partno has no entry).
 * ib_blk_part() gives partition partno (1-based) of that disk: table "gpt" or "mbr", type
 * (a GPT type GUID as printed, lower-case, or "0xNN", the MBR type byte), uuid (as
 * ib_blk_partuuid()), start and size in bytes. Returns 0; 1 for an unused entry inside the
 * table (go on with the next); -1 past the table's last entry, for a disk without a
 * partition table, an entry that ends before it starts, or data that cannot be read.
 */
#ifndef IB_BLKID_H
#define IB_BLKID_H

#include <stddef.h>
#include <stdint.h>

/* read len bytes at off into buf: 0, or -1 (short read counts as failure) */
typedef int (*ib_blk_read_fn)(void *ctx, uint64_t off, void *buf, size_t len);

struct ib_blk_info {
	char type[12];
	char label[64];
	char uuid[40];
};

struct ib_blk_part {
	char table[4];
	char type[40];
	char uuid[40];
	uint64_t start, size;   /* bytes */
};

int ib_blk_probe(ib_blk_read_fn rd, void *ctx, struct ib_blk_info *info);
int ib_blk_partuuid(ib_blk_read_fn rd, void *ctx, unsigned partno, char *out, size_t cap);
int ib_blk_part(ib_blk_read_fn rd, void *ctx, unsigned partno, struct ib_blk_part *part);

#endif
