/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * say.h - PID 1's messages. ib_say() writes one line to stderr (the console) with one
 * write(), never more than 255 bytes; ib_errname() gives the short errno name the notes of
 * the begin record use ("ENOENT", else "E<number>"), which the host parses.
 */
#ifndef IB_SAY_H
#define IB_SAY_H

void ib_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *ib_errname(int e);

#endif
