/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_tcpcount.c - reading the kernel's TCP counters (bench/macro/tcpcount.c) from text laid
 * out as /proc/net/snmp and /proc/net/netstat are (lines captured from a Debian 6.1 guest,
 * shortened), and from this host's own files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench/macro/tcpcount.h"

static const char snmp[] =
	"Ip: Forwarding DefaultTTL InReceives\n"
	"Ip: 1 64 3431828\n"
	"Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors\n"
	"Tcp: 1 200 120000 -1 97255 96815 139 62268 0 3431828 3415650 4430 84 40975 0\n"
	"Udp: InDatagrams NoPorts\n"
	"Udp: 12 3\n";

static const char netstat[] =
	"TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops TCPSynRetrans\n"
	"TcpExt: 302 1784 4611 4612 760\n"
	"IpExt: InNoRoutes InTruncatedPkts\n"
	"IpExt: 0 0\n";

static void test_counters(void **state)
{
	(void)state;
	assert_int_equal(ib_net_counter(snmp, "Tcp", "ActiveOpens"), 97255);
	assert_int_equal(ib_net_counter(snmp, "Tcp", "RetransSegs"), 4430);
	assert_int_equal(ib_net_counter(snmp, "Tcp", "MaxConn"), -1);       /* its value is -1 */
	assert_int_equal(ib_net_counter(snmp, "Tcp", "InCsumErrors"), 0);   /* the last column */
	assert_int_equal(ib_net_counter(snmp, "Udp", "NoPorts"), 3);
	assert_int_equal(ib_net_counter(netstat, "TcpExt", "ListenOverflows"), 4611);
	assert_int_equal(ib_net_counter(netstat, "TcpExt", "ListenDrops"), 4612);
	assert_int_equal(ib_net_counter(netstat, "TcpExt", "TCPSynRetrans"), 760);
	/* "Tcp" is not "TcpExt", a name is a whole word, a value line is not a header */
	assert_int_equal(ib_net_counter(netstat, "Tcp", "ListenOverflows"), -1);
	assert_int_equal(ib_net_counter(snmp, "Tcp", "Active"), -1);
	assert_int_equal(ib_net_counter(snmp, "Tcp", "97255"), -1);
	assert_int_equal(ib_net_counter(snmp, "Icmp", "InMsgs"), -1);
}

static void test_malformed(void **state)
{
	(void)state;
	assert_int_equal(ib_net_counter("", "Tcp", "ActiveOpens"), -1);
	/* a header without its value line, or with too few values, or not a number */
	assert_int_equal(ib_net_counter("Tcp: ActiveOpens\n", "Tcp", "ActiveOpens"), -1);
	assert_int_equal(ib_net_counter("Tcp: A ActiveOpens\nTcp: 1\n", "Tcp", "ActiveOpens"), -1);
	assert_int_equal(ib_net_counter("Tcp: ActiveOpens\nTcp: 12x\n", "Tcp", "ActiveOpens"), -1);
	assert_int_equal(ib_net_counter("Tcp: ActiveOpens\nUdp: 12\n", "Tcp", "ActiveOpens"), -1);
	assert_int_equal(ib_net_counter("Tcp: ActiveOpens\nTcp: 12", "Tcp", "ActiveOpens"), 12);
}

/* this host's own files: the counters are there and do not go backwards */
static void test_this_host(void **state)
{
	struct ib_tcp_counters a, b;
	(void)state;
	ib_tcp_counters(&a);
	ib_tcp_counters(&b);
	assert_true(a.active_opens >= 0 && a.retrans_segs >= 0 && a.syn_retrans >= 0 &&
		    a.listen_overflows >= 0 && a.listen_drops >= 0);
	assert_true(b.active_opens >= a.active_opens && b.retrans_segs >= a.retrans_segs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_this_host),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
