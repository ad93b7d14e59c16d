# SPDX-License-Identifier: GPL-2.0-or-later
# Includes follow docs/architecture.md "Folders and what each may include": every project
# include is a path from the source root that exists, a bare name only for a generated
# header, and a folder includes only itself and the folders of its row (tests/ may include
# any). Prints file:line and what is wrong for each bad include; exits 1 if there is one.
# Cheap (no build, no boot): make check-unit runs it, and make check.
set -u
: "${srctree:?}"
cd "$srctree" || exit 1
doc=docs/architecture.md
files=$(find bench host initramfs report tests -name '*.[ch]' | LC_ALL=C sort)
[ -n "$files" ] || { echo "includes.sh: no sources under $srctree" >&2; exit 1; }
# shellcheck disable=SC2086
grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files /dev/null | awk -v doc="$doc" '
BEGIN {
	gen["config.h"] = gen["config_hash.h"] = gen["benches.def"] = 1
	while ((getline l < doc) > 0) {
		if (l ~ /^## /) { insec = (l ~ /^## Folders and what each may include/); continue }
		if (!insec || l !~ /^\| `/) continue
		n = split(l, cell, "|")
		f = cell[2]; gsub(/[` ]/, "", f)
		known[f] = 1
		m = split(cell[3], tos, " ")
		for (i = 1; i <= m; i++) { t = tos[i]; gsub(/`/, "", t); if (t != "") allow[f, t] = 1 }
	}
	if (!length(known)) { print doc ": no \"Folders and what each may include\" table"; bad = 1 }
}
{
	# grep -n: FILE:LINE:TEXT
	file = $0; sub(/:.*/, "", file)
	rest = substr($0, length(file) + 2); line = rest; sub(/:.*/, "", line)
	inc = rest; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
	dir = file; sub(/\/[^\/]*$/, "", dir)
	where = file ":" line ": #include \"" inc "\""
	if (inc !~ /\//) {
		if (!(inc in gen)) { print where ": not a path from the source root"; bad = 1 }
		next
	}
	if (system("test -f \"" inc "\"") != 0) { print where ": no such file from the source root"; bad = 1; next }
	to = inc; sub(/\/[^\/]*$/, "", to)
	if (dir ~ /^tests(\/|$)/ || to == dir) next
	if (!(dir in known)) { print where ": folder " dir " has no row in " doc; bad = 1; next }
	if (!((dir, to) in allow)) { print where ": " dir " may not include " to " (" doc ")"; bad = 1 }
}
# the table itself must have no cycle, or "downwards" means nothing
function visit(f,    k, p, t) {
	state[f] = 1
	for (k in allow) {
		split(k, p, SUBSEP)
		if (p[1] != f) continue
		t = p[2]
		if (state[t] == 1) { print doc ": the row of " f " leads back to " t " (a cycle)"; bad = 1 }
		else if (!state[t]) visit(t)
	}
	state[f] = 2
}
END {
	for (f in known) if (!state[f]) visit(f)
	exit bad
}
'
