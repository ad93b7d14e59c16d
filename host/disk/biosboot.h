/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * biosboot.h - GRUB's BIOS boot code written into a disk image file, the job of
 * grub-bios-setup, which works on devices only ("guessing the root device failed" on a
 * file; a loop device needs root): here it is a normal user's write into a file.
 *
 * A BIOS loads the first sector (the MBR) and runs it: GRUB's boot.img, which reads the
 * first sector of core.img from the LBA at byte 0x5c of itself (8 bytes, little-endian);
 * that sector (diskboot.img) reads the rest of core.img through the block list in its last
 * 12 bytes (0x1f4: first LBA, 8 bytes; sector count, 2 bytes; load segment, 2 bytes, which
 * grub-mkimage sets to 0x820 and is left alone). On a GPT disk core.img lives in the BIOS
 * boot partition (type 21686148-6449-6e6f-744e-656564454649), read in one piece.
 *
 * ib_bios_boot_patch(): mbr is the disk's first sector; its bytes from 0x1b8 on (disk
 * signature, the four partition entries, 0x55aa) are kept and the code before them comes
 * from boot (512 bytes, ending 0x55aa), with the kernel sector set to lba and the drive check
 * at 0x66 turned into two NOPs (as grub-bios-setup does for a hard disk: some BIOSes pass a
 * wrong drive number in DL). core (len bytes; the buffer must hold len rounded up to 512)
 * gets the block list lba + 1, sectors - 1 and its zero padding. It must fit in room
 * sectors, and its first sector must look like diskboot.img (the segment 0x820). Returns
 * the sectors core takes, or -1 with a one-line reason in err.
 *
 * ib_bios_boot_install(disk, boot_img, core_img): the same on files: finds the BIOS boot
 * partition in the disk's GPT (initramfs/blkid.h), reads boot.img and core.img, writes
 * the MBR and core.img's sectors and fsyncs. 0, or -1 with the reason naming the file.
 */
#ifndef IB_BIOSBOOT_H
#define IB_BIOSBOOT_H

#include <stddef.h>
#include <stdint.h>

#define IB_GPT_BIOS_BOOT "21686148-6449-6e6f-744e-656564454649"

long ib_bios_boot_patch(unsigned char mbr[512], const unsigned char boot[512], unsigned char *core,
			size_t len, uint64_t lba, uint64_t room, char *err, size_t errlen);
int ib_bios_boot_install(const char *disk, const char *boot_img, const char *core_img, char *err,
			 size_t errlen);

#endif
