/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_oncrpc.c - ONC RPC v2 / XDR / record marking (bench/ipc/oncrpc.c).
 *
 * The expected bytes are written out by hand from the XDR definitions of RFC 5531 section 9
 * (rpc_msg, call_body, reply_body, opaque_auth) and RFC 4506 section 4 (big-endian 4-byte
 * units, opaque<> = length + bytes + zero padding), not produced by the code under test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bench/ipc/oncrpc.h"

#define PROG 404040u /* 0x00062a48, lmbench's XACT_PROG */

/* call: xid 0x01020304, prog 404040, vers 1, proc 1, AUTH_NONE twice, argument 123 */
static const uint8_t call_bytes[44] = {
	0x01, 0x02, 0x03, 0x04,  /* xid */
	0x00, 0x00, 0x00, 0x00,  /* msg_type CALL */
	0x00, 0x00, 0x00, 0x02,  /* rpcvers 2 */
	0x00, 0x06, 0x2a, 0x48,  /* prog */
	0x00, 0x00, 0x00, 0x01,  /* vers */
	0x00, 0x00, 0x00, 0x01,  /* proc */
	0x00, 0x00, 0x00, 0x00,  /* cred flavor AUTH_NONE */
	0x00, 0x00, 0x00, 0x00,  /* cred body length 0 */
	0x00, 0x00, 0x00, 0x00,  /* verf flavor AUTH_NONE */
	0x00, 0x00, 0x00, 0x00,  /* verf body length 0 */
	0x00, 0x00, 0x00, 0x7b,  /* argument */
};

/* reply: MSG_ACCEPTED, AUTH_NONE verifier, SUCCESS, result 123 */
static const uint8_t reply_bytes[28] = {
	0x01, 0x02, 0x03, 0x04,  /* xid */
	0x00, 0x00, 0x00, 0x01,  /* msg_type REPLY */
	0x00, 0x00, 0x00, 0x00,  /* reply_stat MSG_ACCEPTED */
	0x00, 0x00, 0x00, 0x00,  /* verf flavor */
	0x00, 0x00, 0x00, 0x00,  /* verf length */
	0x00, 0x00, 0x00, 0x00,  /* accept_stat SUCCESS */
	0x00, 0x00, 0x00, 0x7b,  /* result */
};

static const struct ib_rpc_call the_call = {
	.xid = 0x01020304, .prog = PROG, .vers = 1, .proc = 1,
	.cred = { IB_RPC_AUTH_NONE, 0, NULL }, .verf = { IB_RPC_AUTH_NONE, 0, NULL },
};

static void test_xdr_u32_and_opaque(void **state)
{
	/* RFC 4506 4.10: "abcde" takes 4 + 5 + 3 bytes */
	static const uint8_t want[] = {
		0xde, 0xad, 0xbe, 0xef,
		0x00, 0x00, 0x00, 0x05, 'a', 'b', 'c', 'd', 'e', 0, 0, 0,
		0x00, 0x00, 0x00, 0x04, 'w', 'x', 'y', 'z',
		0x00, 0x00, 0x00, 0x00,
	};
	uint8_t buf[64];
	struct ib_xdr x;
	struct ib_xdr_in in;
	const uint8_t *p;
	uint32_t v, n;

	(void)state;
	memset(buf, 0xff, sizeof(buf));
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_xdr_put_u32(&x, 0xdeadbeef), 0);
	assert_int_equal(ib_xdr_put_opaque(&x, "abcde", 5), 0);
	assert_int_equal(ib_xdr_put_opaque(&x, "wxyz", 4), 0);
	assert_int_equal(ib_xdr_put_opaque(&x, NULL, 0), 0);
	assert_int_equal(x.pos, sizeof(want));
	assert_memory_equal(buf, want, sizeof(want));

	ib_xdr_in_init(&in, want, sizeof(want));
	assert_int_equal(ib_xdr_get_u32(&in, &v), 0);
	assert_int_equal(v, 0xdeadbeef);
	assert_int_equal(ib_xdr_get_opaque(&in, 8, &p, &n), 0);
	assert_int_equal(n, 5);
	assert_memory_equal(p, "abcde", 5);
	assert_int_equal(ib_xdr_get_opaque(&in, 4, &p, &n), 0);
	assert_int_equal(n, 4);
	assert_memory_equal(p, "wxyz", 4);
	assert_int_equal(ib_xdr_get_end(&in), IB_RPC_ETRAILING);
	assert_int_equal(ib_xdr_get_opaque(&in, 0, &p, &n), 0);
	assert_int_equal(n, 0);
	assert_int_equal(ib_xdr_get_end(&in), 0);
	/* sticky: past the end everything fails the same way */
	assert_int_equal(ib_xdr_get_u32(&in, &v), IB_RPC_ETRUNC);
	assert_int_equal(ib_xdr_get_end(&in), IB_RPC_ETRUNC);
}

static void test_xdr_opaque_malformed(void **state)
{
	static const uint8_t badpad[] = { 0, 0, 0, 1, 'a', 0, 1, 0 };
	static const uint8_t toolong[] = { 0, 0, 0, 5, 'a', 'b', 'c', 'd', 'e', 0, 0, 0 };
	static const uint8_t huge[] = { 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0 };
	struct ib_xdr_in in;
	const uint8_t *p;
	uint32_t n;

	(void)state;
	ib_xdr_in_init(&in, badpad, sizeof(badpad));
	assert_int_equal(ib_xdr_get_opaque(&in, 8, &p, &n), IB_RPC_EPAD);
	ib_xdr_in_init(&in, toolong, sizeof(toolong));
	assert_int_equal(ib_xdr_get_opaque(&in, 4, &p, &n), IB_RPC_ETOOLONG);
	ib_xdr_in_init(&in, toolong, sizeof(toolong) - 1);   /* padding cut off */
	assert_int_equal(ib_xdr_get_opaque(&in, 8, &p, &n), IB_RPC_ETRUNC);
	/* a length near 2^32 must not wrap the bounds check */
	ib_xdr_in_init(&in, huge, sizeof(huge));
	assert_int_equal(ib_xdr_get_opaque(&in, 0xffffffffu, &p, &n), IB_RPC_ETRUNC);
}

static void test_xdr_no_space(void **state)
{
	uint8_t buf[16];
	struct ib_xdr x;

	(void)state;
	ib_xdr_init(&x, buf, 3);
	assert_int_equal(ib_xdr_put_u32(&x, 1), IB_RPC_ESPACE);
	assert_int_equal(x.pos, 0);
	/* 4 + 5 + 3 = 12 bytes: 11 is too few and nothing is written */
	ib_xdr_init(&x, buf, 11);
	assert_int_equal(ib_xdr_put_opaque(&x, "abcde", 5), IB_RPC_ESPACE);
	assert_int_equal(x.pos, 0);
	assert_int_equal(ib_xdr_put_u32(&x, 1), IB_RPC_ESPACE);   /* sticky */
	ib_xdr_init(&x, buf, 12);
	assert_int_equal(ib_xdr_put_opaque(&x, "abcde", 5), 0);
	ib_xdr_init(&x, buf, 12);
	assert_int_equal(ib_xdr_put_opaque(&x, NULL, 2), IB_RPC_EINVAL);
}

static void test_call_encode_bytes(void **state)
{
	uint8_t buf[64];
	struct ib_xdr x;

	(void)state;
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_call(&x, &the_call), 0);
	assert_int_equal(x.pos, IB_RPC_CALL_HDR_LEN);
	assert_int_equal(ib_xdr_put_u32(&x, 123), 0);
	assert_int_equal(x.pos, sizeof(call_bytes));
	assert_memory_equal(buf, call_bytes, sizeof(call_bytes));
	/* every buffer shorter than the header fails */
	for (size_t cap = 0; cap < IB_RPC_CALL_HDR_LEN; cap++) {
		ib_xdr_init(&x, buf, cap);
		assert_int_equal(ib_rpc_encode_call(&x, &the_call), IB_RPC_ESPACE);
	}
}

static void test_call_with_auth_body(void **state)
{
	static const uint8_t want[] = {
		0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 3, 0, 0, 0, 5,
		0, 0, 0, 1, 0, 0, 0, 2, 'h', 'i', 0, 0,   /* flavor 1, body "hi" padded */
		0, 0, 0, 0, 0, 0, 0, 0,
	};
	struct ib_rpc_call c = { .xid = 9, .prog = 7, .vers = 3, .proc = 5,
				 .cred = { 1, 2, (const uint8_t *)"hi" } };
	struct ib_rpc_call d;
	uint8_t buf[64];
	struct ib_xdr x;
	struct ib_xdr_in in;

	(void)state;
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_call(&x, &c), 0);
	assert_int_equal(x.pos, sizeof(want));
	assert_memory_equal(buf, want, sizeof(want));
	ib_xdr_in_init(&in, buf, x.pos);
	assert_int_equal(ib_rpc_decode_call(&in, &d), 0);
	assert_int_equal(ib_xdr_get_end(&in), 0);
	assert_int_equal(d.xid, 9);
	assert_int_equal(d.rpcvers, 2);
	assert_int_equal(d.prog, 7);
	assert_int_equal(d.vers, 3);
	assert_int_equal(d.proc, 5);
	assert_int_equal(d.cred.flavor, 1);
	assert_int_equal(d.cred.len, 2);
	assert_memory_equal(d.cred.body, "hi", 2);
	assert_int_equal(d.verf.flavor, 0);
	assert_int_equal(d.verf.len, 0);
	/* a body over 400 bytes cannot be encoded */
	c.cred.len = IB_RPC_AUTH_MAX + 1;
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_call(&x, &c), IB_RPC_EINVAL);
}

static void test_call_decode(void **state)
{
	struct ib_rpc_call c;
	struct ib_xdr_in in;
	uint32_t arg;

	(void)state;
	ib_xdr_in_init(&in, call_bytes, sizeof(call_bytes));
	assert_int_equal(ib_rpc_decode_call(&in, &c), 0);
	assert_int_equal(c.xid, 0x01020304);
	assert_int_equal(c.rpcvers, 2);
	assert_int_equal(c.prog, PROG);
	assert_int_equal(c.vers, 1);
	assert_int_equal(c.proc, 1);
	assert_int_equal(c.cred.flavor, IB_RPC_AUTH_NONE);
	assert_int_equal(c.verf.flavor, IB_RPC_AUTH_NONE);
	assert_int_equal(in.pos, IB_RPC_CALL_HDR_LEN);
	assert_int_equal(ib_xdr_get_u32(&in, &arg), 0);
	assert_int_equal(arg, 123);
	assert_int_equal(ib_xdr_get_end(&in), 0);
}

static void test_call_decode_malformed(void **state)
{
	uint8_t m[sizeof(call_bytes) + 404 + 8];
	struct ib_rpc_call c;
	struct ib_xdr_in in;

	(void)state;
	/* every cut inside the header */
	for (size_t len = 0; len < IB_RPC_CALL_HDR_LEN; len++) {
		ib_xdr_in_init(&in, call_bytes, len);
		assert_int_equal(ib_rpc_decode_call(&in, &c), IB_RPC_ETRUNC);
	}
	memcpy(m, call_bytes, sizeof(call_bytes));
	m[7] = 1;                                   /* a REPLY where a CALL belongs */
	ib_xdr_in_init(&in, m, sizeof(call_bytes));
	assert_int_equal(ib_rpc_decode_call(&in, &c), IB_RPC_EMSGTYPE);
	m[7] = 0;
	m[11] = 3;                                  /* rpcvers 3: xid still known */
	ib_xdr_in_init(&in, m, sizeof(call_bytes));
	assert_int_equal(ib_rpc_decode_call(&in, &c), IB_RPC_ERPCVERS);
	assert_int_equal(c.xid, 0x01020304);
	m[11] = 2;
	m[31] = 1;                                  /* cred length 1: its byte + padding missing */
	ib_xdr_in_init(&in, m, IB_RPC_CALL_HDR_LEN);
	assert_int_equal(ib_rpc_decode_call(&in, &c), IB_RPC_ETRUNC);
	/* cred length 401 */
	memset(m + 32, 0, sizeof(m) - 32);
	m[30] = 0x01;
	m[31] = 0x91;
	ib_xdr_in_init(&in, m, sizeof(m));
	assert_int_equal(ib_rpc_decode_call(&in, &c), IB_RPC_ETOOLONG);
	/* cred length 400 is fine */
	m[31] = 0x90;
	ib_xdr_in_init(&in, m, 32 + 400 + 8);
	assert_int_equal(ib_rpc_decode_call(&in, &c), 0);
	assert_int_equal(c.cred.len, 400);
	assert_int_equal(ib_xdr_get_end(&in), 0);
	/* verifier body with a non-zero pad byte */
	memcpy(m, call_bytes, sizeof(call_bytes));
	m[39] = 1;
	m[40] = 'x';
	m[41] = 0;
	m[42] = 0;
	m[43] = 7;
	ib_xdr_in_init(&in, m, sizeof(call_bytes));
	assert_int_equal(ib_rpc_decode_call(&in, &c), IB_RPC_EPAD);
	/* trailing bytes after the argument */
	memcpy(m, call_bytes, sizeof(call_bytes));
	m[sizeof(call_bytes)] = 0;
	ib_xdr_in_init(&in, m, sizeof(call_bytes) + 1);
	assert_int_equal(ib_rpc_decode_call(&in, &c), 0);
	in.pos += 4;
	assert_int_equal(ib_xdr_get_end(&in), IB_RPC_ETRAILING);
}

static void test_reply_encode_bytes(void **state)
{
	static const uint8_t prog_mismatch[] = {
		0, 0, 0, 42, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3,
	};
	static const uint8_t rpc_mismatch[] = {
		0, 0, 0, 42, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2,
	};
	static const uint8_t auth_error[] = {
		0, 0, 0, 42, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1,
	};
	struct ib_rpc_reply r = { .xid = 0x01020304, .reply_stat = IB_RPC_MSG_ACCEPTED,
				  .stat = IB_RPC_SUCCESS };
	uint8_t buf[64];
	struct ib_xdr x;

	(void)state;
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), 0);
	assert_int_equal(x.pos, IB_RPC_REPLY_HDR_LEN);
	ib_xdr_put_u32(&x, 123);
	assert_memory_equal(buf, reply_bytes, sizeof(reply_bytes));
	for (size_t cap = 0; cap < IB_RPC_REPLY_HDR_LEN; cap++) {
		ib_xdr_init(&x, buf, cap);
		assert_int_equal(ib_rpc_encode_reply(&x, &r), IB_RPC_ESPACE);
	}

	r = (struct ib_rpc_reply){ .xid = 42, .reply_stat = IB_RPC_MSG_ACCEPTED,
				   .stat = IB_RPC_PROG_MISMATCH, .low = 1, .high = 3 };
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), 0);
	assert_int_equal(x.pos, sizeof(prog_mismatch));
	assert_memory_equal(buf, prog_mismatch, sizeof(prog_mismatch));

	r = (struct ib_rpc_reply){ .xid = 42, .reply_stat = IB_RPC_MSG_DENIED,
				   .stat = IB_RPC_RPC_MISMATCH, .low = 2, .high = 2 };
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), 0);
	assert_int_equal(x.pos, sizeof(rpc_mismatch));
	assert_memory_equal(buf, rpc_mismatch, sizeof(rpc_mismatch));

	r = (struct ib_rpc_reply){ .xid = 42, .reply_stat = IB_RPC_MSG_DENIED,
				   .stat = IB_RPC_AUTH_ERROR, .auth_stat = IB_RPC_AUTH_BADCRED };
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), 0);
	assert_int_equal(x.pos, sizeof(auth_error));
	assert_memory_equal(buf, auth_error, sizeof(auth_error));

	/* values the wire has no arm for */
	r.stat = 2;
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), IB_RPC_EINVAL);
	r.reply_stat = 2;
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), IB_RPC_EINVAL);
	r = (struct ib_rpc_reply){ .reply_stat = IB_RPC_MSG_ACCEPTED, .stat = 6 };
	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, &r), IB_RPC_EINVAL);
}

static void test_reply_decode(void **state)
{
	struct ib_rpc_reply r;
	struct ib_xdr_in in;
	uint32_t res;

	(void)state;
	ib_xdr_in_init(&in, reply_bytes, sizeof(reply_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), 0);
	assert_int_equal(r.reply_stat, IB_RPC_MSG_ACCEPTED);
	assert_int_equal(r.stat, IB_RPC_SUCCESS);
	assert_int_equal(r.verf.flavor, IB_RPC_AUTH_NONE);
	assert_int_equal(in.pos, IB_RPC_REPLY_HDR_LEN);
	assert_int_equal(ib_xdr_get_u32(&in, &res), 0);
	assert_int_equal(res, 123);
	assert_int_equal(ib_xdr_get_end(&in), 0);
}

/* encode r, decode it back expecting rc, return the decoded reply */
static struct ib_rpc_reply round_trip(const struct ib_rpc_reply *r, int rc)
{
	uint8_t buf[64];
	struct ib_xdr x;
	struct ib_xdr_in in;
	struct ib_rpc_reply d;

	ib_xdr_init(&x, buf, sizeof(buf));
	assert_int_equal(ib_rpc_encode_reply(&x, r), 0);
	ib_xdr_in_init(&in, buf, x.pos);
	assert_int_equal(ib_rpc_decode_reply(&in, r->xid, &d), rc);
	assert_int_equal(ib_xdr_get_end(&in), 0);
	assert_int_equal(d.xid, r->xid);
	assert_int_equal(d.reply_stat, r->reply_stat);
	assert_int_equal(d.stat, r->stat);
	return d;
}

static void test_reply_round_trips(void **state)
{
	struct ib_rpc_reply r = { .xid = 7, .reply_stat = IB_RPC_MSG_ACCEPTED };
	struct ib_rpc_reply d;

	(void)state;
	for (uint32_t s = IB_RPC_SUCCESS; s <= IB_RPC_SYSTEM_ERR; s++) {
		r.stat = s;
		r.low = 1;
		r.high = 4;
		d = round_trip(&r, s == IB_RPC_SUCCESS ? 0 : IB_RPC_EACCEPT);
		assert_int_equal(d.low, s == IB_RPC_PROG_MISMATCH ? 1 : 0);
		assert_int_equal(d.high, s == IB_RPC_PROG_MISMATCH ? 4 : 0);
	}
	r = (struct ib_rpc_reply){ .xid = 8, .reply_stat = IB_RPC_MSG_DENIED,
				   .stat = IB_RPC_RPC_MISMATCH, .low = 2, .high = 2 };
	d = round_trip(&r, IB_RPC_EDENIED);
	assert_int_equal(d.low, 2);
	assert_int_equal(d.high, 2);
	r = (struct ib_rpc_reply){ .xid = 9, .reply_stat = IB_RPC_MSG_DENIED,
				   .stat = IB_RPC_AUTH_ERROR, .auth_stat = IB_RPC_AUTH_BADVERF };
	d = round_trip(&r, IB_RPC_EDENIED);
	assert_int_equal(d.auth_stat, IB_RPC_AUTH_BADVERF);
}

static void test_reply_decode_malformed(void **state)
{
	uint8_t m[64];
	struct ib_rpc_reply r;
	struct ib_xdr_in in;

	(void)state;
	for (size_t len = 0; len < IB_RPC_REPLY_HDR_LEN; len++) {
		ib_xdr_in_init(&in, reply_bytes, len);
		assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_ETRUNC);
	}
	ib_xdr_in_init(&in, reply_bytes, sizeof(reply_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020305, &r), IB_RPC_EXID);
	assert_int_equal(r.xid, 0x01020304);
	/* our own call echoed back is not a reply */
	ib_xdr_in_init(&in, call_bytes, sizeof(call_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EMSGTYPE);
	memcpy(m, reply_bytes, sizeof(reply_bytes));
	m[7] = 2;                                   /* msg_type 2 */
	ib_xdr_in_init(&in, m, sizeof(reply_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EMSGTYPE);
	m[7] = 1;
	m[11] = 2;                                  /* reply_stat 2 */
	ib_xdr_in_init(&in, m, sizeof(reply_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EDISCRIM);
	m[11] = 0;
	m[23] = 6;                                  /* accept_stat 6 */
	ib_xdr_in_init(&in, m, sizeof(reply_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EDISCRIM);
	m[23] = IB_RPC_PROG_MISMATCH;               /* mismatch_info missing */
	ib_xdr_in_init(&in, m, IB_RPC_REPLY_HDR_LEN + 4);
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_ETRUNC);
	m[23] = IB_RPC_GARBAGE_ARGS;
	ib_xdr_in_init(&in, m, IB_RPC_REPLY_HDR_LEN);
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EACCEPT);
	assert_int_equal(r.stat, IB_RPC_GARBAGE_ARGS);
	/* denied: reject_stat 2, and the arms cut short */
	static const uint8_t denied[] = {
		1, 2, 3, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0,
	};
	memcpy(m, denied, sizeof(denied));
	ib_xdr_in_init(&in, m, sizeof(denied));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EDISCRIM);
	m[15] = IB_RPC_RPC_MISMATCH;
	ib_xdr_in_init(&in, m, 20);
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_ETRUNC);
	m[15] = IB_RPC_AUTH_ERROR;
	ib_xdr_in_init(&in, m, 16);
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_ETRUNC);
	ib_xdr_in_init(&in, m, 20);
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_EDENIED);
	assert_int_equal(r.stat, IB_RPC_AUTH_ERROR);
	/* a verifier too long for opaque_auth */
	memcpy(m, reply_bytes, sizeof(reply_bytes));
	m[18] = 0x01;
	m[19] = 0x91;
	ib_xdr_in_init(&in, m, sizeof(reply_bytes));
	assert_int_equal(ib_rpc_decode_reply(&in, 0x01020304, &r), IB_RPC_ETOOLONG);
}

static void test_record_marking(void **state)
{
	uint8_t h[4], out[64], s[64];
	uint32_t len;
	int last;
	size_t n, used;

	(void)state;
	assert_int_equal(ib_rm_put_header(h, 44, 1), 0);
	assert_int_equal(h[0], 0x80);
	assert_int_equal(h[1], 0x00);
	assert_int_equal(h[2], 0x00);
	assert_int_equal(h[3], 0x2c);
	assert_int_equal(ib_rm_put_header(h, 0x01020304, 0), 0);
	assert_memory_equal(h, "\x01\x02\x03\x04", 4);
	assert_int_equal(ib_rm_put_header(h, 0x80000000u, 1), IB_RPC_EINVAL);
	ib_rm_get_header((const uint8_t *)"\xff\xff\xff\xff", &len, &last);
	assert_int_equal(len, 0x7fffffff);
	assert_int_equal(last, 1);
	ib_rm_get_header((const uint8_t *)"\x00\x00\x01\x00", &len, &last);
	assert_int_equal(len, 256);
	assert_int_equal(last, 0);

	/* one record in two fragments (3 and 5 bytes), then the start of the next record */
	static const uint8_t stream[] = {
		0x00, 0x00, 0x00, 0x03, 'a', 'b', 'c',
		0x80, 0x00, 0x00, 0x05, 'd', 'e', 'f', 'g', 'h',
		0x80, 0x00,
	};
	assert_int_equal(ib_rm_extract(stream, sizeof(stream), out, sizeof(out), &n, &used), 1);
	assert_int_equal(n, 8);
	assert_memory_equal(out, "abcdefgh", 8);
	assert_int_equal(used, 16);
	/* every shorter prefix of the record asks for more */
	for (size_t have = 0; have < 16; have++)
		assert_int_equal(ib_rm_extract(stream, have, out, sizeof(out), &n, &used), 0);
	/* a zero-length last fragment ends a record too */
	memcpy(s, "\x00\x00\x00\x01z\x80\x00\x00\x00", 9);
	assert_int_equal(ib_rm_extract(s, 9, out, sizeof(out), &n, &used), 1);
	assert_int_equal(n, 1);
	assert_int_equal(used, 9);
	/* too long for the buffer: refused from the header alone, per fragment and in sum */
	assert_int_equal(ib_rm_extract(stream, 11, out, 7, &n, &used), IB_RPC_EFRAG);
	assert_int_equal(ib_rm_extract(stream, 4, out, 2, &n, &used), IB_RPC_EFRAG);
	assert_int_equal(ib_rm_extract((const uint8_t *)"\xff\xff\xff\xff", 4, out,
				       sizeof(out), &n, &used), IB_RPC_EFRAG);
	assert_int_equal(ib_rm_extract(stream, sizeof(stream), out, 8, &n, &used), 1);
}

static void test_strerror(void **state)
{
	(void)state;
	for (int e = IB_RPC_EINVAL; e <= IB_RPC_OK; e++) {
		const char *s = ib_rpc_strerror(e);

		assert_string_not_equal(s, "unknown error");
		for (int f = e + 1; f <= IB_RPC_OK; f++)
			assert_string_not_equal(s, ib_rpc_strerror(f));
	}
	assert_string_equal(ib_rpc_strerror(-99), "unknown error");
	assert_string_equal(ib_rpc_accept_name(IB_RPC_PROC_UNAVAIL), "PROC_UNAVAIL");
	assert_string_equal(ib_rpc_accept_name(99), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_xdr_u32_and_opaque),
		cmocka_unit_test(test_xdr_opaque_malformed),
		cmocka_unit_test(test_xdr_no_space),
		cmocka_unit_test(test_call_encode_bytes),
		cmocka_unit_test(test_call_with_auth_body),
		cmocka_unit_test(test_call_decode),
		cmocka_unit_test(test_call_decode_malformed),
		cmocka_unit_test(test_reply_encode_bytes),
		cmocka_unit_test(test_reply_decode),
		cmocka_unit_test(test_reply_round_trips),
		cmocka_unit_test(test_reply_decode_malformed),
		cmocka_unit_test(test_record_marking),
		cmocka_unit_test(test_strerror),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
