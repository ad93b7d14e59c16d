/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import-lava.c - a LAVA job log back into the store (contract in lava.h, docs/lava.md):
 * the log's entries, the console in its "target" entries, one new boot parsed like a
 * launched one.
 */
#define _GNU_SOURCE
#include "lava.h"
#include "store.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "import.h"
#include "results.h"

#define MAX_LOG (256u << 20)
#define MAX_DEPTH 32

/* ---- one flow-style entry ---- */

struct cur {
	const char *p, *end;
};

static void ws(struct cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
		c->p++;
}

static int hexval(const char *s, unsigned n, uint32_t *v)
{
	*v = 0;
	for (unsigned i = 0; i < n; i++) {
		char ch = s[i];
		int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
			: ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;

		if (d < 0)
			return -1;
		*v = *v << 4 | (uint32_t)d;
	}
	return 0;
}

static size_t put_utf8(char *o, uint32_t u)
{
	if (u < 0x80) {
		o[0] = (char)u;
		return 1;
	}
	if (u < 0x800) {
		o[0] = (char)(0xc0 | u >> 6);
		o[1] = (char)(0x80 | (u & 0x3f));
		return 2;
	}
	if (u < 0x10000) {
		o[0] = (char)(0xe0 | u >> 12);
		o[1] = (char)(0x80 | (u >> 6 & 0x3f));
		o[2] = (char)(0x80 | (u & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | u >> 18);
	o[1] = (char)(0x80 | (u >> 12 & 0x3f));
	o[2] = (char)(0x80 | (u >> 6 & 0x3f));
	o[3] = (char)(0x80 | (u & 0x3f));
	return 4;
}

/* the character a one-letter YAML escape stands for, or -1 */
static int simple_escape(char ch)
{
	switch (ch) {
	case '0': return '\0';
	case 'a': return '\a';
	case 'b': return '\b';
	case 't': case '\t': return '\t';
	case 'n': return '\n';
	case 'v': return '\v';
	case 'f': return '\f';
	case 'r': return '\r';
	case 'e': return 0x1b;
	case ' ': case '"': case '/': case '\\': return ch;
	default: return -1;
	}
}

/* a YAML double-quoted scalar with its escapes (YAML 1.1 5.7, as PyYAML and libyaml write) */
static json_t *dq_scalar(struct cur *c)
{
	char *o = malloc((size_t)(c->end - c->p) * 2 + 1);
	size_t n = 0;
	json_t *j;

	if (!o)
		return NULL;
	for (c->p++; c->p < c->end && *c->p != '"'; c->p++) {
		uint32_t u;
		unsigned w;
		int ch;

		if (*c->p != '\\') {
			o[n++] = *c->p;
			continue;
		}
		if (++c->p >= c->end)
			break;
		if ((ch = simple_escape(*c->p)) >= 0) {
			o[n++] = (char)ch;
			continue;
		}
		w = *c->p == 'x' ? 2 : *c->p == 'u' ? 4 : *c->p == 'U' ? 8 : 0;
		u = *c->p == 'N' ? 0x85 : *c->p == '_' ? 0xa0 : *c->p == 'L' ? 0x2028
		    : *c->p == 'P' ? 0x2029 : 0;
		if (w && (c->end - c->p <= w || hexval(c->p + 1, w, &u) || u > 0x10ffff))
			break;
		if (!w && !u)
			break;
		c->p += w;
		n += put_utf8(o + n, u);
	}
	if (c->p >= c->end || *c->p != '"') {
		free(o);
		return NULL;
	}
	c->p++;
	j = json_stringn_nocheck(o, n);
	free(o);
	return j;
}

static json_t *sq_scalar(struct cur *c)
{
	char *o = malloc((size_t)(c->end - c->p) + 1);
	size_t n = 0;
	json_t *j = NULL;

	if (!o)
		return NULL;
	for (c->p++; c->p < c->end; c->p++) {
		if (*c->p == '\'') {
			if (c->p + 1 < c->end && c->p[1] == '\'') {
				o[n++] = *c->p++;
				continue;
			}
			c->p++;
			j = json_stringn_nocheck(o, n);
			break;
		}
		o[n++] = *c->p;
	}
	free(o);
	return j;
}

/* a plain scalar in flow context: up to , ] } or ": "; trailing blanks dropped */
static json_t *plain_scalar(struct cur *c)
{
	const char *s = c->p, *e;

	while (c->p < c->end && !strchr(",]}", *c->p) &&
	       !(*c->p == ':' && (c->p + 1 == c->end || c->p[1] == ' ')))
		c->p++;
	for (e = c->p; e > s && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	return e > s ? json_stringn_nocheck(s, (size_t)(e - s)) : NULL;
}

static json_t *node(struct cur *c, int depth);

static json_t *collection(struct cur *c, int depth, int mapping)
{
	json_t *j = mapping ? json_object() : json_array();
	char close = mapping ? '}' : ']';

	c->p++;
	ws(c);
	if (c->p < c->end && *c->p == close) {
		c->p++;
		return j;
	}
	while (j) {
		json_t *k = NULL, *v;

		if (mapping) {
			k = node(c, MAX_DEPTH);   /* a key is a scalar */
			ws(c);
			if (!k || !json_is_string(k) || c->p >= c->end || *c->p != ':') {
				json_decref(k);
				break;
			}
			c->p++;
			ws(c);
		}
		v = node(c, depth + 1);
		if (!v || (mapping ? json_object_set_new(j, json_string_value(k), v)
				   : json_array_append_new(j, v))) {
			json_decref(k);
			break;
		}
		json_decref(k);
		ws(c);
		if (c->p < c->end && *c->p == close) {
			c->p++;
			return j;
		}
		if (c->p >= c->end || *c->p != ',')
			break;
		c->p++;
		ws(c);
	}
	json_decref(j);
	return NULL;
}

static json_t *node(struct cur *c, int depth)
{
	if (c->p >= c->end)
		return NULL;
	switch (*c->p) {
	case '{':
	case '[':
		return depth < MAX_DEPTH ? collection(c, depth, *c->p == '{') : NULL;
	case '"':
		return dq_scalar(c);
	case '\'':
		return sq_scalar(c);
	default:
		return plain_scalar(c);
	}
}

json_t *ib_lava_entry_parse(const char *line, size_t len)
{
	struct cur c = { line, line + len };
	json_t *j;

	while (c.end > c.p && strchr(" \t\r\n", c.end[-1]))
		c.end--;
	ws(&c);
	if (c.end - c.p >= 2 && c.p[0] == '-' && c.p[1] == ' ') {
		c.p += 2;
		ws(&c);
	}
	if (c.p >= c.end || *c.p != '{')
		return NULL;
	j = collection(&c, 0, 1);
	ws(&c);
	if (j && c.p != c.end) {
		json_decref(j);
		j = NULL;
	}
	return j;
}

/* ---- the console and the facts ---- */

static const char *str(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static void note_result(json_t *facts, json_t *msg)
{
	const char *def = str(msg, "definition"), *cas = str(msg, "case");

	if (!def || !cas)
		return;
	if (!strcmp(def, IB_LAVA_SUITE)) {
		json_t *m = json_object_get(msg, "measurement"), *u = json_object_get(msg, "units");

		json_array_append_new(json_object_get(facts, "cases"),
			json_pack("[s,s,O,O]", cas, str(msg, "result") ? str(msg, "result") : "",
				  m ? m : json_null(), u ? u : json_null()));
	} else if (!strcmp(def, "lava") && !strcmp(cas, "job")) {
		json_t *extra = json_object_get(msg, "extra");

		json_object_set_new(facts, "job_result", json_string(str(msg, "result") ?
								   str(msg, "result") : ""));
		if (str(extra, "error_msg"))
			json_object_set_new(facts, "job_error", json_string(str(extra, "error_msg")));
	}
}

static int append(char **buf, size_t *n, size_t *cap, const char *s, size_t len)
{
	if (*n + len + 2 > *cap) {
		size_t nc = (*n + len + 2) * 2;
		char *b = realloc(*buf, nc);

		if (!b)
			return -1;
		*buf = b;
		*cap = nc;
	}
	/* LAVA wrote every '"' of the console as '\"': only those, so this is exact */
	for (size_t i = 0; i < len; i++)
		if (!(s[i] == '\\' && i + 1 < len && s[i + 1] == '"'))
			(*buf)[(*n)++] = s[i];
	(*buf)[(*n)++] = '\n';
	(*buf)[*n] = '\0';
	return 0;
}

int ib_lava_console(const char *raw, size_t len, char **console, size_t *clen, json_t **facts,
		    char *err, size_t errlen)
{
	static const char dispatcher[] = "lava-dispatcher, installed at version: ";
	json_t *f = json_pack("{s:i,s:i,s:i,s:n,s:n,s:[],s:n,s:n}", "entries", 0, "target_lines", 0,
			      "other_lines", 0, "dispatcher", "job_result", "cases", "first_target_dt",
			      "last_target_dt");
	size_t n = 0, cap = 0, entries = 0, targets = 0, other = 0;
	char *buf = NULL;
	json_t *last_target = NULL;  /* what the console said last, for a failed job's message */

	*console = NULL;
	*facts = NULL;
	if (!f)
		return -1;
	for (const char *p = raw; p < raw + len;) {
		const char *e = memchr(p, '\n', (size_t)(raw + len - p));
		size_t l = e ? (size_t)(e - p) : (size_t)(raw + len - p);
		json_t *j = ib_lava_entry_parse(p, l), *msg;
		const char *lvl;

		if (!j) {
			other += strspn(p, " \t\r") < l;   /* blank lines are not counted */
			p += l + 1;
			continue;
		}
		p += l + 1;
		entries++;
		lvl = str(j, "lvl");
		msg = json_object_get(j, "msg");
		if (lvl && !strcmp(lvl, "exception") && !json_object_get(f, "last_target_before_failure"))
			json_object_set(f, "last_target_before_failure",
					last_target ? last_target : json_null());
		if (lvl && !strcmp(lvl, "error") && json_is_string(msg) &&
		    !json_object_get(f, "first_error"))
			json_object_set(f, "first_error", msg);
		/* "feedback": console lines LAVA read after the action that watched them ended,
		 * e.g. the end record when the monitor's end pattern matched first */
		if (lvl && (!strcmp(lvl, "target") || !strcmp(lvl, "feedback")) &&
		    json_is_string(msg)) {
			json_decref(last_target);
			last_target = json_incref(msg);
			if (append(&buf, &n, &cap, json_string_value(msg), json_string_length(msg))) {
				json_decref(last_target);
				json_decref(j);
				json_decref(f);
				free(buf);
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			if (!targets++)
				json_object_set(f, "first_target_dt", json_object_get(j, "dt"));
			json_object_set(f, "last_target_dt", json_object_get(j, "dt"));
		} else if (lvl && !strcmp(lvl, "results") && json_is_object(msg)) {
			note_result(f, msg);
		} else if (lvl && !strcmp(lvl, "info") && json_is_string(msg) &&
			   !strncmp(json_string_value(msg), dispatcher, sizeof(dispatcher) - 1)) {
			json_object_set_new(f, "dispatcher", json_string(json_string_value(msg) +
									  sizeof(dispatcher) - 1));
		}
		json_decref(j);
	}
	json_decref(last_target);
	json_object_set_new(f, "entries", json_integer((json_int_t)entries));
	json_object_set_new(f, "target_lines", json_integer((json_int_t)targets));
	json_object_set_new(f, "other_lines", json_integer((json_int_t)other));
	if (!entries || !targets) {
		snprintf(err, errlen, entries ? "a LAVA log without a single \"target\" (console) line"
			 : "not a LAVA job log (no line is a {\"dt\": ..., \"lvl\": ..., \"msg\": ...} entry)");
		json_decref(f);
		free(buf);
		return -1;
	}
	*console = buf;
	*clen = n;
	*facts = f;
	return 0;
}

/* ---- the store ---- */

static int read_all(const char *path, char **raw, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, r;
	char *b = malloc(cap + 1);

	if (!f || !b) {
		if (f)
			fclose(f);
		free(b);
		return -1;
	}
	while ((r = fread(b + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			char *nb = cap >= MAX_LOG ? NULL : realloc(b, cap * 2 + 1);

			if (!nb) {
				fclose(f);
				free(b);
				errno = cap >= MAX_LOG ? EFBIG : ENOMEM;
				return -1;
			}
			b = nb;
			cap *= 2;
		}
	}
	if (ferror(f)) {
		fclose(f);
		free(b);
		errno = EIO;
		return -1;
	}
	fclose(f);
	b[n] = '\0';
	*raw = b;
	*len = n;
	return 0;
}


int ib_import_lava(const char *log, const char *results, const char *label)
{
	static const char *const what[] = { "complete", "incomplete", "no records" };
	char err[256], *raw = NULL, *con = NULL, *dir = NULL, *path = NULL, *con_path = NULL, *abs;
	size_t len = 0, clen = 0;
	unsigned long num = 0;
	json_t *facts = NULL, *launch = NULL;
	int rc = 1, st;

	if (!label)
		label = "lava";
	if (!ib_import_label_ok(label)) {
		fprintf(stderr, "initbench import: label '%s' is not 1-64 of [A-Za-z0-9._-] "
			"(not starting with '.')\n", label);
		return 2;
	}
	if (read_all(log, &raw, &len)) {
		fprintf(stderr, "initbench import: cannot read %s: %s\n", log, strerror(errno));
		return 1;
	}
	if (ib_lava_console(raw, len, &con, &clen, &facts, err, sizeof(err))) {
		fprintf(stderr, "initbench import: %s: %s\n", log, err);
		goto out;
	}
	if (!memmem(con, clen, "# IB ", 5)) {
		const char *said = json_string_value(json_object_get(facts, "last_target_before_failure"));
		const char *lerr = json_string_value(json_object_get(facts, "first_error"));

		/* LAVA's own words are what tells a user what to fix (a QEMU option refused...) */
		fprintf(stderr, "initbench import: %s: the job's console holds no initbench record "
			"(did the image boot?)%s%.300s%s%s%.300s%s\n", log,
			said ? "; the console's last line before LAVA failed: \"" : "", said ? said : "",
			said ? "\"" : "", lerr ? "; LAVA: \"" : "", lerr ? lerr : "", lerr ? "\"" : "");
		goto out;
	}
	abs = realpath(log, NULL);
	launch = json_pack("{s:s,s:s,s:O}", "launcher", "lava", "source", abs ? abs : log,
			   "lava", facts);
	free(abs);
	if (!launch || !(dir = ib_store_new_boot(results, label, &num, "import")))
		goto out;
	if (asprintf(&path, "%s/lava.log", dir) < 0) {
		path = NULL;
		goto out;
	}
	if (ib_store_write_new(path, raw, len, "import"))
		goto out;
	free(path);
	path = NULL;
	if (asprintf(&con_path, "%s/console.log", dir) < 0) {
		con_path = NULL;
		goto out;
	}
	if (ib_store_write_new(con_path, con, clen, "import") || asprintf(&path, "%s/results.json", dir) < 0) {
		path = NULL;
		goto out;
	}
	st = ib_results_from_log(con_path, path, launch);
	if (st >= 0) {
		printf("%s/%lu: LAVA job log, %zu console lines, %zu initbench cases, %s\n", label,
		       num, (size_t)json_integer_value(json_object_get(facts, "target_lines")),
		       json_array_size(json_object_get(facts, "cases")), what[st]);
		rc = st == IB_LOG_COMPLETE ? 0 : 1;
	}
out:
	free(path);
	free(con_path);
	free(dir);
	free(con);
	free(raw);
	json_decref(facts);
	json_decref(launch);
	return rc;
}
