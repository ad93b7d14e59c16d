/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * oncrpc.h - the small part of ONC RPC version 2 (RFC 5531) that RPC/UDP and RPC/TCP use:
 * call and reply headers, XDR unsigned integers and variable-length opaque (RFC 4506),
 * and TCP record marking (RFC 5531 section 11). Pure encoding and decoding: no I/O, no
 * allocation, so it builds for the guest (musl) and the host (unit tests) alike.
 * docs/oncrpc.md describes the subset and the bytes on the wire.
 *
 * Contract:
 *  - Every function returns a negative IB_RPC_E* code on failure; ib_rpc_strerror() names
 *    it. Nothing is ever read or written outside [buf, buf + len/cap).
 *  - XDR cursors (struct ib_xdr) carry a sticky error: once a put or get fails, the cursor's
 *    err is set and every later call on it does nothing; check err (or the function's
 *    result) once at the end. Integers are big-endian 4-byte units; opaque<> is a 4-byte
 *    length, the bytes, then zero padding to a multiple of 4. A decoder refuses a length
 *    above its maximum (IB_RPC_ETOOLONG) and non-zero padding (IB_RPC_EPAD).
 *  - ib_rpc_encode_call()/ib_rpc_encode_reply() write a header; the caller then appends the
 *    procedure's arguments/results with ib_xdr_put_*() on the same cursor.
 *  - ib_rpc_decode_call() checks: enough bytes (ETRUNC), msg_type CALL (EMSGTYPE), rpcvers 2
 *    (ERPCVERS: c->xid is still filled in so a server can answer RPC_MISMATCH), credential
 *    and verifier bodies at most 400 bytes with zero padding. It does not judge program,
 *    version, procedure or flavor: that is the server's business (it answers them).
 *  - ib_rpc_decode_reply() checks: enough bytes, the xid expected (EXID), msg_type REPLY,
 *    known discriminants (EDISCRIM), and classifies: MSG_DENIED gives EDENIED, MSG_ACCEPTED
 *    with a status other than SUCCESS gives EACCEPT; r is filled in as far as it was read
 *    either way (the status, mismatch range, auth_stat). On success the cursor stands at the
 *    first byte of the results.
 *  - ib_xdr_get_end() gives ETRAILING when bytes are left: a message must be used up.
 *  - Record marking: a record is fragments, each a 4-byte header (bit 31: last fragment,
 *    bits 0-30: length) and that many bytes. ib_rm_extract() finds one whole record at the
 *    start of a stream buffer and joins its fragments; it refuses a record longer than the
 *    output buffer (EFRAG) as soon as a header says so, without waiting for the bytes.
 */
#ifndef IB_ONCRPC_H
#define IB_ONCRPC_H

#include <stddef.h>
#include <stdint.h>

#define IB_RPC_VERS 2u           /* rpcvers in every call */
#define IB_RPC_AUTH_MAX 400u     /* longest opaque_auth body */
#define IB_RM_LAST 0x80000000u   /* record marking: last-fragment bit */
#define IB_RM_MAXFRAG 0x7fffffffu

/* header sizes with AUTH_NONE credential and verifier (empty bodies) */
#define IB_RPC_CALL_HDR_LEN 40u  /* xid type rpcvers prog vers proc cred(8) verf(8) */
#define IB_RPC_REPLY_HDR_LEN 24u /* xid type reply_stat verf(8) accept_stat */

enum ib_rpc_msg_type { IB_RPC_CALL = 0, IB_RPC_REPLY = 1 };
enum ib_rpc_reply_stat { IB_RPC_MSG_ACCEPTED = 0, IB_RPC_MSG_DENIED = 1 };
enum ib_rpc_accept_stat {
	IB_RPC_SUCCESS = 0, IB_RPC_PROG_UNAVAIL = 1, IB_RPC_PROG_MISMATCH = 2,
	IB_RPC_PROC_UNAVAIL = 3, IB_RPC_GARBAGE_ARGS = 4, IB_RPC_SYSTEM_ERR = 5
};
enum ib_rpc_reject_stat { IB_RPC_RPC_MISMATCH = 0, IB_RPC_AUTH_ERROR = 1 };
/* auth_stat values this code produces (any value is accepted when decoding) */
enum ib_rpc_auth_stat { IB_RPC_AUTH_OK = 0, IB_RPC_AUTH_BADCRED = 1, IB_RPC_AUTH_BADVERF = 3 };
enum ib_rpc_auth_flavor { IB_RPC_AUTH_NONE = 0 };

enum ib_rpc_err {
	IB_RPC_OK = 0,
	IB_RPC_ESPACE = -1,     /* encode: output buffer too small */
	IB_RPC_ETRUNC = -2,     /* decode: message ends inside a field */
	IB_RPC_ETRAILING = -3,  /* decode: bytes left after the message */
	IB_RPC_ETOOLONG = -4,   /* decode: opaque length above its maximum */
	IB_RPC_EPAD = -5,       /* decode: non-zero XDR padding */
	IB_RPC_EXID = -6,       /* reply: not the xid of our call */
	IB_RPC_EMSGTYPE = -7,   /* msg_type is not the one expected (CALL/REPLY) */
	IB_RPC_ERPCVERS = -8,   /* call: rpcvers is not 2 */
	IB_RPC_EDISCRIM = -9,   /* reply: unknown reply_stat/accept_stat/reject_stat */
	IB_RPC_EDENIED = -10,   /* reply: MSG_DENIED (RPC_MISMATCH or AUTH_ERROR) */
	IB_RPC_EACCEPT = -11,   /* reply: MSG_ACCEPTED but not SUCCESS */
	IB_RPC_EFRAG = -12,     /* record marking: fragment/record too long */
	IB_RPC_EINVAL = -13,    /* encode: a value the wire cannot carry */
};

struct ib_rpc_auth {
	uint32_t flavor;
	uint32_t len;            /* body length, <= IB_RPC_AUTH_MAX */
	const uint8_t *body;     /* decode: points into the message; encode: may be NULL if len 0 */
};

struct ib_rpc_call {
	uint32_t xid, rpcvers, prog, vers, proc;  /* encode ignores rpcvers (always 2) */
	struct ib_rpc_auth cred, verf;
};

struct ib_rpc_reply {
	uint32_t xid;
	uint32_t reply_stat;     /* MSG_ACCEPTED / MSG_DENIED */
	uint32_t stat;           /* accept_stat, or reject_stat when denied */
	uint32_t low, high;      /* PROG_MISMATCH (accepted) or RPC_MISMATCH (denied) */
	uint32_t auth_stat;      /* AUTH_ERROR */
	struct ib_rpc_auth verf; /* accepted only */
};

/* output cursor */
struct ib_xdr {
	uint8_t *buf;
	size_t cap, pos;
	int err;
};

/* input cursor */
struct ib_xdr_in {
	const uint8_t *buf;
	size_t len, pos;
	int err;
};

const char *ib_rpc_strerror(int err);
const char *ib_rpc_accept_name(uint32_t stat);

void ib_xdr_init(struct ib_xdr *x, uint8_t *buf, size_t cap);
int ib_xdr_put_u32(struct ib_xdr *x, uint32_t v);
int ib_xdr_put_opaque(struct ib_xdr *x, const void *p, uint32_t len);

void ib_xdr_in_init(struct ib_xdr_in *x, const uint8_t *buf, size_t len);
int ib_xdr_get_u32(struct ib_xdr_in *x, uint32_t *v);
/* variable-length opaque of at most max bytes; *p points into the buffer */
int ib_xdr_get_opaque(struct ib_xdr_in *x, uint32_t max, const uint8_t **p, uint32_t *len);
/* 0 when every byte was used, else ETRAILING (or the cursor's earlier error) */
int ib_xdr_get_end(struct ib_xdr_in *x);

int ib_rpc_encode_call(struct ib_xdr *x, const struct ib_rpc_call *c);
/* accepted replies carry r->verf and, for PROG_MISMATCH, low/high; denied ones low/high
 * (RPC_MISMATCH) or auth_stat (AUTH_ERROR) */
int ib_rpc_encode_reply(struct ib_xdr *x, const struct ib_rpc_reply *r);

int ib_rpc_decode_call(struct ib_xdr_in *x, struct ib_rpc_call *c);
int ib_rpc_decode_reply(struct ib_xdr_in *x, uint32_t xid, struct ib_rpc_reply *r);

/* a fragment header; EINVAL when len does not fit in 31 bits */
int ib_rm_put_header(uint8_t out[4], uint32_t len, int last);
void ib_rm_get_header(const uint8_t in[4], uint32_t *len, int *last);
/*
 * One record from the start of in[0..have): 1 when it is complete (its joined payload in
 * out, *out_len bytes, *consumed bytes of in used), 0 when more bytes are needed, EFRAG
 * when its fragments add up to more than cap.
 */
int ib_rm_extract(const uint8_t *in, size_t have, uint8_t *out, size_t cap, size_t *out_len,
		  size_t *consumed);

#endif
