/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tcpcount.c - reading the kernel's TCP counters (contract in tcpcount.h).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/macro/tcpcount.h"

/* the index-th blank-separated word of line (up to its newline), as [*w, *w + *len) */
static int word(const char *line, unsigned index, const char **w, size_t *len)
{
	const char *p = line;

	for (unsigned i = 0;; i++) {
		p += strspn(p, " ");
		if (!*p || *p == '\n')
			return -1;
		*len = strcspn(p, " \n");
		if (i == index) {
			*w = p;
			return 0;
		}
		p += *len;
	}
}

long long ib_net_counter(const char *text, const char *prefix, const char *name)
{
	size_t pl = strlen(prefix), nl = strlen(name);

	for (const char *l = text; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
		const char *vals = strchr(l, '\n'), *w;
		size_t len;

		if (strncmp(l, prefix, pl) || l[pl] != ':' || !vals || strncmp(vals + 1, prefix, pl) ||
		    vals[1 + pl] != ':')
			continue;
		/* a header line and its value line: find name's column, skipping "Prefix:" */
		for (unsigned i = 1; !word(l, i, &w, &len); i++) {
			char num[24], *end;
			long long v;

			if (len != nl || memcmp(w, name, nl))
				continue;
			if (word(vals + 1, i, &w, &len) || len >= sizeof(num))
				return -1;
			memcpy(num, w, len);
			num[len] = 0;
			v = strtoll(num, &end, 10);
			return *end || end == num ? -1 : v;
		}
		l = vals + 1;   /* the value line is not a header */
	}
	return -1;
}

static char *slurp(const char *path, char *buf, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t have = 0;
	ssize_t n;

	buf[0] = 0;
	if (fd < 0)
		return buf;
	while (have + 1 < cap && (n = read(fd, buf + have, cap - 1 - have)) > 0)
		have += (size_t)n;
	buf[have] = 0;
	close(fd);
	return buf;
}

void ib_tcp_counters(struct ib_tcp_counters *c)
{
	static char snmp[8192], netstat[16384];

	slurp("/proc/net/snmp", snmp, sizeof(snmp));
	slurp("/proc/net/netstat", netstat, sizeof(netstat));
	c->active_opens = ib_net_counter(snmp, "Tcp", "ActiveOpens");
	c->retrans_segs = ib_net_counter(snmp, "Tcp", "RetransSegs");
	c->syn_retrans = ib_net_counter(netstat, "TcpExt", "TCPSynRetrans");
	c->listen_overflows = ib_net_counter(netstat, "TcpExt", "ListenOverflows");
	c->listen_drops = ib_net_counter(netstat, "TcpExt", "ListenDrops");
}
