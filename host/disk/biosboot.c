/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * biosboot.c - GRUB's boot.img and core.img into a disk image file (contract in biosboot.h).
 * The offsets are GRUB's i386-pc boot sector layout (boot.S, diskboot.S), unchanged since
 * GRUB 2.00.
 */
#define _GNU_SOURCE
#include "host/disk/biosboot.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "initramfs/blkid.h"

#define KERNEL_SECTOR 0x5c
#define DRIVE_CHECK 0x66
#define PART_START 0x1b8      /* disk signature, then the partition table and 0x55aa */
#define BLOCKLIST 0x1f4       /* in core.img's first sector: start, len, segment */
#define DISKBOOT_SEGMENT 0x820

static void put_le(unsigned char *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (unsigned char)v;
}

long ib_bios_boot_patch(unsigned char mbr[512], const unsigned char boot[512], unsigned char *core,
			size_t len, uint64_t lba, uint64_t room, char *err, size_t errlen)
{
	uint64_t sectors = (len + 511) / 512;

	if (boot[510] != 0x55 || boot[511] != 0xaa) {
		snprintf(err, errlen, "boot.img: no boot signature 0x55aa: not GRUB's i386-pc boot.img");
		return -1;
	}
	if (mbr[510] != 0x55 || mbr[511] != 0xaa) {
		snprintf(err, errlen, "the disk's first sector has no boot signature: no partition table");
		return -1;
	}
	if (len < 1024 || core[BLOCKLIST + 10] != (DISKBOOT_SEGMENT & 0xff) ||
	    core[BLOCKLIST + 11] != DISKBOOT_SEGMENT >> 8) {
		snprintf(err, errlen, "core.img: not an i386-pc core image (grub-mkimage -O i386-pc)");
		return -1;
	}
	if (sectors > room || sectors - 1 > 0xffff) {
		snprintf(err, errlen, "core.img: %llu sectors do not fit the BIOS boot partition's %llu",
			 (unsigned long long)sectors, (unsigned long long)room);
		return -1;
	}
	memcpy(mbr, boot, PART_START);
	put_le(mbr + KERNEL_SECTOR, lba, 8);
	mbr[DRIVE_CHECK] = 0x90;
	mbr[DRIVE_CHECK + 1] = 0x90;
	memset(core + len, 0, (size_t)(sectors * 512 - len));
	put_le(core + BLOCKLIST, lba + 1, 8);
	put_le(core + BLOCKLIST + 8, sectors - 1, 2);
	return (long)sectors;
}

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	return pread(*(int *)ctx, buf, len, (off_t)off) == (ssize_t)len ? 0 : -1;
}

/* the whole small file: its bytes (malloc'd, with room to round up to a sector) */
static unsigned char *slurp(const char *path, size_t max, size_t *len, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	unsigned char *b = NULL;

	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) || (size_t)st.st_size > max ||
	    !(b = calloc(1, (size_t)st.st_size + 512)) ||
	    read(fd, b, (size_t)st.st_size) != st.st_size) {
		snprintf(err, errlen, "cannot read %s: %s", path, fd < 0 || errno ? strerror(errno) :
			 "not a regular file, or too big");
		free(b);
		b = NULL;
	}
	*len = b ? (size_t)st.st_size : 0;
	if (fd >= 0)
		close(fd);
	return b;
}

int ib_bios_boot_install(const char *disk, const char *boot_img, const char *core_img, char *err,
			 size_t errlen)
{
	unsigned char mbr[512], *boot = NULL, *core = NULL;
	size_t blen, clen;
	struct ib_blk_part p;
	int fd = open(disk, O_RDWR | O_CLOEXEC), r, rc = -1;
	char why[300];
	long n;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", disk, strerror(errno));
		return -1;
	}
	for (unsigned i = 1; (r = ib_blk_part(fd_read, &fd, i, &p)) >= 0; i++)
		if (r == 0 && !strcmp(p.type, IB_GPT_BIOS_BOOT))
			break;
	errno = 0;
	if (r < 0 || strcmp(p.table, "gpt")) {
		snprintf(err, errlen, "%s: no BIOS boot partition (GPT type %s)", disk, IB_GPT_BIOS_BOOT);
	} else if (!(boot = slurp(boot_img, 512, &blen, err, errlen)) ||
		   !(core = slurp(core_img, 1 << 20, &clen, err, errlen))) {
		/* err says which */
	} else if (blen != 512) {
		snprintf(err, errlen, "%s: %zu bytes, not a 512-byte boot sector", boot_img, blen);
	} else if (pread(fd, mbr, 512, 0) != 512) {
		snprintf(err, errlen, "cannot read %s: %s", disk, strerror(errno));
	} else if ((n = ib_bios_boot_patch(mbr, boot, core, clen, p.start / 512, p.size / 512, why,
					   sizeof(why))) < 0) {
		snprintf(err, errlen, "%s: %s", disk, why);
	} else if (pwrite(fd, core, (size_t)n * 512, (off_t)p.start) != n * 512 ||
		   pwrite(fd, mbr, 512, 0) != 512 || fsync(fd)) {
		snprintf(err, errlen, "writing %s: %s", disk, strerror(errno));
	} else {
		rc = 0;
	}
	free(boot);
	free(core);
	close(fd);
	return rc;
}
