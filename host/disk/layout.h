/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * layout.h - the partitions of a bootable disk image (`initbench disk-image`): a GPT with,
 * 1 MiB aligned from LBA 2048,
 *   1. a BIOS boot partition of 1 MiB for GRUB's core.img (only with BIOS firmware),
 *   2. the EFI system partition, FAT32: GRUB for UEFI, grub.cfg and its grubenv, each
 *      variant's kernel and image; at least 64 MiB, else what it holds plus an eighth and
 *      4 MiB (FAT32 needs 65525 clusters: about 33 MiB at 512-byte clusters),
 *   3. the results partition, FAT32 labelled for initbench.out=, typed Microsoft basic data
 *      (so that any desktop mounts the stick), out_mib MiB (at least IB_DISK_OUT_MIN_MIB),
 * and 1 MiB after the last partition for the backup GPT. Sectors are 512 bytes.
 * ib_disk_layout() is a pure function; ib_disk_sfdisk() writes it as an sfdisk script
 * (malloc'd).
 */
#ifndef IB_LAYOUT_H
#define IB_LAYOUT_H

#include <stdint.h>

#define IB_DISK_OUT_MIN_MIB 40
#define IB_DISK_ESP_MIN_MIB 64

struct ib_disk_layout {
	int bios;                      /* a BIOS boot partition, number 1 */
	unsigned esp_part, out_part;   /* partition numbers (GRUB: gptN) */
	uint64_t bios_lba, bios_sectors, esp_lba, esp_sectors, out_lba, out_sectors;
	uint64_t bytes;                /* the whole image */
};

void ib_disk_layout(uint64_t esp_payload, unsigned out_mib, int bios, struct ib_disk_layout *l);
char *ib_disk_sfdisk(const struct ib_disk_layout *l);

#endif
