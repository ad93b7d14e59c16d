#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The docs stand alone and their picture is current:
#  - docs/architecture.svg is what `make docs` renders from docs/architecture.dot (graphviz);
#  - no doc, source or script names a file outside the repository (the planning notes the
#    project was written from are not in it: what a reader needs is written in docs/);
#  - no tracked file holds a merge's conflict markers (a doc once kept both sides of one).
# Cheap: no build, no boot.
set -u
: "${srctree:?}"
cd "$srctree" || exit 1
fail=0
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
if ! command -v dot > /dev/null; then
	echo "FAIL: graphviz's dot is missing (make check installs it: PKGS_DOCS)"
	exit 1
fi
dot -Tsvg docs/architecture.dot -o "$tmp" || { echo "FAIL: dot cannot render docs/architecture.dot"; exit 1; }
if ! cmp -s "$tmp" docs/architecture.svg; then
	echo "FAIL: docs/architecture.svg is not the rendering of docs/architecture.dot: run make docs"
	fail=1
fi
# data captured from real runs (tests/data, tests/fuzz) may hold any path: not prose
hits=$(git ls-files | grep -v '^tests/data/\|^tests/fuzz/\|^tests/integration/tool/docs.sh$' |
	xargs grep -nE '\.\./shared|METHODS\.md|DESIGN\.md|/work/(main|shared)' 2>/dev/null)
if [ -n "$hits" ]; then
	echo "$hits"
	echo "FAIL: the lines above cite files that are not in the repository"
	fail=1
fi
# a line of seven '<' or '>' then a blank and a name, as git writes them
hits=$(git ls-files | grep -v '^tests/data/\|^tests/fuzz/\|^tests/integration/tool/docs.sh$' |
	xargs grep -nE '^(<<<<<<<|>>>>>>>) [^ ]' 2>/dev/null)
if [ -n "$hits" ]; then
	echo "$hits"
	echo "FAIL: the lines above are left from a merge's conflict"
	fail=1
fi
[ $fail -eq 0 ] && echo "docs: the picture is current, no citation leaves the repository, no conflict markers"
exit $fail
