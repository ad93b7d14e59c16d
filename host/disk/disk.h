/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * disk.h - `initbench disk-image FILE ...` (host/disk/cmd-disk.c, docs/boot.md): a disk
 * image file that a lab machine boots by itself, N times, through GRUB under BIOS or UEFI,
 * writing each boot's records to a file of its own on the image's results partition:
 * layout.h (the partitions), grubcfg.h (the boot loop), biosboot.h (GRUB's BIOS boot code).
 * Every step runs on a plain file as a normal user (sfdisk, mkfs.vfat --offset, mtools,
 * grub-mkimage, grub-editenv). The image is built in a private directory beside FILE and
 * renamed over it at the end: an interrupted run leaves no half image. FILE must be a
 * regular file or not exist (write it to a device with dd).
 */
#ifndef IB_DISK_H
#define IB_DISK_H

int ib_cmd_disk_image(int argc, char **argv);

#endif
