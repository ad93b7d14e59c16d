/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pid1knobs.c - PID 1's knob names (pid1knobs.h); what each does is in initramfs/init.c.
 */
#include <stddef.h>

#include "bench/base/pid1knobs.h"

const struct ib_pid1_knob ib_pid1_knobs[] = {
	{ "shell", "0|1" },
	{ "out", "SPEC" },
	{ "end", "poweroff|reboot" },
	{ NULL, NULL },
};
