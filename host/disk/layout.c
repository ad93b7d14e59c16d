/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * layout.c - the partitions of a bootable disk image (contract in layout.h).
 */
#include "host/disk/layout.h"

#include <stdlib.h>

#include "host/lib/argv.h"

#define MIB_SECTORS 2048u

void ib_disk_layout(uint64_t esp_payload, unsigned out_mib, int bios, struct ib_disk_layout *l)
{
	uint64_t esp_mib = (esp_payload + esp_payload / 8 + (4u << 20) + (1u << 20) - 1) >> 20;
	uint64_t lba = MIB_SECTORS;

	if (esp_mib < IB_DISK_ESP_MIN_MIB)
		esp_mib = IB_DISK_ESP_MIN_MIB;
	if (out_mib < IB_DISK_OUT_MIN_MIB)
		out_mib = IB_DISK_OUT_MIN_MIB;
	l->bios = bios;
	l->bios_lba = bios ? lba : 0;
	l->bios_sectors = bios ? MIB_SECTORS : 0;
	lba += l->bios_sectors;
	l->esp_part = bios ? 2 : 1;
	l->esp_lba = lba;
	l->esp_sectors = esp_mib * MIB_SECTORS;
	lba += l->esp_sectors;
	l->out_part = l->esp_part + 1;
	l->out_lba = lba;
	l->out_sectors = (uint64_t)out_mib * MIB_SECTORS;
	lba += l->out_sectors;
	l->bytes = (lba + MIB_SECTORS) * 512;
}

char *ib_disk_sfdisk(const struct ib_disk_layout *l)
{
	char *bios = l->bios ? ib_strf("start=%llu, size=%llu, type=21686148-6449-6E6F-744E-"
				       "656564454649, name=\"BIOS boot\"\n",
				       (unsigned long long)l->bios_lba,
				       (unsigned long long)l->bios_sectors) : ib_strf("%s", "");
	char *s = ib_strf("label: gpt\nunit: sectors\n%s"
			  "start=%llu, size=%llu, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, "
			  "name=\"EFI system\"\n"
			  "start=%llu, size=%llu, type=EBD0A0A2-B9E5-4433-87C0-68B6B72699C7, "
			  "name=\"initbench results\"\n", bios,
			  (unsigned long long)l->esp_lba, (unsigned long long)l->esp_sectors,
			  (unsigned long long)l->out_lba, (unsigned long long)l->out_sectors);
	free(bios);
	return s;
}
