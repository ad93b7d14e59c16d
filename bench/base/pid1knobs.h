/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pid1knobs.h - the initbench.* knobs that belong to PID 1 (initramfs/init.c), not to the
 * suite: the one list that init.c reads, the suite skips and the host accepts as --NAME for
 * `initbench run` (never for `native`, which has no PID 1).
 * ib_pid1_knobs[] ends with a NULL name; form is how the value is written, for usage texts.
 */
#ifndef IB_PID1KNOBS_H
#define IB_PID1KNOBS_H

struct ib_pid1_knob {
	const char *name;
	const char *form;
};

extern const struct ib_pid1_knob ib_pid1_knobs[];

#endif
