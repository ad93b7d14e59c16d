/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * grubcfg.c - grub.cfg for N boots in a loop (contract in grubcfg.h).
 */
#define _GNU_SOURCE
#include "host/disk/grubcfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ib_grub_log_path(unsigned c, unsigned n, const char *name, char *out, size_t cap)
{
	int w = snprintf(NULL, 0, "%u", n);

	snprintf(out, cap, "/runs/%0*u-%s.log", w < 2 ? 2 : w, c, name);
}

/* each blank-separated word of s as one single-quoted GRUB word */
static void words(FILE *f, const char *s)
{
	while (s && *s) {
		size_t n;

		s += strspn(s, " \t");
		n = strcspn(s, " \t");
		if (n)
			fprintf(f, " '%.*s'", (int)n, s);
		s += n;
	}
}

static int has_quote(const char *s)
{
	return s && strchr(s, '\'');
}

/* "ttyS1,57600" -> unit 1, speed 57600; 0 when it is a serial port GRUB can drive */
static int serial_port(const char *console, unsigned *unit, unsigned *speed)
{
	char tail;

	*speed = 115200;
	if (sscanf(console, "ttyS%u%c", unit, &tail) == 1)
		return 0;
	return sscanf(console, "ttyS%u,%u%c", unit, speed, &tail) == 2 ? 0 : -1;
}

char *ib_grub_cfg(const struct ib_grub_loop *l, char *err, size_t errlen)
{
	char *text = NULL, path[300];
	size_t len = 0;
	unsigned unit, speed;
	FILE *f;

	if (!l->n || !l->boot) {
		snprintf(err, errlen, "no boots to write a GRUB menu for");
		return NULL;
	}
	if (has_quote(l->append) || has_quote(l->console) || has_quote(l->out_label)) {
		snprintf(err, errlen, "a single quote in the kernel arguments: GRUB's quoting "
			 "cannot hold it");
		return NULL;
	}
	for (unsigned i = 0; i < l->n; i++)
		if (has_quote(l->boot[i].append) || has_quote(l->boot[i].kernel) ||
		    has_quote(l->boot[i].image) || has_quote(l->boot[i].name)) {
			snprintf(err, errlen, "variant %s: a single quote in its kernel arguments "
				 "or files: GRUB's quoting cannot hold it", l->boot[i].name);
			return NULL;
		}
	if (!(f = open_memstream(&text, &len))) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	fprintf(f, "# initbench: %u boot%s by themselves, then power off (written by `initbench "
		"disk-image`).\n", l->n, l->n == 1 ? "" : "s");
	if (l->comment)
		fprintf(f, "# %s\n", l->comment);
	fprintf(f, "# GRUB advances the counter %s in grubenv (beside this file) before each boot,\n"
		"# so a boot that panics, hangs or loses its results still moves the loop on.\n"
		"# Run the plan again: grub-editenv grubenv set %s=0 (or write the image again).\n",
		l->var, l->var);
	if (!serial_port(l->console, &unit, &speed))
		fprintf(f, "serial --unit=%u --speed=%u\n"
			"terminal_input serial console\n"
			"terminal_output serial console\n", unit, speed);
	/* GRUB 2.06 takes fallback as an entry's number only: ib-next comes after the n
	 * counts and ib-done. Debian's GRUB 2.06 counts down 3 s for timeout=0 in the
	 * countdown style (measured under SeaBIOS); hidden with 0 boots at once */
	fprintf(f, "set timeout_style=%s\nset timeout=%u\nset fallback=%u\n"
		"set default=ib-done\n"
		"load_env %s\n", l->timeout ? "countdown" : "hidden", l->timeout, l->n + 1,
		l->var);
	fprintf(f, "if [ -z \"$%s\" ]; then set %s=0; fi\n", l->var, l->var);
	for (unsigned c = 1; c <= l->n; c++)
		fprintf(f, "%sif [ \"$%s\" = %u ]; then set default=ib-%u; set %s=%u\n",
			c == 1 ? "" : "el", l->var, c - 1, c, l->var, c);
	fprintf(f, "fi\n"
		"if [ \"$default\" != ib-done ]; then\n"
		"\tif save_env %s; then\n"
		"\t\techo \"initbench: boot $%s of %u\"\n"
		"\telse\n"
		"\t\techo \"initbench: GRUB cannot write the boot counter to grubenv: not booting "
		"the loop\"\n"
		"\t\tset default=ib-done\n"
		"\tfi\n"
		"fi\n", l->var, l->var, l->n);
	for (unsigned c = 1; c <= l->n; c++) {
		const struct ib_grub_boot *b = &l->boot[c - 1];
		char args[700];

		ib_grub_log_path(c, l->n, b->name, path, sizeof(path));
		snprintf(args, sizeof(args), "console=tty0 console=%s panic=-1 initbench.out=LABEL="
			 "%s:vfat:%s initbench.end=%s", l->console, l->out_label, path,
			 c == l->n ? "poweroff" : "reboot");
		fprintf(f, "menuentry 'initbench %u/%u: %s' --id ib-%u {\n\tlinux '%s'", c, l->n,
			b->name, c, b->kernel);
		words(f, args);
		words(f, l->append);
		words(f, b->append);
		fprintf(f, "\n\tinitrd '%s'\n}\n", b->image);
	}
	fprintf(f, "menuentry 'initbench: the %u boots are done: power off' --id ib-done {\n"
		"\techo \"initbench: boot counter %s=$%s: the %u boots are done, powering off\"\n"
		"\thalt\n"
		"\techo \"initbench: GRUB cannot power this machine off: switch it off\"\n"
		"\twhile [ 1 = 1 ]; do sleep 3600; done\n"
		"}\n", l->n, l->var, l->var, l->n);
	fprintf(f, "menuentry 'initbench: next boot' --id ib-next {\n"
		"\techo \"initbench: that entry did not boot: rebooting into the next count\"\n"
		"\tsleep 3\n"
		"\treboot\n"
		"}\n");
	if (fclose(f)) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return text;
}
