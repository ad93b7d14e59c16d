/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hello.c - the tiny program exec proc and sh proc start, built twice: ib-hello-dyn,
 * dynamically linked against musl (lmbench's hello is dynamic, so the loader's work is part
 * of exec proc), and ib-hello, static (the static exec and sh variants).
 *
 * Contract: writes "Hello world\n" to fd 1 and exits 0 whether the write worked or not, as
 * lmbench's hello does. exec proc and sh proc close the child's stdout before the execve (as
 * lmbench's lat_proc does), so the write fails at once with EBADF: nothing reaches the
 * serial console, where every byte is a trap under an emulator and would land among the
 * records. Run by hand, it greets, so a person can see that it runs in an image.
 */
#include <unistd.h>

int main(void)
{
	static const char greeting[] = "Hello world\n";

	if (write(1, greeting, sizeof(greeting) - 1) < 0) {
		/* stdout closed: what exec proc arranges */
	}
	return 0;
}
