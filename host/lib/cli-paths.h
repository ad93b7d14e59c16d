/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli-paths.h - where the host CLI finds things: its own files and the result store.
 *
 * ib_exe_dir(): the directory of the running initbench (/proc/self/exe), "." if unknown.
 * ib_abspath(): path made absolute against the working directory, lexically ("./" parts
 *   dropped, nothing resolved: the file need not exist yet); malloc'd, NULL without memory.
 * Results (one rule for every command, docs/launch.md "Where results go"):
 *   --results DIR, else $INITBENCH_RESULTS, else results/ beside initbench when it sits in
 *   a build tree (an initramfs.cpio.gz beside it), else $XDG_DATA_HOME/initbench/results
 *   ($XDG_DATA_HOME unset, empty or relative: ~/.local/share). Always absolute.
 *   ib_results_rule() is the rule as a pure function of its inputs; ib_results_dir() feeds
 *   it the environment and ib_exe_dir(). Both malloc.
 * Labels (one rule for every command that names or stores one): 1 to 64 bytes of
 *   [A-Za-z0-9._-], not starting with '.' (hidden, or "..") or '-' (it would read as an
 *   option); ib_label_ok() is 1 for such a label, IB_LABEL_RULE says the rule for messages.
 * Installed files (image, suite, hello): REL beside initbench if it exists there, else
 *   EXE_DIR/../lib/initbench/REL (the installed layout: PREFIX/bin/initbench); neither: NULL
 *   and a one-line reason naming both places in err. ib_installed_file() malloc's.
 */
#ifndef IB_CLI_PATHS_H
#define IB_CLI_PATHS_H

#include <stddef.h>

#define IB_RESULTS_ENV "INITBENCH_RESULTS"
/* for the usage texts of every command that reads or writes the store */
#define IB_RESULTS_HELP \
	"  results: --results DIR, else $INITBENCH_RESULTS, else results/ beside initbench in a\n" \
	"    build tree, else $XDG_DATA_HOME/initbench/results (~/.local/share/initbench/results)\n"

#define IB_LABEL_MAX 64
#define IB_LABEL_RULE "use 1-64 of [A-Za-z0-9._-], not starting with '.' or '-'"

int ib_label_ok(const char *label);
const char *ib_exe_dir(void);
char *ib_abspath(const char *path);
char *ib_results_rule(const char *arg, const char *env, const char *exe_dir, int build_tree,
		      const char *xdg_data_home, const char *home);
char *ib_results_dir(const char *arg);
char *ib_installed_file(const char *exe_dir, const char *rel, char *err, size_t errlen);

#endif
