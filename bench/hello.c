/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hello.c - ib-hello, the tiny static binary that exec proc and sh proc start.
 *
 * Contract: with no arguments it writes nothing and exits 0. exec proc is meant to time
 * fork + execve + exit + wait; in the image the suite's stdout is the serial console, where
 * even "Hello world\n" costs a UART write per byte under an emulator and would land in the
 * middle of the record stream. Any argument (ib-hello -v) makes it print "hello\n" and
 * exit 0, so a person can see that the binary in an image runs at all.
 * Built with musl-gcc -static, so its exec cost has no dynamic loader in it.
 */
#include <unistd.h>

int main(int argc, char **argv)
{
	(void)argv;
	if (argc > 1 && write(1, "hello\n", 6) != 6)
		return 1;
	return 0;
}
