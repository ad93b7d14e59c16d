/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * oncrpc.c - ONC RPC v2 call/reply headers, XDR and record marking (contract: oncrpc.h).
 *
 * Written from RFC 5531 (sections 8, 9 and 11) and RFC 4506 (sections 4.1, 4.10). Field
 * order is the RFC's XDR definition of rpc_msg, top to bottom; every union is a 4-byte
 * discriminant followed by its arm.
 */
#include <string.h>

#include "bench/ipc/oncrpc.h"

const char *ib_rpc_strerror(int err)
{
	switch (err) {
	case IB_RPC_OK: return "ok";
	case IB_RPC_ESPACE: return "output buffer too small";
	case IB_RPC_ETRUNC: return "message truncated";
	case IB_RPC_ETRAILING: return "bytes left after the message";
	case IB_RPC_ETOOLONG: return "opaque field too long";
	case IB_RPC_EPAD: return "non-zero XDR padding";
	case IB_RPC_EXID: return "reply xid does not match the call";
	case IB_RPC_EMSGTYPE: return "wrong message type";
	case IB_RPC_ERPCVERS: return "RPC version is not 2";
	case IB_RPC_EDISCRIM: return "unknown reply/accept/reject status";
	case IB_RPC_EDENIED: return "call denied (MSG_DENIED)";
	case IB_RPC_EACCEPT: return "call accepted but not SUCCESS";
	case IB_RPC_EFRAG: return "bad record fragment size";
	case IB_RPC_EINVAL: return "value not representable";
	default: return "unknown error";
	}
}

const char *ib_rpc_accept_name(uint32_t stat)
{
	static const char *const names[] = {
		"SUCCESS", "PROG_UNAVAIL", "PROG_MISMATCH", "PROC_UNAVAIL", "GARBAGE_ARGS",
		"SYSTEM_ERR"
	};

	return stat < sizeof(names) / sizeof(names[0]) ? names[stat] : "unknown";
}

/* ---- XDR ------------------------------------------------------------------------------ */

static size_t pad4(uint32_t len)
{
	return (4 - (len & 3)) & 3;
}

void ib_xdr_init(struct ib_xdr *x, uint8_t *buf, size_t cap)
{
	x->buf = buf;
	x->cap = cap;
	x->pos = 0;
	x->err = 0;
}

static int put_bytes(struct ib_xdr *x, const void *p, size_t n)
{
	if (x->err)
		return x->err;
	if (x->cap - x->pos < n)
		return x->err = IB_RPC_ESPACE;
	if (n)
		memcpy(x->buf + x->pos, p, n);
	x->pos += n;
	return 0;
}

int ib_xdr_put_u32(struct ib_xdr *x, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };

	return put_bytes(x, b, 4);
}

int ib_xdr_put_opaque(struct ib_xdr *x, const void *p, uint32_t len)
{
	static const uint8_t zero[3];

	if (x->err)
		return x->err;
	if (len && !p)
		return x->err = IB_RPC_EINVAL;
	/* check the whole field first so a failed put leaves nothing half-written */
	if (x->cap - x->pos < 4 || x->cap - x->pos - 4 < (size_t)len + pad4(len))
		return x->err = IB_RPC_ESPACE;
	ib_xdr_put_u32(x, len);
	put_bytes(x, p, len);
	return put_bytes(x, zero, pad4(len));
}

void ib_xdr_in_init(struct ib_xdr_in *x, const uint8_t *buf, size_t len)
{
	x->buf = buf;
	x->len = len;
	x->pos = 0;
	x->err = 0;
}

int ib_xdr_get_u32(struct ib_xdr_in *x, uint32_t *v)
{
	const uint8_t *b;

	if (x->err)
		return x->err;
	if (x->len - x->pos < 4)
		return x->err = IB_RPC_ETRUNC;
	b = x->buf + x->pos;
	*v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	x->pos += 4;
	return 0;
}

int ib_xdr_get_opaque(struct ib_xdr_in *x, uint32_t max, const uint8_t **p, uint32_t *len)
{
	uint32_t n;
	size_t pad;

	if (ib_xdr_get_u32(x, &n))
		return x->err;
	if (n > max)
		return x->err = IB_RPC_ETOOLONG;
	pad = pad4(n);
	if (x->len - x->pos < (size_t)n + pad)
		return x->err = IB_RPC_ETRUNC;
	for (size_t i = 0; i < pad; i++)
		if (x->buf[x->pos + n + i])
			return x->err = IB_RPC_EPAD;
	*p = x->buf + x->pos;
	*len = n;
	x->pos += n + pad;
	return 0;
}

int ib_xdr_get_end(struct ib_xdr_in *x)
{
	if (x->err)
		return x->err;
	return x->pos == x->len ? 0 : IB_RPC_ETRAILING;
}

/* ---- RPC messages ----------------------------------------------------------------------- */

static int put_auth(struct ib_xdr *x, const struct ib_rpc_auth *a)
{
	if (x->err)
		return x->err;
	if (a->len > IB_RPC_AUTH_MAX)
		return x->err = IB_RPC_EINVAL;
	ib_xdr_put_u32(x, a->flavor);
	return ib_xdr_put_opaque(x, a->body, a->len);
}

static int get_auth(struct ib_xdr_in *x, struct ib_rpc_auth *a)
{
	ib_xdr_get_u32(x, &a->flavor);
	return ib_xdr_get_opaque(x, IB_RPC_AUTH_MAX, &a->body, &a->len);
}

int ib_rpc_encode_call(struct ib_xdr *x, const struct ib_rpc_call *c)
{
	ib_xdr_put_u32(x, c->xid);
	ib_xdr_put_u32(x, IB_RPC_CALL);
	ib_xdr_put_u32(x, IB_RPC_VERS);
	ib_xdr_put_u32(x, c->prog);
	ib_xdr_put_u32(x, c->vers);
	ib_xdr_put_u32(x, c->proc);
	put_auth(x, &c->cred);
	return put_auth(x, &c->verf);
}

int ib_rpc_encode_reply(struct ib_xdr *x, const struct ib_rpc_reply *r)
{
	ib_xdr_put_u32(x, r->xid);
	ib_xdr_put_u32(x, IB_RPC_REPLY);
	ib_xdr_put_u32(x, r->reply_stat);
	if (r->reply_stat == IB_RPC_MSG_ACCEPTED) {
		put_auth(x, &r->verf);
		if (r->stat > IB_RPC_SYSTEM_ERR && !x->err)
			x->err = IB_RPC_EINVAL;
		ib_xdr_put_u32(x, r->stat);
		if (r->stat == IB_RPC_PROG_MISMATCH) {
			ib_xdr_put_u32(x, r->low);
			ib_xdr_put_u32(x, r->high);
		}
		return x->err;
	}
	if (r->reply_stat != IB_RPC_MSG_DENIED ||
	    (r->stat != IB_RPC_RPC_MISMATCH && r->stat != IB_RPC_AUTH_ERROR)) {
		if (!x->err)
			x->err = IB_RPC_EINVAL;
		return x->err;
	}
	ib_xdr_put_u32(x, r->stat);
	if (r->stat == IB_RPC_RPC_MISMATCH) {
		ib_xdr_put_u32(x, r->low);
		ib_xdr_put_u32(x, r->high);
	} else {
		ib_xdr_put_u32(x, r->auth_stat);
	}
	return x->err;
}

int ib_rpc_decode_call(struct ib_xdr_in *x, struct ib_rpc_call *c)
{
	uint32_t type;

	memset(c, 0, sizeof(*c));
	ib_xdr_get_u32(x, &c->xid);
	if (ib_xdr_get_u32(x, &type))
		return x->err;
	if (type != IB_RPC_CALL)
		return x->err = IB_RPC_EMSGTYPE;
	if (ib_xdr_get_u32(x, &c->rpcvers))
		return x->err;
	if (c->rpcvers != IB_RPC_VERS)
		return x->err = IB_RPC_ERPCVERS;
	ib_xdr_get_u32(x, &c->prog);
	ib_xdr_get_u32(x, &c->vers);
	ib_xdr_get_u32(x, &c->proc);
	get_auth(x, &c->cred);
	return get_auth(x, &c->verf);
}

int ib_rpc_decode_reply(struct ib_xdr_in *x, uint32_t xid, struct ib_rpc_reply *r)
{
	uint32_t type;

	memset(r, 0, sizeof(*r));
	ib_xdr_get_u32(x, &r->xid);
	ib_xdr_get_u32(x, &type);
	if (ib_xdr_get_u32(x, &r->reply_stat))
		return x->err;
	/* a reply to some other call tells nothing about its body: stop at the xid */
	if (r->xid != xid)
		return x->err = IB_RPC_EXID;
	if (type != IB_RPC_REPLY)
		return x->err = IB_RPC_EMSGTYPE;
	if (r->reply_stat == IB_RPC_MSG_ACCEPTED) {
		get_auth(x, &r->verf);
		if (ib_xdr_get_u32(x, &r->stat))
			return x->err;
		if (r->stat == IB_RPC_PROG_MISMATCH) {
			ib_xdr_get_u32(x, &r->low);
			ib_xdr_get_u32(x, &r->high);
		}
		if (x->err)
			return x->err;
		if (r->stat > IB_RPC_SYSTEM_ERR)
			return x->err = IB_RPC_EDISCRIM;
		/* not sticky: the cursor is fine, the call just did not succeed */
		return r->stat == IB_RPC_SUCCESS ? 0 : IB_RPC_EACCEPT;
	}
	if (r->reply_stat != IB_RPC_MSG_DENIED)
		return x->err = IB_RPC_EDISCRIM;
	if (ib_xdr_get_u32(x, &r->stat))
		return x->err;
	if (r->stat == IB_RPC_RPC_MISMATCH) {
		ib_xdr_get_u32(x, &r->low);
		ib_xdr_get_u32(x, &r->high);
	} else if (r->stat == IB_RPC_AUTH_ERROR) {
		ib_xdr_get_u32(x, &r->auth_stat);
	} else {
		return x->err = IB_RPC_EDISCRIM;
	}
	return x->err ? x->err : IB_RPC_EDENIED;
}

/* ---- record marking ------------------------------------------------------------------- */

int ib_rm_put_header(uint8_t out[4], uint32_t len, int last)
{
	uint32_t v;

	if (len > IB_RM_MAXFRAG)
		return IB_RPC_EINVAL;
	v = len | (last ? IB_RM_LAST : 0);
	out[0] = (uint8_t)(v >> 24);
	out[1] = (uint8_t)(v >> 16);
	out[2] = (uint8_t)(v >> 8);
	out[3] = (uint8_t)v;
	return 0;
}

void ib_rm_get_header(const uint8_t in[4], uint32_t *len, int *last)
{
	uint32_t v = (uint32_t)in[0] << 24 | (uint32_t)in[1] << 16 | (uint32_t)in[2] << 8 | in[3];

	*len = v & IB_RM_MAXFRAG;
	*last = !!(v & IB_RM_LAST);
}

int ib_rm_extract(const uint8_t *in, size_t have, uint8_t *out, size_t cap, size_t *out_len,
		  size_t *consumed)
{
	size_t pos = 0, total = 0;

	for (;;) {
		uint32_t len;
		int last;

		if (have - pos < 4)
			return 0;
		ib_rm_get_header(in + pos, &len, &last);
		if (len > cap - total)
			return IB_RPC_EFRAG;
		if (have - pos - 4 < len)
			return 0;
		memcpy(out + total, in + pos + 4, len);
		total += len;
		pos += 4 + (size_t)len;
		if (last) {
			*out_len = total;
			*consumed = pos;
			return 1;
		}
	}
}
