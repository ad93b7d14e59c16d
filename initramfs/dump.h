/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dump.h - results on a disk: the raw dump header and the initbench.out= spec
 * (docs/disk.md). Pure C, shared by PID 1 (musl) and the host reader (gcc).
 *
 * Raw dump: a 512-byte header at byte 0 of the device, the data from byte 512. The data
 * are the bytes the suite wrote to the console (records and KTAP lines), unchanged. Header,
 * all integers little-endian:
 *     0  8  magic "IBDUMP\r\n"
 *     8  4  format version (IB_DUMP_VERSION)
 *    12  4  header length (512)
 *    16  8  data length
 *    24  4  CRC-32 (ib_crc32) of the data
 *    28  4  flags: IB_DUMP_COMPLETE (the suite exited 0), IB_DUMP_TRUNCATED (the device
 *           was too small: the data end at the last whole line that fitted)
 *    32 65  uname -r of the kernel that wrote it, NUL-padded
 *   508  4  CRC-32 of bytes 0..507
 * ib_dump_header() fills a header; ib_dump_parse() checks one: 0 and *h filled, or -1 with
 * the reason in err ("no initbench dump header", "header CRC mismatch", "format version 2
 * is newer than this reader (1)").
 *
 * The spec, `initbench.out=DEV[:raw]` or `DEV:vfat|ext4[:PATH]`:
 *   DEV   /dev/NAME, NAME (meaning /dev/NAME), LABEL=x, UUID=x (the file system's), or
 *         PARTUUID=x (a GPT partition's unique GUID, or an MBR disk's SSSSSSSS-PP); names
 *         and values of [A-Za-z0-9._-] (and '/' in a /dev path), at most 63 bytes.
 *   raw   (the default) the dump format above, written over the start of DEV.
 *   vfat, ext4  a file on the file system already on DEV; PATH is absolute, of
 *         [A-Za-z0-9._-/] with no "." or ".." component, default /initbench.log. A PATH
 *         ending in '/' is a directory: each boot writes its own file there,
 *         ib-<first 8 hex digits of the kernel's boot_id>.log, so N boots leave N files.
 * ib_out_spec_parse() returns 0 and fills *s, or -1 with one line naming what is wrong.
 */
#ifndef IB_DUMP_H
#define IB_DUMP_H

#include <stddef.h>
#include <stdint.h>

#define IB_DUMP_MAGIC "IBDUMP\r\n"
#define IB_DUMP_VERSION 1
#define IB_DUMP_HDR 512
#define IB_DUMP_COMPLETE 1u
#define IB_DUMP_TRUNCATED 2u

struct ib_dump_hdr {
	uint32_t version;
	uint64_t len;
	uint32_t crc;
	uint32_t flags;
	char release[65];
};

void ib_dump_header(unsigned char out[IB_DUMP_HDR], const struct ib_dump_hdr *h);
int ib_dump_parse(const unsigned char *buf, size_t len, struct ib_dump_hdr *h,
		  char *err, size_t errlen);

enum ib_dev_by { IB_DEV_PATH, IB_DEV_LABEL, IB_DEV_UUID, IB_DEV_PARTUUID };
enum ib_out_kind { IB_OUT_RAW, IB_OUT_VFAT, IB_OUT_EXT4 };

struct ib_out_spec {
	enum ib_dev_by by;
	char dev[80];      /* the /dev path, or the LABEL/UUID/PARTUUID value */
	enum ib_out_kind kind;
	char path[128];    /* in the file system; "" for raw */
};

int ib_out_spec_parse(const char *spec, struct ib_out_spec *s, char *err, size_t errlen);
const char *ib_out_kind_name(enum ib_out_kind k);

#endif
