/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lat_ipc.h - the one-byte round trip shared by lat_pipe/lat_unix (lat_ipc.c) and lat_tcp
 * (lat_inet.c).
 *
 * ib_echo_round_trips(out, in, n) does n round trips with an echo peer: write() byte i
 * (mod 256) to out, read() one byte back from in (retried on EINTR), and check it is the
 * byte sent. out and in may be the same fd (a socket). Returns 0; -errno when a write or
 * read fails (a short write counts as failed); -EPIPE on EOF (the peer is gone); -EPROTO
 * when the byte read back differs.
 *
 * ib_two_pipes(a, b) makes two close-on-exec pipes, the two ends of a pipe benchmark (lat_pipe
 * and bw_pipe, bw_ipc.c). Returns 0, or -1 with the reason given (ib_reason) and nothing
 * left open.
 *
 * ib_close_ends(a, b) closes the fds *a and *b that are open (once when they are the same
 * socket) and sets both to -1.
 */
#ifndef IB_LAT_IPC_H
#define IB_LAT_IPC_H

#include <stdint.h>

int ib_echo_round_trips(int out, int in, uint64_t n);
int ib_two_pipes(int a[2], int b[2]);
void ib_close_ends(int *a, int *b);

#endif
