/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import-lava.c - a LAVA job log back into the store (contract in lava.h, docs/lava.md):
 * the log's entries, the console in its "target" entries, one new boot parsed like a
 * launched one.
 */
#define _GNU_SOURCE
#include "report/lava/lava.h"
#include "report/store/store.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "report/import/import.h"
#include "report/results.h"
#include "host/lib/argv.h"
#include "host/lib/cli-paths.h"
#include "host/lib/exitcode.h"
#include "host/lib/safeio.h"

#define MAX_DEPTH 32

/* ---- one flow-style entry, read by libyaml ---- */

/*
 * A guest's console reaches us through YAML escapes, so the reader must be YAML's own
 * (libyaml), not a look-alike. Every scalar stays a string: we compare and print them,
 * never compute with them, and a typed "1.0" would print differently.
 */

/* the next event into *ev; 0, or -1 on a parse error (nothing to delete then) */
static int next(yaml_parser_t *y, yaml_event_t *ev)
{
	return yaml_parser_parse(y, ev) ? 0 : -1;
}

/*
 * The node whose first event is *ev (taken over), or NULL; depth counts open collections,
 * *after is where the node's text ends.
 */
static json_t *node(yaml_parser_t *y, yaml_event_t *ev, int depth, size_t *after)
{
	yaml_event_type_t end = ev->type == YAML_MAPPING_START_EVENT ? YAML_MAPPING_END_EVENT
				: YAML_SEQUENCE_END_EVENT;
	json_t *j;

	*after = ev->end_mark.index;
	if (ev->type == YAML_SCALAR_EVENT) {
		/* an empty plain scalar is YAML's null: not a value an entry holds */
		j = ev->data.scalar.length || ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE
		    ? json_stringn_nocheck((const char *)ev->data.scalar.value, ev->data.scalar.length)
		    : NULL;
		yaml_event_delete(ev);
		return j;
	}
	if ((ev->type != YAML_MAPPING_START_EVENT && ev->type != YAML_SEQUENCE_START_EVENT) ||
	    depth >= MAX_DEPTH) {
		yaml_event_delete(ev);   /* aliases, and nesting past MAX_DEPTH */
		return NULL;
	}
	j = end == YAML_MAPPING_END_EVENT ? json_object() : json_array();
	yaml_event_delete(ev);
	while (j) {
		yaml_event_t k, v;
		json_t *val;
		int bad;

		if (next(y, &k))
			break;
		if (k.type == end) {
			*after = k.end_mark.index;
			yaml_event_delete(&k);
			return j;
		}
		if (end == YAML_SEQUENCE_END_EVENT) {
			val = node(y, &k, depth + 1, after);
			if (!val || json_array_append_new(j, val))
				break;
			continue;
		}
		/* a key is a non-empty scalar; a later duplicate wins, as it always did */
		if (k.type != YAML_SCALAR_EVENT || (!k.data.scalar.length &&
						    k.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)) {
			yaml_event_delete(&k);
			break;
		}
		if (next(y, &v)) {
			yaml_event_delete(&k);
			break;
		}
		val = node(y, &v, depth + 1, after);
		bad = !val || json_object_set_new(j, (const char *)k.data.scalar.value, val);
		yaml_event_delete(&k);
		if (bad)
			break;
	}
	json_decref(j);
	return NULL;
}

/* the event after the entry must be ty; 0 or -1 */
static int expect(yaml_parser_t *y, yaml_event_type_t ty)
{
	yaml_event_t ev;
	int ok;

	if (next(y, &ev))
		return -1;
	ok = ev.type == ty;
	yaml_event_delete(&ev);
	return ok ? 0 : -1;
}

json_t *ib_lava_entry_parse(const char *line, size_t len)
{
	const char *p = line, *end = line + len;
	yaml_parser_t y;
	yaml_event_t ev;
	json_t *j = NULL;
	size_t n, chars = 0, after = 0;

	while (end > p && strchr(" \t\r\n", end[-1]))
		end--;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p >= 2 && p[0] == '-' && p[1] == ' ') {
		p += 2;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
	}
	/* only a flow mapping on its own: no block style, document markers or bare scalars */
	if (p >= end || *p != '{')
		return NULL;
	n = (size_t)(end - p);
	for (const char *q = p; q < end; q++)   /* libyaml's marks count characters */
		chars += ((unsigned char)*q & 0xc0) != 0x80;
	if (!yaml_parser_initialize(&y))
		return NULL;
	yaml_parser_set_input_string(&y, (const unsigned char *)p, n);
	if (!expect(&y, YAML_STREAM_START_EVENT) && !expect(&y, YAML_DOCUMENT_START_EVENT) &&
	    !next(&y, &ev)) {
		j = ev.type == YAML_MAPPING_START_EVENT ? node(&y, &ev, 0, &after)
		    : (yaml_event_delete(&ev), NULL);
		/* the mapping ends the line: no comment or anything else after its '}' */
		if (j && (after != chars || expect(&y, YAML_DOCUMENT_END_EVENT) ||
			  expect(&y, YAML_STREAM_END_EVENT))) {
			json_decref(j);
			j = NULL;
		}
	}
	yaml_parser_delete(&y);
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

int ib_import_lava(const char *log, const char *results, const char *label, size_t max)
{
	static const char *const what[] = { "complete", "incomplete", "no records" };
	char err[512], *raw = NULL, *con = NULL, *dir = NULL, *path = NULL, *con_path = NULL, *abs;
	size_t len = 0, clen = 0;
	unsigned long num = 0;
	json_t *facts = NULL, *launch = NULL;
	int rc = IB_EXIT_HOSTIO, st;

	if (!label)
		label = "lava";
	if (!ib_label_ok(label)) {
		fprintf(stderr, "initbench import: bad argument '--label %s': %s\n", label,
			IB_LABEL_RULE);
		return IB_EXIT_USAGE;
	}
	if ((st = ib_input_read(log, max, 0, &raw, &len, err, sizeof(err)))) {
		if (st == -2) {
			fprintf(stderr, "initbench import: %s: more than --log-max %zu MiB (what "
				"`initbench run` keeps of one console): not read (a larger --log-max "
				"reads it)\n", log, max >> 20);
			return IB_EXIT_BADDATA;
		}
		fprintf(stderr, "initbench import: cannot read %s\n", err);
		return ib_input_exit(errno);
	}
	rc = IB_EXIT_BADDATA;
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
		rc = IB_EXIT_NORECORDS;
		goto out;
	}
	rc = IB_EXIT_HOSTIO;
	abs = ib_source(log);
	launch = json_pack("{s:s,s:s,s:O}", "launcher", "lava", "source", abs,
			   "lava", facts);
	free(abs);
	if (!launch || !(dir = ib_store_new_boot(results, label, &num, "import")))
		goto out;
	path = ib_strf("%s/lava.log", dir);
	if (ib_store_write_new(path, raw, len, "import"))
		goto out;
	free(path);
	path = NULL;
	con_path = ib_strf("%s/console.log", dir);
	if (ib_store_write_new(con_path, con, clen, "import"))
		goto out;
	path = ib_strf("%s/results.json", dir);
	st = ib_results_from_log(con_path, path, launch);
	if (st >= 0) {
		printf("%s/%lu: LAVA job log, %zu console lines, %zu initbench cases, %s\n", label,
		       num, (size_t)json_integer_value(json_object_get(facts, "target_lines")),
		       json_array_size(json_object_get(facts, "cases")), what[st]);
		rc = st == IB_LOG_COMPLETE ? IB_EXIT_DONE : st == IB_LOG_NORECORDS ?
		     IB_EXIT_NORECORDS : IB_EXIT_INCOMPLETE;
		if (rc)
			fprintf(stderr, "initbench import: %s: %s: stored as %s/%lu all the same\n",
				log, st == IB_LOG_NORECORDS ? "no record is whole" :
				"the records are incomplete (the problems above)", label, num);
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
