/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tcpcount.h - the kernel's own TCP counters around an HTTP run: an independent count of
 * the connections the load generator made, and what went wrong on the way (SYNs the
 * listener dropped, retransmissions), from /proc/net/snmp and /proc/net/netstat.
 *
 * ib_net_counter(text, prefix, name): in text laid out as those files are (pairs of lines
 * "Prefix: Name1 Name2 ..." then "Prefix: v1 v2 ..."), the value of counter name under
 * prefix ("Tcp", "TcpExt"); -1 when it is not there or the text is malformed.
 * ib_tcp_counters() fills c from the two files; a counter it cannot read is -1 (a kernel
 * without inet, a UML without /proc/net/netstat's line).
 */
#ifndef IB_TCPCOUNT_H
#define IB_TCPCOUNT_H

struct ib_tcp_counters {
	long long active_opens;      /* Tcp ActiveOpens: connect()s that sent a SYN */
	long long retrans_segs;      /* Tcp RetransSegs */
	long long syn_retrans;       /* TcpExt TCPSynRetrans */
	long long listen_overflows;  /* TcpExt ListenOverflows: the accept queue was full */
	long long listen_drops;      /* TcpExt ListenDrops */
};

long long ib_net_counter(const char *text, const char *prefix, const char *name);
void ib_tcp_counters(struct ib_tcp_counters *c);

#endif
