/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli-boot.h - the boots of `initbench run` and `initbench native` (docs/launch.md).
 *
 * ib_run_boots() boots o->runs times into RESULTS/LABEL/N; ib_run_campaign() boots a
 * campaign's variants in its planned order (campaign.h), writing the campaign file before
 * the first boot and after each. Both return the worst exit code (runopts.h); 1, 7 and 130
 * stop the remaining boots. Progress goes to stderr (progress.h): an updating line when
 * stderr is a terminal (and not -v), else one plain line per boot start, outcome record and
 * boot end. With o->dry_run neither boots nor creates anything: each boot's launcher
 * command line is printed, shell-quoted, one line per boot on stdout, and they return 0.
 * ib_boot_argv() is that command line for one boot of rc (QEMU with or without KVM, UML
 * with uml_tmp or none, the native suite with its --KNOB=VALUE words), into argv and env;
 * rc->knobs must hold the knob words already (ib_runopts_knob_words()).
 */
#ifndef IB_CLI_BOOT_H
#define IB_CLI_BOOT_H

#include "host/launch/campaign.h"
#include "host/boot/console.h"
#include "host/launch/launch.h"
#include "host/launch/runopts.h"
#include "host/lib/argv.h"

/* `initbench run` and `initbench native` (cmd-run.c): argv[0] is the command's name */
int ib_cmd_run(int argc, char **argv);
int ib_cmd_native(int argc, char **argv);

int ib_run_boots(struct ib_run_opts *o, int kind, const char *launcher);
int ib_run_campaign(struct ib_campaign *c, struct ib_run_opts *vo, const int *kind);
void ib_boot_argv(const struct ib_run_ctx *rc, int use_kvm, const char *uml_tmp,
		  struct ib_argv *argv, struct ib_argv *env);

#endif
