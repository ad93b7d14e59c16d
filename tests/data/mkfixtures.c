/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mkfixtures.c - writes the console logs under tests/data/ that the report tests read.
 *
 * The records are framed with bench/lib/record.c, so the fixtures stay valid by
 * construction; the logs mix in what a real console holds (kernel messages, KTAP lines, a
 * printk inside a record, \r\n, a duplicate, a truncation). Run it again after changing it:
 *   gcc -std=c11 -Ibench/lib tests/data/mkfixtures.c bench/lib/record.c -o /tmp/mkfixtures
 *   /tmp/mkfixtures tests/data
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "record.h"

struct out {
	FILE *f;
	unsigned long seq;
	uint32_t digest;
	int crlf;               /* end lines with \r\n */
	/* 1 + the seq of the record so treated, 0 for none: */
	int split_seq;          /* cut by a printk */
	int dup_seq;            /* written twice */
	int stop_seq;           /* the log ends inside it */
	int prefix_seq;         /* after a kernel message on the same line */
};

static void line(struct out *o, const char *s)
{
	if (o->stop_seq && o->seq + 1 > (unsigned long)o->stop_seq)
		return;
	fprintf(o->f, "%s%s", s, o->crlf ? "\r\n" : "\n");
}

static void emit(struct out *o, struct ib_rec *r)
{
	char buf[IB_REC_MAX + 64];
	size_t n = ib_frame(buf, sizeof(buf), o->seq, r->buf, r->len);
	if (!n || r->overflow) {
		fprintf(stderr, "mkfixtures: record %lu does not fit\n", o->seq);
		exit(1);
	}
	if (o->stop_seq && o->seq + 1 > (unsigned long)o->stop_seq)
		return;
	if (o->stop_seq && o->seq + 1 == (unsigned long)o->stop_seq) {
		fwrite(buf, 1, n / 2, o->f);    /* the log ends inside this record */
		o->seq++;
		return;
	}
	o->digest = ib_crc32(o->digest, buf, n);   /* the frame ends in "\n" already */
	n--;
	if ((int)o->seq + 1 == o->prefix_seq)
		fputs("[    2.718281] virtio_net virtio0: no newline here", o->f);
	if ((int)o->seq + 1 == o->split_seq) {
		size_t half = n / 2;
		fwrite(buf, 1, half, o->f);
		fprintf(o->f, "[    3.141592] random: crng init done%s", o->crlf ? "\r\n" : "\n");
		fwrite(buf + half, 1, n - half, o->f);
	} else {
		fwrite(buf, 1, n, o->f);
	}
	fputs(o->crlf ? "\r\n" : "\n", o->f);
	if ((int)o->seq + 1 == o->dup_seq) {
		fwrite(buf, 1, n, o->f);
		fputs(o->crlf ? "\r\n" : "\n", o->f);
	}
	o->seq++;
}

struct env {
	const char *uname_r, *hypervisor, *cpu_model;
};

static void begin(struct out *o, const struct env *e)
{
	struct ib_rec r;
	ib_rec_init(&r, "begin");
	ib_rec_str(&r, "proto", "1");
	ib_rec_str(&r, "suite", "0.1");
	ib_rec_str(&r, "config", "0123456789abcdef");
	ib_rec_str(&r, "mode", "init");
	ib_rec_str(&r, "uname_s", "Linux");
	ib_rec_str(&r, "uname_r", e->uname_r);
	ib_rec_str(&r, "uname_v", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.158-1 (2025-11-01)");
	ib_rec_str(&r, "uname_m", "x86_64");
	ib_rec_str(&r, "cmdline", "console=ttyS0 quiet initbench.reps=5");
	ib_rec_str(&r, "cpu_model", e->cpu_model);
	ib_rec_str(&r, "cpu_mhz", "2394.454");
	ib_rec_str(&r, "ncpu", "2");
	ib_rec_str(&r, "memtotal_kb", "1010344");
	ib_rec_str(&r, "clocksource", "tsc");
	ib_rec_str(&r, "vdso", "1");
	ib_rec_str(&r, "hypervisor", e->hypervisor);
	ib_rec_str(&r, "timer_cost_ns", "48");
	ib_rec_str(&r, "timer_res_ns", "1");
	ib_rec_str(&r, "vuln.meltdown", "Not affected");
	ib_rec_str(&r, "knob.reps", "5");
	ib_rec_str(&r, "knob_src.reps", "cmdline");
	ib_rec_str(&r, "refused", "");
	ib_rec_str(&r, "init.lo", "up");
	emit(o, &r);
}

struct bench {
	const char *name;
	const char *metrics[4];  /* the last one is the column; the others are its parts */
	double value;            /* the column's median, us; < 0: outcome not ok */
	const char *params;
};

static const char *const names[] = {
	"null_call", "null_io", "stat", "open_close", "select_tcp", "sig_inst", "sig_hndl",
	"fork_proc", "exec_proc", "sh_proc", "ctx_2p_0k", "ctx_2p_16k", "ctx_2p_64k",
	"ctx_8p_16k", "ctx_8p_64k", "ctx_16p_16k", "ctx_16p_64k",
};
#define NB (sizeof(names) / sizeof(names[0]))

static void measurement(struct out *o, const char *bench, const char *metric, double v,
			const char *params)
{
	static const double spread[5] = { 1.00, 0.99, 1.02, 1.01, 0.98 };
	double s[5];
	uint64_t raw[5], iters = v > 100 ? 20 : 10000;
	struct ib_rec r;
	for (int i = 0; i < 5; i++) {
		s[i] = v * spread[i];
		raw[i] = (uint64_t)(s[i] * (double)iters * 1000.0 + 48.0);
	}
	ib_rec_init(&r, "m");
	ib_rec_str(&r, "bench", bench);
	ib_rec_str(&r, "metric", metric);
	ib_rec_str(&r, "unit", "us");
	ib_rec_u64(&r, "iters", iters);
	ib_rec_dbl(&r, "overhead", 0.0048);
	ib_rec_dbls(&r, "samples", s, 5);
	ib_rec_u64s(&r, "raw_ns", raw, 5);
	ib_rec_i64(&r, "cpu", 0);
	if (params) {
		char p[64];
		snprintf(p, sizeof(p), "%s", params);
		for (char *k = strtok(p, " "); k; k = strtok(NULL, " ")) {
			char *eq = strchr(k, '=');
			*eq = 0;
			ib_rec_str(&r, k, eq + 1);
		}
	}
	emit(o, &r);
}

/* one boot: value[i] is bench i's column; status[i] NULL for ok, else "failed"/"skipped" */
static void boot(const char *path, const struct env *e, const double *value,
		 const char *const *status, const char *const *reason, struct out o)
{
	char msg[256];
	struct ib_rec r;

	o.f = fopen(path, "w");
	if (!o.f) {
		perror(path);
		exit(1);
	}
	snprintf(msg, sizeof(msg), "[    0.000000] Linux version %s (debian-kernel@lists.debian.org)", e->uname_r);
	line(&o, msg);
	line(&o, "[    0.000000] Command line: console=ttyS0 quiet initbench.reps=5");
	line(&o, "[    0.412345] Run /init as init process");
	line(&o, "KTAP version 1");
	begin(&o, e);
	snprintf(msg, sizeof(msg), "1..%zu", NB);
	line(&o, msg);
	ib_rec_init(&r, "plan");
	ib_rec_u64(&r, "count", NB);
	char list[512] = "";
	for (size_t i = 0; i < NB; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? "," : "", names[i]);
	ib_rec_str(&r, "benches", list);
	emit(&o, &r);
	for (size_t i = 0; i < NB; i++) {
		const char *b = names[i];
		/* a timeout may come after the measurement was written: still not a value */
		if (!status[i] || !strcmp(status[i], "timeout")) {
			if (!strcmp(b, "null_io")) {
				measurement(&o, b, "null_read", value[i] * 1.05, NULL);
				measurement(&o, b, "null_write", value[i] * 0.95, NULL);
			} else if (!strcmp(b, "sig_hndl")) {
				measurement(&o, b, "sig_kill0", 0.31, NULL);
			}
			if (!strncmp(b, "ctx_", 4)) {
				char p[64];
				int procs = atoi(b + 4), kb = atoi(strchr(b + 4, '_') + 1);
				snprintf(p, sizeof(p), "size_kb=%d", kb);
				measurement(&o, b, "ctx_overhead", 0.9 + kb / 16.0, p);
				snprintf(p, sizeof(p), "procs=%d size_kb=%d", procs, kb);
				measurement(&o, b, b, value[i], p);
			} else {
				measurement(&o, b, b, value[i], NULL);
			}
		}
		if (i == 2)
			line(&o, "[    5.271828] clocksource: Long readout interval, skipping watchdog check");
		ib_rec_init(&r, "outcome");
		ib_rec_str(&r, "bench", b);
		ib_rec_str(&r, "status", status[i] ? status[i] : "ok");
		ib_rec_str(&r, "reason", reason[i] ? reason[i] : "");
		ib_rec_u64(&r, "wall_ms", 40 + 3 * i);
		emit(&o, &r);
		if (!status[i])
			snprintf(msg, sizeof(msg), "ok %zu %s", i + 1, b);
		else if (!strcmp(status[i], "skipped"))
			snprintf(msg, sizeof(msg), "ok %zu %s # SKIP %s", i + 1, b, reason[i]);
		else
			snprintf(msg, sizeof(msg), "not ok %zu %s # %s", i + 1, b,
				 reason[i] && *reason[i] ? reason[i] : status[i]);
		line(&o, msg);
	}
	ib_rec_init(&r, "end");
	ib_rec_u64(&r, "records", o.seq);
	char d[16];
	snprintf(d, sizeof(d), "%08x", o.digest);
	ib_rec_str(&r, "digest", d);
	emit(&o, &r);
	line(&o, "# initbench: 17 benchmarks, 0 failed");
	line(&o, "[    9.000001] reboot: Power down");
	fclose(o.f);
}

static void mkdirs(const char *base, const char *label, int n, char *path, size_t cap)
{
	snprintf(path, cap, "%s/summary", base);
	mkdir(path, 0755);
	snprintf(path, cap, "%s/summary/%s", base, label);
	mkdir(path, 0755);
	snprintf(path, cap, "%s/summary/%s/%d", base, label, n);
	mkdir(path, 0755);
	snprintf(path, cap, "%s/summary/%s/%d/console.log", base, label, n);
}

int main(int argc, char **argv)
{
	const char *base = argc > 1 ? argv[1] : "tests/data";
	char path[512];
	const char *ok[NB] = { 0 }, *none[NB] = { 0 };
	const struct env tcg = { "6.1.0-57-cloud-amd64", "TCG", "QEMU Virtual CPU version 2.5+" };
	const struct env uml = { "6.1.0-uml", "UML", "UML" };
	static const double orig1[NB] = { 0.62, 0.68, 1.45, 2.31, 3.87, 0.74, 1.93, 160.35, 455,
					   1997, 4.21, 5.06, 9.97, 6.13, 24.7, 7.02, 31.5 };
	static const double orig2[NB] = { 0.63, 0.69, 1.47, 2.28, 3.91, 0.75, 1.95, 158.2, 461,
					   2013, 4.25, 5.11, 10.04, 6.2, 25.3, 7.1, 32.2 };
	static const double uml1[NB] = { 7.04, 9.995, 18.6, 29.9, 99.95, 7.3, 21.4, 2405, 10000,
					  13200, 41.2, 44.5, 61.7, 48.8, 77.1, 52.3, 89.9 };
	const char *st2[NB] = { 0 }, *why2[NB] = { 0 };

	mkdirs(base, "orig", 1, path, sizeof(path));
	boot(path, &tcg, orig1, ok, none, (struct out){ 0 });
	mkdirs(base, "orig", 2, path, sizeof(path));
	boot(path, &tcg, orig2, ok, none, (struct out){ .crlf = 1, .split_seq = 6, .dup_seq = 10, .prefix_seq = 13 });
	mkdirs(base, "uml", 1, path, sizeof(path));
	boot(path, &uml, uml1, ok, none, (struct out){ 0 });
	st2[4] = "skipped", why2[4] = "no AF_INET";
	st2[7] = "failed", why2[7] = "failed: SIGSEGV";
	st2[9] = "timeout", why2[9] = "";
	mkdirs(base, "uml", 2, path, sizeof(path));
	boot(path, &uml, uml1, st2, why2, (struct out){ .stop_seq = 41 });

	/* small: a short complete log for the byte-by-byte truncation test */
	snprintf(path, sizeof(path), "%s/small.log", base);
	struct out o = { .split_seq = 4 };
	struct ib_rec r;
	if (!(o.f = fopen(path, "w"))) {
		perror(path);
		return 1;
	}
	line(&o, "[    0.000000] Linux version 6.1.0-57-cloud-amd64");
	begin(&o, &tcg);
	ib_rec_init(&r, "plan");
	ib_rec_u64(&r, "count", 2);
	ib_rec_str(&r, "benches", "null_call,stat");
	emit(&o, &r);
	measurement(&o, "null_call", "null_call", 0.62, NULL);
	line(&o, "[    1.000000] kernel text between records");
	measurement(&o, "stat", "stat", 1.45, NULL);
	for (int i = 0; i < 2; i++) {
		ib_rec_init(&r, "outcome");
		ib_rec_str(&r, "bench", i ? "stat" : "null_call");
		ib_rec_str(&r, "status", "ok");
		ib_rec_str(&r, "reason", "");
		ib_rec_u64(&r, "wall_ms", 12);
		emit(&o, &r);
	}
	ib_rec_init(&r, "end");
	ib_rec_u64(&r, "records", o.seq);
	char d[16];
	snprintf(d, sizeof(d), "%08x", o.digest);
	ib_rec_str(&r, "digest", d);
	emit(&o, &r);
	fclose(o.f);
	return 0;
}
