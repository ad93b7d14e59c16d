/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * capsplit.h - the boots in one console capture: a serial line that stayed connected while
 * a machine booted the suite N times (a GRUB loop, a kexec loop) holds N runs of records,
 * each starting again at its begin record (seq 0).
 *
 * ib_capture_boots(buf, len, start, max) finds them: a boot starts at a line holding
 * "# IB 0 begin " once the boot before it has a record line that is not a begin (so a
 * begin repeated at once stays in its boot, where the parser names it); it owns the
 * bytes from the end of the boot before: that boot's last record line and the lines right
 * after it that the suite and PID 1 print ("# " summary lines, "ok "/"not ok " KTAP lines,
 * "init: " lines), so that the firmware, boot loader and kernel messages that precede a
 * boot's records are its own; up to its successor's start. start[0] is 0. Returns how many boots (1 for a capture without any begin, whose
 * parser then says so), filling at most max starts; a capture with more than max boots
 * returns max + 1. A pure function over the bytes: no line is too long for it, no byte is
 * dropped (the boots are contiguous and cover buf).
 */
#ifndef IB_CAPSPLIT_H
#define IB_CAPSPLIT_H

#include <stddef.h>

size_t ib_capture_boots(const char *buf, size_t len, size_t *start, size_t max);

#endif
