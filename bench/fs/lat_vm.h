/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_vm.h - the scratch file of the File & VM benchmarks (lat_vm.c), shared with the page
 * fault family (lat_fault.c).
 *
 * ib_vm_file(who, size, &skip) makes a file of size bytes in opts->fsdir, filled with
 * non-zero bytes by 8 KB write()s and fsync()ed, as lmbench's lmdd makes its file (so it is
 * in the page cache, clean, every block allocated, in lmdd's folio sizes), unlinks
 * it at once and returns the open fd (O_CLOEXEC): nothing but the fd is left, so no path,
 * not even a kill by the runner's timeout, leaves a file behind. On failure it returns -1
 * after ib_reason() naming `who` and the cause; *skip is 1 when the cause is the machine
 * (ib_fsdir_ready() refuses fsdir: unusable, or not the fs knob's type; MemAvailable under
 * IB_VM_AVAIL_FACTOR x size, since under tmpfs the file is memory; less than 2 x size free
 * in fsdir) and 0 when it is an error (the create or a write failed).
 */
#ifndef IB_LAT_VM_H
#define IB_LAT_VM_H

#include <stddef.h>

#define IB_VM_AVAIL_FACTOR 4

int ib_vm_file(const char *who, size_t size, int *skip);

#endif
