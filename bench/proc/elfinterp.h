/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elfinterp.h - the program interpreter an ELF executable names (its PT_INTERP), so that
 * exec proc can tell a dynamically linked hello from a static one, and fail with the
 * loader's path when the loader is missing (execve would only say ENOENT).
 *
 *  - ib_elf_interp_parse(buf, len, out, cap): buf holds the first len bytes of a file.
 *    Returns 1 with the interpreter's path in out (NUL-terminated), 0 for an ELF file
 *    without PT_INTERP (statically linked), IB_ELF_NOTELF when buf does not start with the
 *    ELF magic, IB_ELF_BAD when the header is malformed (unknown class or byte order, a
 *    program header table or an interpreter string that lies past len, a path that is empty,
 *    not NUL-terminated inside its segment, or longer than cap - 1). 32- and 64-bit files of
 *    either byte order are read, whatever the machine.
 *  - ib_elf_interp(path, out, cap): the same on the first IB_ELF_READ bytes of a file;
 *    -errno when it cannot be opened or read.
 */
#ifndef IB_ELFINTERP_H
#define IB_ELFINTERP_H

#include <stddef.h>

#define IB_ELF_NOTELF (-1000)
#define IB_ELF_BAD (-1001)
#define IB_ELF_READ 65536

int ib_elf_interp_parse(const unsigned char *buf, size_t len, char *out, size_t cap);
int ib_elf_interp(const char *path, char *out, size_t cap);

#endif
