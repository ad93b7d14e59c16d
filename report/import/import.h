/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.h - `initbench import` (report/import/import.c, docs/import.md): an lmbench summary or a
 * console capture into the result store. ib_cmd_import() itself is declared in results.h.
 *
 * ib_import_cell() reads one lmbench summary cell ("0.65", "160.", "13.K", "10K", "1.2M",
 * "1e-04", the alpha "0"): returns 1 and the value in *v (K = 10^3, M = 10^6), 0 for a cell
 * that holds no data ("-", or a negative figure: lmbench's -1), -1 when it is not a cell.
 * Labels follow the one rule of host/lib/cli-paths.h (ib_label_ok()).
 */
#ifndef IB_IMPORT_H
#define IB_IMPORT_H

#include <stddef.h>

/* between import.c and import-lmbench.c: what a summary holds */
struct ib_lmb_cell {
	const char *metric;
	double v;
	char text[64];
	int line;
};

struct ib_lmb_row {
	char host[64], os[128], desc[128], guesses[160];
	int occ;               /* this is the occ-th row with this host and OS */
	struct ib_lmb_cell c[64];
	size_t nc;
	int lines[16];
	size_t nl;
};

struct ib_lmb_summary {
	char version[8];       /* "2.0", "3.0" */
	struct ib_lmb_row *rows;
	size_t n;
};

struct ib_text {
	char *raw;
	size_t len;
	char **line;           /* tabs expanded, no line end */
	size_t n;
};

/* 1: it is a summary, read into s (free s->rows); 0: it is not one; -1: refused (printed) */
int ib_lmb_parse(const char *file, const struct ib_text *t, struct ib_lmb_summary *s);

int ib_import_cell(const char *tok, double *v);
/*
 * ib_import_capture(): a console capture (t->raw, t->len) stored under LABEL (default: the
 * file name up to its first '.', sanitised), one boot per run of records in it (capsplit.h:
 * a serial capture of N boots becomes N boots, in order; more than IB_CAPTURE_BOOTS_MAX is
 * refused), each parsed like a launched boot with launch facts {launcher: import, source:
 * src, KEY: extra (when given), capture: {boot, boots, offset, bytes} (when it held
 * several)}. Prints one line per boot; returns the worst exit code of them (exitcode.h).
 * import-disk.c reads FAT file systems on a disk: ib_import_disk() (disk and file system
 * found by the caller from the file's first sectors: type "gpt", "mbr" or "vfat").
 */
#define IB_CAPTURE_BOOTS_MAX 1000
struct json_t;
int ib_import_capture(const struct ib_text *t, const char *file, const char *src,
		      const char *results, const char *label, const char *key, struct json_t *extra);
int ib_import_disk(const char *file, const char *type, const char *results, const char *label,
		   size_t max);
/* the label of a results file NN-NAME.log (what `initbench disk-image` names them): 1 and
 * NAME in out; 0 for any other name */
int ib_disk_log_label(const char *name, char *out, size_t cap);
/* where an import came from, for the store: FILE made absolute, printable UTF-8 (malloc'd) */
char *ib_source(const char *file);

#endif
